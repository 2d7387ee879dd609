/**
 * Tables rebuilt from a page's layout: figures that line up on their right edges over several
 * rows are a column; the header lines above the first row give each column its period (the year
 * printed over it, or the nearest year of a header that spans two columns: "2022" over "Amount"
 * and "Percent to Sales") and its kind (an amount, or a percent: "Percent to Sales", "% Change",
 * "Increase (Decrease)"); each row is its label and the figure in each column, as printed
 * ("(1,577)" is negative, "—" is nil). The unit is the page's note ("in millions").
 */
import type { PageLine, TextItem } from './page-lines.js';
import { unitNote } from './unit-notes.js';

/**
 * What a column's figures are: amounts of the period, or percents (a share of sales, a change),
 * amounts per share, or counts (shares, stores, employees). Only an amount column is read as a
 * line item's amount.
 */
export type ColumnKind = 'amount' | 'percent' | 'per-share' | 'count';

export interface TableColumn {
  /** The right edge its figures align on (points). */
  right: number;
  left: number;
  /** The fiscal year of its period ("2022"), null when its header names none. */
  year: string | null;
  /** The header words over it, top to bottom. */
  header: string;
  kind: ColumnKind;
}

export interface TableRow {
  label: string;
  line: PageLine;
  /** The figure printed in each column (null where the row has none). */
  cells: (string | null)[];
}

export interface PageTable {
  unit: string | null;
  columns: TableColumn[];
  rows: TableRow[];
}

const FIGURE = /^\(?[-–—]?\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?%?$|^[-–—]$/;
const YEAR = /\b(?:19|20)\d{2}\b/g;
const PERCENT_HEADER = /%|percent|\bchange\b|increase|decrease|\bvs\.?\b|\bmargin\b|\bbps\b|\bpts?\b/i;
const PER_SHARE_HEADER = /\bper (?:basic |diluted |common )?share\b|\beps\b/i;
const COUNT_HEADER = /\bshares\b|\bnumber of\b|\bheadcount\b|\bemployees\b|\bstores\b/i;
/** A unit note ("in millions, except per share data") says what the table's amounts are, not one column's kind. */
const UNIT_WORDS =
  /\(?\s*(?:amounts |dollars |\$ )?in (?:millions|thousands|billions)[^)]*\)?|except (?:for )?per[- ]share (?:data|amounts)|except [a-z ]*counts?/gi;
/** Header words longer than this are a sentence above the table (prose that may say "as a percentage"), not a column's heading. */
const HEADING_CHARS = 40;
/** Right edges this close (points) are one column. */
const ALIGN = 6;
/** Header lines read above a table's first row. */
const HEADER_LINES = 5;

/** A line's figures: items that are figures, a "$" or "%" printed apart joined to the figure beside it. */
function figuresOf(line: PageLine): TextItem[] {
  const out: TextItem[] = [];
  for (const item of line.items) {
    const text = item.text.trim();
    if (text === '%' || text === ')' || text === ')%') {
      const last = out.at(-1);
      // a "%" printed apart keeps the figure's own right edge, so it lines up with its column's other figures
      if (last) out[out.length - 1] = { ...last, text: last.text + text, x1: text === '%' ? last.x1 : item.x1 };
      continue;
    }
    // "$ 1,234" and "1,234 5,678" printed in one piece are split by their own spaces
    const parts = text.replace(/\$\s+/g, '$').split(/\s+/);
    if (parts.every((p) => FIGURE.test(p) && !/^(?:19|20)\d{2}$/.test(p))) {
      const width = (item.x1 - item.x0) / Math.max(1, text.length);
      let at = item.x0;
      for (const p of parts) {
        const start = text.indexOf(p.replace(/^\$/, ''), Math.max(0, Math.round((at - item.x0) / width) - 1));
        const x0 = item.x0 + Math.max(0, start) * width;
        const x1 = x0 + p.replace(/^\$/, '').length * width;
        // the right edge of its digits (a "%" hangs past the column's other figures)
        const edge = (parts.length === 1 ? item.x1 : x1) - (p.endsWith('%') ? width : 0);
        out.push({ ...item, text: p.replace(/^\$/, ''), x0, x1: edge });
        at = x1;
      }
    }
  }
  return out;
}

