/** Socket errors: the peer is not there, went away or cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's connection_exception class (08…) and the server going away (admin_shutdown, crash_shutdown, cannot_connect_now). */
const PG_UNAVAILABLE = /^(08\w{3}|57P0[123])$/;
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection is not established/i;
const REDIS_MESSAGES = /Connection is closed|Stream isn't writeable|max retries per request|Reached the max retries/i;

function causes(error: unknown): { code?: unknown; message?: unknown; name?: unknown }[] {
  if (!error || typeof error !== 'object') return [];
  const found = [error as { code?: unknown; message?: unknown; name?: unknown }];
  // TypeORM wraps driver errors; Node reports a refused dual-stack connect as an AggregateError.
  const driverError = (error as { driverError?: unknown }).driverError;
  if (driverError) found.push(...causes(driverError));
  if (error instanceof AggregateError) for (const inner of error.errors) found.push(...causes(inner));
  return found;
}

function isNetworkError(error: unknown): boolean {
  return causes(error).some((e) => typeof e.code === 'string' && NETWORK_CODES.has(e.code));
}

/** An error of the pg driver (or TypeORM around it) that means the server cannot be reached, not that the query was wrong. */
export function isDatabaseConnectionError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return causes(error).some(
    (e) => (typeof e.code === 'string' && PG_UNAVAILABLE.test(e.code)) || (typeof e.message === 'string' && PG_MESSAGES.test(e.message)),
  );
}

/** An ioredis (or Bull) error that means Redis cannot be reached. */
export function isRedisConnectionError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return causes(error).some(
    (e) => e.name === 'MaxRetriesPerRequestError' || (typeof e.message === 'string' && REDIS_MESSAGES.test(e.message)),
  );
}
