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

interface Cause {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  port?: unknown;
  address?: unknown;
  driverError?: unknown;
}

/** The error and the ones inside it: TypeORM's driverError, the attempts of Node's dual-stack connect (AggregateError). */
function causes(error: unknown): Cause[] {
  if (!error || typeof error !== 'object') return [];
  const found: Cause[] = [error as Cause];
  const driverError = (error as Cause).driverError;
  if (driverError) found.push(...causes(driverError));
  if (error instanceof AggregateError) for (const inner of error.errors) found.push(...causes(inner));
  return found;
}

function isNetworkCause(cause: Cause): boolean {
  return typeof cause.code === 'string' && NETWORK_CODES.has(cause.code);
}

/** Where the database listens: a TCP port, or the directory of its socket (embedded). */
export interface DatabaseTarget {
  host?: string;
  port?: number;
}

/**
 * An error of the pg driver (or TypeORM around it) that means the database cannot be reached, not
 * that the query was wrong. A bare socket error counts only when it came from a query (TypeORM's
 * driverError) or names the database's own address, so that a failed call to another service
 * (the Companies House API, SMTP) is not taken for a database outage.
 */
export function isDatabaseConnectionError(error: unknown, target: DatabaseTarget = {}): boolean {
  const all = causes(error);
  const fromDriver = all.some((cause) => cause.driverError !== undefined);
  return all.some(
    (cause) =>
      (typeof cause.code === 'string' && PG_UNAVAILABLE.test(cause.code)) ||
      (typeof cause.message === 'string' && PG_MESSAGES.test(cause.message)) ||
      (isNetworkCause(cause) &&
        (fromDriver ||
          (target.port !== undefined && cause.port === target.port) ||
          // The embedded database listens on a socket in a directory: its errors name that path.
          (!!target.host?.startsWith('/') && typeof cause.address === 'string' && cause.address.startsWith(target.host)))),
  );
}

/** An ioredis (or Bull) error that means Redis cannot be reached. */
export function isRedisConnectionError(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      isNetworkCause(cause) ||
      cause.name === 'MaxRetriesPerRequestError' ||
      (typeof cause.message === 'string' && REDIS_MESSAGES.test(cause.message)),
  );
}
