/** List selection rules shared by every list a view model keeps (search results, filings, rows). */

/** Index `index` kept inside a list of `length` items; -1 when the list is empty. */
export function clampIndex(index: number, length: number): number {
  if (length <= 0) return -1;
  return Math.min(Math.max(0, Math.trunc(index)), length - 1);
}

/** The selection after moving `delta` rows (up -1, down +1, page ±n), stopping at both ends. */
export function moveIndex(current: number, delta: number, length: number): number {
  if (length <= 0) return -1;
  return clampIndex(current < 0 ? (delta > 0 ? 0 : length - 1) : current + delta, length);
}
