/** Following a drag on a handle (a divider, a column's edge) from its pointer-down until the pointer is released. */
import type { PointerEvent } from 'react';

/** Captures the pointer on the handle and calls `move` with each position until it is released or cancelled. */
export function followPointerDrag(event: PointerEvent<HTMLElement>, move: (e: globalThis.PointerEvent) => void): void {
  event.preventDefault();
  const handle = event.currentTarget;
  handle.setPointerCapture(event.pointerId);
  const end = () => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', end);
    handle.removeEventListener('pointercancel', end);
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
}
