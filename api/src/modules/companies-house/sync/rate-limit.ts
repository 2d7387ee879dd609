/**
 * The Companies House API's published limit: 600 requests per 5 minutes per key. The API's token
 * bucket (core/rate-limit/token-bucket.ts) paces our requests, and the server's X-Ratelimit-*
 * headers (Limit, Remain, Reset in epoch seconds, Window such as "5m") correct it: when the server
 * says nothing remains, or answers 429, we wait until its window resets. Time is injectable so
 * tests need not wait minutes.
 */

import type { Clock } from '../../../core/clock.js';
import { TokenBucket } from '../../../core/rate-limit/token-bucket.js';

export { systemClock, type Clock } from '../../../core/clock.js';

export interface RateLimitOptions {
  /** Requests per window (600). */
  limit: number;
  /** The window (5 minutes). */
  windowMs: number;
  clock: Clock;
  /** Told each time we wait for the server's window (and once when pacing starts). */
  onWait: (message: string) => void;
  signal?: AbortSignal;
}

/** How long after the announced reset we try again, for clock skew and rounding to seconds. */
const RESET_MARGIN_MS = 500;

export class RateLimiter {
  private readonly bucket: TokenBucket;
  private pacingSaid = false;

  constructor(private readonly options: RateLimitOptions) {
    this.bucket = new TokenBucket({
      limit: options.limit,
      windowMs: options.windowMs,
      clock: options.clock,
      signal: options.signal,
      onPacing: (wait) => {
        if (this.pacingSaid) return;
        this.pacingSaid = true;
        const { limit, windowMs } = this.bucket.rate;
        options.onWait(
          `pacing requests to ${limit} per ${describeWindow(windowMs)} (the Companies House limit): about ${seconds(wait)} between requests`,
        );
      },
    });
  }

  /** Waits until a request may go out, and counts it. */
  take(): Promise<void> {
    return this.bucket.take();
  }

  /** Reads the X-Ratelimit-* headers of an answer. */
  observe(headers: Headers): void {
    const limit = intHeader(headers, 'x-ratelimit-limit');
    const remain = intHeader(headers, 'x-ratelimit-remain');
    const window = windowHeader(headers.get('x-ratelimit-window'));
    if (limit && limit > 0 && window) this.bucket.setRate(limit, window);
    if (remain !== null) {
      this.bucket.cap(remain);
      if (remain <= 0) this.blockUntilReset(headers, 'no requests left in this window');
    }
  }

  /** After a 429: wait for the server's window to reset (or Retry-After, or a whole window). */
  async tooManyRequests(headers: Headers): Promise<void> {
    this.bucket.cap(0);
    this.blockUntilReset(headers, 'Companies House answered 429 Too Many Requests');
    await this.bucket.waitForHold();
  }

  private blockUntilReset(headers: Headers, why: string): void {
    const now = this.options.clock.now();
    const { windowMs, limit: rateLimit } = this.bucket.rate;
    const reset = intHeader(headers, 'x-ratelimit-reset');
    const retryAfter = intHeader(headers, 'retry-after');
    let until: number;
    if (reset !== null && reset * 1000 > now) until = reset * 1000 + RESET_MARGIN_MS;
    else if (retryAfter !== null) until = now + retryAfter * 1000;
    else until = now + (reset !== null ? 1000 : windowMs);
    // A reset further away than one window means clocks disagree: never wait longer than a window.
    until = Math.min(until, now + windowMs + RESET_MARGIN_MS);
    if (!this.bucket.hold(until)) return;
    const limit = intHeader(headers, 'x-ratelimit-limit') ?? rateLimit;
    this.options.onWait(
      `rate limit: ${why} (${limit} per ${describeWindow(windowMs)}); waiting ${seconds(until - now)} until ${new Date(until).toISOString().slice(11, 19)} UTC`,
    );
  }
}

function intHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return null;
  return Number(value);
}

/** "5m", "300s", "1h" or a number of seconds → milliseconds. */
export function windowHeader(value: string | null): number | null {
  if (!value) return null;
  const match = /^\s*(\d+)\s*([smh]?)\s*$/i.exec(value);
  if (!match) return null;
  const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000 }[match[2].toLowerCase() as '' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}

function describeWindow(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} s`;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
