/**
 * One company (spec 2 2.4-2.9, section 4 "Explorer"): its overview, the sections that have data,
 * the active section with next/previous, the expanded panels, and lazily its filings and
 * officers. The section list is the sidebar of the web and of the terminal alike.
 */
import type { ApiClient } from '../../client/api-client.js';
import { SAMPLE_DATA_NOTICE } from '../../contracts/uk-sample.js';
import type { AggregatedFinancials, CompanyOverview, OfficersResponse } from '../../contracts/uk-companies.js';
import { errorStatus, isAbort } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import { createFilingsViewModel, type FilingsViewModel } from './filings-view-model.js';
import { availableSections, type CompanySection, type CompanySectionId } from './sections.js';

/** Texts of spec 2 section 8. */
export const OVERVIEW_TEXTS = {
  failed: 'Failed to load company overview.',
  notFound: (companyNumber: string) => `Company with number ${companyNumber} not found.`,
  officersUnavailable: 'Officer data not available',
  pscsUnavailable: 'PSC data not available',
  noOfficers: 'No officers to display',
  noPscs: 'No PSCs to display',
  financialsFailed: 'Failed to fetch financial data',
} as const;

export const EMPTY_OFFICERS: OfficersResponse = {
  officers: { data: [] },
  psc: { individuals: [], corporate_entities: [], legal_persons: [], statements: [] },
};

export interface OfficersSlice {
  status: 'idle' | 'loading' | 'ready' | 'unavailable';
  /** Empty lists when the call failed (spec 2 section 8: silently no officers and no PSCs). */
  data: OfficersResponse;
}

export interface FinancialsSlice {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The statements behind the Current Financials tabs (balance sheet, income statement, cash flow). */
  data: AggregatedFinancials | null;
  /** "Failed to fetch financial data" (spec 2 section 8). */
  error: string | null;
}

export interface CompanyOverviewState {
  companyNumber: string | null;
  /** idle: no company (the search landing); error: see `error`. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  overview: CompanyOverview | null;
  error: string | null;
  /** The sample-data notice when the company is generated sample data, else null. */
  notice: string | null;
  /** Sections with data, in sidebar order (empty until the overview loads). */
  sections: readonly CompanySection[];
  activeSection: CompanySectionId;
  /** Ids of the expanded panels (kept across sections and companies, spec 2 2.4). */
  expandedPanels: readonly string[];
  officers: OfficersSlice;
  financials: FinancialsSlice;
}

export interface CompanyOverviewViewModelOptions {
  client: Pick<ApiClient, 'overview' | 'filings' | 'officers' | 'aggregatedFinancials'>;
  /** The clock for filing labels (tests fix it). */
  now?: () => Date;
}

export interface CompanyOverviewViewModel extends ReadableStore<CompanyOverviewState> {
  /** Opens a company (on the overview section unless `section` says otherwise). */
  open(companyNumber: string, options?: { section?: CompanySectionId }): void;
  /** Back to no company (the explorer's "Return to search"). */
  close(): void;
  retry(): void;
  /** Activates a section; one not available for this company is ignored once loaded. Filings and officers load on first visit. */
  setSection(id: CompanySectionId): void;
  nextSection(): void;
  previousSection(): void;
  /** Opens or closes a panel. `exclusive`: close the other panels of its group ("group:name" ids). */
  togglePanel(id: string, options?: { exclusive?: boolean }): void;
  setPanelExpanded(id: string, expanded: boolean): void;
  isExpanded(id: string): boolean;
  /** Loads the filings now (also done on the first visit to the filings section). */
  loadFilings(): void;
  /** Loads officers and PSCs now (also done on the first visit to officers or pscs). */
  loadOfficers(): void;
  /** Loads the full statements now (also done on the first visit to financials; again after an error). */
  loadFinancials(): void;
  /** The filings of the open company. */
  readonly filings: FilingsViewModel;
  /** Loads what is open again after dispose() (React StrictMode); a no-op otherwise. */
  start(): void;
  dispose(): void;
}

