import { useEffect, type RefObject } from 'react';

/** While `open`, a pointer pressed anywhere outside `root` calls `close` (a dropdown's dismissal). */
export function useCloseOnPointerOutside(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [root, open, close]);
}
