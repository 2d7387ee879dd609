import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_STATUS } from '../redis/redis.module.js';
import type { RedisStatus } from '../redis/redis-status.js';
import { BullJobQueue } from './bull-queue.js';
import { InProcessJobQueue } from './in-process-queue.js';
import { JobQueue } from './job-queue.js';

@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [APP_CONFIG, REDIS_STATUS],
      useFactory: (config: AppConfig, redis: RedisStatus | null) =>
        config.redisUrl && redis
          ? new BullJobQueue(config.redisUrl, config.redisPrefix, config.runJobs, 4, redis, config.jobLockMs).hold()
          : new InProcessJobQueue(),
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
