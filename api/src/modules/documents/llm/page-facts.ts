/**
 * What a model is given of the pages a search of the user's documents found: each page's text as
 * data, and every figure its lines print as a fact cited to its page (the label is the line's
 * words before the figure), so that a figure the model writes is matched to the page that prints
 * it and confirmed there by the evidence checker; one no page prints is marked unverified.
 */
import type { PageHit } from '../search/page-search.js';
import type { QuestionTerms } from '../search/question-terms.js';
import { unitNote } from '../search/statement-row.js';
import { currencyOf, uploadSource } from '../answers/document-facts.js';
import type { Fact } from '../../../platform/ai/engine/types.js';
import type { Figure } from '../../../platform/ai/llm/figure-check.js';
import type { PageLine } from '../../../platform/ai/evidence/page-lines.js';
import { instructionLines } from '../../../platform/ai/llm/page-data.js';
import { pageTables, type PageTable, type TableRow } from '../../../platform/ai/evidence/page-table.js';

/** A figure as statements print it: 1,234 / (1,234) / 12.5 / 12.5% / 250 (not a year). */
const PRINTED = /(?<![\w.,])\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?%?|(?<![\w.,])\(?\d+\.\d+\)?%?|(?<![\w.,])\d{2,}%?(?![\w,.]\d)/g;
/** Most figure facts per search (lines about the question first). */
export const MAX_FACTS = 60;

const isYear = (token: string) => /^(19|20)\d{2}$/.test(token);

/** The scale a page's unit note gives its figures ("In millions of U.S. dollars": 1,000,000). */
function scaleOf(text: string): number {
  const note = unitNote(text)?.toLowerCase() ?? '';
  return note.includes('billions') ? 1e9 : note.includes('millions') ? 1e6 : note.includes('thousands') ? 1e3 : 1;
}

/** The value a printed figure stands for (scaled by the page's unit note; a percentage is not scaled). */
function valueOf(printed: string, scale: number): number {
  const negative = printed.startsWith('(') || printed.startsWith('-');
  const n = Number(printed.replace(/[(),%-]/g, '')) * (printed.endsWith('%') ? 1 : scale);
  return negative ? -n : n;
}

/** The figures of one line as facts of its page. */
function lineFacts(text: string, hit: PageHit, unit: Fact['unit'], scale: number, index: number): Fact[] {
  const facts: Fact[] = [];
  const first = text.search(/\(?\d/);
  const label = (first > 0 ? text.slice(0, first) : text).trim().replace(/[\s.:$£€]+$/, '') || `${hit.fileName}, page ${hit.page}`;
  for (const m of text.matchAll(PRINTED)) {
    const printed = m[0];
    if (isYear(printed)) continue;
    facts.push({
      key: `upload:${hit.documentId}:${hit.page}:${index}:${m.index}`,
      label: label.slice(0, 80),
      value: valueOf(printed, scale),
      unit: printed.endsWith('%') ? 'percent' : unit,
      printed,
      source: uploadSource(hit),
    });
  }
  return facts;
}

/** Whether a line is about the question (names one of its line items or words). */
function about(line: string, q: QuestionTerms): boolean {
  const lower = line.toLowerCase();
  return (
    q.terms.some((t) => t.phrases.some((p) => lower.includes(p))) ||
    q.words.some((w) => w.split('|').some((a) => lower.includes(a.toLowerCase())))
  );
}

/**
 * A table row's cells as facts: each with its row's label, its column's period, and its column's
 * kind as its unit (a percent column's figure is a percent, never an amount of the period; a
 * count is no currency), so that a figure the model writes is checked against the cell it cites.
 */
function rowCells(table: PageTable, row: TableRow, hit: PageHit, unit: Fact['unit'], scale: number, index: number): Fact[] {
  return table.columns.flatMap((column, c): Fact[] => {
    const printed = row.cells[c];
    if (!printed || /^[-–—]$/.test(printed)) return [];
    const percent = column.kind === 'percent' || printed.endsWith('%');
    const plain = percent || column.kind !== 'amount';
    return [
      {
        key: `cell:${hit.documentId}:${hit.page}:${index}:${c}`,
        label: (row.label || `${hit.fileName}, page ${hit.page}`).slice(0, 80),
        value: valueOf(printed, plain ? 1 : scale),
        unit: percent ? 'percent' : column.kind === 'count' ? 'count' : unit,
        ...(column.year ? { period: column.kind === 'amount' ? column.year : `${column.year} (${column.kind} column)` } : {}),
        printed,
        source: uploadSource(hit),
      },
    ];
  });
}

/** The figure facts of one page: its table rows' cells, and the figures of its other lines (prose). */
function pageFactsOf(hit: PageHit, q: QuestionTerms, near: Fact[], rest: Fact[]): void {
  const unit = currencyOf(hit.text);
  const scale = scaleOf(hit.text);
  const suspect = instructionLines(hit);
  const rows = new Map<PageLine, { table: PageTable; row: TableRow }>();
  for (const table of pageTables(hit.lines, hit.text)) for (const row of table.rows) rows.set(row.line, { table, row });
  hit.lines.forEach((line, i) => {
    if (suspect.has(i)) return;
    const cells = rows.get(line);
    const facts = cells ? rowCells(cells.table, cells.row, hit, unit, scale, i) : lineFacts(line.text, hit, unit, scale, i);
    (about(line.text, q) ? near : rest).push(...facts);
  });
}

/** The figure facts of the pages (their cells), lines about the question first, at most MAX_FACTS. */
export function pageFacts(hits: PageHit[], q: QuestionTerms): Fact[] {
  const near: Fact[] = [];
  const rest: Fact[] = [];
  for (const hit of hits) pageFactsOf(hit, q, near, rest);
  return [...near, ...rest].slice(0, MAX_FACTS);
}

/**
 * Why a cell the model cites does not stand for the figure it wrote (null when it does): a figure
 * written as an amount that cites a percent cell, or a sentence that names years none of which is
 * the cited cell's period (the row's other column was meant).
 */
export function cellRefusal(fact: Fact, sentence: string, figure: Figure): string | null {
  if (fact.unit === 'percent' && !figure.percent) return `the cited cell of ${fact.label} is a percent`;
  const year = /^(?:19|20)\d{2}/.exec(fact.period ?? '')?.[0];
  const named: string[] = sentence.match(/\b(?:19|20)\d{2}\b/g) ?? [];
  if (year && named.length && !named.includes(year)) return `the cited cell of ${fact.label} is for ${year}`;
  return null;
}
