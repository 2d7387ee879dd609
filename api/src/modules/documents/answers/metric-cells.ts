/**
 * The inputs of a catalogue metric read from uploaded pages: each line item's cell in the column
 * of the year it is needed for (the same row's other columns for the other years), its value as
 * the metric uses it, and the metric computed for a year from them, or the inputs it lacks.
 */
import type { LineItem, Metric, MetricInput } from '@credence/shared';
import { termByKey } from '../search/finance-terms.js';
import type { PageHit } from '../search/page-search.js';
import type { QuestionTerms } from '../search/question-terms.js';
import { unitScale } from '../search/statement-row.js';
import type { Fact } from '../../../platform/ai/engine/types.js';
import { rowFact } from './document-facts.js';
import { readTerm, type Read } from './figure-answer.js';

/** One input value at one year: the cell read, its value as a metric uses it. */
export interface Cell {
  read: Read;
  fact: Fact;
  value: number;
}

/**
 * A printed figure as a metric uses it: an outflow's size; an expense printed negative under a
 * label that says so ("Income tax (expense)/benefit") as a positive expense.
 */
function metricValue(term: LineItem, label: string, value: number): number {
  if (term.outflow) return Math.abs(value);
  return /\((?:expense|provision)\)/i.test(label) ? -value : value;
}

export class Cells {
  private readonly cache = new Map<string, Cell | null>();
  constructor(
    private readonly q: QuestionTerms,
    private readonly hits: PageHit[],
  ) {}

  /** A line item's cell for a year, null when no page prints it in that year's column. */
  at(item: string, year: number): Cell | null {
    const key = `${item}@${year}`;
    if (!this.cache.has(key)) {
      const term = termByKey(item);
      const read = readTerm(term, this.hits, this.q, String(year));
      const cell = read ? { read, fact: read.fact, value: metricValue(term, read.row.label, read.row.value) } : null;
      this.cache.set(key, cell);
      // The same row's other columns are the same line item in those years (one statement, one unit).
      if (read)
        for (const p of read.row.periods)
          if (!this.cache.has(`${item}@${p.year}`) && p.year !== String(year)) {
            const row = { ...read.row, year: p.year, printed: p.printed, value: p.value };
            const fact = rowFact(term, row, p, read.hit);
            this.cache.set(`${item}@${p.year}`, {
              read: { ...read, row, fact },
              fact,
              value: metricValue(term, read.row.label, p.value),
            });
          }
    }
    return this.cache.get(key) ?? null;
  }
}

/** Every cell an input needs at a year (two for an average). */
function inputCells(cells: Cells, input: MetricInput, year: number): (Cell | null)[] {
  if (input.at === 'avg') return [cells.at(input.item, year), cells.at(input.item, year - 1)];
  return [cells.at(input.item, year + input.at)];
}

export interface Computed {
  year: number;
  value: number;
  cells: Cell[];
}

/** The metric for one year, or the inputs it lacks. */
export function computeYear(metric: Metric, cells: Cells, year: number): Computed | { missing: string[] } {
  const missing: string[] = [];
  const used: Cell[] = [];
  const values = metric.inputs.map((input) => {
    const found = inputCells(cells, input, year);
    found.forEach((c, i) => {
      if (!c) missing.push(`${termByKey(input.item).label.toLowerCase()} for ${year - i + (input.at === -1 ? -1 : 0)}`);
      else used.push(c);
    });
    const got = found.filter((c): c is Cell => c !== null);
    return got.reduce((sum, c) => sum + c.value, 0) / Math.max(1, got.length);
  });
  if (missing.length) return { missing };
  // Inputs in different units (a table in thousands beside one in millions) are brought to one.
  const scales = new Set(used.map((c) => unitScale(c.read.row.unit)));
  if (scales.size > 1) return { missing: ['inputs printed in different units, which this answer does not mix'] };
  return { year, value: metric.compute(values), cells: used };
}

/** The metric for each year, or what its inputs lack in words. */
export function computeYears(metric: Metric, cells: Cells, years: number[]): Computed[] | { missing: string[] } {
  const results = years.map((y) => computeYear(metric, cells, y));
  const missing = results.flatMap((r) => ('missing' in r ? r.missing : []));
  if (!missing.length) return results as Computed[];
  return {
    missing: [
      `${metric.label} (${metric.formula}) needs ${[...new Set(missing)].join(', ')}, which the documents' statements do not show.`,
    ],
  };
}

/** The pages the cells are on, each once. */
export function citedPages(cells: Cell[]): PageHit[] {
  return [...new Map(cells.map((c) => [`${c.read.hit.documentId}:${c.read.hit.page}`, c.read.hit])).values()];
}
