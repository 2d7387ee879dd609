/**
 * Screener payloads and routes (spec 2 3.10-3.14 and section 7), under /api. Every list answer
 * is `{status: "success", data: {<rows>, total_count, page_count, ...}}` or, with a 4xx/5xx,
 * `{status: "error", message, error}`.
 */
import type { ColumnFilter, OperatorFilter, SortOrder } from '../filters/types.js';

export const COMPANY_SCREENER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const COMPANY_SCREENER_DEFAULT_PAGE_SIZE = 100;
export const CREDITORS_DEFAULT_PAGE_SIZE = 50;
/** Totals above this may be estimates; the answer says so (`total_is_estimate`). */
export const EXACT_COUNT_LIMIT = 100_000;

/** The four screener tables, named as the API's routes, the CLI and the view models name them. */
export type ScreenerTable = 'companies' | 'charges' | 'lenders' | 'chargeCompanies';

export interface ScreenerTableDefaults {
  /** The key of the rows array in the list answer's data (spec 2 section 7). */
  rowsKey: string;
  /** spec 2 section 9: charges by delivered_on descending; lenders and companies by total_charges descending. */
  defaultSort: { sortBy: string; sortOrder: SortOrder };
  defaultPageSize: number;
  /** The only page sizes allowed; null: 1 to 1000 (option fetches use 1000). */
  pageSizes: readonly number[] | null;
}

/** What every client and the API agree on for each table, once. */
export const SCREENER_TABLE_DEFAULTS: Readonly<Record<ScreenerTable, ScreenerTableDefaults>> = {
  companies: {
    rowsKey: 'companies',
    // The first page shows the largest trading companies, not dormant ones with blank figures:
    // companies with no turnover on file sort last in either order (NULLS LAST).
    defaultSort: { sortBy: 'turnover', sortOrder: 'desc' },
    defaultPageSize: COMPANY_SCREENER_DEFAULT_PAGE_SIZE,
    pageSizes: COMPANY_SCREENER_PAGE_SIZES,
  },
  charges: {
    rowsKey: 'charges',
    defaultSort: { sortBy: 'delivered_on', sortOrder: 'desc' },
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    pageSizes: null,
  },
  lenders: {
    rowsKey: 'lender_stats',
    defaultSort: { sortBy: 'total_charges', sortOrder: 'desc' },
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    pageSizes: null,
  },
  chargeCompanies: {
    rowsKey: 'company_stats',
    defaultSort: { sortBy: 'total_charges', sortOrder: 'desc' },
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    pageSizes: null,
  },
};

/** Query of every screener list call (filters and sorts travel as query parameters). */
export interface ScreenerQuery<F = ColumnFilter> {
  page?: number;
  page_size?: number;
  sort_by?: string;
  sort_order?: SortOrder;
  filters?: F[];
  global_filter?: string;
  /** Keyset cursor from a previous answer's next_cursor / prev_cursor: next or previous page at any depth. */
  cursor?: string;
}
export type ChargesQuery = ScreenerQuery<OperatorFilter>;

