import type { Redis } from 'ioredis';

export const COUNTER_STORE = Symbol('COUNTER_STORE');

export interface Count {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

/** Fixed-window counters shared by the rate limits: in Redis when configured, else in memory. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<Count>;
  /** Gives back one count (for an attempt that turned out not to count), never below zero. */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = Date.now();

  async increment(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    this.sweep(now);
    let entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { count: 0, expiresAt: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.counters.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
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

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(key: string): string {
    return `${this.prefix}:rl:${key}`;
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT, 1, this.key(key), windowMs)) as [number, number];
    return { count, ttlMs: Math.max(ttlMs, 0) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.key(key));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}