const INITIAL: CompanyOverviewState = {
  companyNumber: null,
  status: 'idle',
  overview: null,
  error: null,
  notice: null,
  sections: [],
  activeSection: 'overview',
  expandedPanels: [],
  officers: { status: 'idle', data: EMPTY_OFFICERS },
  financials: { status: 'idle', data: null, error: null },
};

function panelGroup(id: string): string | null {
  const colon = id.indexOf(':');
  return colon > 0 ? id.slice(0, colon) : null;
}

export function createCompanyOverviewViewModel(options: CompanyOverviewViewModelOptions): CompanyOverviewViewModel {
  const { client } = options;
  const store = createStore<CompanyOverviewState>(INITIAL);
  const overviewRequest = createLatestRequest();
  const officersRequest = createLatestRequest();
  const financialsRequest = createLatestRequest();
  const filings = createFilingsViewModel({ client, now: options.now });

  function loadOverview(companyNumber: string) {
    const ticket = overviewRequest.next();
    store.setState({ status: 'loading', error: null });
    client.overview(companyNumber, { signal: ticket.signal }).then(
      (overview) => {
        if (!ticket.isCurrent()) return;
        const sections = availableSections(overview);
        const active = store.getState().activeSection;
        store.setState({
          status: 'ready',
          overview,
          sections,
          notice: overview.sample ? (overview.notice ?? SAMPLE_DATA_NOTICE) : null,
          activeSection: sections.some((s) => s.id === active) ? active : 'overview',
        });
      },
      (error) => {
        if (!ticket.isCurrent() || isAbort(error)) return;
        store.setState({
          status: 'error',
          error: errorStatus(error) === 404 ? OVERVIEW_TEXTS.notFound(companyNumber) : OVERVIEW_TEXTS.failed,
        });
      },
    );
  }

  function loadOfficers(force = false) {
    const { companyNumber, officers } = store.getState();
    if (!companyNumber) return;
    if (
      !force &&
      (officers.status === 'ready' || officers.status === 'unavailable' || (officers.status === 'loading' && officersRequest.active()))
    )
      return;
    const ticket = officersRequest.next();
    store.setState({ officers: { status: 'loading', data: EMPTY_OFFICERS } });
    client.officers(companyNumber, { signal: ticket.signal }).then(
      (data) => {
        if (ticket.isCurrent()) store.setState({ officers: { status: 'ready', data: withEmptyLists(data) } });
      },
      (error) => {
        if (ticket.isCurrent() && !isAbort(error)) store.setState({ officers: { status: 'unavailable', data: EMPTY_OFFICERS } });
      },
    );
  }

  function loadFinancials() {
    const { companyNumber, financials } = store.getState();
    if (!companyNumber || financials.status === 'ready' || (financials.status === 'loading' && financialsRequest.active())) return;
    const ticket = financialsRequest.next();
    store.setState({ financials: { status: 'loading', data: null, error: null } });
    client.aggregatedFinancials(companyNumber, { signal: ticket.signal }).then(
      (data) => {
        if (ticket.isCurrent()) store.setState({ financials: { status: 'ready', data, error: null } });
      },
      (error) => {
        if (ticket.isCurrent() && !isAbort(error))
          store.setState({ financials: { status: 'error', data: null, error: OVERVIEW_TEXTS.financialsFailed } });
      },
    );
  }

  function visit(id: CompanySectionId) {
    const { companyNumber } = store.getState();
    if (!companyNumber) return;
    if (id === 'filings') filings.load(companyNumber);
    if (id === 'officers' || id === 'pscs') loadOfficers();
    if (id === 'financials') loadFinancials();
  }

  function setSection(id: CompanySectionId) {
    const { status, sections } = store.getState();
    if (status === 'ready' && !sections.some((s) => s.id === id)) return;
    store.setState({ activeSection: id });
    visit(id);
  }

  function step(delta: number) {
    const { sections, activeSection } = store.getState();
    if (!sections.length) return;
    const at = sections.findIndex((s) => s.id === activeSection);
    const next = Math.min(Math.max(0, (at < 0 ? 0 : at) + delta), sections.length - 1);
    setSection(sections[next].id);
  }

  function setPanelExpanded(id: string, expanded: boolean, exclusive = false) {
    const current = store.getState().expandedPanels;
    const group = panelGroup(id);
    let next = current.filter((p) => p !== id && !(expanded && exclusive && group !== null && panelGroup(p) === group));
    if (expanded) next = [...next, id];
    if (next.length !== current.length || next.some((p, i) => p !== current[i])) store.setState({ expandedPanels: next });
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    filings,
    open(raw, opts) {
      const companyNumber = raw.trim().toUpperCase();
      if (!companyNumber) return;
      officersRequest.cancel();
      financialsRequest.cancel();
      filings.reset();
      store.setState({
        ...INITIAL,
        expandedPanels: store.getState().expandedPanels,
        companyNumber,
        activeSection: opts?.section ?? 'overview',
      });
      loadOverview(companyNumber);
      visit(store.getState().activeSection);
    },
    close() {
      overviewRequest.cancel();
      officersRequest.cancel();
      financialsRequest.cancel();
      filings.reset();
      store.setState({ ...INITIAL, expandedPanels: store.getState().expandedPanels });
    },
    retry() {
      const { companyNumber } = store.getState();
      if (companyNumber) loadOverview(companyNumber);
    },
    setSection,
    nextSection: () => step(1),
    previousSection: () => step(-1),
    togglePanel: (id, opts) => setPanelExpanded(id, !store.getState().expandedPanels.includes(id), opts?.exclusive ?? false),
    setPanelExpanded: (id, expanded) => setPanelExpanded(id, expanded),
    isExpanded: (id) => store.getState().expandedPanels.includes(id),
    loadFilings() {
      const { companyNumber } = store.getState();
      if (companyNumber) filings.load(companyNumber);
    },
    loadOfficers: () => loadOfficers(),
    loadFinancials,
    start() {
      const { companyNumber, status, activeSection } = store.getState();
      if (!companyNumber) return;
      if (status === 'idle' || (status === 'loading' && !overviewRequest.active())) loadOverview(companyNumber);
      visit(activeSection);
    },
    dispose() {
      overviewRequest.cancel();
      officersRequest.cancel();
      financialsRequest.cancel();
      filings.dispose();
    },
  };
}

