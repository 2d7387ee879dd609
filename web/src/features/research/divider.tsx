/** The draggable divider between the chat and the artifacts panel (spec 3: the chat keeps 30–70%). */
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { artifactsPercentAt, artifactsPercentByKey } from './layout.ts';
import { followPointerDrag } from './pointer-drag.ts';

export function Divider({
  percent,
  container,
  onChange,
}: {
  /** The artifacts panel's share of the width. */
  percent: number;
  container: RefObject<HTMLElement | null>;
  onChange(percent: number): void;
}) {
  function start(event: PointerEvent<HTMLDivElement>) {
    const el = container.current;
    if (!el) return;
    followPointerDrag(event, (e) => {
      const box = el.getBoundingClientRect();
      onChange(artifactsPercentAt(e.clientX, { left: box.left, width: box.width }));
    });
  }

  function key(event: KeyboardEvent<HTMLDivElement>) {
    const next = artifactsPercentByKey(percent, event.key);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
  }

  return (
    <div
      className="divider"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the chat and the artifacts"
      aria-valuemin={30}
      aria-valuemax={70}
      aria-valuenow={Math.round(100 - percent)}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
    />
  );
}
