/**
 * Global options (docs/architecture.md 5) → the API address, the token and a typed client.
 * Flags win over the environment, which wins over the saved session.
 */
import type { ApiClient } from '@credence/shared';
import { AuthError, SIGN_IN_MESSAGE, UsageError } from './exit-codes.js';
import { currentMode, type Mode } from './mode.js';
import { createOutput, type Output } from './output.js';

export const DEFAULT_API_URL = 'http://localhost:3000';

export interface GlobalOptions {
  apiUrl?: string;
  token?: string;
  json?: boolean;
  color?: boolean;
}

export interface Context {
  apiUrl: string;
  mode: Mode;
  out: Output;
  /** A client without a token (login) or with the given one. */
  client(token?: string | null, persist?: boolean): Promise<ApiClient>;
  /** A client with the session token; AuthError (exit 4) when there is none. */
  authedClient(): Promise<ApiClient>;
  /** --token, else CREDENCE_TOKEN, else the saved session; null when none. */
  token(): Promise<string | null>;
}

export function resolveApiUrl(flag: string | undefined, env: Record<string, string | undefined>): string {
  const raw = (flag ?? env.CREDENCE_API_URL ?? DEFAULT_API_URL).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--api-url must be an http(s) address like ${DEFAULT_API_URL}, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--api-url must start with http:// or https://, not "${raw}"`);
  if (url.search || url.hash) throw new UsageError(`--api-url takes the server's address only (no ?query or #fragment): "${raw}"`);
  return raw.replace(/\/+$/, '').replace(/\/api$/, '');
}

export function createContext(options: GlobalOptions): Context {
  const mode = currentMode(options);
  const out = createOutput(mode);
  const apiUrl = resolveApiUrl(options.apiUrl, process.env);
  const given = (options.token ?? process.env.CREDENCE_TOKEN ?? '').trim();
  const token = async (): Promise<string | null> => {
    if (given !== '') return given;
    const { readToken } = await import('./token-store.js');
    return readToken(apiUrl);
  };
  const client = async (t?: string | null, persist = false) => {
    const { createApiClient } = await import('@credence/shared');
    // An answer carrying access_token refreshes the session (docs/architecture.md 4): keep the new one.
    const onAccessToken = persist
      ? (fresh: string) => void import('./token-store.js').then((store) => store.saveToken(apiUrl, fresh))
      : undefined;
    return createApiClient({ baseUrl: apiUrl, token: t ?? null, onAccessToken });
  };
  return {
    apiUrl,
    mode,
    out,
    token,
    client,
    async authedClient() {
      const t = await token();
      if (!t) throw new AuthError(SIGN_IN_MESSAGE);
      return client(t, given === '');
    },
  };
}