function withEmptyLists(data: OfficersResponse | null | undefined): OfficersResponse {
  const psc = data?.psc;
  return {
    officers: { data: data?.officers?.data ?? [] },
    psc: {
      individuals: psc?.individuals ?? [],
      corporate_entities: psc?.corporate_entities ?? [],
      legal_persons: psc?.legal_persons ?? [],
      statements: psc?.statements ?? [],
    },
  };
}

/** Every PSC of the answer in one list. */
export function allPscs(data: OfficersResponse) {
  return [...data.psc.individuals, ...data.psc.corporate_entities, ...data.psc.legal_persons, ...data.psc.statements];
}

/** The text for the officers tab instead of rows (spec 2 section 8), or null when there are rows or it is loading. */
export function officersMessage(slice: OfficersSlice): string | null {
  if (slice.status === 'unavailable') return OVERVIEW_TEXTS.officersUnavailable;
  return slice.status === 'ready' && slice.data.officers.data.length === 0 ? OVERVIEW_TEXTS.noOfficers : null;
}

/** The text for the PSCs tab instead of rows (spec 2 section 8), or null. */
export function pscsMessage(slice: OfficersSlice): string | null {
  if (slice.status === 'unavailable') return OVERVIEW_TEXTS.pscsUnavailable;
  return slice.status === 'ready' && allPscs(slice.data).length === 0 ? OVERVIEW_TEXTS.noPscs : null;
}
