/**
 * The source of one KPI value (spec 3 /backlinker): the filing's sanitized document with the fact
 * highlighted, the value's info and, for a derived value, its operands.
 */
import type { ApiClient } from '../../client/api-client.js';
import { US_EQUITY_TEXTS, type UsDocumentCategory, type UsHighlightedSource } from '../../contracts/us-equity.js';
import { isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export interface KpiSourceState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  source: UsHighlightedSource | null;
  error: string | null;
}

export interface KpiSourceViewModel extends ReadableStore<KpiSourceState> {
  open(cik: string, kvId: string, category?: UsDocumentCategory | null): void;
  dispose(): void;
}

export function createKpiSourceViewModel({ client }: { client: Pick<ApiClient, 'usHighlightedSource'> }): KpiSourceViewModel {
  const store = createStore<KpiSourceState>({ status: 'idle', source: null, error: null });
  const request = createLatestRequest();
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open(cik, kvId, category) {
      const ticket = request.next();
      store.setState({ status: 'loading', error: null });
      client
        .usHighlightedSource(cik, kvId, category ?? undefined, { signal: ticket.signal })
        .then((source) => ticket.isCurrent() && store.setState({ status: 'ready', source }))
        .catch((error: unknown) => {
          if (!ticket.isCurrent() || isAbort(error)) return;
          store.setState({ status: 'error', source: null, error: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed });
        });
    },
    dispose: () => request.cancel(),
  };
}
