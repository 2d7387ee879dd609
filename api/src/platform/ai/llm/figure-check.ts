/**
 * Finds the figures in a model's text and matches each to a fact a tool returned, allowing the
 * usual ways of writing one (£12.3m, 12,345,678, £12,346k, (1,234), 12.3%). Years, dates, page
 * numbers, list numbers and numbers the user typed are not figures.
 */
import type { Fact } from '../engine/types.js';

export interface Figure {
  start: number;
  end: number;
  text: string;
  /** The value as written, scaled (12.3m → 12,300,000), without sign. */
  value: number;
  /** How far the fact may be from `value` and still read as this figure (half the last digit). */
  tolerance: number;
  percent: boolean;
}

const FIGURE =
  /(?<![\w.,/])([£$€]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|per\s?cent|bn|billion|mn|million|m|k|thousand)(?![a-z]))?(?![\w/])/gi;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATES = [
  /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g,
  /\b\d{4}-\d{2}-\d{2}\b/g,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\b`, 'gi'),
  new RegExp(`\\b(?:${MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi'),
  /\b(?:page|pages|p\.|pp\.|note|section|step)\s+\d+(?:\s*[-–]\s*\d+)?/gi,
  /\b(?:19|20)\d{2}\s*[-–/]\s*\d{2,4}\b/g,
];
const SCALE: Record<string, number> = { bn: 1e9, billion: 1e9, mn: 1e6, million: 1e6, m: 1e6, k: 1e3, thousand: 1e3 };

function exemptSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of DATES) for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** The figures of a text, in order. `exempt`: number strings the user typed (not the model's). */
export function findFigures(text: string, exempt: readonly string[] = []): Figure[] {
  const spans = exemptSpans(text);
  const figures: Figure[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const [whole, currency, digits, decimals = '', rawSuffix] = m;
    const start = m.index;
    const end = start + whole.length;
    if (spans.some(([a, b]) => start < b && end > a)) continue;
    const suffix = rawSuffix?.toLowerCase().replace(/\s/g, '');
    const plain = !currency && !suffix && !decimals;
    const integer = Number(digits.replace(/,/g, ''));
    // A year, or a markdown list number ("1. ", "2) ") at the start of a line.
    if (plain && !digits.includes(',') && integer >= 1900 && integer <= 2100) continue;
    if (plain && /(^|\n)\s*$/.test(text.slice(0, start)) && /^[.)]\s/.test(text.slice(end, end + 2))) continue;
    if (plain && exempt.includes(digits)) continue;
    const percent = suffix === '%' || suffix?.startsWith('per') === true;
    const scale = percent || !suffix ? 1 : SCALE[suffix];
    const places = decimals ? decimals.length - 1 : 0;
    figures.push({
      start,
      end,
      text: whole,
      value: (integer + Number(decimals || 0)) * scale,
      tolerance: 0.5 * 10 ** -places * scale + 1e-9,
      percent,
    });
  }
  return figures;
}

function numbersOf(fact: Fact): number[] {
  const values: number[] = [];
  if (typeof fact.value === 'number' && Number.isFinite(fact.value)) {
    values.push(Math.abs(fact.value));
    if (fact.unit === 'ratio') values.push(Math.abs(fact.value * 100));
  }
  if (typeof fact.value === 'string' && fact.unit !== 'date' && fact.unit !== 'text') {
    const parsed = Number(fact.value.replace(/[£$€,()%\s]/g, ''));
    if (Number.isFinite(parsed) && fact.value.trim() !== '') values.push(Math.abs(parsed));
  }
  if (fact.printed) {
    const parsed = Number(fact.printed.replace(/[£$€,()%\s]/g, ''));
    if (Number.isFinite(parsed) && fact.printed.trim() !== '') values.push(Math.abs(parsed));
  }
  return values;
}

/** Whether a fact reads as this figure. */
export function factMatches(figure: Figure, fact: Fact): boolean {
  if (figure.percent && !['percent', 'ratio'].includes(fact.unit)) return false;
  return numbersOf(fact).some((v) => Math.abs(v - figure.value) <= figure.tolerance);
}

/** The fact a figure stands for: one of `preferred` when it matches (the facts the sentence cites), else the first that does. */
export function matchFigure(figure: Figure, facts: readonly Fact[], preferred: readonly Fact[] = []): Fact | undefined {
  return preferred.find((f) => factMatches(figure, f)) ?? facts.find((f) => factMatches(figure, f));
}

/**
 * Where a streamed text can be cut: after the last sentence end (., ! or ? then a space) or line
 * break, so that each piece's figures are checked whole.
 */
export function lastSentenceEnd(text: string): number {
  for (let i = text.length - 1; i > 0; i--) {
    if (text[i] === '\n') return i + 1;
    if (/\s/.test(text[i]) && /[.!?:]/.test(text[i - 1])) return i + 1;
  }
  return 0;
}
