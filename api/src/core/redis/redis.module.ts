import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { RedisStatus } from './redis-status.js';

/** The shared Redis connection, or null when REDIS_URL is unset (everything then runs in-process). */
export const REDIS = Symbol('REDIS');
/** The same connection with what it tells of Redis's availability (RedisStatus), or null without Redis. */
export const REDIS_STATUS = Symbol('REDIS_STATUS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS_STATUS,
      inject: [APP_CONFIG],
      // ioredis loads only with Redis configured (about 60 ms of CPU at every start otherwise)
      useFactory: async (config: AppConfig) =>
        config.redisUrl ? new (await import('./redis-status.js')).RedisStatus(config.redisUrl) : null,
    },
    {
      provide: REDIS,
      inject: [REDIS_STATUS],
      useFactory: (status: RedisStatus | null): Redis | null => status?.client ?? null,
    },
  ],
  exports: [REDIS, REDIS_STATUS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_STATUS) private readonly status: RedisStatus | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.status?.close();
  }
}
