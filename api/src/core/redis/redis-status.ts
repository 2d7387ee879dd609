import { Redis, type RedisOptions } from 'ioredis';
import { DependencyStatus, DependencyUnavailableError, describeError, type DependencyCheck } from '../health/dependency-status.js';

/** Reconnect every 0.2 s, 0.4 s, … at most every 2 s, for as long as it takes. */
export function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 200, 2_000);
}

/**
 * The shared Redis connection and what it says about Redis. Its events are the one source of
 * "Redis is unreachable" / "Redis is back" (logged once each, see DependencyStatus); the other
 * clients (Bull's, the session subscriber) only need an error listener so that ioredis does not
 * print "Unhandled error event" for every reconnection attempt.
 */
export class RedisStatus {
  readonly state = new DependencyStatus('redis');
  readonly client: Redis;
  private everReady = false;
  private closing = false;

  constructor(url: string, options: RedisOptions = {}) {
    // The offline queue stays on, so that a command sent while the first connection opens (the
    // admin CLI's) waits for it; request paths ask `usable` first and do not wait on an outage.
    this.client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: reconnectDelay, ...options });
    this.client.on('error', (error) => this.state.down(error));
    this.client.on('ready', () => {
      this.everReady = true;
      this.state.up();
    });
    // A server that stops closes the connection first; the failed reconnections follow.
    this.client.on('close', () => {
      if (this.everReady && !this.closing && this.state.isUp) this.state.down(new Error('the connection was closed'));
    });
  }

  /** Whether a command sent now goes straight to Redis. */
  get usable(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * Resolves when commands can be sent. While the first connection is still opening it waits for
   * it (up to `timeoutMs`); once Redis has been seen down it throws DependencyUnavailableError at once.
   */
  async whenUsable(timeoutMs = 5_000): Promise<void> {
    if (this.usable) return;
    if (this.everReady || !this.state.isUp) throw new DependencyUnavailableError('redis', this.state.lastError ?? this.client.status);
    await nextReady(this.client, timeoutMs, true);
  }

  /**
   * For another connection to the same Redis (Bull's): once the shared one is usable, waits (up to
   * `timeoutMs`) for this one too, which reconnects on its own schedule after an outage.
   */
  async whenAlsoUsable(other: Redis, timeoutMs = 3_000): Promise<void> {
    await this.whenUsable();
    if (other.status !== 'ready') await nextReady(other, timeoutMs, false);
  }

  /** The readiness check: a PING, answered within `timeoutMs`. */
  async check(timeoutMs = 2_000): Promise<DependencyCheck> {
    if (!this.usable) return { status: 'down', error: this.state.lastError ?? `connection ${this.client.status}` };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.client.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer to PING within ${timeoutMs} ms`)), timeoutMs))),
      ]);
      return { status: 'ok' };
    } catch (error) {
      return { status: 'down', error: describeError(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Another connection to the same Redis (for pub/sub), with the error listener every client needs. */
  duplicate(options: RedisOptions = {}): Redis {
    return quietErrors(this.client.duplicate(options));
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.usable) await this.client.quit().catch(() => undefined);
    else this.client.disconnect();
  }
}

/**
 * Resolves on the client's next 'ready'; otherwise throws DependencyUnavailableError after
 * `timeoutMs`, or at its next error when `failOnError` (else reconnection errors are waited through).
 */
function nextReady(client: Redis, timeoutMs: number, failOnError: boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      if (error) reject(new DependencyUnavailableError('redis', error));
      else resolve();
    };
    const onReady = () => done();
    const onError = (error: unknown) => {
      if (failOnError) done(error);
    };
    const timer = setTimeout(() => done(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    client.once('ready', onReady);
    client.on('error', onError);
  });
}

/**
 * An error listener for a secondary connection: its reconnection errors are the same outage the
 * shared connection reports (once), so here they are dropped rather than printed by ioredis.
 */
export function quietErrors<T extends Redis>(client: T): T {
  client.on('error', () => undefined);
  return client;
}
