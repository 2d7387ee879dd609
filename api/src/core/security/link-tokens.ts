import { createHash, randomBytes } from 'node:crypto';

/**
 * 192 random bits, URL-safe: what goes into an e-mailed link. 32 characters keep a link within a
 * mail's 76-character line, so it is never split by the transfer encoding.
 */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored: the token never is. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 32 base64url characters; anything else is refused before touching the database. */
export function isWellFormedLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(token);
}
