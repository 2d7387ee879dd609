/**
 * US equity (spec 3 sections 2, 3, 7 and 8; docs/architecture.md 10): SEC XBRL company facts as KPI
 * tables. The API, the web app and the terminal all read these types.
 */
import type { ResearchCitation, ResearchTable } from './research.js';

/** Routes relative to /api (spec 3 section 7; the ones the spec leaves unnamed are named here). */
/** US equity routes that are not JSON (the workbook) or take their input oddly; the JSON ones are in contracts/routes.ts. */
export const US_EQUITY_ROUTES = {
  backlinker: 'backlinker',
  downloadExcel: 'download_excel',
  requests: 'requests',
} as const;

/** Spec 3 section 8 (and the texts this area adds). */
export const US_EQUITY_TEXTS = {
  quotaExceeded: 'You have exceeded your quota!',
  fetchFailed: 'An error occurred while fetching the data.',
  noData: 'No data returned from the server.',
  companyListFailed: 'Failed to load company list.',
  companyDataFailed: 'Failed to load company data.',
  searchPlaceholder: 'Search for a US company...',
  landingHeading: 'Search for US companies, explore KPIs, and get strategic insights!',
  unknownCompany: (cik: string) => `No US company with CIK ${cik}: search by name or ticker first.`,
  noFacts: (title: string) => `No SEC filings are imported for ${title} yet: request the company to have it added.`,
  requestStored: (title: string) => `Request received: ${title} will be added when its SEC filings are imported.`,
  requestExists: (title: string) => `${title} is already requested: it will be added when its SEC filings are imported.`,
  alreadyAvailable: (title: string) => `${title} already has SEC data: open its strategic indicators.`,
  unknownTable: (name: string, valid: readonly string[]) => `Unknown table_name "${name}": use one of ${valid.join(', ')}.`,
  unknownValue: (id: string) => `No KPI value ${id} for this company: take kv_id from a KPI table cell.`,
} as const;

/** Spec 3 section 9: the US company search is fuzzy with threshold 0.3 (0.4 in restructuring). */
export const US_EQUITY_CONSTANTS = {
  searchThreshold: 0.3,
  restructuringSearchThreshold: 0.4,
  defaultOptionCount: 50,
  searchDebounceMs: 300,
} as const;

/** `annual` columns are fiscal years, `quarterly` ones discrete fiscal quarters. */
export type UsDocumentCategory = 'annual' | 'quarterly';
export const US_DOCUMENT_CATEGORIES: readonly UsDocumentCategory[] = ['annual', 'quarterly'];

/** FY for a fiscal year, Q1..Q4 for a discrete fiscal quarter. */
export type UsEndingType = 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4';

/** One fact of an SEC companyfacts file, as stored: `concept` carries its taxonomy. */
export interface UsFact {
  /** `us-gaap:Revenues`, `ifrs-full:Revenue`, `dei:EntityCommonStockSharesOutstanding`. */
  concept: string;
  unit: string;
  /** ISO date; null for an instant. */
  start: string | null;
  end: string;
  val: number;
  accn: string;
  form: string;
  filed: string;
  frame?: string | null;
  fy?: number | null;
  fp?: string | null;
}

/** US company (spec 3 section 3). */
export interface UsCompany {
  title: string;
  cik_str: string;
  ticker: string | null;
  industry: string | null;
  sector: string | null;
  logo_url: string | null;
  /** Facts are imported for it. */
  available: boolean;
  /** Imported from the SEC (false for the generated sample companies). */
  verified: boolean;
  sample?: boolean;
  exchange?: string | null;
  fiscal_year_end?: string | null;
}

/** KPI item (spec 3 section 3). */
export interface UsKpiItem {
  name: string;
  table_name: string;
  group_name: string;
  row_header_name: string;
  category: UsDocumentCategory;
}

/** A column of a KPI table. */
export interface UsKpiPeriod {
  /** `FY2023` or `2023Q1`: the second half of every kpi_value_id in the column. */
  key: string;
  label: string;
  ending_type: UsEndingType;
  fiscal_year: number;
  /** The period's end date (ISO). */
  fiscal_date: string;
  /** The period's start date (ISO). */
  start: string;
}

