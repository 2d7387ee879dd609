/**
 * One US company's strategic indicators (spec 3 sections 2, 4 and 8): the company, its KPI list
 * (402 → the quota text), the KPI table of the chosen table and category (annual or quarterly),
 * the KPI search, and the Request / Excel download actions. The address holds cik, category,
 * table_name and kpi_name; `open` takes them back.
 */
import type { ApiClient } from '../../client/api-client.js';
import { US_EQUITY_TEXTS, type UsCompany, type UsDocumentCategory, type UsKpiItem, type UsKpiTable } from '../../contracts/us-equity.js';
import { searchKpis } from '../../rules/us/kpi-view.js';
import { errorStatus, isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import {
  firstKpiTable,
  prefetchStrategicIndicators,
  sameCik,
  type StrategicIndicatorsAddress,
  type StrategicIndicatorsPrefetch,
} from './strategic-indicators-prefetch.js';

export type UsCompanyStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';
export type UsKpisStatus = 'idle' | 'loading' | 'ready' | 'quota' | 'error';
export type UsTableStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface StrategicIndicatorsState {
  cik: string | null;
  company: UsCompany | null;
  companyStatus: UsCompanyStatus;
  /** Why the company did not load ('missing': unknown CIK). */
  companyError: string | null;
  kpis: readonly UsKpiItem[];
  kpisStatus: UsKpisStatus;
  kpisError: string | null;
  category: UsDocumentCategory;
  tableName: string | null;
  table: UsKpiTable | null;
  tableStatus: UsTableStatus;
  tableError: string | null;
  kpiQuery: string;
  /** The KPI picked in the search: its row is marked in the table. */
  kpiName: string | null;
  busy: 'request' | 'download' | null;
}

/** What a caller already has of a company it opens: its first calls started, or the company itself (the search's). */
export interface StrategicIndicatorsHead {
  prefetch?: StrategicIndicatorsPrefetch | null;
  company?: UsCompany | null;
}

export interface StrategicIndicatorsViewModel extends ReadableStore<StrategicIndicatorsState> {
  /**
   * Opens a company (or the same one with another table, category or KPI). `head`: what the caller
   * already has of it (used when it names the same company): no call is made twice.
   */
  open(address: StrategicIndicatorsAddress, head?: StrategicIndicatorsHead): void;
  setCategory(category: UsDocumentCategory): void;
  setTable(tableName: string): void;
  setKpiQuery(query: string): void;
  /** A KPI from the search: its table and category open with its row marked. */
  chooseKpi(item: UsKpiItem): void;
  /** `requests?cik_str` for a company without data: the server's message, or its error. */
  requestCompany(): Promise<{ ok: boolean; text: string }>;
  /** The KPI workbook; `error` is the server's text when it failed. */
  downloadExcel(): Promise<{ bytes: ArrayBuffer; fileName: string } | { error: string }>;
  dispose(): void;
}

const initial: StrategicIndicatorsState = {
  cik: null,
  company: null,
  companyStatus: 'idle',
  companyError: null,
  kpis: [],
  kpisStatus: 'idle',
  kpisError: null,
  category: 'annual',
  tableName: null,
  table: null,
  tableStatus: 'idle',
  tableError: null,
  kpiQuery: '',
  kpiName: null,
  busy: null,
};

/** The KPIs the search box finds in the current category (at most `limit`). */
export function kpiSearchResults(state: Pick<StrategicIndicatorsState, 'kpis' | 'category' | 'kpiQuery'>, limit = 10): UsKpiItem[] {
  if (!state.kpiQuery.trim()) return [];
  return searchKpis(
    state.kpis.filter((k) => k.category === state.category),
    state.kpiQuery,
  ).slice(0, limit);
}

/** The address of the state (spec 3: cik, category, table_name, kpi_name), defaults left out. */
export function strategicIndicatorsSearch(state: Pick<StrategicIndicatorsState, 'cik' | 'category' | 'tableName' | 'kpiName'>): string {
  const params = new URLSearchParams();
  if (state.cik) params.set('cik', state.cik);
  if (state.category !== 'annual') params.set('category', state.category);
  if (state.tableName) params.set('table_name', state.tableName);
  if (state.kpiName) params.set('kpi_name', state.kpiName);
  return params.toString();
}

export function createStrategicIndicatorsViewModel({
  client,
}: {
  client: Pick<ApiClient, 'usCompany' | 'usKpisList' | 'usKpiTable' | 'usRequestCompany' | 'usDownloadExcel'>;
}): StrategicIndicatorsViewModel {
  const store = createStore<StrategicIndicatorsState>(initial);
  const companyRequest = createLatestRequest();
  const tableRequest = createLatestRequest();

  /** The chosen table if the category has it, else its first. */
  const tableFor = (state: StrategicIndicatorsState, wanted: string | null) => firstKpiTable(state.kpis, state.category, wanted);
  /** The first table a prefetch asked for, taken by the first table load. */
  let startedTable: Promise<UsKpiTable | null> | null = null;

  /** The prefetch's table when it is the one wanted (its failure: asked again as usual). */
  async function takeStartedTable(tableName: string, category: UsDocumentCategory): Promise<UsKpiTable | null> {
    const pending = startedTable;
    startedTable = null;
    const table = await pending?.catch(() => null);
    return table && table.table_name === tableName && table.category === category ? table : null;
  }

  async function loadTable() {
    const { cik, tableName, category, kpisStatus } = store.getState();
    if (!cik || !tableName || kpisStatus !== 'ready') {
      tableRequest.cancel();
      return store.setState({ table: null, tableStatus: 'idle', tableError: null });
    }
    const current = store.getState().table;
    if (current && current.table_name === tableName && current.category === category) return store.setState({ tableStatus: 'ready' });
    const ticket = tableRequest.next();
    store.setState({ tableStatus: 'loading', tableError: null });
    try {
      const table =
        (await takeStartedTable(tableName, category)) ?? (await client.usKpiTable(cik, tableName, category, { signal: ticket.signal }));
      if (ticket.isCurrent()) store.setState({ table, tableStatus: 'ready' });
    } catch (error) {
      if (!ticket.isCurrent() || isAbort(error)) return;
      store.setState({ table: null, tableStatus: 'error', tableError: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed });
    }
  }

  /** The calls the caller started, or those of the company it holds (the KPI list only). */
  function startedFor(address: StrategicIndicatorsAddress, head: StrategicIndicatorsHead | undefined): StrategicIndicatorsPrefetch | null {
    if (head?.prefetch && sameCik(head.prefetch.cik, address.cik)) return head.prefetch;
    const known = head?.company;
    return known && sameCik(known.cik_str, address.cik) ? prefetchStrategicIndicators(client, address, known) : null;
  }

  async function loadCompany(address: StrategicIndicatorsAddress, head?: StrategicIndicatorsHead) {
    const started = startedFor(address, head);
    startedTable = started?.table ?? null;
    const ticket = companyRequest.next();
    tableRequest.cancel();
    store.setState({
      ...initial,
      cik: address.cik,
      companyStatus: 'loading',
      category: address.category ?? 'annual',
      tableName: address.table_name ?? null,
      kpiName: address.kpi_name ?? null,
    });
    let company: UsCompany;
    try {
      company = await (started?.company ?? client.usCompany(address.cik, { signal: ticket.signal }));
    } catch (error) {
      if (!ticket.isCurrent() || isAbort(error)) return;
      const missing = errorStatus(error) === 404 || errorStatus(error) === 400;
      return store.setState({
        companyStatus: missing ? 'missing' : 'error',
        companyError: missing ? US_EQUITY_TEXTS.unknownCompany(address.cik) : (serverText(error) ?? US_EQUITY_TEXTS.companyDataFailed),
      });
    }
    if (!ticket.isCurrent()) return;
    store.setState({ company, cik: company.cik_str, companyStatus: 'ready', kpisStatus: company.available ? 'loading' : 'idle' });
    if (!company.available) return;
    try {
      const kpis = started ? ((await started.kpis) ?? []) : await client.usKpisList(company.cik_str, { signal: ticket.signal });
      if (!ticket.isCurrent()) return;
      store.setState((s) => {
        const next = { ...s, kpis, kpisStatus: 'ready' as const };
        return { kpis, kpisStatus: 'ready', tableName: tableFor(next, s.tableName) };
      });
    } catch (error) {
      if (!ticket.isCurrent() || isAbort(error)) return;
      const quota = errorStatus(error) === 402;
      return store.setState({
        kpisStatus: quota ? 'quota' : 'error',
        kpisError: quota ? US_EQUITY_TEXTS.quotaExceeded : (serverText(error) ?? US_EQUITY_TEXTS.fetchFailed),
      });
    }
    await loadTable();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open(address, head) {
      const s = store.getState();
      const sameCompany = s.company !== null && s.company.cik_str === String(Number(address.cik));
      // a company still loading was maybe stopped by dispose (React's StrictMode): load it again
      if (!sameCompany || s.companyStatus !== 'ready' || s.kpisStatus === 'loading') return void loadCompany(address, head);
      const category = address.category ?? 'annual';
      store.setState((now) => ({
        category,
        tableName: now.kpisStatus === 'ready' ? tableFor({ ...now, category }, address.table_name ?? null) : (address.table_name ?? null),
        kpiName: address.kpi_name ?? null,
      }));
      void loadTable();
    },
    setCategory(category) {
      store.setState((s) => ({ category, tableName: tableFor({ ...s, category }, s.tableName) }));
      void loadTable();
    },
    setTable(tableName) {
      store.setState((s) => ({ tableName: tableFor(s, tableName), kpiName: null }));
      void loadTable();
    },
    setKpiQuery: (kpiQuery) => store.setState({ kpiQuery }),
    chooseKpi(item) {
      store.setState({ category: item.category, tableName: item.table_name, kpiName: item.name, kpiQuery: '' });
      void loadTable();
    },
    async requestCompany() {
      const { cik } = store.getState();
      if (!cik) return { ok: false, text: US_EQUITY_TEXTS.fetchFailed };
      store.setState({ busy: 'request' });
      try {
        const { msg } = await client.usRequestCompany(cik);
        return { ok: true, text: msg };
      } catch (error) {
        return { ok: false, text: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed };
      } finally {
        store.setState({ busy: null });
      }
    },
    async downloadExcel() {
      const { company } = store.getState();
      if (!company) return { error: US_EQUITY_TEXTS.fetchFailed };
      store.setState({ busy: 'download' });
      try {
        const bytes = await client.usDownloadExcel(company.cik_str, company.ticker);
        return { bytes, fileName: `${company.ticker ?? company.cik_str}-kpis.xlsx` };
      } catch (error) {
        return { error: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed };
      } finally {
        store.setState({ busy: null });
      }
    },
    dispose() {
      companyRequest.cancel();
      tableRequest.cancel();
    },
  };
}