/** Paging fields every screener answer carries beside its rows. */
export interface ScreenerPaging {
  total_count: number;
  page_count: number;
  /** The page these rows are (after clamping a page past the end to the last page). */
  page: number;
  page_size: number;
  /** True when total_count is the planner's estimate (above EXACT_COUNT_LIMIT): show "about". */
  total_is_estimate: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

export interface FigureDetails {
  /** Per metric (turnover, EBITDA, ...): the page of the accounts PDF that prints it. */
  page_numbers: Record<string, number | null>;
}

/** spec 2 3.14. Amounts in whole units of `currency`; null when not reported. */
export interface ScreenerCompanyRow {
  company_name: string;
  company_number: string;
  ticker: string | null;
  industry_group: string | null;
  industry_sector: string | null;
  sic_code: string | null;
  currency: string | null;
  filing_year: number | null;
  turnover: number | null;
  operating_profit: number | null;
  net_profit_loss: number | null;
  EBITDA: number | null;
  total_assets: number | null;
  total_liabilities: number | null;
  net_asset: number | null;
  cash: number | null;
  employee_count: number | null;
  earnings_per_share: number | null;
  debt_to_equity_ratio: number | null;
  total_charges: number;
  outstanding: number;
  fixed: number;
  floating: number;
  negative_pledge: number;
  part_satisfied: number;
  document_id: string | null;
  details: FigureDetails;
}

/** spec 2 3.10. */
export interface ChargeScreenerRow {
  charge_id: string;
  company_number: string;
  company_name: string;
  status: string;
  delivered_on: string | null;
  lenders: string[];
  charge_code: string | null;
  classification_description: string | null;
  particulars_description: string | null;
  charge_number: number | null;
  contains_fixed_charge: boolean;
  contains_floating_charge: boolean;
  contains_negative_pledge: boolean;
  created_on: string | null;
  satisfied_on: string | null;
}

/** spec 2 3.11. lender_name is the display name of the normalised lender. */
export interface LenderStatsRow {
  lender_name: string;
  total_charges: number;
  outstanding_charges: number;
  part_satisfied_charges: number;
  companies_count: number;
  floating_charges: number;
  fixed_charges: number;
  negative_pledge_charges: number;
}

/** spec 2 3.12. */
export interface LenderDetail {
  lender_name: string;
  /** Every spelling the lender was filed under, most used first. */
  raw_names: { name: string; charges: number }[];
  total_charges: number;
  unique_companies_count: number;
  status_counts: { outstanding: number; 'part-satisfied': number; 'fully-satisfied': number; unknown: number };
  charge_types: { floating_charges: number; fixed_charges: number; negative_pledges: number };
  charges_by_year: { year: number; count: number }[];
  top_companies: { company_number: string; company_name: string; charge_count: number }[];
  recent_charges: {
    charge_id: string;
    company_number: string;
    company_name: string;
    status: string;
    delivered_on: string | null;
    charge_code: string | null;
    charge_number: number | null;
    particulars_description: string | null;
    contains_floating_charge: boolean;
    contains_fixed_charge: boolean;
    contains_negative_pledge: boolean;
  }[];
}

/** spec 2 3.13. */
export interface CompanyChargeStatsRow {
  company_number: string;
  company_name: string;
  total_charges: number;
  outstanding_charges: number;
  part_satisfied_charges: number;
  fixed_charges: number;
  floating_charges: number;
  negative_pledge_charges: number;
  latest_charge_date: string | null;
  unique_lenders_count: number;
}

export interface ScreenerSuccess<D> {
  status: 'success';
  data: D;
}
/** The company numbers a companies-screener selection holds (at most WATCHLIST_LIMITS.perRequest; more is a 400). */
export type ScreenerCompanyNumbersResponse = ScreenerSuccess<{ company_numbers: string[]; total: number }>;

export type CompanyScreenerResponse = ScreenerSuccess<{ companies: ScreenerCompanyRow[] } & ScreenerPaging>;
export type ChargeScreenerResponse = ScreenerSuccess<{ charges: ChargeScreenerRow[] } & ScreenerPaging>;
export type LenderStatsResponse = ScreenerSuccess<{ lender_stats: LenderStatsRow[] } & ScreenerPaging>;
export type CompanyChargeStatsResponse = ScreenerSuccess<{ company_stats: CompanyChargeStatsRow[] } & ScreenerPaging>;
export type LenderDetailResponse = ScreenerSuccess<LenderDetail>;
export type UniqueValuesResponse = ScreenerSuccess<{ values: string[] }>;

/** Each table's list answer. */
export interface ScreenerListResponses {
  companies: CompanyScreenerResponse;
  charges: ChargeScreenerResponse;
  lenders: LenderStatsResponse;
  chargeCompanies: CompanyChargeStatsResponse;
}

/** The filter shape each table's query carries (spec 2 3.15). */
export interface ScreenerFilterShapes {
  companies: ColumnFilter;
  charges: OperatorFilter;
  lenders: OperatorFilter;
  chargeCompanies: OperatorFilter;
}

/**
 * A screener list's query as the query string carries it: the filters JSON-encoded. The API's
 * screener parser reads these names (its `{status: "error"}` answers name the field).
 */
export interface ScreenerListParams {
  page?: number;
  page_size?: number;
  sort_by?: string;
  sort_order?: SortOrder;
  filters?: string;
  global_filter?: string;
  cursor?: string;
}

/** `screener-company-numbers`: the list query without its paging. */
export type ScreenerCompanyNumbersQuery = Omit<ScreenerListParams, 'page' | 'page_size' | 'cursor'>;

/** POST companies_house/convert-query-to-filters. */
export interface ConvertQueryResponse {
  status: 'success';
  filters: ColumnFilter[];
  /** One line: what was understood ("Turnover over £10m, in Manufacturing, filed in 2023"). */
  explanation: string;
  /** Words or phrases that could not be placed, for the user to rephrase. */
  unplaced: string[];
  /** A ranking ("top 10 construction companies by revenue", "lowest gearing"): the sort it asks for. */
  sort_by?: string;
  sort_order?: SortOrder;
  /** A counted ranking ("top 10"): the page size (10, 25, 50 or 100) that shows that many. */
  page_size?: number;
}

export type ExportFormat = 'csv' | 'xlsx' | 'json';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'json'];

/** Routes (relative to /api). Exports take the list query plus `format`. */
export const SCREENER_ROUTES = {
  companies: 'companies_house/get-screener-info',
  companiesExport: 'companies_house/screener-export',
  /** GET the screener's filters and search (no paging): `{data: {company_numbers, total}}`, at most WATCHLIST_LIMITS.perRequest ("watch all N results"). */
  companiesNumbers: 'companies_house/screener-company-numbers',
  companiesUniqueValues: 'companies_house/get-unique-column-values',
  convertQuery: 'companies_house/convert-query-to-filters',
  charges: 'companies_house/charges-screener-info',
  chargesExport: 'companies_house/charges-screener-export',
  chargesUniqueValues: 'companies_house/charges-unique-column-values',
  lenders: 'companies_house/charges/stats/by-lender',
  lendersExport: 'companies_house/charges/stats/by-lender/export',
  lendersUniqueValues: 'companies_house/charges/lender-stats-unique-column-values',
  lenderDetail: 'companies_house/charges/lender-detail',
  chargeCompanies: 'companies_house/charges/stats/by-company',
  chargeCompaniesExport: 'companies_house/charges/stats/by-company/export',
  chargeCompaniesUniqueValues: 'companies_house/charges/company-stats-unique-column-values',
} as const;
