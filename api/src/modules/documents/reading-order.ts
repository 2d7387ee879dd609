/**
 * Reading order of an uploaded page: prose set in two columns reads column by column (the left
 * column's lines, then the right's), not line by line across the gutter; a table's row, whose
 * right side is figures, stays one line; headings and running headers that span the page stay
 * where they are and close the columns above them.
 */
import type { PageLine, TextItem } from '../../platform/ai/evidence/page-lines.js';

const BIN = 2;
/** Narrowest gutter between columns (points). */
const MIN_GUTTER = 10;
/** Lines that must read as prose on each side before a page counts as two columns. */
const MIN_PROSE_LINES = 3;

function join(items: TextItem[]): PageLine {
  let text = '';
  let right = -Infinity;
  for (const item of items) {
    if (text && item.x0 - right > 0.8 && !text.endsWith(' ') && !item.text.startsWith(' ')) text += ' ';
    text += item.text;
    right = item.x1;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), items };
}

const prose = (text: string) => (text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3 && (text.match(/\d/g) ?? []).length < text.length * 0.2;

/** A table's figures (a page number alone is not one). */
const figures = (text: string) => !prose(text) && (text.match(/\d/g) ?? []).length >= 3;

/** The x of the widest band in the page's middle that (almost) no line crosses; null when there is none. */
function gutterOf(lines: PageLine[], width: number): number | null {
  const bins = new Array<number>(Math.ceil(width / BIN) + 1).fill(0);
  const counted = lines.filter((l) => l.text.length >= 20);
  for (const line of counted)
    for (const item of line.items)
      for (let b = Math.max(0, Math.floor(item.x0 / BIN)); b <= Math.min(bins.length - 1, Math.floor(item.x1 / BIN)); b++) bins[b]++;
  const allowed = Math.max(1, Math.floor(counted.length * 0.1));
  let best: [number, number] | null = null;
  let start = -1;
  for (let b = Math.floor((width * 0.25) / BIN); b <= Math.ceil((width * 0.75) / BIN); b++) {
    if (bins[b] <= allowed) {
      if (start < 0) start = b;
      if (!best || b - start > best[1] - best[0]) best = [start, b];
    } else start = -1;
  }
  return best && (best[1] - best[0] + 1) * BIN >= MIN_GUTTER ? ((best[0] + best[1] + 1) / 2) * BIN : null;
}

export function readingOrder(lines: PageLine[], width: number): PageLine[] {
  const gutter = gutterOf(lines, width);
  if (gutter === null) return lines;
  type Split = { whole: PageLine } | { left: PageLine | null; right: PageLine | null };
  const split = lines.map((line): Split => {
    if (line.items.some((i) => i.x0 < gutter && i.x1 > gutter)) return { whole: line };
    const left = line.items.filter((i) => i.x1 <= gutter);
    const right = line.items.filter((i) => i.x0 >= gutter);
    return { left: left.length ? join(left) : null, right: right.length ? join(right) : null };
  });
  const rights = split.flatMap((s) => ('right' in s && s.right ? [s.right.text] : []));
  const lefts = split.flatMap((s) => ('left' in s && s.left ? [s.left.text] : []));
  // A table's right side is figures: its rows stay whole.
  if (rights.filter(prose).length < MIN_PROSE_LINES || lefts.filter(prose).length < MIN_PROSE_LINES) return lines;
  if (rights.filter(figures).length > rights.length * 0.3) return lines;
  const out: PageLine[] = [];
  let left: PageLine[] = [];
  let right: PageLine[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const s of split) {
    if ('whole' in s) {
      flush();
      out.push(s.whole);
      continue;
    }
    if (s.left) left.push(s.left);
    if (s.right) right.push(s.right);
  }
  flush();
  return out;
}
