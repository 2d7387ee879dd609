/**
 * The web app's way to the API: the shared typed client (docs/architecture.md 1), every call of it,
 * accounts included, through one `sessionFetch`, so the session follows every answer. The
 * client's code is a chunk of its own, loaded on the first call (deferred-client.ts).
 */
import { ApiError, type ApiClient, type FetchLike } from '@credence/shared';
import type { SessionStore } from '../session/session-store.ts';
import { createDeferredClient } from './deferred-client.ts';

/** The typed client's chunk: the app's pages fetch it beside their own (app/pages.ts). */
export const loadTypedClient = () => import('./typed-client.ts');

export interface WebApi {
  client: ApiClient;
}

function hasBearer(init: RequestInit | undefined): boolean {
  const headers = init?.headers;
  if (!headers) return false;
  if (headers instanceof Headers) return headers.has('authorization');
  if (Array.isArray(headers)) return headers.some(([name]) => name.toLowerCase() === 'authorization');
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * fetch as the session sees it: an error answer carrying access_token still refreshes the
 * session (spec 1 section 4; the shared client reads it from successes only), and a 401 to a
 * call that sent a token ends the session (expired, revoked by a reset, or signed out elsewhere).
 */
export function sessionFetch(session: SessionStore, base: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.ok) {
      const fresh = await response
        .clone()
        .json()
        .then((body: unknown) => (body as { access_token?: unknown } | null)?.access_token)
        .catch(() => undefined);
      if (typeof fresh === 'string' && fresh !== '') session.setToken(fresh);
      else if (response.status === 401 && hasBearer(init)) session.end('rejected');
    }
    return response;
  };
}

export function createWebApi(options: { baseUrl: string; session: SessionStore; fetch?: FetchLike }): WebApi {
  const base: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { session } = options;
  const doFetch = sessionFetch(session, base);
  const client = createDeferredClient({
    baseUrl: options.baseUrl,
    token: session.getState().token,
    load: async (token) =>
      (await loadTypedClient()).createApiClient({
        baseUrl: options.baseUrl,
        token,
        fetch: doFetch,
        onAccessToken: (fresh) => session.setToken(fresh),
      }),
  });
  // One source of truth: the client's bearer always follows the session.
  session.subscribe(() => {
    const { token } = session.getState();
    if (client.token() !== token) client.setToken(token);
  });

  return { client };
}

export const NETWORK_ERROR = 'Could not connect to the server. Please check your network connection.';

/** The text to show for a failed call: the server's `error`, else the given fallback (spec 1 section 8). */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return NETWORK_ERROR;
  return error.error.trim() !== '' ? error.error : fallback;
}
