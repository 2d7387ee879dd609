import { Global, HttpException, HttpStatus, Module, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail, type ThrottlerStorage } from '@nestjs/throttler';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { CLOCK, systemClock, type Clock } from '../clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_STATUS } from '../redis/redis.module.js';
import type { RedisStatus } from '../redis/redis-status.js';
import { COUNTER_STORE, MemoryCounterStore, RedisCounterStore, type CounterStore } from './counter-store.js';
import { FallbackCounterStore } from './fallback-counter-store.js';
import { LoginLimiter } from './login-limiter.js';

/** @nestjs/throttler's storage over our counter store, so several API processes share form limits. */
class CounterThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: CounterStore) {}

  async increment(key: string, ttl: number, limit: number) {
    const { count, ttlMs } = await this.store.increment(`form:${key}`, ttl);
    const seconds = Math.ceil(ttlMs / 1000);
    const isBlocked = count > limit;
    return { totalHits: count, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}

/** Form limits: answers 429 with our message and a Retry-After header. */
export class FormThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfter = Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.timeToExpire));
    throw new HttpException({ error: ACCOUNT_MESSAGES.tooManyRequests, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * The counter store on its own, so the throttler's async factory can import it; and the clock the
 * limits read (an object of this app's own, so a test can move its time on: test/support/manual-clock.ts).
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useFactory: (): Clock => ({ ...systemClock }) },
    {
      provide: COUNTER_STORE,
      inject: [APP_CONFIG, REDIS_STATUS, CLOCK],
      useFactory: (config: AppConfig, redis: RedisStatus | null, clock: Clock): CounterStore =>
        redis
          ? new FallbackCounterStore(new RedisCounterStore(redis.client, config.redisPrefix, clock), new MemoryCounterStore(clock), redis)
          : new MemoryCounterStore(clock),
    },
  ],
  exports: [COUNTER_STORE, CLOCK],
})
export class CounterStoreModule {}

@Global()
@Module({
  imports: [
    CounterStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [CounterStoreModule],
      inject: [APP_CONFIG, COUNTER_STORE],
      useFactory: (config: AppConfig, store: CounterStore) => ({
        throttlers: [{ name: 'forms', limit: config.formRateLimit.limit, ttl: config.formRateLimit.windowSeconds * 1000 }],
        storage: new CounterThrottlerStorage(store),
      }),
    }),
  ],
  providers: [LoginLimiter, FormThrottlerGuard],
  exports: [LoginLimiter, FormThrottlerGuard, ThrottlerModule],
})
export class RateLimitModule {}