export interface UsKpiCell {
  kpi_value_id: string;
  value: number;
  derived: boolean;
}

export interface UsKpiRow {
  name: string;
  group_name: string;
  row_header_name: string;
  unit: string;
  /** Aligned with the table's periods. */
  cells: (UsKpiCell | null)[];
}

/** `get_kpi_values_by_table_name` (spec 3: table_data, table_unit). */
export interface UsKpiTable {
  table_name: string;
  category: UsDocumentCategory;
  table_unit: string;
  periods: UsKpiPeriod[];
  table_data: UsKpiRow[];
  sample?: boolean;
}

/** Where a value was read: one fact of one filing. */
export interface UsFactSource {
  concept: string;
  unit: string;
  start: string | null;
  end: string;
  value: number;
  accn: string;
  form: string;
  filed: string;
  frame: string | null;
}

/** An operand of a derived value (a quarter from year-to-date figures, a margin, a growth rate). */
export interface UsOperand {
  label: string;
  /** `+` adds, `-` subtracts, `/` divides, `base` is the prior period of a growth rate. */
  role: '+' | '-' | '/' | 'base';
  value: number;
  unit: string;
  derived: boolean;
  start: string | null;
  end: string;
  kpi_value_id?: string;
  source?: UsFactSource;
}

/** Derived-value info and KPI value (spec 3 section 3). */
export interface UsKpiValue {
  kpi_value_id: string;
  name: string;
  table_name: string;
  group_name: string;
  row_header_name: string;
  table_unit: string;
  value: number;
  unit: string;
  ending_type: UsEndingType;
  fiscal_date: string;
  fiscal_year: number;
  derived: boolean;
  /** How it was computed, for a derived value (`FY − 9M`, `Gross profit / Revenue`). */
  formula?: string;
  /** The filing of a reported value (or of the latest operand of a derived one). */
  form_type: string | null;
  filing_report_date: string | null;
  sources: UsFactSource[];
  operands: UsOperand[];
}

/** `api/get_highlighted_source` (spec 3 section 3). */
export interface UsHighlightedSource {
  company_name: string;
  sec_source_url: string | null;
  raw_html: string | null;
  /** The id of the highlighted element, to scroll to. */
  highlight_id: string | null;
  /** The text of the row or paragraph the figure is shown in. */
  sentence?: string | null;
  form_type?: string | null;
  filing_report_date?: string | null;
  /** Why there is no highlight (document not imported, before inline XBRL, not tagged). */
  message?: string;
  kpi_info: UsKpiValue;
}

/**
 * Data insights (spec 3 /us/equity_analysis/data_insights and section 7's equity calls). A
 * relevant table is `[table_name, table]`: the page's dropdown is labelled by the first element.
 */
export type UsRelevantTable = [string, UsKpiTable];

/** `GET equity_analysis/generate_thought_process?company_id&query`. */
export interface EquityThoughtProcessResponse {
  thought_process: string[];
  error?: string;
}

/** The result of the `equity_analysis/select_tables` job (check_query). */
export interface EquityTablesResult {
  relevant_table_names: UsRelevantTable[];
}

/** The result of the `equity_analysis/observations` job: observations as strings, `[^c1]` marking citations. */
export interface EquityObservationsResult {
  observations: string[];
  thought_process: string[];
  /** Each figure's filing tag: `url` opens /backlinker (api/get_highlighted_source) with cik, doc_cg and kv_id. */
  citations: ResearchCitation[];
  table_data: ResearchTable[];
  related_questions: string[];
  /** Set when the KPI tables could not answer: what is missing. */
  declined?: { missing: string[] };
}

/** `GET run_equity_analysis_query?company_id&query`. */
export interface EquityAnalysisResponse {
  result: EquityObservationsResult & EquityTablesResult;
  thought_process: string[];
}

/** `GET requests` (admins): the companies users asked for, most asked first. */
export interface UsCompanyRequestCount {
  cik_str: string;
  title: string;
  ticker: string | null;
  requests: number;
  last_requested_at: string;
}
