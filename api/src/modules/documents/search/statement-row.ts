/**
 * Reading a figure from a statement page: the row whose label is the line item (by any of its
 * printed names) and the column of the period asked, from the header line that names the
 * years above it. Values are taken as printed ("(10,495)" is negative) with the page's scale.
 */
import type { PageLine } from '../../../platform/ai/evidence/page-lines.js';
import { normalLabel, type LineMeasure } from '@credence/shared';
import { labelPhrase } from './page-search.js';
import { pageTables, type ColumnKind } from '../../../platform/ai/evidence/page-table.js';

import { unitNote } from '../../../platform/ai/evidence/unit-notes.js';

export { pageScale, unitNote, unitScale } from '../../../platform/ai/evidence/unit-notes.js';

export interface RowFigure {
  /** The row as it reads on the page. */
  line: string;
  label: string;
  year: string;
  printed: string;
  value: number;
  /** The unit its table is printed in ("in millions"), when a note says. */
  unit: string | null;
  /** Every period of the row: [year, printed, value]. */
  periods: { year: string; printed: string; value: number }[];
}

const YEAR = /\b(?:19|20)\d{2}\b/g;
const NUMBER_PERCENT = /\(?-?\d+(?:\.\d+)?\s?%\)?/g;
const NUMBER = /\(?-?\$?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?\$?\s?\d+(?:\.\d+)?\)?/g;

export function parseFigure(printed: string): number {
  const negative = /^\(.*\)$/.test(printed.trim()) || printed.trim().startsWith('-');
  const n = Number(printed.replace(/[^\d.]/g, ''));
  return negative ? -n : n;
}

/**
 * The years of a header line: a line that is mostly years or period headings ("2019 2018 2017",
 * "Fiscal 2019 2018", "December 31, 2018 December 31, 2017", "Three Months Ended July 2, 2023").
 */
function headerYears(text: string): string[] | null {
  const years = text.match(YEAR) ?? [];
  if (years.length < 2) return null;
  const rest = text
    .replace(YEAR, '')
    .replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*\d{0,2},?/gi, '')
    .replace(/\b(?:fiscal|years?|months?|weeks?|three|six|nine|twelve|ended|ending|as of|at|and|quarter|restated)\b/gi, '')
    .replace(/[^a-z]/gi, '');
  return rest.length <= 30 ? years : null;
}

/**
 * The column of `year` (else the first, the latest). An interim table prints each year twice (the
 * quarter, then the nine or twelve months to date): `cumulative` takes the later one.
 */
function periodOf(periods: RowFigure['periods'], year: string | undefined, cumulative: boolean): RowFigure['periods'][number] | undefined {
  const wanted = year ?? periods[0]?.year;
  const same = periods.filter((p) => p.year === wanted);
  return cumulative ? same.at(-1) : same[0];
}

/** The row of one of `phrases` on the page, with the period `year` (or the first column); null when the page has none. */
export function findRow(
  lines: PageLine[],
  phrases: string[],
  year?: string,
  cumulative = false,
  measure: LineMeasure = 'amount',
): RowFigure | null {
  const fromLayout = lines.some((l) => l.items.length) ? tableRows(lines, phrases, year, cumulative, measure) : [];
  if (fromLayout.length) return best(fromLayout, phrases);
  let header: string[] | null = null;
  const candidates: RowFigure[] = [];
  // the last unit note above a row, else the page's first
  let unit: string | null = unitNote(lines.map((l) => l.text).join('\n'));
  for (const line of lines) {
    unit = unitNote(line.text) ?? unit;
    const years = headerYears(line.text);
    if (years) {
      header = years;
      continue;
    }
    if (!header) continue;
    const label = labelPhrase(line.text, phrases);
    if (!label) continue;
    // A percent column (a share of sales, a change) is no amount of the period.
    const rest = line.text.slice(label.length);
    let numbers = (rest.replace(NUMBER_PERCENT, ' ').match(NUMBER) ?? []).map((n) => n.trim());
    // A row of rates (an effective tax rate) is read as its percents.
    if (numbers.length < header.length) numbers = (rest.match(NUMBER) ?? []).map((n) => n.trim());
    if (numbers.length < header.length) continue;
    // A note reference between the label and the figures is left out; columns past the header's
    // periods (a change, a share of sales) are to the right of them.
    while (numbers.length > header.length && /^\d{1,2}$/.test(numbers[0])) numbers.shift();
    const values = numbers.slice(0, header.length);
    const periods = header.map((y, i) => ({ year: y, printed: values[i], value: parseFigure(values[i]) }));
    const chosen = periodOf(periods, year, cumulative);
    if (!chosen) continue;
    candidates.push({
      line: line.text,
      label: line.text.slice(0, label.length),
      year: chosen.year,
      printed: chosen.printed,
      value: chosen.value,
      periods,
      unit,
    });
  }
  return best(candidates, phrases);
}

/** The exact label first ("Net income" rather than "Net income per share"). */
const best = (candidates: RowFigure[], phrases: string[]) =>
  candidates.sort((a, b) => exactness(a, phrases) - exactness(b, phrases))[0] ?? null;

/**
 * Whether a cell can hold a line item's figure: an amount only from an amount column and never a
 * figure printed with "%" (a share of sales, a change); an amount per share also from a per-share
 * column; a rate from the period's column, as printed.
 */
export function cellFits(kind: ColumnKind, printed: string, measure: LineMeasure = 'amount'): boolean {
  if (measure === 'percent') return kind === 'amount';
  if (printed.endsWith('%')) return false;
  return kind === 'amount' || (measure === 'per-share' && kind === 'per-share');
}

/** The rows of the phrases in the page's layout tables, each with the columns of its periods that fit the measure. */
function tableRows(lines: PageLine[], phrases: string[], year: string | undefined, cumulative: boolean, measure: LineMeasure): RowFigure[] {
  const out: RowFigure[] = [];
  for (const table of pageTables(lines)) {
    for (const row of table.rows) {
      const label = labelPhrase(row.line.text, phrases);
      if (!label) continue;
      const periods = table.columns.flatMap((c, i) => {
        const printed = row.cells[i];
        return c.year && printed && cellFits(c.kind, printed, measure) ? [{ year: c.year, printed, value: parseFigure(printed) }] : [];
      });
      const chosen = periodOf(periods, year, cumulative);
      if (!chosen) continue;
      out.push({ line: row.line.text, label: row.line.text.slice(0, label.length), ...chosen, periods, unit: table.unit });
    }
  }
  return out;
}

function exactness(row: RowFigure, phrases: string[]): number {
  const rest = row.line.slice(row.label.length).replace(NUMBER, '').trim();
  return (rest ? 1 : 0) + phrases.findIndex((p) => p === normalLabel(row.label)) / 100;
}
