import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * A `<dialog>` shown as a modal for as long as its component is mounted: spread the answer on the
 * element. Escape calls `onClose` instead of closing the element itself, so the parent that
 * mounted the dialog stays the one that ends it; with `closeOnBackdrop`, so does a click on the
 * backdrop (the dialog element itself, outside its content).
 */
export function useModalDialog(onClose: () => void, options: { closeOnBackdrop?: boolean } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  const onClick = options.closeOnBackdrop
    ? (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === ref.current) onClose();
      }
    : undefined;
  return { ref, onCancel, onClick };
}
