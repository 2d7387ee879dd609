/** Fitting text into terminal cells: cut with "…" and pad, by characters (names are Latin script). */

export const length = (text: string): number => Array.from(text).length;

/** Cuts to `width` cells, ending in "…" when something was cut. */
export function cut(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  return width === 1 ? '…' : `${chars.slice(0, width - 1).join('')}…`;
}

/** Exactly `width` cells: cut, then padded on the right (or the left for numbers). */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cutText = cut(text.replace(/[\r\n\t]+/g, ' '), width);
  const pad = Math.max(0, width - length(cutText));
  return align === 'right' ? ' '.repeat(pad) + cutText : cutText + ' '.repeat(pad);
}

/** Left and right text on one line of `width` cells (the right side wins when both do not fit). */
export function spread(left: string, right: string, width: number): string {
  const r = cut(right, width);
  const room = width - length(r);
  if (room <= 1) return fit(r, width, 'right');
  return fit(left, room - 1) + ' ' + r;
}

/** Words wrapped to `width` cells; long words are cut into pieces. */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (length(rest) > w) {
        if (line) {
          out.push(line);
          line = '';
        }
        out.push(Array.from(rest).slice(0, w).join(''));
        rest = Array.from(rest).slice(w).join('');
      }
      if (!line) line = rest;
      else if (length(line) + 1 + length(rest) <= w) line += ` ${rest}`;
      else {
        out.push(line);
        line = rest;
      }
    }
    out.push(line);
  }
  return out;
}

/** The first index of a window of `size` rows that shows `selected`, moving as little as possible from `top`. */
export function follow(top: number, selected: number, size: number, count: number): number {
  const room = Math.max(1, size);
  let next = top;
  if (selected < next) next = selected;
  if (selected >= next + room) next = selected - room + 1;
  return Math.max(0, Math.min(next, Math.max(0, count - room)));
}
