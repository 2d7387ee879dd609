/**
 * The browser session (spec 1 section 4) as an external store: React reads it with
 * useSyncExternalStore, the API layer writes it when an answer carries a fresh access_token.
 */
import { decodeToken, isExpired, TOKEN_STORAGE_KEY, type SessionUser } from './token.ts';

/** Why the last session ended: a logout goes to /login plainly, the others keep the address. */
export type SessionEnd = 'logout' | 'expired' | 'rejected';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  endedBy: SessionEnd | null;
}

export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionStoreOptions {
  storage: TokenStorage | null;
  now?: () => number;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Stores a token (login, or any answer carrying access_token); an unreadable or expired one ends the session. */
  setToken(token: string): void;
  end(reason: SessionEnd): void;
  /** Ends the session if its token has expired; answers whether a live session remains. */
  check(): boolean;
  /** Re-reads the stored token (another tab signed in or out). */
  reload(): void;
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback; // storage disabled (private mode, quota): the session lives in memory only
  }
}

export function createSessionStore({ storage, now = Date.now }: SessionStoreOptions): SessionStore {
  const listeners = new Set<() => void>();
  let state: SessionState = { token: null, user: null, endedBy: null };

  const write = (token: string | null) => {
    if (!storage) return;
    safely(() => (token === null ? storage.removeItem(TOKEN_STORAGE_KEY) : storage.setItem(TOKEN_STORAGE_KEY, token)), undefined);
  };
  const publish = (next: SessionState) => {
    if (next.token === state.token && next.endedBy === state.endedBy) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  /** The state a token gives: a live session, or none (and the stored token cleared). */
  const fromToken = (token: string | null, endedBy: SessionEnd | null): SessionState => {
    const user = decodeToken(token);
    if (token === null || !user || isExpired(user, now())) {
      if (token !== null) write(null);
      return { token: null, user: null, endedBy: token === null ? endedBy : 'expired' };
    }
    return { token, user, endedBy: null };
  };

  state = fromToken(storage ? safely(() => storage.getItem(TOKEN_STORAGE_KEY), null) : null, null);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setToken(token) {
      const next = fromToken(token, null);
      if (next.token) write(next.token);
      publish(next);
    },
    end(reason) {
      write(null);
      publish({ token: null, user: null, endedBy: reason });
    },
    check() {
      if (state.user && isExpired(state.user, now())) {
        write(null);
        publish({ token: null, user: null, endedBy: 'expired' });
      }
      return state.token !== null;
    },
    reload() {
      const stored = storage ? safely(() => storage.getItem(TOKEN_STORAGE_KEY), null) : null;
      if (stored === state.token) return;
      publish(fromToken(stored, stored === null ? 'logout' : null));
    },
  };
}

/** Spec 1 section 9: the first expiry check 2.5 s after load, then every 5 s. */
export const EXPIRY_FIRST_CHECK_MS = 2500;
export const EXPIRY_CHECK_EVERY_MS = 5000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Runs the expiry checks; answers the function that stops them. */
export function watchExpiry(store: SessionStore, timers: Timers): () => void {
  let interval: unknown = null;
  const first = timers.setTimeout(() => {
    store.check();
    interval = timers.setInterval(() => store.check(), EXPIRY_CHECK_EVERY_MS);
  }, EXPIRY_FIRST_CHECK_MS);
  return () => {
    timers.clearTimeout(first);
    if (interval !== null) timers.clearInterval(interval);
  };
}
