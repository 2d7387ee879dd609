import { useEffect, type RefObject } from 'react';

/** While `open`, Escape calls `close` and gives the focus back to `returnTo` (a popup's toggle). */
export function useCloseOnEscape(open: boolean, close: () => void, returnTo: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      returnTo.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, returnTo]);
}
