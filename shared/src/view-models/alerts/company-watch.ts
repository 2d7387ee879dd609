/**
 * Watching the company on screen (issue 29 §3, "add from the company view"): which of your lists
 * hold it, and one action that adds it to the default list (made on first use, as `credence
 * watch add` does) or, when it is already watched, takes it off every list that holds it. The
 * words said after each are here, so every view says the same.
 */
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import { DEFAULT_WATCHLIST_NAME } from '../../contracts/watchlists.js';
import { visibleControls } from '../../rules/inert-text/terminal-text.js';
import { watchedCompanyView } from '../../rules/watch-control.js';
import { isAbort, serverText } from '../errors.js';
import { createStore, type ReadableStore } from '../store.js';

export interface CompanyWatchState {
  /** loading: reading your lists; busy: adding or removing. */
  status: 'idle' | 'loading' | 'ready' | 'busy' | 'error';
  /** Names of your lists that hold the company (inert text). */
  lists: readonly string[];
  /** What the last action did, or why it failed. */
  message: string | null;
}

export interface CompanyWatchViewModel extends ReadableStore<CompanyWatchState> {
  /** Reads which of your lists hold the company. */
  start(): void;
  /** Watches it (in `listName`), or stops watching it when a list holds it. */
  toggle(): Promise<void>;
  dispose(): void;
}

type Client = Pick<WatchlistsApi, 'watchlistsOf' | 'createWatchlist' | 'watchCompanies' | 'unwatchCompanies'>;

/** "★ watched (Watchlist, Borrowers)" or "not watched" beside the company's name; nothing while unknown (the web's Watch button says the same fact). */
export function watchMark(state: CompanyWatchState): string {
  return watchedCompanyView(state.status === 'ready' ? state.lists : null).mark;
}

export function createCompanyWatchViewModel(options: { client: Client; companyNumber: string; listName?: string }): CompanyWatchViewModel {
  const { client, companyNumber } = options;
  const listName = options.listName ?? DEFAULT_WATCHLIST_NAME;
  const store = createStore<CompanyWatchState>({ status: 'idle', lists: [], message: null });
  let controller: AbortController | null = null;
  const failed = (what: string, error: unknown) => `Could not ${what}: ${serverText(error) ?? 'no answer'}`;

  /** Your lists, each with whether it holds the company (one request: `GET watchlists?company=`, not every list's companies). */
  const holding = async (signal?: AbortSignal) => {
    const lists = (await client.watchlistsOf(companyNumber, { signal })).data.watchlists;
    return lists.map((list) => ({ list, holds: list.watching === true }));
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      if (controller) return;
      const current = new AbortController();
      controller = current;
      store.setState({ status: 'loading' });
      holding(current.signal).then(
        (all) => {
          // a toggle under way (or done) knows better
          if (current.signal.aborted || store.getState().status !== 'loading') return;
          store.setState({ status: 'ready', lists: all.filter((l) => l.holds).map((l) => visibleControls(l.list.name)) });
        },
        (error: unknown) => {
          if (current.signal.aborted || isAbort(error) || store.getState().status !== 'loading') return;
          // silent: the mark is left out, and `toggle` says what fails when asked
          store.setState({ status: 'error', message: null });
        },
      );
    },
    async toggle() {
      if (store.getState().status === 'busy') return;
      store.setState({ status: 'busy', message: null });
      try {
        const all = await holding();
        const on = all.filter((l) => l.holds).map((l) => l.list);
        if (on.length > 0) {
          for (const list of on) await client.unwatchCompanies(list.id, [companyNumber]);
          const names = on.map((l) => `"${visibleControls(l.name)}"`).join(', ');
          store.setState({ status: 'ready', lists: [], message: `Stopped watching ${companyNumber} (taken off ${names})` });
          return;
        }
        const existing = all.find((l) => l.list.name.toLowerCase() === listName.toLowerCase())?.list;
        const list = existing ?? (await client.createWatchlist({ name: listName })).data.watchlist;
        const added = (await client.watchCompanies(list.id, { company_numbers: [companyNumber] })).data;
        const name = visibleControls(list.name);
        if (added.unknown.includes(companyNumber)) {
          store.setState({ status: 'ready', lists: [], message: `Not watched: Credence does not hold ${companyNumber}` });
          return;
        }
        store.setState({ status: 'ready', lists: [name], message: `Watching ${companyNumber} in "${name}": its changes raise alerts` });
      } catch (error) {
        store.setState({ status: 'error', message: failed('change your watchlist', error) });
      }
    },
    dispose() {
      controller?.abort();
      controller = null;
    },
  };
}
