/**
 * Company search (spec 2 2.2, 2.4): the query typed, a debounced search where the latest request
 * wins, the results, their selection, and the default company list for an empty query.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { CompanySearchResult } from '../../contracts/uk-companies.js';
import { isAbort, serverText } from '../errors.js';
import { createLatestRequest, type RequestTicket } from '../latest-request.js';
import { debounce, realScheduler, type Scheduler } from '../scheduler.js';
import { clampIndex, moveIndex } from '../selection.js';
import { createStore, type ReadableStore } from '../store.js';

/** The picker's debounce (spec 2 section 7: 300 ms in the picker, 500 ms in the explorer header). */
export const SEARCH_DEBOUNCE_MS = 300;
export const EXPLORER_HEADER_DEBOUNCE_MS = 500;

/** Texts of spec 2 2.2 and section 8. */
export const SEARCH_TEXTS = {
  prompt: 'Type to search companies',
  noResults: 'No companies found',
  listFailed: 'Failed to load company list.',
  searchFailed: 'An error occurred.',
} as const;

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SearchState {
  /** The text as typed. */
  query: string;
  /** What `results` are: the default list (empty query), a search's answer, or nothing yet. */
  source: 'none' | 'default' | 'search';
  results: readonly CompanySearchResult[];
  /** The (trimmed) query `results` answer; '' for the default list. */
  resultsQuery: string;
  /** loading: a request is out (the previous results stay on screen until it answers). */
  status: SearchStatus;
  /** True while a typed query waits out the debounce. */
  pending: boolean;
  error: string | null;
  /** What to show instead of (or above) rows: the prompt, "No companies found" or the error; null when rows show. */
  message: string | null;
  /** Index into results; -1 when there are none. */
  selectedIndex: number;
}

export interface SearchViewModelOptions {
  client: Pick<ApiClient, 'searchCompanies' | 'companyList'>;
  scheduler?: Scheduler;
  debounceMs?: number;
  /** An empty query shows the default company list ('default-list', the default) or nothing. */
  emptyQuery?: 'default-list' | 'nothing';
  /** Most results asked for. */
  limit?: number;
  initialQuery?: string;
}

export interface SearchViewModel extends ReadableStore<SearchState> {
  /** First load: the default list (or the initial query's results). Again after dispose() (React StrictMode). */
  start(): void;
  /** The text changed: search after the debounce; an empty query shows the default list (or nothing). */
  setQuery(text: string): void;
  /** Runs the waiting search now (Enter). */
  submit(): void;
  /** Empties the query. */
  clear(): void;
  /** Runs the current query again (after an error). */
  retry(): void;
  moveSelection(delta: number): void;
  select(index: number): void;
  /** The selected result, or null. */
  selected(): CompanySearchResult | null;
  /** Stops timers and requests; state stays readable. */
  dispose(): void;
}

const INITIAL: SearchState = {
  query: '',
  source: 'none',
  results: [],
  resultsQuery: '',
  status: 'idle',
  pending: false,
  error: null,
  message: SEARCH_TEXTS.prompt,
  selectedIndex: -1,
};

export function createSearchViewModel(options: SearchViewModelOptions): SearchViewModel {
  const { client, limit } = options;
  const emptyQuery = options.emptyQuery ?? 'default-list';
  const store = createStore<SearchState>({ ...INITIAL, query: options.initialQuery ?? '' });
  const latest = createLatestRequest();
  const searchLater = debounce(options.scheduler ?? realScheduler, options.debounceMs ?? SEARCH_DEBOUNCE_MS, (query: string) =>
    runSearch(query),
  );
  let defaultList: CompanySearchResult[] | null = null;

  const showResults = (source: 'default' | 'search', results: CompanySearchResult[], resultsQuery: string) =>
    store.setState({
      source,
      results,
      resultsQuery,
      status: 'ready',
      pending: false,
      error: null,
      message: results.length ? null : source === 'search' ? SEARCH_TEXTS.noResults : null,
      selectedIndex: clampIndex(0, results.length),
    });

  const showError = (error: string) => store.setState({ status: 'error', pending: false, error, message: error });

  function request<T>(call: (ticket: RequestTicket) => Promise<T>, done: (value: T) => void, failed: (error: unknown) => void) {
    const ticket = latest.next();
    store.setState({ status: 'loading', pending: false, error: null });
    call(ticket).then(
      (value) => {
        if (ticket.isCurrent()) done(value);
      },
      (error) => {
        if (ticket.isCurrent() && !isAbort(error)) failed(error);
      },
    );
  }

  function runSearch(query: string) {
    request(
      (ticket) => client.searchCompanies(query, { signal: ticket.signal, limit }),
      (results) => showResults('search', Array.isArray(results) ? results : [], query),
      (error) => showError(serverText(error) ?? SEARCH_TEXTS.searchFailed),
    );
  }

  function showEmptyQuery() {
    searchLater.cancel();
    latest.cancel();
    if (emptyQuery === 'nothing') {
      store.setState({ ...INITIAL, query: store.getState().query });
      return;
    }
    if (defaultList) {
      showResults('default', defaultList, '');
      return;
    }
    request(
      (ticket) => client.companyList({ signal: ticket.signal, limit }),
      (answer) => {
        defaultList = Array.isArray(answer?.companies) ? answer.companies : [];
        showResults('default', defaultList, '');
      },
      () => showError(SEARCH_TEXTS.listFailed),
    );
  }

  function update(text: string, now: boolean) {
    store.setState({ query: text });
    const query = text.trim();
    if (query === '') return showEmptyQuery();
    const state = store.getState();
    if (state.source === 'search' && state.resultsQuery === query && state.status !== 'error') {
      // only spaces changed: the results already answer it
      searchLater.cancel();
      if (state.pending) store.setState({ pending: false });
      return;
    }
    if (now) {
      searchLater.cancel();
      runSearch(query);
    } else {
      store.setState({ pending: true });
      searchLater.call(query);
    }
  }

  const model: SearchViewModel = {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      const query = store.getState().query.trim();
      if (query === '') showEmptyQuery();
      else runSearch(query);
    },
    setQuery: (text) => update(text, false),
    submit() {
      if (searchLater.isPending()) searchLater.flush();
    },
    clear: () => update('', true),
    retry() {
      const query = store.getState().query.trim();
      if (query === '') {
        defaultList = null;
        showEmptyQuery();
      } else runSearch(query);
    },
    moveSelection(delta) {
      const { selectedIndex, results } = store.getState();
      store.setState({ selectedIndex: moveIndex(selectedIndex, delta, results.length) });
    },
    select(index) {
      store.setState({ selectedIndex: clampIndex(index, store.getState().results.length) });
    },
    selected() {
      const { selectedIndex, results } = store.getState();
      return results[selectedIndex] ?? null;
    },
    dispose() {
      searchLater.cancel();
      latest.cancel();
      const { status } = store.getState();
      if (status === 'loading' || store.getState().pending) store.setState({ status: 'idle', pending: false });
    },
  };
  return model;
}
