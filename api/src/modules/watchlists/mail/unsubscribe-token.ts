import { createHmac, timingSafeEqual } from 'node:crypto';

/** The path of the unsubscribe page (GET confirms, POST unsubscribes: RFC 8058 one-click), under the API's /api prefix. */
export const UNSUBSCRIBE_PATH = 'alerts/unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, listId: string, listToken: string): string {
  return createHmac('sha256', secret).update(`alert-mail-unsubscribe\n${listId}\n${listToken}`).digest('base64url');
}

/**
 * The token in a list's unsubscribe link: `<list id>.<HMAC-SHA256>` with the server's secret over
 * the list's id and its stored random `unsubscribe_token` (so the link works without signing in,
 * cannot be made for another list, and the list's token can be renewed to revoke old links).
 */
export function unsubscribeToken(secret: string, listId: string, listToken: string): string {
  return `${listId}.${mac(secret, listId, listToken)}`;
}

/** The list id a token claims, or null when it is not shaped as one (checked against the list with `tokenMatches`). */
export function tokenListId(token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [id, sig, extra] = token.split('.');
  return extra === undefined && sig && UUID.test(id) ? id : null;
}

export function tokenMatches(secret: string, token: string, listId: string, listToken: string): boolean {
  const want = Buffer.from(unsubscribeToken(secret, listId, listToken));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
