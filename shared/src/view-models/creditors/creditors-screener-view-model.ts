/**
 * The creditors screener (spec 2 2.12, section 4): three tabs, each a paged, sortable, filterable
 * table with a debounced search and "Clear Filters"; in Creditor Overview one lender row at a time
 * expands to its detail, loaded once and cached.
 */
import type { ApiClient } from '../../client/api-client.js';
import {
  COMPANY_SCREENER_PAGE_SIZES,
  CREDITORS_DEFAULT_PAGE_SIZE,
  type ChargeScreenerRow,
  type CompanyChargeStatsRow,
  type LenderDetail,
  type LenderStatsRow,
} from '../../contracts/screeners.js';
import { serverText } from '../errors.js';
import { realScheduler, type Scheduler } from '../scheduler.js';
import { createStore, type ReadableStore } from '../store.js';
import { createTableController, type TableActions } from '../screener/table-controller.js';
import { initialTableState, type TableState } from '../screener/table-state.js';
import type { CreditorsScreenerAddressState } from '../screener/screener-url.js';
import { CREDITORS_TABS, type CreditorsTab } from './creditors-tabs.js';

export const CREDITORS_SEARCH_DEBOUNCE_MS = 300;
/** The page sizes offered (50 the default, spec 2 section 9). */
export const CREDITORS_PAGE_SIZES: readonly number[] = COMPANY_SCREENER_PAGE_SIZES;

export const LENDER_DETAIL_TEXTS = { none: 'No details available.', errorPrefix: 'Error:' } as const;

export interface LenderDetailState {
  status: 'loading' | 'ready' | 'error';
  detail: LenderDetail | null;
  /** "Error: ..." or "No details available."; null with a detail. */
  error: string | null;
}

export interface CreditorsTables {
  lenders: TableState<LenderStatsRow>;
  charges: TableState<ChargeScreenerRow>;
  chargeCompanies: TableState<CompanyChargeStatsRow>;
}

export interface CreditorsScreenerState {
  activeTab: CreditorsTab;
  tabs: CreditorsTables;
  /** The expanded lender's name (Creditor Overview), or null. */
  expandedLender: string | null;
  /** Lender details by lender name, kept once loaded. */
  lenderDetails: Readonly<Record<string, LenderDetailState>>;
}

export interface CreditorsScreenerViewModelOptions {
  client: Pick<ApiClient, 'list' | 'uniqueValues' | 'lenderDetail'>;
  scheduler?: Scheduler;
  searchDebounceMs?: number;
  initialTab?: CreditorsTab;
}

export interface CreditorsScreenerViewModel extends ReadableStore<CreditorsScreenerState> {
  /** Loads the open tab (unless already loaded); again after dispose() (React StrictMode). */
  start(): void;
  /** Opens a tab and loads its data (its filters, sort and page are kept). */
  setTab(tab: CreditorsTab): void;
  nextTab(): void;
  previousTab(): void;
  /** Each tab's table actions (paging, sort, filters, search, popup, selection). */
  readonly tables: Readonly<Record<CreditorsTab, TableActions>>;
  /** The open tab's table actions. */
  activeTable(): TableActions;
  /** Expands a lender (collapsing any other) and loads its detail once (again after an error); on the expanded one, collapses it. */
  toggleLender(lenderName: string): void;
  collapseLender(): void;
  /** Loads a lender's detail again (after an error). */
  retryLenderDetail(lenderName: string): void;
  /** Puts back an address's state (see screener-url.ts): opens its tab and restores that tab's table, one load. */
  restoreAddress(state: CreditorsScreenerAddressState): void;
  readonly pageSizes: readonly number[];
  dispose(): void;
}

