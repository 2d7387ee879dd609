import { Logger } from '@nestjs/common';

export type Dependency = 'database' | 'redis';

const LABELS: Record<Dependency, string> = { database: 'The database', redis: 'Redis' };

/** What a client is told while a dependency is down, with `Retry-After: RETRY_AFTER_SECONDS`. */
export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  database: 'Credence cannot reach its database at the moment, so nothing was done. Please try again in a minute.',
  redis: 'Credence cannot reach its job queue (Redis) at the moment, so nothing was done. Please try again in a minute.',
};

export const RETRY_AFTER_SECONDS = 10;

/** A request needed a dependency that is down: answered 503 with Retry-After (see HttpExceptionFilter). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    cause?: unknown,
  ) {
    super(`${LABELS[dependency]} is unreachable${cause ? `: ${describeError(cause)}` : ''}`);
    this.name = 'DependencyUnavailableError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

export interface DependencyCheck {
  status: 'ok' | 'down';
  error?: string;
}

/**
 * Whether one dependency was reachable when last seen. Each change is logged once ("… is
 * unreachable", "… is back"), however many errors or requests report the same outage.
 */
export class DependencyStatus {
  private reachable = true;
  private error: string | null = null;
  private readonly logger = new Logger('Dependencies');

  constructor(readonly dependency: Dependency) {}

  get isUp(): boolean {
    return this.reachable;
  }

  get lastError(): string | null {
    return this.error;
  }

  get label(): string {
    return LABELS[this.dependency];
  }

  /** Records an outage; answers true when this call is the one that noticed it. */
  down(cause: unknown): boolean {
    this.error = describeError(cause);
    if (!this.reachable) return false;
    this.reachable = false;
    this.logger.error(`${this.label} is unreachable (${this.error}): requests that need it answer 503 until it is back.`);
    return true;
  }

  /** Records that it answers again; answers true when this call is the one that noticed it. */
  up(): boolean {
    if (this.reachable) return false;
    this.reachable = true;
    this.error = null;
    this.logger.log(`${this.label} is back: requests that need it are served again.`);
    return true;
  }
}
