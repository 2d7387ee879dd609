/**
 * The session token of spec 1 section 4: a JWT kept in localStorage under `token`. Only its claims
 * are read here (the API verifies the signature); a token that cannot be decoded counts as none.
 */
import type { Role } from '@credence/shared';

export const TOKEN_STORAGE_KEY = 'token';

export interface SessionUser {
  full_name: string;
  email: string;
  company_name: string;
  role: Role | null;
  /** Expiry, in seconds since the epoch (the JWT `exp` claim). */
  exp: number;
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The user a token speaks for, or null when it is not a JWT with a numeric `exp`. */
export function decodeToken(token: string | null | undefined): SessionUser | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === '') return null;
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (parsed === null || typeof parsed !== 'object') return null;
    claims = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  const role = claims.role === 'admin' || claims.role === 'ops' || claims.role === 'analyst' ? claims.role : null;
  return { full_name: text(claims.full_name), email: text(claims.email), company_name: text(claims.company_name), role, exp: claims.exp };
}

/** True once `exp` is in the past. */
export function isExpired(user: SessionUser, nowMs: number): boolean {
  return user.exp * 1000 <= nowMs;
}
