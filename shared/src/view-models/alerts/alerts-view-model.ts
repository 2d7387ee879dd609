/**
 * The signed-in user's alerts as one framework-free view model (issue 29 §5): the newest page and
 * the unread count, then every alert as it is raised, live over /api/alerts/stream (reconnecting
 * after a dropped connection; the count taken again from the server's first event each time).
 * Mark read updates the list and the count at once. The terminal's alerts screen renders it; how
 * each alert reads is `alertView` (rules/watchlists.ts), the web's words too.
 */
import type { ReconnectPolicy } from '../../client/reconnect.js';
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import type { Alert } from '../../contracts/watchlists.js';
import { isAbort, serverText } from '../errors.js';
import { createStore, type ReadableStore } from '../store.js';

/** Alerts kept: the newest page (the live ones push the oldest out). */
export const ALERTS_PAGE = 50;

export const ALERTS_TEXTS = {
  loading: 'Loading your alerts…',
  empty: 'No alerts yet. Companies you watch raise alerts here as Companies House publishes their changes.',
  emptyHow: 'Watch a company with w on its page, or `credence watch add <company-number>`.',
  reconnecting: 'Live alerts: connection lost. Reconnecting…',
  lost: 'Live alerts: connection lost.',
  failed: 'Could not load your alerts',
} as const;

export interface AlertsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Newest first, each alert once. */
  alerts: readonly Alert[];
  unread: number;
  /** Why the page could not be read (status 'error'). */
  error: string | null;
  /** The live connection's trouble ("Reconnecting…"), or null while it is up. */
  notice: string | null;
  /** Alerts that came over the stream since start. */
  arrived: number;
}

export interface AlertsViewModel extends ReadableStore<AlertsState> {
  /** Reads the newest page and follows the stream (again after dispose). */
  start(): void;
  /** Marks these alerts read (none given: all of them). */
  markRead(ids?: number[]): Promise<void>;
  dispose(): void;
}

/** Newest first (by id), each alert once (the first copy wins: pass the fresher list first), at most `limit`. */
export function mergeAlerts(first: readonly Alert[], second: readonly Alert[], limit = ALERTS_PAGE): Alert[] {
  const seen = new Set<number>();
  return [...first, ...second]
    .filter((a) => !seen.has(a.id) && (seen.add(a.id), true))
    .sort((a, b) => b.id - a.id)
    .slice(0, limit);
}

const INITIAL: AlertsState = { status: 'idle', alerts: [], unread: 0, error: null, notice: null, arrived: 0 };

export function createAlertsViewModel(options: {
  client: Pick<WatchlistsApi, 'alerts' | 'followAlerts' | 'markAlertsRead'>;
  /** How the stream reconnects (the terminal's CREDENCE_RECONNECT_FOR); default the client's. */
  reconnect?: Partial<ReconnectPolicy>;
  limit?: number;
}): AlertsViewModel {
  const { client } = options;
  const limit = options.limit ?? ALERTS_PAGE;
  const store = createStore<AlertsState>(INITIAL);
  let controller: AbortController | null = null;

  const start = () => {
    if (controller) return;
    const current = new AbortController();
    controller = current;
    const { signal } = current;
    store.setState({ status: store.getState().alerts.length > 0 ? 'ready' : 'loading', error: null });
    client.alerts({ limit }, { signal }).then(
      (answer) => {
        if (signal.aborted) return;
        store.setState((s) => ({ status: 'ready', alerts: mergeAlerts(s.alerts, answer.data.alerts, limit), unread: answer.data.unread }));
      },
      (error: unknown) => {
        if (signal.aborted || isAbort(error)) return;
        store.setState({ status: 'error', error: `${ALERTS_TEXTS.failed}: ${serverText(error) ?? 'no answer'}` });
      },
    );
    // the stream ends only when given up (or aborted): then the view says the live connection is lost
    void client
      .followAlerts({
        signal,
        ...(options.reconnect ? { reconnect: options.reconnect } : {}),
        onEvent: (event) => {
          if (signal.aborted) return;
          if (event.type === 'alert')
            store.setState((s) => ({
              alerts: mergeAlerts([event.data.alert], s.alerts, limit),
              unread: event.data.unread,
              arrived: s.arrived + 1,
              notice: null,
            }));
          else store.setState({ unread: event.data.unread, notice: null });
        },
        onReconnecting: () => !signal.aborted && store.setState({ notice: ALERTS_TEXTS.reconnecting }),
        onReconnected: () => !signal.aborted && store.setState({ notice: null }),
      })
      .catch(() => undefined)
      .then(() => {
        if (!signal.aborted) store.setState({ notice: ALERTS_TEXTS.lost });
      });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start,
    async markRead(ids) {
      const answer = await client.markAlertsRead(ids);
      store.setState((s) => ({
        unread: answer.data.unread,
        alerts: s.alerts.map((a) => (!a.read && (!ids || ids.includes(a.id)) ? { ...a, read: true } : a)),
      }));
    },
    dispose() {
      controller?.abort();
      controller = null;
    },
  };
}
