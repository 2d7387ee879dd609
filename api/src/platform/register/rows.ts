/**
 * Rows of the UK company tables as importers and the sample generator produce them: column names
 * as in the migration, dates as 'YYYY-MM-DD' strings, JSON columns as plain values. Optional
 * columns left undefined are written as NULL (or the column's default for arrays and JSON).
 */
type DateText = string;

export interface CompanyRow {
  company_number: string;
  company_name: string;
  company_status?: string | null;
  company_category?: string | null;
  country_of_origin?: string | null;
  incorporation_date?: DateText | null;
  dissolution_date?: DateText | null;
  address_care_of?: string | null;
  address_po_box?: string | null;
  address_line_1?: string | null;
  address_line_2?: string | null;
  post_town?: string | null;
  county?: string | null;
  country?: string | null;
  postcode?: string | null;
  /** SIC 2007 codes, e.g. ['62012']. */
  sic_codes?: string[];
  /** The same as published: "62012 - Business and domestic software development". */
  sic_texts?: string[];
  accounts_ref_day?: number | null;
  accounts_ref_month?: number | null;
  accounts_next_due?: DateText | null;
  accounts_last_made_up?: DateText | null;
  accounts_category?: string | null;
  conf_stmt_next_due?: DateText | null;
  conf_stmt_last_made_up?: DateText | null;
  mortgages_outstanding?: number | null;
  mortgages_part_satisfied?: number | null;
  mortgages_satisfied?: number | null;
  mortgages_total?: number | null;
  /** [{name, effective_from, ceased_on}] newest first. */
  previous_names?: { name: string; effective_from?: DateText | null; ceased_on?: DateText | null }[];
  uri?: string | null;
  exchange?: string | null;
  ticker?: string | null;
  source: 'csv' | 'api' | 'sample';
}

export interface OfficerRow {
  company_number: string;
  /** Stable within the company: the appointment id from the API's links.self, else a hash of name+role+appointed_on. */
  officer_key: string;
  name: string;
  officer_role: string;
  appointed_on?: DateText | null;
  resigned_on?: DateText | null;
  nationality?: string | null;
  occupation?: string | null;
  country_of_residence?: string | null;
  birth_month?: number | null;
  birth_year?: number | null;
  person_number?: string | null;
  appointments_link?: string | null;
  address?: Record<string, unknown> | null;
  /** The register's identity_verification_details (ECCTA), as published; null when it says nothing. */
  identity_verification?: Record<string, unknown> | null;
}

export interface PscRow {
  company_number: string;
  /** The PSC id from links.self (or a hash of kind+name+notified_on when absent). */
  psc_key: string;
  /** individual-person-with-significant-control, corporate-entity-..., legal-person-..., persons-with-significant-control-statement, super-secure-... */
  kind: string;
  name?: string | null;
  notified_on?: DateText | null;
  ceased_on?: DateText | null;
  natures_of_control?: string[];
  nationality?: string | null;
  country_of_residence?: string | null;
  statement?: string | null;
  /** The whole record as published. */
  data?: Record<string, unknown>;
}

export interface ChargeRow {
  /** The id in the API's links.self (/company/{n}/charges/{charge_id}). */
  charge_id: string;
  company_number: string;
  charge_number?: number | null;
  charge_code?: string | null;
  /** outstanding, fully-satisfied, part-satisfied, satisfied */
  status: string;
  created_on?: DateText | null;
  delivered_on?: DateText | null;
  satisfied_on?: DateText | null;
  acquired_on?: DateText | null;
  classification_type?: string | null;
  classification_description?: string | null;
  particulars_type?: string | null;
  particulars_description?: string | null;
  contains_fixed_charge?: boolean;
  contains_floating_charge?: boolean;
  contains_negative_pledge?: boolean;
  floating_charge_covers_all?: boolean;
  /** Lender names as filed. The store derives charge_lenders (with normalised keys) from them. */
  persons_entitled?: string[];
  transactions?: unknown[];
  etag?: string | null;
}

export interface FilingRow {
  transaction_id: string;
  company_number: string;
  category: string;
  subcategory?: string | null;
  type: string;
  date?: DateText | null;
  action_date?: DateText | null;
  description: string;
  description_values?: Record<string, unknown>;
  annotations?: unknown[];
  associated_filings?: unknown[];
  pages?: number | null;
  barcode?: string | null;
  paper_filed?: boolean;
  document_id?: string | null;
}

export interface DocumentRow {
  document_id: string;
  company_number: string;
  transaction_id?: string | null;
  content_type: string;
  pages?: number | null;
  /** Relative to DATA_DIR. */
  storage_path: string;
}

/** One value of a statement: spec 2 3.5's series item. */
export interface StatementLine {
  key: string;
  label: string;
  value: number | null;
  currency: string;
  pageNumber: number | null;
  term: string | null;
}

export interface FinancialStatementRow {
  company_number: string;
  period_end: DateText;
  period_start?: DateText | null;
  fiscal_year: number;
  currency: string;
  document_id?: string | null;
  /** 'ixbrl' | 'sample' | 'api' */
  source: string;
  turnover?: number | null;
  operating_profit?: number | null;
  net_profit_loss?: number | null;
  ebitda?: number | null;
  total_assets?: number | null;
  total_liabilities?: number | null;
  net_assets?: number | null;
  cash?: number | null;
  employees?: number | null;
  earnings_per_share?: number | null;
  debt_to_equity_ratio?: number | null;
  /** Metric key (turnover, operatingProfit, EBITDA, totalAssets, ...) → page of the document holding it. */
  page_numbers?: Record<string, number>;
  /** Metric key → the XBRL concept or the label it was read from. */
  terms?: Record<string, string>;
  balance_sheet?: StatementLine[];
  income_statement?: StatementLine[];
  cash_flow?: StatementLine[];
  key_financials?: StatementLine[];
}

export interface DocumentSummaryRow {
  company_number: string;
  document_id: string;
  fiscal_year?: number | null;
  business_overview?: string | null;
  management_discussion?: { value: string; pageNumbers: number[] } | null;
  risks?: { riskCategory: string; riskDescription: string; pageNumbers: number[] }[];
  key_highlights?: { highlight: string; pageNumbers: number[] }[];
  future_outlook?: { outlookItem: string; pageNumbers: number[] }[];
  accounting_policies?: { policy: string; pageNumbers: number[] }[];
  auditor_name?: string | null;
  auditor_opinion?: string | null;
}
