/**
 * Payloads of the UK company explorer (spec 2 sections 3 and 7), as the API answers them under
 * /api/companies_house/... Field names follow the spec, hence the mixed cases.
 */
import type { CapitalSummary } from '../rules/uk/capital.js';
import type { ChargeStatistics } from '../rules/uk/charges.js';
import type { ConfirmationStatementAnalysis } from '../rules/uk/confirmation-statements.js';
import type { LeadershipInsights } from '../rules/uk/leadership.js';
import type { CompanyDistress } from '../rules/uk/presentation/status.js';
import type { DistressSignal } from '../rules/uk/distress.js';
import type { YearOverYear } from '../rules/uk/year-over-year.js';
import type { CitedRatio } from '../ratios/statement.js';
import type { IdentityVerificationDetails } from '../rules/uk/identity-verification.js';
import type { IdentityVerificationSummary } from '../rules/uk/presentation/identity-verification.js';

/** spec 2 3.1. Extra fields beyond the spec help the result lists (status badge, address line). */
export interface CompanySearchResult {
  CompanyName: string;
  CompanyNumber: string;
  /** "LSE:BRIT", or null when not listed. */
  'Exchange:Ticker': string | null;
  SICCode_SicText_1: string | null;
  SICCode_SicText_2: string | null;
  company_status: string | null;
  /** Registered address on one line: "1 High Street, Leeds, LS1 4AB". */
  address: string | null;
  /** Generated sample data, not the register. */
  sample: boolean;
}

/** spec 2 3.2. JSON-in-text fields kept as the spec describes them. */
export interface CompanyProfile {
  company_name: string;
  company_number: string;
  incorporation_date: string | null;
  dissolution_date: string | null;
  company_status: string | null;
  company_category: string | null;
  country_of_origin: string | null;
  /** JSON text: {AddressLine1, AddressLine2, PostTown, County, Country, PostCode, CareOf, POBox}. */
  registered_address: string;
  /** JSON text: {AccountRefDay, AccountRefMonth, NextDueDate, LastMadeUpDate, AccountCategory}. */
  accounts: string;
  /** JSON text: {"SICCode.SicText_1": "62012 - ...", ..., "ConfStmtNextDueDate", "ConfStmtLastMadeUpDate", "Mortgages.*"}. */
  company_metadata: string;
  sic_codes: string[];
  previous_names: { name: string; effective_from?: string | null; ceased_on?: string | null }[];
  exchange: string | null;
  ticker: string | null;
  sample: boolean;
}

/** spec 2 3.5: one value of a series. */
export interface SeriesItem {
  year: number;
  value: number | null;
  currency: string;
  pageNumber: number | null;
  term: string | null;
  /** The accounts document the value comes from (open with get_filing_pdf). */
  document_id: string | null;
}

export const FINANCIAL_SUMMARY_KEYS = [
  'turnover',
  'operatingProfit',
  'EBITDA',
  'netProfitLoss',
  'totalAssets',
  'totalLiabilities',
  'netAssets',
  'cash',
  'employeeCount',
] as const;
export type FinancialSummaryKey = (typeof FINANCIAL_SUMMARY_KEYS)[number];
/** What each financial summary series is called on screen (spec 2 2.5's KPI card names; net profit is no card). */
export const FINANCIAL_SUMMARY_LABELS: Readonly<Record<FinancialSummaryKey, string>> = {
  turnover: 'Revenue',
  operatingProfit: 'Operating Profit',
  EBITDA: 'Adj. EBITDA',
  netProfitLoss: 'Net Profit/Loss',
  totalAssets: 'Total Assets',
  totalLiabilities: 'Total Liabilities',
  netAssets: 'Net Assets',
  cash: 'Cash & Equiv.',
  employeeCount: 'Employees',
};
/** The KPI cards of spec 2 2.5, in order. */
export const KPI_CARD_KEYS: readonly FinancialSummaryKey[] = [
  'turnover',
  'operatingProfit',
  'EBITDA',
  'totalAssets',
  'totalLiabilities',
  'netAssets',
  'cash',
  'employeeCount',
];
export type FinancialSummary = Record<FinancialSummaryKey, SeriesItem[]>;

