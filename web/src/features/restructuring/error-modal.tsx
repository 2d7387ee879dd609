/** The restructuring 'Error' modal (spec 3 section 8): Close, a click outside, or 30 s close it. */
import { useEffect, useRef } from 'react';
import { RESTRUCTURING_CONSTANTS, RESTRUCTURING_TEXTS } from '@credence/shared';
import { Button } from '../../ui/button.tsx';

export function ErrorModal({ message, onClose }: { message: string; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    const timer = setTimeout(onClose, RESTRUCTURING_CONSTANTS.errorAutoCloseMs);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <dialog
      ref={dialog}
      className="error-modal"
      role="alertdialog"
      aria-labelledby="error-modal-title"
      aria-describedby="error-modal-text"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <h2 id="error-modal-title">{RESTRUCTURING_TEXTS.errorTitle}</h2>
      <p id="error-modal-text">{message}</p>
      <Button onClick={onClose} autoFocus>
        Close
      </Button>
    </dialog>
  );
}
