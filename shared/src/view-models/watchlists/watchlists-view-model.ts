/**
 * The watchlists page (issue 29 §3, §5): the user's lists; one open with its companies, lenders
 * and people; make, rename and delete a list, choose its e-mail (off, at once, daily digest), add
 * companies (from search or a CSV of company numbers) and remove them, remove lenders and people. Another user's list is answered as not
 * found, and says so.
 */
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import type { EmailMode, WatchCompaniesRequest, WatchlistDetail, WatchlistSummary } from '../../contracts/watchlists.js';
import { watchAddedText, watchlistNameError } from '../../rules/watch-control.js';
import { visibleControls } from '../../rules/inert-text/terminal-text.js';
import { errorStatus, isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export interface WatchlistsState {
  status: 'loading' | 'ready' | 'error';
  lists: readonly WatchlistSummary[];
  /** The open list's id (from the address), its companies once read. */
  openId: string | null;
  open: WatchlistDetail | null;
  openStatus: 'idle' | 'loading' | 'ready' | 'not-found' | 'error';
  busy: boolean;
  message: { kind: 'success' | 'error'; text: string } | null;
}

export const WATCHLISTS_TEXTS = {
  notFound: 'No such watchlist: it is not one of yours, or it was deleted.',
  empty: 'No watchlists yet. Make one here, or press Watch on a company’s page.',
} as const;

type Client = Pick<
  WatchlistsApi,
  | 'watchlists'
  | 'watchlist'
  | 'createWatchlist'
  | 'updateWatchlist'
  | 'deleteWatchlist'
  | 'watchCompanies'
  | 'unwatchCompanies'
  | 'unwatchLenders'
  | 'unwatchPeople'
>;

export interface WatchlistsViewModel extends ReadableStore<WatchlistsState> {
  start(): void;
  dispose(): void;
  /** Opens a list (null: none); the view keeps the id in the address. */
  openList(id: string | null): void;
  create(name: string): Promise<string | null>;
  rename(name: string): Promise<boolean>;
  setEmail(mode: EmailMode): Promise<void>;
  /** True once deleted (the list closes). */
  deleteOpen(): Promise<boolean>;
  add(request: WatchCompaniesRequest): Promise<void>;
  remove(companyNumber: string): Promise<void>;
  /** Takes a lender (by its name) or a person (by officer id) off the open list. */
  removeName(kind: 'lender' | 'person', key: string, label: string): Promise<void>;
}

export function createWatchlistsViewModel({ client }: { client: Client }): WatchlistsViewModel {
  const store = createStore<WatchlistsState>({
    status: 'loading',
    lists: [],
    openId: null,
    open: null,
    openStatus: 'idle',
    busy: false,
    message: null,
  });
  const listsRequest = createLatestRequest();
  const openRequest = createLatestRequest();
  const say = (kind: 'success' | 'error', text: string) => store.setState({ busy: false, message: { kind, text } });

  function loadLists(): void {
    const ticket = listsRequest.next();
    client
      .watchlists({ signal: ticket.signal })
      .then((answer) => ticket.isCurrent() && store.setState({ status: 'ready', lists: answer.data.watchlists }))
      .catch((error) => {
        if (isAbort(error) || !ticket.isCurrent()) return;
        store.setState({ status: 'error', message: { kind: 'error', text: serverText(error) ?? 'Your watchlists could not be read.' } });
      });
  }

  function loadOpen(): void {
    const id = store.getState().openId;
    if (!id) return openRequest.cancel();
    const ticket = openRequest.next();
    store.setState((s) => ({ openStatus: s.open?.id === id ? 'ready' : 'loading' }));
    client
      .watchlist(id, { signal: ticket.signal })
      .then((answer) => ticket.isCurrent() && store.setState({ open: answer.data.watchlist, openStatus: 'ready' }))
      .catch((error) => {
        if (isAbort(error) || !ticket.isCurrent()) return;
        // 400 too: an id that is not a list id at all is no list of yours either
        const missing = errorStatus(error) === 404 || errorStatus(error) === 400;
        store.setState({ open: null, openStatus: missing ? 'not-found' : 'error' });
      });
  }

  /** Runs a change, then reads the lists (and the open one) again; a failure is the message. */
  async function change(run: () => Promise<string | null>): Promise<boolean> {
    if (store.getState().busy) return false;
    store.setState({ busy: true, message: null });
    try {
      const text = await run();
      if (text) say('success', text);
      else store.setState({ busy: false });
      loadLists();
      loadOpen();
      return true;
    } catch (error) {
      say('error', serverText(error) ?? 'The watchlist could not be changed.');
      return false;
    }
  }

  const openName = () => visibleControls(store.getState().open?.name ?? '');

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      loadLists();
      loadOpen();
    },
    dispose() {
      listsRequest.cancel();
      openRequest.cancel();
    },
    openList(id) {
      if (id === store.getState().openId) return;
      store.setState({ openId: id, open: null, openStatus: id ? 'loading' : 'idle', message: null });
      loadOpen();
    },
    async create(name) {
      const problem = watchlistNameError(name, store.getState().lists);
      if (problem) {
        say('error', problem);
        return null;
      }
      let id: string | null = null;
      await change(async () => {
        const list = (await client.createWatchlist({ name: name.trim() })).data.watchlist;
        id = list.id;
        return `Made the watchlist "${visibleControls(list.name)}".`;
      });
      return id;
    },
    async rename(name) {
      const { openId, lists } = store.getState();
      if (!openId) return false;
      const problem = watchlistNameError(name, lists, openId);
      if (problem) {
        say('error', problem);
        return false;
      }
      return change(async () => {
        await client.updateWatchlist(openId, { name: name.trim() });
        return `Renamed to "${visibleControls(name.trim())}".`;
      });
    },
    async setEmail(mode) {
      const { openId } = store.getState();
      if (!openId) return;
      await change(async () => {
        await client.updateWatchlist(openId, { email: mode });
        return mode === 'off'
          ? `No e-mail for "${openName()}".`
          : `E-mail for "${openName()}": ${mode === 'digest' ? 'a daily digest' : 'at once'}.`;
      });
    },
    async deleteOpen() {
      const { openId } = store.getState();
      if (!openId) return false;
      const name = openName();
      const done = await change(async () => {
        await client.deleteWatchlist(openId);
        return `Deleted "${name}".`;
      });
      if (!done) return false;
      openRequest.cancel();
      store.setState({ openId: null, open: null, openStatus: 'idle' });
      return true;
    },
    async add(request) {
      const { openId } = store.getState();
      if (!openId) return;
      const name = store.getState().open?.name ?? '';
      await change(async () => watchAddedText(name, (await client.watchCompanies(openId, request)).data));
    },
    async remove(companyNumber) {
      const { openId } = store.getState();
      if (!openId) return;
      await change(async () => {
        await client.unwatchCompanies(openId, [companyNumber]);
        return `Stopped watching ${companyNumber} in "${openName()}".`;
      });
    },
    async removeName(kind, key, label) {
      const { openId } = store.getState();
      if (!openId) return;
      await change(async () => {
        await (kind === 'lender' ? client.unwatchLenders(openId, [key]) : client.unwatchPeople(openId, [key]));
        return `Stopped watching ${kind === 'lender' ? 'the lender ' : ''}${visibleControls(label)} in "${openName()}".`;
      });
    },
  };
}