export interface StatementLineView {
  key: string;
  label: string;
  value: number | null;
  currency: string;
  pageNumber: number | null;
  term: string | null;
}

/** One year of a statement (balance sheet, income statement, cash flow, key financials). */
export interface StatementYear {
  year: number;
  period_start: string | null;
  period_end: string;
  currency: string;
  document_id: string | null;
  lines: StatementLineView[];
}

export interface FilingDetails {
  company_number: string;
  document_category: string;
  s3_path: string | null;
  document_id: string | null;
}

/** spec 2 3.6 */
export interface DocumentSummaryView {
  businessOverview: string | null;
  managementDiscussionSummary: { value: string; pageNumbers: number[] } | null;
  riskOverview: { riskCategory: string; riskDescription: string; pageNumbers: number[] }[];
  keyHighlights: { highlight: string; pageNumbers: number[] }[];
  futureOutlook: { outlookItem: string; pageNumbers: number[] }[];
  criticalAccountingPolicies: { policy: string; pageNumbers: number[] }[];
  auditorOpinion: { value: string | null };
  fiscal_year: number | null;
  document_id: string;
}

/** spec 2 3.9 */
export interface ChargeView {
  charge_id: string;
  charge_number: number | null;
  charge_code: string | null;
  etag: string | null;
  status: string;
  created_on: string | null;
  delivered_on: string | null;
  satisfied_on: string | null;
  classification: { type: string | null; description: string | null };
  particulars: {
    type: string | null;
    description: string | null;
    contains_fixed_charge: boolean;
    contains_floating_charge: boolean;
    contains_negative_pledge: boolean;
    floating_charge_covers_all: boolean;
  };
  persons_entitled: { name: string }[];
  transactions: unknown[];
}

/** spec 2 3.4 */
export interface FilingListItem {
  transaction_id: string;
  category: string;
  subcategory: string | null;
  type: string;
  date: string | null;
  action_date: string | null;
  description: string;
  /** The description in words: "Appointment of Mr John Smith as a director on 1 March 2024". */
  long_description: string;
  description_values: Record<string, unknown>;
  annotations: unknown[];
  pages: number | null;
  barcode: string | null;
  paper_filed: boolean;
  /** Where get_filing_pdf finds the document: "{company_number}/{document_id}.pdf", or null without one. */
  s3_path: string | null;
  document_id: string | null;
}

export type FilingsByCategory = Record<string, FilingListItem[]>;

/** spec 2 3.7 */
export interface OfficerView {
  name: string;
  officer_role: string;
  nationality: string | null;
  occupation: string | null;
  country_of_residence: string | null;
  appointed_on: string | null;
  resigned_on: string | null;
  person_number: string | null;
  links: { officer: { appointments: string | null } };
  /** The register's identity verification (ECCTA), as published; null when it says nothing (identityVerificationState words it). */
  identity_verification_details?: IdentityVerificationDetails | null;
}

/** spec 2 3.8 */
export interface PscView {
  kind: string;
  name: string | null;
  notified_on: string | null;
  ceased_on: string | null;
  natures_of_control: string[];
  nationality: string | null;
  country_of_residence: string | null;
  statement: string | null;
  /** The register's identity verification (ECCTA), as published; null when it says nothing. */
  identity_verification_details?: IdentityVerificationDetails | null;
}

export interface OfficersResponse {
  officers: { data: OfficerView[] };
  psc: { individuals: PscView[]; corporate_entities: PscView[]; legal_persons: PscView[]; statements: PscView[] };
}

