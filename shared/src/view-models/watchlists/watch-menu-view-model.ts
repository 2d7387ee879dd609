/**
 * The Watch control of one company (issue 29 §3): the user's lists, each saying whether it holds
 * the company; tick a list to watch it there, untick to stop; or name a new list to start one with
 * it. The web's company header renders it; the words are rules/watch-control.ts's.
 */
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import type { WatchlistSummary } from '../../contracts/watchlists.js';
import { watchAddedText, watchButtonView, watchlistNameError } from '../../rules/watch-control.js';
import { visibleControls } from '../../rules/inert-text/terminal-text.js';
import { isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export interface WatchMenuState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  lists: readonly WatchlistSummary[];
  /** The list being changed (its id, or 'new'); null when none is. */
  busy: string | null;
  /** What the last change did ("Watching 1 company in ..."), or why it failed. */
  message: { kind: 'success' | 'error'; text: string } | null;
}

export interface WatchMenuViewModel extends ReadableStore<WatchMenuState> {
  start(): void;
  dispose(): void;
  reload(): void;
  /** Watches the company in the list, or stops watching it there when the list holds it. */
  toggle(listId: string): Promise<void>;
  /** Starts a list with this name holding the company; false (with the reason as the message) when the name cannot be used. */
  create(name: string): Promise<boolean>;
  button(): ReturnType<typeof watchButtonView>;
}

type Client = Pick<WatchlistsApi, 'watchlistsOf' | 'createWatchlist' | 'watchCompanies' | 'unwatchCompanies'>;

export function createWatchMenuViewModel({ client, companyNumber }: { client: Client; companyNumber: string }): WatchMenuViewModel {
  const store = createStore<WatchMenuState>({ status: 'idle', lists: [], busy: null, message: null });
  const latest = createLatestRequest();
  const failed = (error: unknown, fallback: string) =>
    store.setState({ busy: null, message: { kind: 'error', text: serverText(error) ?? fallback } });

  function reload(): void {
    const ticket = latest.next();
    store.setState((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' }));
    client
      .watchlistsOf(companyNumber, { signal: ticket.signal })
      .then((answer) => ticket.isCurrent() && store.setState({ status: 'ready', lists: answer.data.watchlists }))
      .catch((error) => {
        if (isAbort(error) || !ticket.isCurrent()) return;
        store.setState({ status: 'error', message: { kind: 'error', text: serverText(error) ?? 'Your watchlists could not be read.' } });
      });
  }

  const mark = (id: string, watching: boolean, companies: number) =>
    store.setState((s) => ({ lists: s.lists.map((l) => (l.id === id ? { ...l, watching, companies } : l)) }));

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start: reload,
    reload,
    dispose: () => latest.cancel(),
    button: () => watchButtonView(store.getState().status === 'ready' ? store.getState().lists : null),
    async toggle(listId) {
      const list = store.getState().lists.find((l) => l.id === listId);
      if (!list || store.getState().busy) return;
      store.setState({ busy: listId, message: null });
      try {
        if (list.watching) {
          const answer = await client.unwatchCompanies(listId, [companyNumber]);
          mark(listId, false, answer.data.companies);
          store.setState({ busy: null, message: { kind: 'success', text: `Removed from "${visibleControls(list.name)}".` } });
        } else {
          const answer = await client.watchCompanies(listId, { company_numbers: [companyNumber] });
          mark(listId, answer.data.added.length + answer.data.already.length > 0, answer.data.companies);
          store.setState({ busy: null, message: { kind: 'success', text: watchAddedText(list.name, answer.data) } });
        }
      } catch (error) {
        failed(error, 'The watchlist could not be changed.');
      }
    },
    async create(name) {
      const problem = watchlistNameError(name, store.getState().lists);
      if (problem) {
        store.setState({ message: { kind: 'error', text: problem } });
        return false;
      }
      store.setState({ busy: 'new', message: null });
      try {
        const created = (await client.createWatchlist({ name: name.trim() })).data.watchlist;
        const added = await client.watchCompanies(created.id, { company_numbers: [companyNumber] });
        const list = { ...created, companies: added.data.companies, watching: added.data.added.length > 0 };
        store.setState((s) => ({
          busy: null,
          lists: [...s.lists, list].sort((a, b) => a.name.localeCompare(b.name)),
          message: { kind: 'success', text: watchAddedText(created.name, added.data) },
        }));
        return true;
      } catch (error) {
        failed(error, 'The watchlist could not be made.');
        return false;
      }
    },
  };
}
