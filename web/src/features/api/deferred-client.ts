/**
 * The typed client (docs/architecture.md 1) without its code in the entry every page shares: the
 * calls of every area (accounts, screeners, explorer, research, US equity, documents, ops) are
 * ~7 KB gzipped and grow with each area, while `/` and the public pages make no call until a form
 * is sent (issue 18: `/` downloads <= 120 KB). The web app's client answers `baseUrl`, `token()`
 * and `setToken()` at once and forwards every other member to the real client, loaded on first
 * use. Each member keeps its name and signature: callers see the shared `ApiClient`.
 */
import { ApiError, type ApiClient } from '@credence/shared';

/** The members answered without the client's code. */
type Immediate = 'baseUrl' | 'token' | 'setToken';
type Calls = Omit<ApiClient, Immediate>;
type AsyncCall = (...args: never[]) => Promise<unknown>;
type Assert<T extends true> = T;
/** Compiles only while every other member of ApiClient answers a promise (it can wait for the chunk). */
export type EveryCallAnswersAPromise = Assert<Calls extends Record<keyof Calls, AsyncCall> ? true : false>;

export interface DeferredClientOptions {
  baseUrl: string;
  token: string | null;
  /** Creates the real client (its chunk loaded), holding the token current at that moment. */
  load: (token: string | null) => Promise<ApiClient>;
}

/** Names a caller may probe without meaning a call: a promise check, JSON, React's element check. */
const NOT_CALLS = new Set(['then', 'toJSON', '$$typeof']);

export function createDeferredClient(options: DeferredClientOptions): ApiClient {
  let token = options.token;
  let real: ApiClient | null = null;
  let loading: Promise<ApiClient> | null = null;

  const load = (): Promise<ApiClient> => {
    loading ??= options.load(token).then(
      (client) => {
        client.setToken(token);
        real = client;
        return client;
      },
      (error: unknown) => {
        loading = null; // a later call tries again (the chunk may come back with the connection)
        throw new ApiError({
          status: 0,
          error: `Could not load the API client (${error instanceof Error ? error.message : String(error)})`,
          call: 'load the API client',
          cause: error,
        });
      },
    );
    return loading;
  };

  const immediate = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    token: () => token,
    setToken(next: string | null) {
      token = next;
      real?.setToken(next);
    },
  };

  // One function per name, so a call keeps its identity across renders (hook dependencies).
  const calls = new Map<string, AsyncCall>();
  return new Proxy(immediate, {
    get(target, name, receiver) {
      if (typeof name !== 'string' || name in target || NOT_CALLS.has(name)) return Reflect.get(target, name, receiver);
      let call = calls.get(name);
      if (!call) {
        call = async (...args: never[]) => {
          const client = real ?? (await load());
          const member = (client as unknown as Record<string, unknown>)[name];
          if (typeof member !== 'function') throw new TypeError(`The API client has no call "${name}"`);
          return (member as AsyncCall).apply(client, args);
        };
        calls.set(name, call);
      }
      return call;
    },
  }) as unknown as ApiClient;
}
