import type { Clock } from '../../../core/clock.js';

/**
 * A token bucket for the SEC's fair-access limit (at most 10 requests a second). Tokens refill at
 * `perSecond` up to `burst`; a request takes one, waiting for it on the injectable clock. With a
 * burst of 1 the requests are spaced 1/perSecond apart, so no one-second window ever holds more
 * than `perSecond`. `pause` holds every request back (a 429's or 503's Retry-After) and empties
 * the bucket, so the first request after the pause is not followed by a burst.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: Clock,
    private readonly signal?: AbortSignal,
  ) {
    if (!(perSecond > 0) || !(burst >= 1)) throw new Error('a token bucket needs a positive rate and a burst of at least 1');
    this.tokens = burst;
    this.refilledAt = clock.now();
  }

  /** Waits until a request may go out, and counts it. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now, this.signal);
        continue;
      }
      this.refill(now);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil(((1 - this.tokens) * 1000) / this.perSecond), this.signal);
    }
  }

  /** No request before `ms` from now. */
  pause(ms: number): void {
    const now = this.clock.now();
    this.pausedUntil = Math.max(this.pausedUntil, now + ms);
    // One token is there when the pause ends, and no more.
    this.tokens = 0;
    this.refilledAt = this.pausedUntil - 1000 / this.perSecond;
  }

  private refill(now: number): void {
    const elapsed = now - this.refilledAt;
    if (elapsed <= 0) return;
    this.refilledAt = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
  }
}
