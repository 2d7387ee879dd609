/**
 * A screener's state in an address (`?filter=turnover>1000000&sort=turnover:desc&page=2`), so that a
 * reload, Back and a shared link show the same rows. Any client with a query string can use it
 * (the web syncs it with its address bar; a CLI could print or read such a link).
 *
 *   q        the natural-language query as typed (companies screener)
 *   search   the search box
 *   filter   one per filter, in the filter expression grammar (filters/expression.ts); an empty
 *            `filter=` means "no filters" where the screener's defaults have some
 *   sort     column:asc or column:desc; `sort=none` where the default has a sort
 *   page     1-based
 *   size     rows per page
 *   tab      the creditors screener's open tab (lenders, charges, chargeCompanies)
 *
 * Parts equal to the screener's defaults are left out, so the plain address is the default view.
 * Unknown columns, bad filters and out-of-range numbers in a hand-edited address are dropped.
 */
import type { ColumnSpec } from '../../filters/types.js';
import { formatFilterExpression, parseFilterExpression, parseSortExpression } from '../../filters/expression.js';
import type { NormalisedFilter } from '../../filters/validate.js';
import { CREDITORS_TABS, type CreditorsTab } from '../creditors/creditors-tabs.js';
import type { TableState } from './table-state.js';
import type { TableSort } from './table-rules.js';

/** What of a table the address holds. */
export interface TableAddressState {
  page: number;
  pageSize: number;
  sort: TableSort | null;
  filters: readonly NormalisedFilter[];
  /** The search the rows answer (applied after the debounce; typing in between does not change the address). */
  search: string;
}

export interface CompaniesScreenerAddressState extends TableAddressState {
  /** The natural-language query bar as typed. */
  naturalQuery: string;
}

export interface CreditorsScreenerAddressState {
  tab: CreditorsTab;
  /** The open tab's table (the other tabs start from their defaults). */
  table: TableAddressState;
}

export const SCREENER_ADDRESS_KEYS = {
  naturalQuery: 'q',
  search: 'search',
  filter: 'filter',
  sort: 'sort',
  page: 'page',
  size: 'size',
  tab: 'tab',
} as const;
const K = SCREENER_ADDRESS_KEYS;

/** The address part of a table's state. */
export function tableAddressState(
  state: Pick<TableState<unknown>, 'page' | 'pageSize' | 'sort' | 'filters' | 'appliedSearch'>,
): TableAddressState {
  return { page: state.page, pageSize: state.pageSize, sort: state.sort, filters: state.filters, search: state.appliedSearch };
}

const sortText = (sort: TableSort | null) => (sort ? `${sort.columnId}:${sort.order}` : 'none');
const filtersText = (filters: readonly NormalisedFilter[]) => filters.map(formatFilterExpression);

function sameFilters(a: readonly NormalisedFilter[], b: readonly NormalisedFilter[]): boolean {
  const x = filtersText(a);
  const y = filtersText(b);
  return x.length === y.length && x.every((f, i) => f === y[i]);
}

/** Writes a table's state into `out`, leaving out what equals `defaults`. */
export function writeTableAddress(out: URLSearchParams, state: TableAddressState, defaults: TableAddressState): URLSearchParams {
  if (state.search.trim() !== '') out.set(K.search, state.search);
  if (!sameFilters(state.filters, defaults.filters)) {
    const texts = filtersText(state.filters);
    if (texts.length === 0) out.append(K.filter, '');
    for (const text of texts) out.append(K.filter, text);
  }
  if (sortText(state.sort) !== sortText(defaults.sort)) out.set(K.sort, sortText(state.sort));
  if (state.pageSize !== defaults.pageSize) out.set(K.size, String(state.pageSize));
  if (state.page !== 1) out.set(K.page, String(state.page));
  return out;
}

