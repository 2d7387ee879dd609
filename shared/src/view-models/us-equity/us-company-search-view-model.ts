/**
 * The US company search (spec 3 sections 2 and 9): the company list is loaded once, then searched
 * locally and fuzzily over name, ticker and CIK (threshold 0.3) as the user types. The strategic
 * indicators landing and the /us/analysis company picker both use it.
 */
import type { ApiClient } from '../../client/api-client.js';
import { US_EQUITY_CONSTANTS, US_EQUITY_TEXTS, type UsCompany } from '../../contracts/us-equity.js';
import { searchUsCompanies } from '../../rules/us/company-search.js';
import { isAbort } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export interface UsCompanySearchState {
  status: 'loading' | 'ready' | 'error';
  /** 'Failed to load company data.' when the list did not load. */
  error: string | null;
  companies: readonly UsCompany[];
  query: string;
  /** Matches of the query, best first (the first companies of the list for a blank query). */
  results: readonly UsCompany[];
}

export interface UsCompanySearchViewModel extends ReadableStore<UsCompanySearchState> {
  start(): void;
  setQuery(query: string): void;
  retry(): void;
  dispose(): void;
}

export function createUsCompanySearchViewModel({
  client,
  limit = US_EQUITY_CONSTANTS.defaultOptionCount,
  threshold = US_EQUITY_CONSTANTS.searchThreshold,
}: {
  client: Pick<ApiClient, 'usCompanies'>;
  limit?: number;
  threshold?: number;
}): UsCompanySearchViewModel {
  const store = createStore<UsCompanySearchState>({ status: 'loading', error: null, companies: [], query: '', results: [] });
  const request = createLatestRequest();
  const search = (companies: readonly UsCompany[], query: string) => searchUsCompanies(companies, query, limit, threshold);

  async function load() {
    const ticket = request.next();
    store.setState({ status: 'loading', error: null });
    try {
      const companies = await client.usCompanies({}, { signal: ticket.signal });
      if (!ticket.isCurrent()) return;
      store.setState((s) => ({ status: 'ready', companies, results: search(companies, s.query) }));
    } catch (error) {
      if (!ticket.isCurrent() || isAbort(error)) return;
      store.setState({ status: 'error', error: US_EQUITY_TEXTS.companyDataFailed });
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      if (store.getState().status !== 'ready') void load();
    },
    setQuery(query) {
      store.setState((s) => ({ query, results: search(s.companies, query) }));
    },
    retry: () => void load(),
    dispose: () => request.cancel(),
  };
}