export function createCreditorsScreenerViewModel(options: CreditorsScreenerViewModelOptions): CreditorsScreenerViewModel {
  const { client } = options;
  const initial = (id: CreditorsTab) =>
    initialTableState<never>(CREDITORS_DEFAULT_PAGE_SIZE, CREDITORS_TABS.find((t) => t.id === id)!.defaultSort);
  const store = createStore<CreditorsScreenerState>({
    activeTab: options.initialTab ?? 'lenders',
    tabs: { lenders: initial('lenders'), charges: initial('charges'), chargeCompanies: initial('chargeCompanies') },
    expandedLender: null,
    lenderDetails: {},
  });
  const detailRequests = new Map<string, AbortController>();
  let started = false;

  const collapseLender = () => store.setState({ expandedLender: null });

  function controller<K extends CreditorsTab>(id: K): TableActions {
    const spec = CREDITORS_TABS.find((t) => t.id === id)!;
    type Row = CreditorsTables[K] extends TableState<infer R> ? R : never;
    return createTableController<Row>({
      table: id,
      columns: spec.columns,
      client,
      scheduler: options.scheduler ?? realScheduler,
      searchDebounceMs: options.searchDebounceMs ?? CREDITORS_SEARCH_DEBOUNCE_MS,
      pageSizes: CREDITORS_PAGE_SIZES,
      pageSizeResets: true,
      screen: 'creditors',
      texts: spec.texts,
      get: () => store.getState().tabs[id] as unknown as TableState<Row>,
      set: (partial) => store.setState((s) => ({ tabs: { ...s.tabs, [id]: { ...s.tabs[id], ...partial } } })),
      // the expanded row belongs to the rows on screen: any new page, size, sort, filter or search closes it
      onQueryChange: id === 'lenders' ? collapseLender : undefined,
    });
  }

  const tables: Record<CreditorsTab, TableActions> = {
    lenders: controller('lenders'),
    charges: controller('charges'),
    chargeCompanies: controller('chargeCompanies'),
  };

  function setDetail(name: string, state: LenderDetailState) {
    store.setState((s) => ({ lenderDetails: { ...s.lenderDetails, [name]: state } }));
  }

  function loadDetail(name: string) {
    detailRequests.get(name)?.abort();
    const controller = new AbortController();
    detailRequests.set(name, controller);
    setDetail(name, { status: 'loading', detail: null, error: null });
    client.lenderDetail(name, { signal: controller.signal }).then(
      (answer) => {
        if (detailRequests.get(name) !== controller) return;
        detailRequests.delete(name);
        const detail = answer?.data ?? null;
        setDetail(
          name,
          detail ? { status: 'ready', detail, error: null } : { status: 'error', detail: null, error: LENDER_DETAIL_TEXTS.none },
        );
      },
      (error) => {
        if (detailRequests.get(name) !== controller) return;
        detailRequests.delete(name);
        const text = serverText(error);
        setDetail(name, {
          status: 'error',
          detail: null,
          error: text ? `${LENDER_DETAIL_TEXTS.errorPrefix} ${text}` : LENDER_DETAIL_TEXTS.none,
        });
      },
    );
  }

  function setTab(tab: CreditorsTab) {
    store.setState({ activeTab: tab });
    tables[tab].load();
  }

  function stepTab(delta: number) {
    const at = CREDITORS_TABS.findIndex((t) => t.id === store.getState().activeTab);
    setTab(CREDITORS_TABS[(at + delta + CREDITORS_TABS.length) % CREDITORS_TABS.length].id);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    tables,
    pageSizes: CREDITORS_PAGE_SIZES,
    activeTable: () => tables[store.getState().activeTab],
    start() {
      started = true;
      const { activeTab, tabs, expandedLender, lenderDetails } = store.getState();
      if (tabs[activeTab].status !== 'ready') tables[activeTab].load();
      if (expandedLender && lenderDetails[expandedLender]?.status === 'loading' && !detailRequests.has(expandedLender))
        loadDetail(expandedLender);
    },
    setTab,
    nextTab: () => stepTab(1),
    previousTab: () => stepTab(-1),
    toggleLender(name) {
      const { expandedLender, lenderDetails } = store.getState();
      if (expandedLender === name) return collapseLender();
      store.setState({ expandedLender: name });
      const cached = lenderDetails[name];
      if (!cached || cached.status === 'error' || (cached.status === 'loading' && !detailRequests.has(name))) loadDetail(name);
    },
    collapseLender,
    retryLenderDetail: (name) => loadDetail(name),
    restoreAddress({ tab, table }) {
      const neverLoaded = store.getState().tabs[tab].status === 'idle';
      if (store.getState().activeTab !== tab) store.setState({ activeTab: tab });
      tables[tab].restore(table);
      if (started && neverLoaded) tables[tab].load();
    },
    dispose() {
      started = false;
      for (const table of Object.values(tables)) table.dispose();
      for (const request of detailRequests.values()) request.abort();
      detailRequests.clear();
    },
  };
}
