import type { Redis } from 'ioredis';
import { systemClock, type Clock } from '../clock.js';

export const COUNTER_STORE = Symbol('COUNTER_STORE');

export interface Count {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

/**
 * Fixed-window counters shared by the rate limits: in Redis when configured, else in memory.
 * Windows are whole multiples of `windowMs` on the clock (the count of key K in window N lives
 * under "K#N"), so the injectable clock decides when a window ends, in memory and in Redis alike.
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<Count>;
  /** Gives back one count of the current window (for an attempt that turned out not to count), never below zero. */
  decrement(key: string, windowMs: number): Promise<void>;
  /** Forgets the current window's count. */
  reset(key: string, windowMs: number): Promise<void>;
}

function windowOf(clock: Clock, key: string, windowMs: number): { bucket: string; ttlMs: number } {
  const now = clock.now();
  const index = Math.floor(now / windowMs);
  return { bucket: `${key}#${index}`, ttlMs: (index + 1) * windowMs - now };
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep: number;

  constructor(private readonly clock: Clock = systemClock) {
    this.lastSweep = clock.now();
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    const now = this.clock.now();
    this.sweep(now);
    const { bucket, ttlMs } = windowOf(this.clock, key, windowMs);
    let entry = this.counters.get(bucket);
    if (!entry) this.counters.set(bucket, (entry = { count: 0, expiresAt: now + ttlMs }));
    entry.count += 1;
    return { count: entry.count, ttlMs };
  }

  async decrement(key: string, windowMs: number): Promise<void> {
    const entry = this.counters.get(windowOf(this.clock, key, windowMs).bucket);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string, windowMs: number): Promise<void> {
    this.counters.delete(windowOf(this.clock, key, windowMs).bucket);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

const DECREMENT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

// The window is in the key's name: its expiry only collects garbage, so it is generous (ten minutes
// past the window), which keeps counts while clocks differ a little (or a test's clock stands still).
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock = systemClock,
  ) {}

  private window(key: string, windowMs: number): { bucket: string; ttlMs: number } {
    const { bucket, ttlMs } = windowOf(this.clock, key, windowMs);
    return { bucket: `${this.prefix}:rl:${bucket}`, ttlMs };
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    const { bucket, ttlMs } = this.window(key, windowMs);
    const count = (await this.redis.eval(INCREMENT, 1, bucket, ttlMs + 600_000)) as number;
    return { count, ttlMs };
  }

  async decrement(key: string, windowMs: number): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.window(key, windowMs).bucket);
  }

  async reset(key: string, windowMs: number): Promise<void> {
    await this.redis.del(this.window(key, windowMs).bucket);
  }
}
