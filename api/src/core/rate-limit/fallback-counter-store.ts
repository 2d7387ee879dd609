import type { RedisStatus } from '../redis/redis-status.js';
import type { CounterStore } from './counter-store.js';

/**
 * The counters in Redis while Redis answers, and this process's own counters while it does not:
 * sign-in and the forms keep working through a Redis outage, still limited (per process rather
 * than across processes) instead of refusing every attempt with 503 (docs/decisions.md).
 */
export class FallbackCounterStore implements CounterStore {
  constructor(
    private readonly shared: CounterStore,
    private readonly local: CounterStore,
    private readonly redis: RedisStatus,
  ) {}

  private async use<T>(call: (store: CounterStore) => Promise<T>): Promise<T> {
    if (!this.redis.usable) return call(this.local);
    try {
      return await call(this.shared);
    } catch (error) {
      // Redis went away during the call: count here. Any other failure is a real error.
      if (this.redis.usable) throw error;
      return call(this.local);
    }
  }

  increment = (...args: Parameters<CounterStore['increment']>) => this.use((store) => store.increment(...args));
  decrement = (...args: Parameters<CounterStore['decrement']>) => this.use((store) => store.decrement(...args));
  reset = (...args: Parameters<CounterStore['reset']>) => this.use((store) => store.reset(...args));
}
