/** The restructuring 'Error' modal (spec 3 section 8): Close, a click outside, or 30 s close it. */
import { useEffect } from 'react';
import { RESTRUCTURING_CONSTANTS, RESTRUCTURING_TEXTS } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';

export function ErrorModal({ message, onClose }: { message: string; onClose(): void }) {
  const modal = useModalDialog(onClose, { closeOnBackdrop: true });
  useEffect(() => {
    const timer = setTimeout(onClose, RESTRUCTURING_CONSTANTS.errorAutoCloseMs);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <dialog {...modal} className="error-modal" role="alertdialog" aria-labelledby="error-modal-title" aria-describedby="error-modal-text">
      <h2 id="error-modal-title">{RESTRUCTURING_TEXTS.errorTitle}</h2>
      <p id="error-modal-text">{message}</p>
      <Button onClick={onClose} autoFocus>
        Close
      </Button>
    </dialog>
  );
}
