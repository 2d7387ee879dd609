/**
 * The /uk/ explorer's address (spec 2 2.1): companyNumber, category (overview by default),
 * subCategory (an overview section anchor) and filing (a filing's transaction id); and the
 * overview's sections (spec 2 2.4 sidebar words, 2.5 anchors) with whether each has data.
 */
import { sectionAvailable, type CompanyOverview, type QuoteBox } from '@credence/shared';

export const EXPLORER_CATEGORIES = ['overview', 'search', 'deep-insights', 'filings', 'accounts', 'charges', 'financials', 'kpis'] as const;
export type ExplorerCategory = (typeof EXPLORER_CATEGORIES)[number];

export interface ExplorerParams {
  companyNumber: string | null;
  category: ExplorerCategory;
  subCategory: string | null;
  filing: string | null;
}

export function readExplorerParams(search: URLSearchParams): ExplorerParams {
  const number = (search.get('companyNumber') ?? '').trim().toUpperCase();
  const category = search.get('category') as ExplorerCategory | null;
  return {
    companyNumber: number === '' ? null : number,
    category: category && (EXPLORER_CATEGORIES as readonly string[]).includes(category) ? category : 'overview',
    subCategory: search.get('subCategory') || null,
    filing: search.get('filing') || null,
  };
}

/** The address parameters for a state (empty parts left out). */
export function explorerSearch(params: Partial<ExplorerParams>): URLSearchParams {
  const out = new URLSearchParams();
  if (params.companyNumber) {
    out.set('companyNumber', params.companyNumber);
    out.set('category', params.category ?? 'overview');
    if (params.subCategory) out.set('subCategory', params.subCategory);
    if (params.filing) out.set('filing', params.filing);
  }
  return out;
}

export function companyHref(companyNumber: string): string {
  return `/uk/?${explorerSearch({ companyNumber, category: 'overview' }).toString()}`;
}

export interface OverviewAnchor {
  id: string;
  label: string;
}

/** The overview page's sections in page order (spec 2 2.5 anchors, 2.4 sidebar labels). */
export const OVERVIEW_ANCHORS: readonly OverviewAnchor[] = [
  { id: 'financial-summary', label: 'Financial Summary' },
  { id: 'company-profile', label: 'Company Profile' },
  { id: 'business-overview', label: 'Business Overview' },
  { id: 'key-financials', label: 'Key Financials' },
  { id: 'officers', label: 'Leadership' },
  { id: 'key-highlights', label: 'Key Highlights' },
  { id: 'charges', label: 'Creditor and Charges' },
  { id: 'capital-overview', label: 'Capital Overview' },
  { id: 'risk-profile', label: 'Risk Profile' },
  { id: 'confirmation-statement', label: 'Compliance Tracker' },
  { id: 'auditor-profile', label: 'Auditor' },
];

/** Whether an anchor's section shows for this company (spec 2 2.5: sections show only when data exists). */
export function anchorAvailable(id: string, overview: CompanyOverview): boolean {
  const summary = overview.document_summary;
  switch (id) {
    case 'financial-summary':
    case 'key-financials':
      return sectionAvailable('financials', overview);
    case 'business-overview':
      return Boolean(summary?.businessOverview || summary?.managementDiscussionSummary);
    case 'key-highlights':
      return Boolean(
        overview.document_key_highlights?.length ||
        summary?.keyHighlights?.length ||
        summary?.futureOutlook?.length ||
        summary?.criticalAccountingPolicies?.length,
      );
    case 'charges':
      return sectionAvailable('charges', overview);
    case 'capital-overview':
      return sectionAvailable('capital', overview);
    case 'risk-profile':
      return sectionAvailable('risk', overview);
    case 'auditor-profile':
      return sectionAvailable('auditor', overview);
    default:
      return true; // company profile; officers and the confirmation statement need only a company number
  }
}

export function availableAnchors(overview: CompanyOverview | null): OverviewAnchor[] {
  return overview ? OVERVIEW_ANCHORS.filter((a) => anchorAvailable(a.id, overview)) : [];
}

/** Scroll-driven address updates pause this long after a click on the sidebar (spec 2 2.4: 1.5 to 2 s). */
export const SCROLL_SUPPRESS_MS = 1_600;

/** A page of a document a figure cites. */
export interface PdfTarget {
  companyNumber: string;
  documentId: string;
  page: number;
  title?: string;
  /** The cited text on that page, highlighted when the page opens (research citations). */
  quote?: string;
  /** Where the quote sits, in PDF points from the page's top-left (wins over looking the quote up). */
  boxes?: readonly QuoteBox[];
  /** An uploaded PDF (pdf_file) rather than a filing's document. */
  upload?: { chatKey: string; fileName: string };
}

/** A figure links to its source only with a document and a page (spec 2 section 5). */
export function pdfTarget(
  companyNumber: string,
  documentId: string | null | undefined,
  page: number | null | undefined,
  title?: string,
): PdfTarget | null {
  return documentId && typeof page === 'number' && page > 0 ? { companyNumber, documentId, page, title } : null;
}

export const SOURCE_MISSING_NOTICE = 'Source document details missing, values will not be clickable.';
