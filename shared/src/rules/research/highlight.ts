/**
 * The figure on a cited page: a citation's `quote` is the page's text that holds the figure, so
 * a view shows the quote with the figure highlighted. The answer words a figure its own way
 * ("£12.3m") while the page prints it as filed ("12,345,678" or "12,346" in £000): figures match
 * a number on the page when they agree to the answer's rounding, at the page's scale or in
 * thousands.
 */
import type { ResearchAnswer } from '../../contracts/research.js';

export interface QuoteSegment {
  text: string;
  highlight: boolean;
}

const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, bn: 1e9 };
/** A figure right before its citation markers (optionally worded "(unverified)"). */
const FIGURE_BEFORE_MARKERS =
  /([£$€]?\(?-?[£$€]?\d[\d,]*(?:\.\d+)?\)?(?:\s?(?:%|bn|m|k|x|p)\b|%)?)(?: \(unverified\))?((?:\[\^[A-Za-z0-9_-]+\])+)/g;
/** A number as a page prints it: "12,345", "(1,234)", "£1.2", "-3.4". */
const PAGE_NUMBER = /\(?-?[£$€]?\d[\d,]*(?:\.\d+)?\)?/g;

/** The figures the answer's text backs with a citation, as written ("£12.3m", "14.2%"). */
export function citedFigures(text: string, citationId: string): string[] {
  const figures: string[] = [];
  for (const match of text.matchAll(FIGURE_BEFORE_MARKERS)) {
    if (match[2].includes(`[^${citationId}]`) && !figures.includes(match[1])) figures.push(match[1]);
  }
  return figures;
}

/** The figures a citation backs: in the text, and the cells of the tables that cite it. */
export function figuresOfCitation(answer: Pick<ResearchAnswer, 'text' | 'tables'>, citationId: string): string[] {
  const figures = citedFigures(answer.text, citationId);
  for (const table of answer.tables) {
    if (!table.citations?.includes(citationId)) continue;
    for (const row of table.rows) {
      for (const cell of row) {
        if (typeof cell === 'number' || (typeof cell === 'string' && /\d/.test(cell))) figures.push(String(cell));
      }
    }
  }
  return figures;
}

interface ParsedNumber {
  value: number;
  /** Half a unit of the last digit written: how far the exact value may be from the written one. */
  tolerance: number;
}

/** The value a figure or a page number stands for, or null when it holds no number. */
export function parseFigure(text: string): ParsedNumber | null {
  const match = /(\d[\d,]*)(?:\.(\d+))?\s?(bn|m|k)?\b/i.exec(text);
  if (!match) return null;
  const decimals = match[2]?.length ?? 0;
  const multiplier = SUFFIX[match[3]?.toLowerCase() ?? ''] ?? 1;
  const negative = /^\s*[£$€]?\(|-/.test(text.slice(0, match.index + 1));
  const magnitude = Number(`${match[1].replace(/,/g, '')}.${match[2] ?? '0'}`) * multiplier;
  return { value: negative ? -magnitude : magnitude, tolerance: (0.5 / 10 ** decimals) * multiplier };
}

function sameFigure(page: ParsedNumber, figure: ParsedNumber): boolean {
  const tolerance = Math.max(figure.tolerance, page.tolerance) + 1e-9;
  const close = (a: number, b: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= tolerance;
  return close(page.value, figure.value) || close(page.value * 1000, figure.value);
}

/**
 * The quote split into plain and highlighted parts: the page numbers that match one of the
 * figures (and any figure found as written). With no match, the quote is one plain part.
 */
export function highlightQuote(quote: string, figures: readonly string[]): QuoteSegment[] {
  const wanted = figures.map(parseFigure).filter((f): f is ParsedNumber => f !== null && f.value !== 0);
  const ranges: [number, number][] = [];
  for (const match of quote.matchAll(PAGE_NUMBER)) {
    const parsed = parseFigure(match[0]);
    if (!parsed || !wanted.some((figure) => sameFigure(parsed, figure))) continue;
    // the digits only: brackets and signs around them stay plain
    const start = match.index + match[0].search(/[£$€\d]/);
    const trimmed = match[0].replace(/\)$/, '');
    ranges.push([start, match.index + trimmed.length]);
  }
  const segments: QuoteSegment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) segments.push({ text: quote.slice(at, start), highlight: false });
    segments.push({ text: quote.slice(start, end), highlight: true });
    at = end;
  }
  if (at < quote.length) segments.push({ text: quote.slice(at), highlight: false });
  return segments;
}
