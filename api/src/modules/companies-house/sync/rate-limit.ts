/**
 * The Companies House API's published limit: 600 requests per 5 minutes per key. A token bucket
 * paces our requests, and the server's X-Ratelimit-* headers (Limit, Remain, Reset in epoch
 * seconds, Window such as "5m") correct it: when the server says nothing remains, or answers 429,
 * we wait until its window resets. Time is injectable so tests need not wait minutes.
 */

import type { Clock } from '../../../core/clock.js';

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
  private tokens: number;
  private refilled: number;
  /** No request before this time (the server's window is used up). */
  private blockedUntil = 0;
  private pacingSaid = false;

  constructor(private readonly options: RateLimitOptions) {
    this.tokens = options.limit;
    this.refilled = options.clock.now();
  }

  /** Waits until a request may go out, and counts it. */
  async take(): Promise<void> {
    const { clock } = this.options;
    const blocked = this.blockedUntil - clock.now();
    if (blocked > 0) await clock.sleep(blocked, this.options.signal);
    this.refill();
    if (this.tokens < 1) {
      const rate = this.options.limit / this.options.windowMs;
      const wait = Math.ceil((1 - this.tokens) / rate);
      if (!this.pacingSaid) {
        this.pacingSaid = true;
        this.options.onWait(
          `pacing requests to ${this.options.limit} per ${describeWindow(this.options.windowMs)} (the Companies House limit): about ${seconds(wait)} between requests`,
        );
      }
      await clock.sleep(wait, this.options.signal);
      this.refill();
    }
    this.tokens -= 1;
  }

  /** Reads the X-Ratelimit-* headers of an answer. */
  observe(headers: Headers): void {
    const limit = intHeader(headers, 'x-ratelimit-limit');
    const remain = intHeader(headers, 'x-ratelimit-remain');
    const window = windowHeader(headers.get('x-ratelimit-window'));
    if (limit && limit > 0 && window) {
      this.options.limit = limit;
      this.options.windowMs = window;
    }
    if (remain !== null) {
      this.tokens = Math.min(this.tokens, remain);
      if (remain <= 0) this.blockUntilReset(headers, 'no requests left in this window');
    }
  }

  /** After a 429: wait for the server's window to reset (or Retry-After, or a whole window). */
  async tooManyRequests(headers: Headers): Promise<void> {
    this.tokens = 0;
    this.blockUntilReset(headers, 'Companies House answered 429 Too Many Requests');
    const wait = this.blockedUntil - this.options.clock.now();
    if (wait > 0) await this.options.clock.sleep(wait, this.options.signal);
  }

  private blockUntilReset(headers: Headers, why: string): void {
    const now = this.options.clock.now();
    const reset = intHeader(headers, 'x-ratelimit-reset');
    const retryAfter = intHeader(headers, 'retry-after');
    let until: number;
    if (reset !== null && reset * 1000 > now) until = reset * 1000 + RESET_MARGIN_MS;
    else if (retryAfter !== null) until = now + retryAfter * 1000;
    else until = now + (reset !== null ? 1000 : this.options.windowMs);
    // A reset further away than one window means clocks disagree: never wait longer than a window.
    until = Math.min(until, now + this.options.windowMs + RESET_MARGIN_MS);
    if (until <= this.blockedUntil) return;
    this.blockedUntil = until;
    const limit = intHeader(headers, 'x-ratelimit-limit') ?? this.options.limit;
    this.options.onWait(
      `rate limit: ${why} (${limit} per ${describeWindow(this.options.windowMs)}); waiting ${seconds(until - now)} until ${new Date(until).toISOString().slice(11, 19)} UTC`,
    );
  }

  private refill(): void {
    const now = this.options.clock.now();
    const elapsed = Math.max(0, now - this.refilled);
    this.refilled = now;
    this.tokens = Math.min(this.options.limit, this.tokens + (elapsed * this.options.limit) / this.options.windowMs);
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
