/**
 * When a live watch reconnects after its connection dropped (issue 28: tails that survive an API
 * restart): a delay that doubles from the first to a cap, each one jittered (half fixed, half
 * random, so many clients that lost the same server do not come back at once), for as long as the
 * server may come back. Time and chance come from a clock that tests replace.
 */

export interface ReconnectClock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1). */
  random(): number;
}

export const SYSTEM_CLOCK: ReconnectClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    }),
  random: () => Math.random(),
};

export interface ReconnectPolicy {
  /** The first wait (the server's `retry` replaces it when it sent one). */
  initialDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Reconnecting stops when the connection has been lost this long (0: never reconnect). */
  giveUpAfterMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 10_000,
  giveUpAfterMs: 15 * 60_000,
};

/** The wait before reconnect number `attempt` (1, 2, ...): doubling from `initial` up to the cap, the upper half random. */
export function reconnectDelay(attempt: number, initialMs: number, policy: ReconnectPolicy, random: () => number): number {
  const full = Math.min(policy.maxDelayMs, initialMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Whether a failed connection may succeed later: no answer at all (the server is down or
 * restarting), or a proxy's 502/503/504 while the server behind it restarts. Refusals (401, 403,
 * 404, 429 ...) are final.
 */
export function mayComeBack(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
