import { describe, it } from 'node:test';
import { expect } from 'expect';
import { RateLimiter, windowHeader, type Clock } from './rate-limit.js';

/** A clock whose sleeps pass at once, keeping the time they would have taken. */
function fakeClock(start = Date.UTC(2025, 0, 6, 9, 0, 0)): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const headers = (values: Record<string, string>) => new Headers(values);

describe('Companies House rate limit', () => {
  it('lets a burst of the limit through, then paces to the window rate and says so once', async () => {
    const clock = fakeClock();
    const said: string[] = [];
    const limiter = new RateLimiter({ limit: 4, windowMs: 2000, clock, onWait: (m) => said.push(m) });
    for (let i = 0; i < 4; i++) await limiter.take();
    expect(clock.slept).toEqual([]);
    await limiter.take();
    await limiter.take();
    expect(clock.slept).toEqual([500, 500]);
    expect(said).toEqual(['pacing requests to 4 per 2 s (the Companies House limit): about 0.5 s between requests']);
  });

  it('waits for the reset the server announces when nothing remains, and after a 429', async () => {
    const clock = fakeClock();
    const said: string[] = [];
    const limiter = new RateLimiter({ limit: 600, windowMs: 300_000, clock, onWait: (m) => said.push(m) });
    await limiter.take();
    const reset = Math.floor(clock.now() / 1000) + 42;
    limiter.observe(
      headers({ 'X-Ratelimit-Limit': '600', 'X-Ratelimit-Remain': '0', 'X-Ratelimit-Reset': String(reset), 'X-Ratelimit-Window': '5m' }),
    );
    await limiter.take();
    expect(clock.slept).toEqual([42_500]);
    expect(said[0]).toBe('rate limit: no requests left in this window (600 per 5 minutes); waiting 43 s until 09:00:42 UTC');

    const reset2 = Math.floor(clock.now() / 1000) + 3;
    await limiter.tooManyRequests(headers({ 'X-Ratelimit-Reset': String(reset2), 'X-Ratelimit-Remain': '0' }));
    expect(clock.slept.at(-1)).toBeGreaterThanOrEqual(3000);
    expect(said[1]).toMatch(/^rate limit: Companies House answered 429 Too Many Requests \(600 per 5 minutes\); waiting 3\.\d s until/);
  });

  it('never waits longer than one window when the server clock is far off, and uses Retry-After without a reset', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 600, windowMs: 300_000, clock, onWait: () => undefined });
    await limiter.tooManyRequests(headers({ 'X-Ratelimit-Reset': String(Math.floor(clock.now() / 1000) + 86_400) }));
    expect(clock.slept).toEqual([300_500]);
    await limiter.tooManyRequests(headers({ 'Retry-After': '7' }));
    expect(clock.slept.at(-1)).toBe(7000);
  });

  it('reads the window header', () => {
    expect(windowHeader('5m')).toBe(300_000);
    expect(windowHeader('300s')).toBe(300_000);
    expect(windowHeader('300')).toBe(300_000);
    expect(windowHeader('soon')).toBeNull();
  });
});
