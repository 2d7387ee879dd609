/**
 * The web app's way to the API: the shared typed client (ARCHITECTURE.md 1), plus, until the
 * shared client has them, the account calls it lacks (signup, verify, user_by_token, approve,
 * request-reset, reset-password, help_requests), made with the same conventions: the bearer
 * header, the same ApiError for every failure, and a session refreshed from any access_token.
 */
import {
  ApiError,
  apiErrorFromBody,
  createApiClient,
  type ApiClient,
  type FetchLike,
  type HelpRequestType,
  type MessageResponse,
  type SignupRequest,
  type UserByTokenResponse,
} from '@credence/shared';
import type { SessionStore } from '../session/session-store.ts';

export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
}

export interface HelpRequestPayload {
  type: HelpRequestType;
  companies?: { number: string; name: string }[];
  feature?: { subject: string; message: string };
  feedback?: { subject: string; message: string };
}

/** Spec 1 section 9: a help request gives up after 10 s. */
export const HELP_REQUEST_TIMEOUT_MS = 10_000;

export interface AccountsApi {
  signup(request: SignupRequest): Promise<MessageResponse>;
  verify(token: string): Promise<MessageResponse>;
  userByToken(token: string): Promise<UserByTokenResponse>;
  approve(token: string): Promise<MessageResponse>;
  requestReset(email: string): Promise<MessageResponse>;
  resetPassword(request: ResetPasswordRequest): Promise<MessageResponse>;
  helpRequest(request: HelpRequestPayload): Promise<MessageResponse>;
}

export interface WebApi {
  client: ApiClient;
  accounts: AccountsApi;
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
  const client = createApiClient({
    baseUrl: options.baseUrl,
    token: session.getState().token,
    fetch: doFetch,
    onAccessToken: (token) => session.setToken(token),
  });
  // One source of truth: the client's bearer always follows the session.
  session.subscribe(() => {
    const { token } = session.getState();
    if (client.token() !== token) client.setToken(token);
  });

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs?: number): Promise<T> {
    const label = `${method} /api/${path}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = client.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    let response: Response;
    try {
      response = await doFetch(`${client.baseUrl}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      const timedOut = (error as { name?: string })?.name === 'TimeoutError';
      throw new ApiError({
        status: 0,
        error: timedOut ? 'The server took too long to answer. Please try again.' : NETWORK_ERROR,
        call: label,
        cause: error,
      });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text, label);
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch (error) {
      throw new ApiError({ status: response.status, error: `The API answered something that is not JSON for ${label}`, call: label, body: text, cause: error });
    }
    const fresh = (parsed as { access_token?: unknown } | null)?.access_token;
    if (typeof fresh === 'string' && fresh !== '') session.setToken(fresh);
    return parsed as T;
  }

  const segment = (value: string) => encodeURIComponent(value);
  return {
    client,
    accounts: {
      signup: (request) => call('POST', 'signup', request),
      verify: (token) => call('POST', `verify/${segment(token)}`),
      userByToken: (token) => call('GET', `user_by_token/${segment(token)}`),
      approve: (token) => call('POST', `approve/${segment(token)}`),
      requestReset: (email) => call('POST', 'request-reset', { email }),
      resetPassword: (request) => call('POST', 'reset-password', request),
      helpRequest: (request) => call('POST', 'help_requests', request, HELP_REQUEST_TIMEOUT_MS),
    },
  };
}

export const NETWORK_ERROR = 'Could not connect to the server. Please check your network connection.';

/** The text to show for a failed call: the server's `error`, else the given fallback (spec 1 section 8). */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return error.error.startsWith('The server took too long') ? error.error : NETWORK_ERROR;
  return error.error.trim() !== '' ? error.error : fallback;
}