function readFilters(params: URLSearchParams, columns: readonly ColumnSpec[], defaults: readonly NormalisedFilter[]) {
  const texts = params.getAll(K.filter);
  if (texts.length === 0) return defaults;
  const filters: NormalisedFilter[] = [];
  for (const text of texts) {
    if (text.trim() === '') continue;
    try {
      const filter = parseFilterExpression(text, columns);
      // one filter per column (the popup's rule): a later one replaces an earlier one
      const at = filters.findIndex((f) => f.id === filter.id);
      if (at >= 0) filters[at] = filter;
      else filters.push(filter);
    } catch {
      // a hand-edited filter that does not read is left out, not an error page
    }
  }
  return filters;
}

function readSort(text: string | null, columns: readonly ColumnSpec[], fallback: TableSort | null): TableSort | null {
  if (text === null) return fallback;
  if (text === 'none') return null;
  try {
    const { sort_by, sort_order } = parseSortExpression(text, columns);
    return { columnId: sort_by, order: sort_order };
  } catch {
    return fallback;
  }
}

function readWhole(text: string | null): number | null {
  return text !== null && /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** Reads a table's state from an address; anything missing or unreadable is the default. */
export function readTableAddress(
  params: URLSearchParams,
  columns: readonly ColumnSpec[],
  defaults: TableAddressState,
  pageSizes: readonly number[],
): TableAddressState {
  const size = readWhole(params.get(K.size));
  const page = readWhole(params.get(K.page));
  return {
    search: params.get(K.search) ?? '',
    filters: readFilters(params, columns, defaults.filters),
    sort: readSort(params.get(K.sort), columns, defaults.sort),
    pageSize: size !== null && pageSizes.includes(size) ? size : defaults.pageSize,
    page: page !== null && page >= 1 ? page : 1,
  };
}

export function writeCompaniesScreenerAddress(state: CompaniesScreenerAddressState, defaults: TableAddressState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.naturalQuery.trim() !== '') out.set(K.naturalQuery, state.naturalQuery);
  return writeTableAddress(out, state, defaults);
}

export function readCompaniesScreenerAddress(
  params: URLSearchParams,
  columns: readonly ColumnSpec[],
  defaults: TableAddressState,
  pageSizes: readonly number[],
): CompaniesScreenerAddressState {
  return { ...readTableAddress(params, columns, defaults, pageSizes), naturalQuery: params.get(K.naturalQuery) ?? '' };
}

export const DEFAULT_CREDITORS_TAB: CreditorsTab = 'lenders';

export function writeCreditorsScreenerAddress(
  state: CreditorsScreenerAddressState,
  defaults: Readonly<Record<CreditorsTab, TableAddressState>>,
): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== DEFAULT_CREDITORS_TAB) out.set(K.tab, state.tab);
  return writeTableAddress(out, state.table, defaults[state.tab]);
}

export function readCreditorsScreenerAddress(
  params: URLSearchParams,
  defaults: Readonly<Record<CreditorsTab, TableAddressState>>,
  pageSizes: readonly number[],
): CreditorsScreenerAddressState {
  const tab = CREDITORS_TABS.find((t) => t.id === params.get(K.tab)) ?? CREDITORS_TABS.find((t) => t.id === DEFAULT_CREDITORS_TAB)!;
  return { tab: tab.id, table: readTableAddress(params, tab.columns, defaults[tab.id], pageSizes) };
}

/**
 * How an address change goes into the browser's history: typing (the search box, the query bar)
 * replaces the entry, so Back does not step through every letter; anything else (filters, sort,
 * page, page size, tab) is a new entry that Back returns from. A search applied on page 3 also
 * goes back to page 1: that is a new entry, and Back returns to page 3 without the search.
 */
export function addressHistoryMode(previous: URLSearchParams, next: URLSearchParams): 'push' | 'replace' {
  const typed: readonly string[] = [K.search, K.naturalQuery];
  const rest = (params: URLSearchParams) =>
    [...params.entries()]
      .filter(([key]) => !typed.includes(key))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
  return rest(previous) === rest(next) ? 'replace' : 'push';
}
