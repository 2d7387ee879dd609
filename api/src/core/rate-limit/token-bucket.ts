import type { Clock } from '../clock.js';

export interface TokenBucketOptions {
  /** Requests allowed per window: the rate tokens come back at. */
  limit: number;
  windowMs: number;
  /** Tokens the bucket holds at most, and starts with: the burst (default: the whole limit). */
  burst?: number;
  clock: Clock;
  signal?: AbortSignal;
  /** Told each time a request waits for a token, with the wait. */
  onPacing?: (waitMs: number) => void;
}

/**
 * Paces requests to an outside service's limit: tokens refill at `limit / windowMs` up to `burst`,
 * each request takes one and waits for it on the injectable clock (tests move time on instead of
 * sleeping). `hold` keeps every request back until a time the service names (a reset, a
 * Retry-After). The Companies House client (600 per 5 minutes, corrected by the server's headers)
 * and the SEC client (10 a second, burst 1) both pace with it (docs/decisions.md, "Libraries").
 */
export class TokenBucket {
  private limit: number;
  private windowMs: number;
  private readonly burst: number | undefined;
  private tokens: number;
  private refilledAt: number;
  private heldUntil = 0;

  constructor(private readonly options: TokenBucketOptions) {
    if (!(options.limit > 0) || !(options.windowMs > 0) || (options.burst !== undefined && !(options.burst >= 1)))
      throw new Error('a token bucket needs a positive rate and a burst of at least 1');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.burst = options.burst;
    this.tokens = this.capacity();
    this.refilledAt = options.clock.now();
  }

  /** Waits until a request may go out, and counts it. */
  async take(): Promise<void> {
    const { clock, signal } = this.options;
    for (;;) {
      const now = clock.now();
      if (now < this.heldUntil) {
        await clock.sleep(this.heldUntil - now, signal);
        continue;
      }
      this.refill(now);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const wait = Math.ceil(((1 - this.tokens) * this.windowMs) / this.limit);
      this.options.onPacing?.(wait);
      await clock.sleep(wait, signal);
    }
  }

  /** Resolves when the hold (if any) is over, without taking a token. */
  async waitForHold(): Promise<void> {
    const wait = this.heldUntil - this.options.clock.now();
    if (wait > 0) await this.options.clock.sleep(wait, this.options.signal);
  }

  /**
   * No request before `until`. Tokens keep coming back meanwhile (a window that resets starts
   * full) unless `emptied`: then exactly one is there when the hold ends, and no burst follows.
   * Answers false when an earlier hold already lasts that long.
   */
  hold(until: number, { emptied = false }: { emptied?: boolean } = {}): boolean {
    const extended = until > this.heldUntil;
    if (extended) this.heldUntil = until;
    if (emptied) {
      this.tokens = 0;
      this.refilledAt = this.heldUntil - this.windowMs / this.limit;
    }
    return extended;
  }

  /** At most `tokens` left now (what the service says remains). */
  cap(tokens: number): void {
    this.refill(this.options.clock.now());
    this.tokens = Math.min(this.tokens, Math.max(0, tokens));
  }

  /** A new rate (the service announced its limit). */
  setRate(limit: number, windowMs: number): void {
    if (!(limit > 0) || !(windowMs > 0)) return;
    this.refill(this.options.clock.now());
    this.limit = limit;
    this.windowMs = windowMs;
  }

  get rate(): { limit: number; windowMs: number } {
    return { limit: this.limit, windowMs: this.windowMs };
  }

  get holdEnds(): number {
    return this.heldUntil;
  }

  private capacity(): number {
    return this.burst ?? this.limit;
  }

  private refill(now: number): void {
    const elapsed = now - this.refilledAt;
    if (elapsed <= 0) return;
    this.refilledAt = now;
    this.tokens = Math.min(this.capacity(), this.tokens + (elapsed * this.limit) / this.windowMs);
  }
}
