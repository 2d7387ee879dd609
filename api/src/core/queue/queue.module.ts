import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_STATUS } from '../redis/redis.module.js';
import type { RedisStatus } from '../redis/redis-status.js';
import { InProcessJobQueue } from './in-process-queue.js';
import { JobQueue } from './job-queue.js';

@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [APP_CONFIG, REDIS_STATUS],
      // Bull loads only with Redis configured (about 220 ms of CPU at every start otherwise)
      useFactory: async (config: AppConfig, redis: RedisStatus | null) => {
        if (!config.redisUrl || !redis) return new InProcessJobQueue();
        const { BullJobQueue } = await import('./bull-queue.js');
        return new BullJobQueue(config.redisUrl, config.redisPrefix, config.runJobs, 4, redis, config.jobLockMs).hold();
      },
    },
  ],
  exports: [JobQueue],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly queue: JobQueue) {}

  /** Jobs are taken once every module is initialised (after every onModuleInit, createContext's beforeJobs included). */
  onApplicationBootstrap(): void {
    this.queue.release();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close(8_000);
  }
}
