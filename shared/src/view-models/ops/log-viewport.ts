/**
 * How a log viewer scrolls (issue 28 §5, §7), once for the terminal and the web: the first line
 * shown (or following the bottom), wrap or sideways scroll, and how many rows each line takes
 * when wrapped. Lines are counted in source lines; `rowsOf` says how many screen rows a line
 * covers at the viewer's width (1 when not wrapping), so the bottom of a wrapped view shows the
 * newest line whole. Framework-free and pure: the views measure, these rules decide.
 */

export interface LogViewport {
  /** First line shown; null: the bottom, following new lines. */
  top: number | null;
  /** Cells scrolled sideways (0 when wrapping). */
  left: number;
  /** Long lines wrap onto the next rows (true) or run off to the right and scroll sideways (false). */
  wrap: boolean;
}

export const FOLLOWING_VIEWPORT: LogViewport = { top: null, left: 0, wrap: false };

/** How far one sideways step moves (cells), as less -S moves half a screen. */
export const sidewaysStep = (width: number): number => Math.max(8, Math.floor(width / 2));

/**
 * The first line that, with every line after it, fills at most `height` rows: the top of a view
 * at its bottom. `rowsOf(i)` is line i's rows (each at least 1).
 */
export function bottomTop(count: number, height: number, rowsOf: (index: number) => number = () => 1): number {
  let rows = 0;
  for (let i = count - 1; i >= 0; i--) {
    rows += Math.max(1, rowsOf(i));
    if (rows > height) return Math.min(count - 1, i + 1);
  }
  return 0;
}

/** The top after scrolling by `delta` lines (or to either end), kept between the first line and the bottom. */
export function scrolledTop(
  from: number | null,
  delta: number | 'top' | 'bottom',
  count: number,
  height: number,
  rowsOf?: (index: number) => number,
): { top: number; atBottom: boolean } {
  const bottom = bottomTop(count, height, rowsOf);
  const start = from ?? bottom;
  const top = delta === 'top' ? 0 : delta === 'bottom' ? bottom : Math.max(0, Math.min(bottom, start + delta));
  return { top, atBottom: top >= bottom };
}

/**
 * The sideways offset after a step (-1 left, +1 right, 'home' back to the start), never past the
 * point where the longest line's end is at the right edge. Wrapping views do not scroll sideways.
 */
export function scrolledLeft(viewport: LogViewport, step: -1 | 1 | 'home', longest: number, width: number): number {
  if (viewport.wrap || step === 'home') return 0;
  const max = Math.max(0, longest - width);
  return Math.max(0, Math.min(max, viewport.left + step * sidewaysStep(width)));
}

/** Wrap on or off: sideways scroll starts again from the left; the top line stays where it is. */
export function toggledWrap(viewport: LogViewport): LogViewport {
  return { ...viewport, wrap: !viewport.wrap, left: 0 };
}

/**
 * Which columns show, as less -S would say it ("cols 41-120/268"), or "wrap"; null when every
 * line fits and nothing is scrolled (for the viewer's key line).
 */
export function sidewaysHint(viewport: LogViewport, longest: number, width: number): string | null {
  if (viewport.wrap) return 'wrap';
  if (longest <= width && viewport.left === 0) return null;
  return `cols ${viewport.left + 1}-${Math.min(longest, viewport.left + width)}/${longest}`;
}
