/**
 * A model's table cell is kept only when the page it cites was sent to it and holds its quote,
 * the quote is not part of text written as an order to an AI, and every figure of the cell's
 * text (an amount, a rate, a date's day and year) is in the quote. Anything else is refused.
 */
import { RESTRUCTURING_TEXTS, type RestructuringCell } from '@credence/shared';
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { instructionLines } from '../../../platform/ai/llm/page-data.js';
import { pageKey } from './table-pages.js';

const CELL_MAX = 600;
const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();
/** The quote as the model may shorten it: what is between its ellipses. */
const pieces = (quote: string) =>
  quote
    .split(/\.{3}|…/)
    .map(squeeze)
    .filter(Boolean);

export const NOT_FOUND_CELL: RestructuringCell = { text: RESTRUCTURING_TEXTS.notFound, pdf_file_name: null, pageNumber: null };

export type CellVerdict = { cell: RestructuringCell; refused?: string };

export class CellChecker {
  private readonly pages = new Map<string, StoredPage>();
  private readonly suspect = new Map<string, string[]>();

  constructor(pages: readonly StoredPage[]) {
    for (const page of pages) {
      const key = pageKey(page.fileName, page.page);
      this.pages.set(key, page);
      this.suspect.set(
        key,
        [...instructionLines(page)].map((i) => squeeze(page.lines[i]!.text)),
      );
    }
  }

  check(given: unknown): CellVerdict {
    const raw = (given && typeof given === 'object' ? given : {}) as Record<string, unknown>;
    const text = typeof raw.text === 'string' ? raw.text.trim() : typeof given === 'string' ? given.trim() : '';
    if (!text || text === RESTRUCTURING_TEXTS.notFound || raw.pageNumber == null) return { cell: NOT_FOUND_CELL };
    const fileName = String(raw.pdf_file_name ?? '');
    const pageNumber = Number(raw.pageNumber);
    const quote = typeof raw.quote === 'string' ? raw.quote.trim() : '';
    const key = pageKey(fileName, pageNumber);
    const page = this.pages.get(key);
    if (!page) return { cell: NOT_FOUND_CELL, refused: `${fileName} page ${pageNumber} was not among the pages read` };
    const parts = pieces(quote);
    const onPage = squeeze(page.text);
    if (!parts.length || !parts.every((p) => onPage.includes(p)))
      return { cell: NOT_FOUND_CELL, refused: `its quote is not on ${fileName} page ${pageNumber}` };
    const suspect = this.suspect.get(key)!;
    if (parts.some((p) => suspect.some((line) => line.includes(p) || p.includes(line))))
      return { cell: NOT_FOUND_CELL, refused: `it quotes text written as instructions on ${fileName} page ${pageNumber}` };
    const figures = text.match(/\d+(?:[.,]\d+)*/g) ?? [];
    const quoted = parts.join('');
    const missing = figures.find((f) => !quoted.includes(f.toLowerCase()));
    if (missing) return { cell: NOT_FOUND_CELL, refused: `${missing} is not in its quote` };
    return {
      cell: {
        text: text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1).trimEnd()}…` : text,
        pdf_file_name: fileName,
        pageNumber,
        document_id: page.documentId,
        quote: quote.slice(0, CELL_MAX),
      },
    };
  }
}