/** The label of a row: its words left of its first figure. */
function labelOf(line: PageLine, firstFigure: TextItem | undefined): string {
  const words = line.items.filter((i) => !firstFigure || i.x1 <= firstFigure.x0 + 0.5).map((i) => i.text.trim());
  return words
    .join(' ')
    .replace(/\$\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Columns from the right edges of figures over the rows, left to right. */
function columnsOf(rows: TextItem[][]): { right: number; left: number; count: number }[] {
  const edges: { right: number; left: number; count: number }[] = [];
  for (const figures of rows)
    for (const f of figures) {
      const col = edges.find((c) => Math.abs(c.right - f.x1) <= ALIGN);
      if (col) {
        col.right = (col.right * col.count + f.x1) / (col.count + 1);
        col.left = Math.min(col.left, f.x0);
        col.count++;
      } else edges.push({ right: f.x1, left: f.x0, count: 1 });
    }
  const min = rows.length >= 4 ? 2 : 1;
  return edges.filter((c) => c.count >= min).sort((a, b) => a.right - b.right);
}

/** Each column's header words and year, from the header lines above the table. */
function headed(columns: { right: number; left: number }[], header: PageLine[]): TableColumn[] {
  const words = columns.map(() => [] as string[]);
  const headings = columns.map(() => [] as string[]);
  const years = columns.map(() => null as string | null);
  const overlaps = (i: TextItem, col: { right: number; left: number }) => i.x0 <= col.right + 2 && i.x1 >= col.left - 2;
  for (const line of header) {
    const yearItems = line.items.flatMap((i) =>
      [...i.text.matchAll(YEAR)].map((m) => ({ year: m[0], center: (i.x0 + i.x1) / 2, item: i })),
    );
    columns.forEach((col, c) => {
      const over = line.items.filter((i) => overlaps(i, col));
      for (const i of over) words[c].push(i.text.trim());
      // a column's heading: short words over at most two columns (a title or sentence spans the table)
      for (const i of over)
        if (i.text.trim().length <= HEADING_CHARS && columns.filter((other) => overlaps(i, other)).length <= 2)
          headings[c].push(i.text.trim());
      // A year over the column, else the nearest year of a header spanning several columns.
      const mid = (col.left + col.right) / 2;
      const nearest = yearItems
        .map((y) => ({ ...y, d: y.item.x0 <= col.right + 2 && y.item.x1 >= col.left - 2 ? 0 : Math.abs(y.center - mid) }))
        .sort((a, b) => a.d - b.d)[0];
      if (nearest && nearest.d <= 120) years[c] = nearest.year;
    });
  }
  return columns.map((col, c) => {
    const header = words[c].join(' ').replace(/\s+/g, ' ').trim();
    return { ...col, year: fiscalYear(years[c], header), header, kind: headingKind(headings[c].join(' ')) };
  });
}

/** A column's kind from its heading words (a unit note's "except per share data" is no column's). */
function headingKind(heading: string): ColumnKind {
  const words = heading.replace(UNIT_WORDS, ' ').replace(YEAR, ' ');
  if (PERCENT_HEADER.test(words)) return 'percent';
  if (PER_SHARE_HEADER.test(words)) return 'per-share';
  return COUNT_HEADER.test(words) ? 'count' : 'amount';
}

const isPercentCell = (cell: string | null) => cell !== null && cell.endsWith('%');
const isDash = (cell: string | null) => cell === null || /^[-–—]$/.test(cell);
const magnitude = (cell: string) => Number(cell.replace(/[^\d.]/g, ''));

/**
 * Percent columns the cells show, whatever the heading says: a column whose figure in some row is
 * printed with "%" beside an amount of the same row (a share of sales, a change), or a column of
 * figures no larger than 100 that holds 100 on a row of larger amounts (each row's share of a total).
 * A row of percents across every column (a growth rate in a summary) is a row's kind, not a column's.
 */
function percentByCells(c: number, rows: (string | null)[][]): boolean {
  const amountBeside = (row: (string | null)[], min = 0) =>
    row.some((x, j) => j !== c && !isDash(x) && !isPercentCell(x) && magnitude(x!) > min);
  if (rows.some((row) => isPercentCell(row[c]) && amountBeside(row))) return true;
  const figures = rows.map((row) => row[c]).filter((x): x is string => !isDash(x));
  return (
    figures.length >= 2 &&
    figures.every((x) => magnitude(x) <= 100) &&
    rows.some((row) => /^100(?:\.0+)?%?$/.test(row[c] ?? '') && amountBeside(row, 100))
  );
}

/**
 * The fiscal year a column's period end belongs to: a 52/53-week year that ends in the first
 * days of January ("January 1, 2023") is the fiscal year before (2022).
 */
export function fiscalYear(year: string | null, header: string): string | null {
  if (!year) return null;
  const early = new RegExp(`\\bjan(?:uary)?\\.? [1-7],? ${year}\\b`, 'i').test(header);
  return early ? String(Number(year) - 1) : year;
}

const yearLine = (line: PageLine) => (line.text.match(YEAR) ?? []).length >= 1 && !figuresOf(line).length;

/**
 * The tables of a page: each run of rows with figures under header lines that name periods.
 * A page whose lines carry no boxes (text only) has none.
 */
export function pageTables(lines: PageLine[], pageText?: string): PageTable[] {
  const unit = unitNote(pageText ?? lines.map((l) => l.text).join('\n'));
  const tables: PageTable[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!lines[i].items.length || !yearLine(lines[i])) {
      i++;
      continue;
    }
    // The header: this line of periods, the lines of words right under it, and a few above.
    const start = Math.max(0, i - 2);
    let j = i + 1;
    while (j < lines.length && j - i < HEADER_LINES && !figuresOf(lines[j]).length) j++;
    const header = lines.slice(start, j).filter((l) => !figuresOf(l).length);
    const body: PageLine[] = [];
    while (j < lines.length && !(yearLine(lines[j]) && body.length)) {
      body.push(lines[j]);
      j++;
    }
    const figureRows = body.map(figuresOf);
    const columns = headed(columnsOf(figureRows.filter((f) => f.length)), header);
    // the table's own unit: the last note above its first row, else the page's
    const own = lines
      .slice(0, j - body.length)
      .map((l) => unitNote(l.text))
      .filter(Boolean)
      .at(-1);
    if (columns.some((c) => c.year)) {
      const rows = body.flatMap((line, r): TableRow[] => {
        const figures = figureRows[r];
        if (!figures.length) return [];
        const cells = columns.map((c) => figures.find((f) => Math.abs(f.x1 - c.right) <= ALIGN)?.text ?? null);
        return [{ label: labelOf(line, figures[0]), line, cells }];
      });
      const cells = rows.map((row) => row.cells);
      const kinds = columns.map((col, c): TableColumn =>
        col.kind === 'amount' && percentByCells(c, cells) ? { ...col, kind: 'percent' } : col,
      );
      tables.push({ unit: own ?? unit, columns: kinds, rows });
    }
    i = j;
  }
  return tables;
}
