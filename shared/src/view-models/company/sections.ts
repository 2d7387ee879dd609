/**
 * The sections of a company (spec 2 2.4 sidebar, 2.5 anchors): ids are the `credence company
 * --section` names, labels the sidebar's words, anchors the web page's section ids. A section
 * shows only when its data exists (spec 2 2.5).
 */
import type { CompanyOverview } from '../../contracts/uk-companies.js';

export const COMPANY_SECTION_IDS = [
  'overview',
  'profile',
  'financials',
  'officers',
  'pscs',
  'charges',
  'capital',
  'compliance',
  'risk',
  'auditor',
  'filings',
] as const;
export type CompanySectionId = (typeof COMPANY_SECTION_IDS)[number];

export interface CompanySection {
  id: CompanySectionId;
  label: string;
  /** The overview page's anchors (spec 2 2.5) this section covers; none for filings. */
  anchors: readonly string[];
}

export const COMPANY_SECTIONS: readonly CompanySection[] = [
  { id: 'overview', label: 'Overview', anchors: ['financial-summary', 'business-overview', 'key-highlights'] },
  { id: 'profile', label: 'Company Profile', anchors: ['company-profile'] },
  { id: 'financials', label: 'Key Financials', anchors: ['key-financials'] },
  { id: 'officers', label: 'Leadership', anchors: ['officers'] },
  { id: 'pscs', label: 'PSCs', anchors: ['officers'] },
  { id: 'charges', label: 'Creditor and Charges', anchors: ['charges'] },
  { id: 'capital', label: 'Capital Overview', anchors: ['capital-overview'] },
  { id: 'compliance', label: 'Compliance Tracker', anchors: ['confirmation-statement'] },
  { id: 'risk', label: 'Risk Profile', anchors: ['risk-profile'] },
  { id: 'auditor', label: 'Auditor', anchors: ['auditor-profile'] },
  { id: 'filings', label: 'Filings', anchors: [] },
];

export function isCompanySectionId(value: unknown): value is CompanySectionId {
  return typeof value === 'string' && (COMPANY_SECTION_IDS as readonly string[]).includes(value);
}

/** The section an overview anchor (the web's subCategory) belongs to. */
export function sectionOfAnchor(anchor: string): CompanySectionId | null {
  return COMPANY_SECTIONS.find((s) => s.anchors.includes(anchor))?.id ?? null;
}

/** Whether a section has data to show (spec 2 2.5; auditor: 2.5 "hidden if both are missing"). */
export function sectionAvailable(id: CompanySectionId, overview: CompanyOverview): boolean {
  const summary = overview.document_summary;
  switch (id) {
    case 'overview':
    case 'profile':
    case 'officers': // officers, PSCs and compliance need only a company number
    case 'pscs':
    case 'compliance':
    case 'filings':
      return true;
    case 'financials':
      return overview.financial_summary !== null && overview.financial_summary !== undefined;
    case 'charges':
      return (overview.charges?.charges?.length ?? 0) > 0;
    case 'capital':
      return overview.insights?.capital !== null && overview.insights?.capital !== undefined;
    case 'risk':
      return (summary?.riskOverview?.length ?? 0) > 0;
    case 'auditor':
      return Boolean(overview.document_metadata?.additionalDetails?.auditor?.name || summary?.auditorOpinion?.value);
  }
}

/** The sections to list for a company, in sidebar order. */
export function availableSections(overview: CompanyOverview | null): readonly CompanySection[] {
  if (!overview) return [];
  return COMPANY_SECTIONS.filter((section) => sectionAvailable(section.id, overview));
}
