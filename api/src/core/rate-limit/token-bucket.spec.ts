import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { Clock } from '../clock.js';
import { TokenBucket } from './token-bucket.js';

/** A clock whose sleeps pass at once, keeping the time they would have taken. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 1_000_000;
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

async function takeTimes(bucket: TokenBucket, clock: Clock, count: number): Promise<number[]> {
  const start = clock.now();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await bucket.take();
    times.push(clock.now() - start);
  }
  return times;
}

describe('TokenBucket', () => {
  it('with a burst of one, spaces requests 1/rate apart: no second ever holds more than the rate', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ limit: 10, windowMs: 1000, burst: 1, clock });
    expect(await takeTimes(bucket, clock, 4)).toEqual([0, 100, 200, 300]);
  });

  it('lets the whole limit through at once by default, then paces and says how long each wait is', async () => {
    const clock = fakeClock();
    const waits: number[] = [];
    const bucket = new TokenBucket({ limit: 4, windowMs: 2000, clock, onPacing: (ms) => waits.push(ms) });
    expect(await takeTimes(bucket, clock, 6)).toEqual([0, 0, 0, 0, 500, 1000]);
    expect(waits).toEqual([500, 500]);
  });

  it('holds every request until the time given; an emptied bucket has one token then, and no burst', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ limit: 10, windowMs: 1000, burst: 5, clock });
    expect(bucket.hold(clock.now() + 3000, { emptied: true })).toBe(true);
    expect(bucket.hold(clock.now() + 1000)).toBe(false);
    expect(await takeTimes(bucket, clock, 3)).toEqual([3000, 3100, 3200]);
  });

  it('refills during a plain hold (a window that resets starts full), and follows a new rate and a cap', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ limit: 4, windowMs: 2000, clock });
    await takeTimes(bucket, clock, 4);
    bucket.hold(clock.now() + 2000);
    expect(await takeTimes(bucket, clock, 4)).toEqual([2000, 2000, 2000, 2000]);
    bucket.setRate(1, 1000);
    bucket.cap(0);
    expect(await takeTimes(bucket, clock, 2)).toEqual([1000, 2000]);
  });

  it('waits out a hold without taking a token', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ limit: 1, windowMs: 1000, clock });
    bucket.hold(clock.now() + 700);
    await bucket.waitForHold();
    expect(clock.slept).toEqual([700]);
    expect(await takeTimes(bucket, clock, 1)).toEqual([0]);
  });

  it('refuses a rate or burst that could never let a request through', () => {
    const clock = fakeClock();
    expect(() => new TokenBucket({ limit: 0, windowMs: 1000, clock })).toThrow(/positive rate/);
    expect(() => new TokenBucket({ limit: 1, windowMs: 1000, burst: 0.5, clock })).toThrow(/burst/);
  });
});
