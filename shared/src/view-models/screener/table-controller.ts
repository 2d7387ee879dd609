/**
 * The behaviour of one screener table over a slice of a view model's state: loading a page
 * (latest request wins), paging, sorting, filters, the debounced search, the filter popup and
 * option lists. The companies screener holds one; the creditors screener one per tab.
 */
import type { ApiClient, ScreenerFilterShapes, ScreenerTable } from '../../client/api-client.js';
import type { ScreenerQuery } from '../../contracts/screeners.js';
import type { ColumnSpec } from '../../filters/types.js';
import type { NormalisedFilter } from '../../filters/validate.js';
import { isAbort } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { debounce, type Scheduler } from '../scheduler.js';
import { clampIndex, moveIndex } from '../selection.js';
import {
  applyFilterPopup,
  editFilterPopup,
  openFilterPopup,
  removeColumnFilter,
  replaceColumnFilter,
  toggleFilterPopupValue,
  type FilterPopupEdit,
} from './filter-popup.js';
import type { TableAddressState } from './screener-url.js';
import { TABLE_ROWS_KEY, type TableState, type TableTexts } from './table-state.js';
import { tableQuery } from './table-query.js';
import { clampPage, nextSort, parsePageJump, type TableSort } from './table-rules.js';

/** What changed the query: the creditors screener collapses its lender on these. */
export type QueryChange = 'page' | 'pageSize' | 'sort' | 'filters' | 'search';

export type { TableTexts };

export interface TableControllerConfig<Row> {
  table: ScreenerTable;
  columns: readonly ColumnSpec[];
  client: Pick<ApiClient, 'list' | 'uniqueValues'>;
  scheduler: Scheduler;
  searchDebounceMs: number;
  pageSizes: readonly number[];
  /** creditors: a new page size returns to page 1; companies: keeps the page (clamped by the answer). */
  pageSizeResets: boolean;
  screen: 'companies' | 'creditors';
  texts: TableTexts;
  get(): TableState<Row>;
  set(partial: Partial<TableState<Row>>): void;
  onQueryChange?(change: QueryChange): void;
}

export interface TableActions {
  /** Loads the current page (again). */
  load(): void;
  setPage(page: number): void;
  nextPage(): void;
  previousPage(): void;
  firstPage(): void;
  lastPage(): void;
  /** A typed page number: whole numbers clamp to 1..page count; false (revert the input) otherwise. */
  jumpToPage(text: string | number): boolean;
  /** One of the offered page sizes; others are ignored. */
  setPageSize(size: number): void;
  /** Cycles a column's sort (see nextSort); back to page 1. */
  toggleSort(columnId: string): void;
  setSort(sort: TableSort | null): void;
  /** Replaces every filter; back to page 1. */
  setFilters(filters: readonly NormalisedFilter[]): void;
  /** Replaces the filter on the filter's column; back to page 1. */
  setFilter(filter: NormalisedFilter): void;
  removeFilter(columnId: string): void;
  /** Removes every filter and the search text ("Clear Filters"). */
  clearFilters(): void;
  /** The search text as typed: applied after the debounce; back to page 1. */
  setSearch(text: string): void;
  /** Applies waiting search text now (Enter). */
  submitSearch(): void;
  /** Opens the filter popup on a filterable column (closing any other), loading its options. */
  openPopup(columnId: string): void;
  editPopup(edit: FilterPopupEdit): void;
  togglePopupValue(option: string): void;
  /** Apply: validates (the message stays in popup.error) or replaces the column's filter, closes, page 1. */
  applyPopup(): boolean;
  /** Clear: removes the column's filter, closes, page 1. */
  clearPopup(): void;
  closePopup(): void;
  /** Loads a select column's option list once (closed lists answer at once). */
  loadOptions(columnId: string): void;
  moveSelection(delta: number): void;
  select(index: number): void;
  /**
   * Puts back what an address holds (page, page size, sort, filters, search applied at once) with
   * one load; before the first load it only sets them, for start() to load.
   */
  restore(state: TableAddressState): void;
  /** Stops the debounce and the request in flight. */
  dispose(): void;
}

/** Any table's list answer, read loosely (the rows' key differs per table). */
type ListAnswer = { status?: string; data?: Record<string, unknown> } | null | undefined;

