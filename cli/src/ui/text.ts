/** Fitting text into terminal cells for the full-screen UI: the cli's one text layer (output/text.ts), in cells. */
import { textWidth } from '../output/text.js';

export { cut, fit, sidewaysSlice, spread, wrap, wrapCells } from '../output/text.js';

/** Cells the text covers (a CJK character or an emoji takes two). */
export const length = (text: string): number => textWidth(text);

/** The first index of a window of `size` rows that shows `selected`, moving as little as possible from `top`. */
export function follow(top: number, selected: number, size: number, count: number): number {
  const room = Math.max(1, size);
  let next = top;
  if (selected < next) next = selected;
  if (selected >= next + room) next = selected - room + 1;
  return Math.max(0, Math.min(next, Math.max(0, count - room)));
}
