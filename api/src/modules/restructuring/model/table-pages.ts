/**
 * The workspace pages a model reads for the restructuring table: the pages the built-in reading
 * cited first, then the pages that speak most of instruments and their terms, within a budget;
 * each page's text as data, marked when it holds text written as an order to an AI.
 */
import type { RestructuringTable } from '@credence/shared';
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { pageData, PAGE_TEXT_MAX, type PageData } from '../../../platform/ai/llm/page-data.js';

/** Most pages sent to the model for one table. */
export const MAX_TABLE_PAGES = 12;
const TERMS =
  /\b(facilit(y|ies)|loan|notes|bonds?|margin|interest|coupon|matur\w*|termination date|security|secured|rank\w*|covenant\w*|lenders?|agent|trustee|borrower|issuer|guarant\w*|amount|per cent|%)/gi;

export const pageKey = (fileName: string, page: number) => `${fileName}#${page}`;

function cited(table: RestructuringTable): Set<string> {
  const keys = new Set<string>();
  for (const row of table.rows)
    for (const cell of Object.values(row))
      if (cell.pdf_file_name && cell.pageNumber) keys.add(pageKey(cell.pdf_file_name, cell.pageNumber));
  return keys;
}

/** The pages to send, in reading order. */
export function tablePages(pages: readonly StoredPage[], builtIn: RestructuringTable): StoredPage[] {
  const first = cited(builtIn);
  const ranked = pages
    .map((page, order) => ({
      page,
      order,
      score: (first.has(pageKey(page.fileName, page.page)) ? 1000 : 0) + (page.text.match(TERMS)?.length ?? 0),
    }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_TABLE_PAGES);
  return ranked.sort((a, b) => a.order - b.order).map((p) => p.page);
}

/** A table's pages as the model reads them: twice a search hit's text, as a table runs longer than a passage. */
export function tablePageData(pages: readonly StoredPage[]): PageData[] {
  return pageData(pages, PAGE_TEXT_MAX * 2);
}