export function createTableController<Row>(config: TableControllerConfig<Row>): TableActions {
  const { get, set, client, table, columns, texts } = config;
  const latest = createLatestRequest();
  const applySearchLater = debounce(config.scheduler, config.searchDebounceMs, () => applySearch());

  function query(state: TableState<Row>): ScreenerQuery<ScreenerFilterShapes[ScreenerTable]> {
    return tableQuery(table, state);
  }

  function load() {
    const ticket = latest.next();
    const requested = get();
    set({ status: 'loading' });
    (client.list(table, query(requested) as never, { signal: ticket.signal }) as Promise<unknown> as Promise<ListAnswer>).then(
      (answer) => {
        if (!ticket.isCurrent()) return;
        const data = answer?.data;
        if (!data || (answer?.status !== undefined && answer.status !== 'success')) return fail(answer);
        const rows = (data[TABLE_ROWS_KEY[table]] ?? data.stats ?? []) as Row[];
        const pageCount = Number(data.page_count ?? 0);
        if (data.page === undefined && pageCount > 0 && requested.page > pageCount) {
          // the server did not move a page past the end: go to the last page (spec 2 section 4)
          set({ page: pageCount });
          return load();
        }
        set({
          rows,
          status: 'ready',
          message: rows.length ? null : texts.empty,
          errorDetail: null,
          totalCount: Number(data.total_count ?? rows.length),
          pageCount,
          totalIsEstimate: data.total_is_estimate === true,
          page: clampPage(Number(data.page ?? requested.page), pageCount),
          selectedIndex: clampIndex(0, rows.length),
        });
      },
      (error) => {
        if (ticket.isCurrent() && !isAbort(error)) fail(error);
      },
    );
  }

  function fail(error: unknown) {
    set({ rows: [], status: 'error', message: texts.error, errorDetail: texts.errorDetail(error), selectedIndex: -1 });
  }

  /** Applies a query change: the new state, the change notice, a fresh load. */
  function change(partial: Partial<TableState<Row>>, what: QueryChange) {
    set(partial);
    config.onQueryChange?.(what);
    load();
  }

  function setPage(page: number) {
    const { pageCount, page: current } = get();
    const next = clampPage(page, pageCount > 0 ? pageCount : page);
    if (next !== current) change({ page: next }, 'page');
  }

  function setFilters(filters: readonly NormalisedFilter[]) {
    change({ filters, page: 1, popup: null }, 'filters');
  }

  function applySearch() {
    const state = get();
    const search = state.search.trim();
    if (search === state.appliedSearch) {
      if (state.searchPending) set({ searchPending: false });
      return;
    }
    change({ appliedSearch: search, searchPending: false, page: 1 }, 'search');
  }

  function loadOptions(columnId: string) {
    const column = columns.find((c) => c.id === columnId);
    if (!column || column.kind !== 'select') return;
    const known = get().options[columnId];
    if (known && known.status !== 'error') return;
    const put = (state: TableState<Row>['options'][string]) => set({ options: { ...get().options, [columnId]: state } });
    if (column.options) return put({ status: 'ready', values: column.options, error: null });
    put({ status: 'loading', values: [], error: null });
    client.uniqueValues(table, columnId).then(
      (answer) => put({ status: 'ready', values: (answer?.data?.values ?? []).map(String), error: null }),
      () => put({ status: 'error', values: [], error: texts.optionsFailed }),
    );
  }

  return {
    load,
    setPage,
    nextPage: () => setPage(get().page + 1),
    previousPage: () => setPage(get().page - 1),
    firstPage: () => setPage(1),
    lastPage: () => setPage(Math.max(1, get().pageCount)),
    jumpToPage(text) {
      const page = parsePageJump(text, get().pageCount);
      if (page === null) return false;
      setPage(page);
      return true;
    },
    setPageSize(size) {
      const state = get();
      if (!config.pageSizes.includes(size) || size === state.pageSize) return;
      change(config.pageSizeResets ? { pageSize: size, page: 1 } : { pageSize: size }, 'pageSize');
    },
    toggleSort(columnId) {
      const column = columns.find((c) => c.id === columnId);
      if (!column?.sortable) return;
      change({ sort: nextSort(get().sort, column), page: 1 }, 'sort');
    },
    setSort(sort) {
      change({ sort, page: 1 }, 'sort');
    },
    setFilters,
    setFilter: (filter) => setFilters(replaceColumnFilter(get().filters, filter)),
    removeFilter(columnId) {
      if (get().filters.some((f) => f.id === columnId)) setFilters(removeColumnFilter(get().filters, columnId));
    },
    clearFilters() {
      applySearchLater.cancel();
      const state = get();
      if (state.filters.length === 0 && state.appliedSearch === '') {
        set({ search: '', searchPending: false, popup: null });
        return;
      }
      change({ filters: [], search: '', appliedSearch: '', searchPending: false, popup: null, page: 1 }, 'filters');
    },
    setSearch(text) {
      set({ search: text, searchPending: true });
      applySearchLater.call();
    },
    submitSearch() {
      applySearchLater.cancel();
      applySearch();
    },
    openPopup(columnId) {
      const column = columns.find((c) => c.id === columnId);
      if (!column?.filterable) return;
      set({
        popup: openFilterPopup(
          column,
          get().filters.find((f) => f.id === columnId),
        ),
      });
      loadOptions(columnId);
    },
    editPopup(edit) {
      const { popup } = get();
      if (popup) set({ popup: editFilterPopup(popup, edit) });
    },
    togglePopupValue(option) {
      const { popup } = get();
      if (popup) set({ popup: toggleFilterPopupValue(popup, option) });
    },
    applyPopup() {
      const { popup, filters } = get();
      if (!popup) return false;
      const result = applyFilterPopup(popup, columns, config.screen);
      if (!result.ok) {
        set({ popup: { ...popup, error: result.error } });
        return false;
      }
      setFilters(replaceColumnFilter(filters, result.filter));
      return true;
    },
    clearPopup() {
      const { popup, filters } = get();
      if (!popup) return;
      setFilters(removeColumnFilter(filters, popup.columnId));
    },
    closePopup: () => set({ popup: null }),
    loadOptions,
    moveSelection(delta) {
      const { selectedIndex, rows } = get();
      set({ selectedIndex: moveIndex(selectedIndex, delta, rows.length) });
    },
    select(index) {
      set({ selectedIndex: clampIndex(index, get().rows.length) });
    },
    restore(address) {
      applySearchLater.cancel();
      const state = get();
      const partial: Partial<TableState<Row>> = {
        page: Math.max(1, Math.trunc(address.page) || 1),
        pageSize: config.pageSizes.includes(address.pageSize) ? address.pageSize : state.pageSize,
        sort: address.sort,
        filters: address.filters,
        search: address.search,
        appliedSearch: address.search.trim(),
        searchPending: false,
        popup: null,
      };
      if (state.status === 'idle') set(partial);
      else change(partial, 'filters');
    },
    dispose() {
      applySearchLater.cancel();
      latest.cancel();
      const state = get();
      if (state.status === 'loading' || state.searchPending)
        set({ status: state.status === 'loading' ? 'idle' : state.status, searchPending: false });
    },
  };
}
