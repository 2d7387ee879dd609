/**
 * Where a citation leads (plain functions, no styles, so the views and the unit tests share them):
 * a document page in the PDF viewer (a filing's, or an uploaded PDF's by its chat key), a register
 * record's page in the explorer, or a page of the app (a SEC tag's /backlinker).
 */
import type { ResearchCitation } from '@credence/shared';
import { explorerSearch, type ExplorerCategory, type PdfTarget } from '../explorer/explorer-url.ts';

/** The quote and its boxes, when the citation has them (the viewer highlights them). */
const quoteOf = (citation: ResearchCitation) => ({
  ...(citation.quote ? { quote: citation.quote } : {}),
  ...(citation.boxes?.length ? { boxes: citation.boxes } : {}),
});

/**
 * The PDF viewer's target for a document page, or null when the citation is not one: a filing's
 * page (by company and document), or an uploaded PDF's (by the chat key it was uploaded with).
 */
export function citationPdfTarget(citation: ResearchCitation): PdfTarget | null {
  if (!citation.page || citation.page < 1) return null;
  if (citation.kind === 'upload') {
    if (!citation.chat_key || !citation.pdf_name) return null;
    return {
      companyNumber: '',
      documentId: citation.document_id,
      page: citation.page,
      title: citation.pdf_name,
      upload: { chatKey: citation.chat_key, fileName: citation.pdf_name },
      ...quoteOf(citation),
    };
  }
  if (citation.kind !== 'filing' || !citation.company_number) return null;
  const documentId = citation.pdf_name ? citation.pdf_name.replace(/\.pdf$/i, '') : citation.document_id;
  return { companyNumber: citation.company_number, documentId, page: citation.page, title: citation.title, ...quoteOf(citation) };
}

/** The explorer's view of a register record (the web's own addresses: /uk/?companyNumber=...&category=...). */
const RECORD_CATEGORY: Record<string, ExplorerCategory> = {
  charges: 'charges',
  filings: 'filings',
  capital: 'filings',
  'confirmation-statement': 'filings',
};

/** Where a register citation opens in the app, or null when it names no company. */
export function registerHref(citation: ResearchCitation): string | null {
  if (citation.kind !== 'register' || !citation.company_number) return null;
  const category = RECORD_CATEGORY[citation.record ?? ''] ?? 'overview';
  return `/uk/?${explorerSearch({ companyNumber: citation.company_number, category }).toString()}`;
}

/** The citation's address when it is a page of the app (a SEC tag's /backlinker), else null. */
export function inAppHref(citation: ResearchCitation): string | null {
  return citation.url && /^\/(?!\/)/.test(citation.url) ? citation.url : null;
}
