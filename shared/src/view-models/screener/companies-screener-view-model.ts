/**
 * The companies screener (spec 2 2.11, sections 4, 5, 8, 9): a paged table of companies with
 * sorting, column filters (one popup at a time), a search, page sizes 10/25/50/100 and the AI
 * query bar that turns a sentence into filters.
 */
import type { ApiClient } from '../../client/api-client.js';
import { COMPANY_SCREENER_DEFAULT_PAGE_SIZE, COMPANY_SCREENER_PAGE_SIZES, type ScreenerCompanyRow } from '../../contracts/screeners.js';
import { COMPANY_SCREENER_COLUMNS } from '../../filters/columns.js';
import { checkColumnFilters } from '../../filters/validate.js';
import { errorStatus, serverText } from '../errors.js';
import { realScheduler, type Scheduler } from '../scheduler.js';
import { createStore, type ReadableStore } from '../store.js';
import { createTableController, type TableActions } from './table-controller.js';
import type { CompaniesScreenerAddressState } from './screener-url.js';
import { initialTableState, type TableState } from './table-state.js';
import { showingText, totalText, type TableSort } from './table-rules.js';

/** Texts of spec 2 section 8. */
export const COMPANIES_SCREENER_TEXTS = {
  error: 'No Data Present for the companies',
  empty: 'No companies found matching your Filters',
  optionsFailed: 'Failed to load filter options',
  convertFailed: 'Failed to convert query to filters',
  convertError: 'Error converting query to filters',
} as const;

export const SCREENER_SEARCH_DEBOUNCE_MS = 300;

export interface NaturalQueryState {
  /** The query bar as typed. */
  text: string;
  /** True while the sentence is being converted (the bar is disabled). */
  converting: boolean;
  error: string | null;
  /** What the last conversion understood, in one line. */
  explanation: string | null;
  /** Words the last conversion could not place. */
  unplaced: readonly string[];
}

export interface CompaniesScreenerState extends TableState<ScreenerCompanyRow> {
  naturalQuery: NaturalQueryState;
}

export interface CompaniesScreenerViewModelOptions {
  client: Pick<ApiClient, 'list' | 'uniqueValues' | 'convertQueryToFilters'>;
  scheduler?: Scheduler;
  searchDebounceMs?: number;
  pageSize?: number;
  sort?: TableSort | null;
}

export interface CompaniesScreenerViewModel extends ReadableStore<CompaniesScreenerState>, TableActions {
  /** First load; again after dispose() (React StrictMode). */
  start(): void;
  setNaturalQuery(text: string): void;
  /** Converts the query bar to filters (replacing the current ones): ignored when empty, whitespace or already converting. */
  submitNaturalQuery(): void;
  /** Puts back an address's state (see screener-url.ts): the query bar's text and the table, one load; a conversion under way is dropped. */
  restoreAddress(state: CompaniesScreenerAddressState): void;
  readonly pageSizes: readonly number[];
}

/** The wording of a failed conversion (spec 2 section 8): the server's message, else the fixed texts. */
export function convertErrorText(error: unknown): string {
  if (errorStatus(error) === 0) return COMPANIES_SCREENER_TEXTS.convertError;
  return serverText(error) ?? COMPANIES_SCREENER_TEXTS.convertFailed;
}

export function createCompaniesScreenerViewModel(options: CompaniesScreenerViewModelOptions): CompaniesScreenerViewModel {
  const { client } = options;
  const store = createStore<CompaniesScreenerState>({
    ...initialTableState<ScreenerCompanyRow>(options.pageSize ?? COMPANY_SCREENER_DEFAULT_PAGE_SIZE, options.sort ?? null),
    naturalQuery: { text: '', converting: false, error: null, explanation: null, unplaced: [] },
  });
  const table = createTableController<ScreenerCompanyRow>({
    table: 'companies',
    columns: COMPANY_SCREENER_COLUMNS,
    client,
    scheduler: options.scheduler ?? realScheduler,
    searchDebounceMs: options.searchDebounceMs ?? SCREENER_SEARCH_DEBOUNCE_MS,
    pageSizes: COMPANY_SCREENER_PAGE_SIZES,
    pageSizeResets: false,
    screen: 'companies',
    texts: {
      error: COMPANIES_SCREENER_TEXTS.error,
      empty: COMPANIES_SCREENER_TEXTS.empty,
      optionsFailed: COMPANIES_SCREENER_TEXTS.optionsFailed,
      errorDetail: (error) => serverText(error) ?? COMPANIES_SCREENER_TEXTS.error,
    },
    get: store.getState,
    set: (partial) => store.setState(partial),
  });
  let conversion = 0;
  const setNatural = (partial: Partial<NaturalQueryState>) => store.setState((s) => ({ naturalQuery: { ...s.naturalQuery, ...partial } }));

  return {
    ...table,
    getState: store.getState,
    subscribe: store.subscribe,
    pageSizes: COMPANY_SCREENER_PAGE_SIZES,
    start() {
      if (store.getState().status !== 'ready') table.load();
      if (store.getState().naturalQuery.converting) setNatural({ converting: false });
    },
    setNaturalQuery(text) {
      if (!store.getState().naturalQuery.converting) setNatural({ text, error: null });
    },
    submitNaturalQuery() {
      const { text, converting } = store.getState().naturalQuery;
      if (converting || text.trim() === '') return;
      const id = ++conversion;
      setNatural({ converting: true, error: null });
      client.convertQueryToFilters(text.trim()).then(
        (answer) => {
          if (id !== conversion) return;
          const checked = Array.isArray(answer?.filters) ? checkColumnFilters(answer.filters, COMPANY_SCREENER_COLUMNS) : null;
          if (!checked || !checked.ok) {
            setNatural({ converting: false, error: COMPANIES_SCREENER_TEXTS.convertFailed });
            return;
          }
          setNatural({ converting: false, error: null, explanation: answer.explanation ?? null, unplaced: answer.unplaced ?? [] });
          // A ranking ("top 10 ... by revenue") also sets the sort and the page size; the filters' change loads once.
          const ranked = COMPANY_SCREENER_COLUMNS.find((c) => c.id === answer.sort_by && c.sortable);
          if (ranked) store.setState({ sort: { columnId: ranked.id, order: answer.sort_order === 'asc' ? 'asc' : 'desc' } });
          if (answer.page_size !== undefined && (COMPANY_SCREENER_PAGE_SIZES as readonly number[]).includes(answer.page_size))
            store.setState({ pageSize: answer.page_size });
          table.setFilters(checked.filters);
        },
        (error) => {
          if (id === conversion) setNatural({ converting: false, error: convertErrorText(error) });
        },
      );
    },
    restoreAddress(address) {
      conversion++;
      setNatural({ text: address.naturalQuery, converting: false, error: null });
      table.restore(address);
    },
    dispose() {
      conversion++;
      table.dispose();
    },
  };
}

/** The header total: "1,234" or "about 1,200,000" (total_is_estimate). */
export function companiesTotalText(state: Pick<TableState<unknown>, 'totalCount' | 'totalIsEstimate'>): string {
  return totalText(state.totalCount, state.totalIsEstimate);
}

/** "Showing X to Y of N entries" for a table state. */
export function tableShowingText(state: Pick<TableState<unknown>, 'page' | 'pageSize' | 'totalCount' | 'totalIsEstimate'>): string {
  return showingText(state.page, state.pageSize, state.totalCount, state.totalIsEstimate);
}
