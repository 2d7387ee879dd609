/**
 * Finding a fact on a page: a figure as printed, standing alone (not part of a longer number),
 * preferably on the line that carries its label; a passage of text wherever it wraps.
 */
import type { QuoteBox } from '@credence/shared';
import { squeeze, type PageLine, type PageText } from './page-lines.js';
import { escapeRegExp as escape } from '../../../core/text/escape-regexp.js';

export interface Found {
  quote: string;
  boxes: QuoteBox[];
  /** Whether the figure's label is on the same line. */
  withLabel: boolean;
}

/** The figure as a whole token: "12,345" is not found inside "112,345" or "12,3456" or "12,345.6". */
export function figurePattern(printed: string): RegExp {
  return new RegExp(`(?<![\\d,.])${escape(printed)}(?![\\d]|[.,]\\d)`);
}

function hasLabel(line: PageLine, label: string): boolean {
  const want = squeeze(label).toLowerCase();
  const text = squeeze(line.text).toLowerCase();
  // Statement labels can be cut with an ellipsis to fit their column: their start must match.
  return text.includes(want) || (want.length > 16 && text.includes(want.slice(0, 16)));
}

function boxesOf(page: number, line: PageLine, keep: (text: string) => boolean): QuoteBox[] {
  return line.items.filter((i) => keep(i.text)).map((i) => ({ page, x0: i.x0, top: i.top, x1: i.x1, bottom: i.bottom }));
}

/** The line that prints `printed` (the one with the label first); null when the page does not hold it. */
export function findFigure(page: PageText, printed: string, label: string): Found | null {
  const pattern = figurePattern(printed);
  const lines = page.lines.filter((l) => pattern.test(l.text));
  if (!lines.length) return null;
  const labelled = lines.find((l) => hasLabel(l, label));
  const line = labelled ?? lines[0];
  const labelWords = squeeze(label).toLowerCase();
  const boxes = boxesOf(
    page.page,
    line,
    (text) =>
      pattern.test(text) || (labelled !== undefined && labelWords.includes(squeeze(text).toLowerCase()) && squeeze(text).length > 2),
  );
  return { quote: line.text, boxes, withLabel: Boolean(labelled) };
}

/** The lines a passage of text runs over (whitespace and line breaks ignored); null when it is not on the page. */
export function findPassage(page: PageText, passage: string): Found | null {
  const want = squeeze(passage);
  if (!want) return null;
  let joined = '';
  const starts: number[] = [];
  for (const line of page.lines) {
    starts.push(joined.length);
    joined += squeeze(line.text);
  }
  const at = joined.indexOf(want);
  if (at < 0) return null;
  const end = at + want.length;
  const used = page.lines.filter((_, i) => starts[i] < end && (i + 1 < starts.length ? starts[i + 1] : joined.length) > at);
  return {
    quote: used.map((l) => l.text).join(' '),
    boxes: used.flatMap((l) => boxesOf(page.page, l, () => true)),
    withLabel: true,
  };
}