/** A metric in the latest financial year (presentation/key-figures.ts decides which year that is). */
export interface KeyFigure {
  year: number;
  value: number | null;
  /** "GBP"; null for employees or without a value. */
  currency: string | null;
  /** The value of the year before (year - 1), or null. */
  previous: number | null;
  change: YearOverYear;
  /** Where the value stands in its accounts document, when known. */
  pageNumber: number | null;
  document_id: string | null;
}
export type KeyFigures = Partial<Record<FinancialSummaryKey, KeyFigure>>;

/**
 * The computed insights of the overview (spec 2 sections 4, 5 and 9), from the shared rules, so
 * that scripts, the web and the terminal see the same signals.
 */
export interface OverviewInsights {
  /** null without financial figures. */
  key_figures: KeyFigures | null;
  leadership: LeadershipInsights;
  /** null without charges. */
  charges: ChargeStatistics | null;
  /** null without capital filings. */
  capital: CapitalSummary | null;
  confirmation_statement: ConfirmationStatementAnalysis;
  /** The distress banner (administration, receivership, liquidation, ...), or null. */
  distress: CompanyDistress | null;
  /**
   * Every distress signal (issue 27 §1), the most serious first, each naming the record that
   * cites it; the same rule the research chat's distress analysis reads.
   */
  distress_signals: DistressSignal[];
  /** The latest accounts' credit ratios by shared's one definition of each, inputs cited (issue 27); null without accounts. */
  ratios?: CitedRatio[] | null;
  /** Current directors' and PSCs' identity verification, overdue ones cited (issue 29); absent from older servers. */
  identity_verification?: IdentityVerificationSummary | null;
}

/** spec 2 3.3, plus the computed insights of sections 4, 5 and 9 for scripts and the terminal. */
export interface CompanyOverview {
  company_profile: CompanyProfile;
  financial_summary: FinancialSummary | null;
  document_summary: DocumentSummaryView | null;
  document_metadata: { additionalDetails: { auditor: { name: string | null } } };
  document_key_highlights: { highlight: string; pageNumbers: number[] }[];
  filing_details: FilingDetails | null;
  charges: { charges: ChargeView[] };
  insights: OverviewInsights;
  sample: boolean;
  notice: string | null;
}

export interface AggregatedFinancials {
  financial_summary: FinancialSummary;
  standardized_balance_sheet: StatementYear[];
  standardized_income_statement: StatementYear[];
  standardized_cash_flow_statement: StatementYear[];
  key_financials: StatementYear[];
  filing_details: FilingDetails | null;
}

/** spec 2 3.16 */
export interface CompaniesHouseTable {
  tableMetadata: {
    tableName: string;
    currency: string;
    unit: string;
    pageNumber: number | null;
    pdfName: string | null;
    tableType: string;
  };
  dataRows: { rowLabel: string; columns: { columnLabel: string; value: number | null }[] }[];
}

/** spec 2 3.18 "date map items": a period the company has accounts for (get_company_dates), newest first. */
export interface CompanyDate {
  /** Period end, YYYY-MM-DD. */
  date: string;
  /** "FY2024". */
  fiscal_date: string;
  fiscal_year: number;
  /** The accounts document of the period (open with get_filing_pdf), or null. */
  document_id: string | null;
}

/** The statements get_kpi_values_by_table_name answers as a table. */
export const KPI_TABLE_NAMES = ['key_financials', 'balance_sheet', 'income_statement', 'cash_flow', 'financial_summary'] as const;
export type KpiTableName = (typeof KPI_TABLE_NAMES)[number];

export interface KpiTableResponse {
  table_data: CompaniesHouseTable;
  table_unit: string;
}

/**
 * The Companies House Streaming API's streams that change what Credence shows, by name, and their
 * paths on the stream host (CH_STREAM_URL): the API's consumer follows them, tests stand in for them.
 */
export const CH_STREAM_PATHS = {
  companies: '/companies',
  filings: '/filings',
  officers: '/officers',
  pscs: '/persons-with-significant-control',
  charges: '/charges',
  'insolvency-cases': '/insolvency-cases',
  'disqualified-officers': '/disqualified-officers',
} as const;
