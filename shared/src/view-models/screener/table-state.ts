/** The state of one screener table (the companies screener, or one creditors tab). */
import type { ScreenerTable } from '../../client/api-client.js';
import { SCREENER_TABLE_DEFAULTS } from '../../contracts/screeners.js';
import type { NormalisedFilter } from '../../filters/validate.js';
import type { FilterPopupState } from './filter-popup.js';
import type { TableSort } from './table-rules.js';

export interface ColumnOptionsState {
  status: 'loading' | 'ready' | 'error';
  values: readonly string[];
  /** "Failed to load filter options" (companies) or "Error loading" (creditors). */
  error: string | null;
}

export interface TableState<Row> {
  rows: readonly Row[];
  /** idle: never loaded; loading: a request is out (the previous rows stay until it answers). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** What the table shows instead of rows: the spec's error or empty text; null when rows show. */
  message: string | null;
  /** A failure in words for a status line (the server's message with the spec's prefix); null when none. */
  errorDetail: string | null;
  totalCount: number;
  pageCount: number;
  /** Show "about" before the total (totals above the exact-count limit are estimates). */
  totalIsEstimate: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** null: the server's own order. */
  sort: TableSort | null;
  filters: readonly NormalisedFilter[];
  /** The search box as typed. */
  search: string;
  /** The search the rows answer (trimmed; applied after the debounce). */
  appliedSearch: string;
  /** True while typed search text waits out the debounce. */
  searchPending: boolean;
  /** The column filter popup, open on at most one column. */
  popup: FilterPopupState | null;
  /** Option lists of select columns, by column id (fetched once). */
  options: Readonly<Record<string, ColumnOptionsState>>;
  /** The focused row (terminal); -1 when there are no rows. */
  selectedIndex: number;
}

export function initialTableState<Row>(pageSize: number, sort: TableSort | null): TableState<Row> {
  return {
    rows: [],
    status: 'idle',
    message: null,
    errorDetail: null,
    totalCount: 0,
    pageCount: 0,
    totalIsEstimate: false,
    page: 1,
    pageSize,
    sort,
    filters: [],
    search: '',
    appliedSearch: '',
    searchPending: false,
    popup: null,
    options: {},
    selectedIndex: -1,
  };
}

/** Whether "Clear Filters" shows: any filter or any search text (spec 2 2.12). */
export function hasActiveFilters(state: Pick<TableState<unknown>, 'filters' | 'search' | 'appliedSearch'>): boolean {
  return state.filters.length > 0 || state.search.trim() !== '' || state.appliedSearch !== '';
}

/** The rows' key in each table's list answer (spec 2 section 7; company stats may come as `stats`). */
export const TABLE_ROWS_KEY: Readonly<Record<ScreenerTable, string>> = {
  companies: SCREENER_TABLE_DEFAULTS.companies.rowsKey,
  charges: SCREENER_TABLE_DEFAULTS.charges.rowsKey,
  lenders: SCREENER_TABLE_DEFAULTS.lenders.rowsKey,
  chargeCompanies: SCREENER_TABLE_DEFAULTS.chargeCompanies.rowsKey,
};

/** The wording a table shows for failures and empty results (each screen gives its own). */
export interface TableTexts {
  /** Shown instead of rows after a failure. */
  error: string;
  /** Shown instead of rows when nothing matches. */
  empty: string;
  /** The status-line wording of a failure. */
  errorDetail(error: unknown): string;
  /** An option list that failed to load. */
  optionsFailed: string;
}
