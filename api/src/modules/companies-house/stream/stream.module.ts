import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import { REDIS } from '../../../core/redis/redis.module.js';
import { READINESS_REPORT, type ReadinessReport } from '../../../core/health/readiness-report.js';
import { readStreamStatus } from './stream-status.js';
import { startStreams } from './stream-runner.js';
import type { StreamListenerFactory } from '../../../platform/register/stream-event.js';

const RUN_STREAMS = Symbol('RUN_STREAMS');
const STREAM_LISTENER = Symbol('STREAM_LISTENER');

/** Starts the consumer with the process when CH_STREAM_KEY is set and this process is the one to run it. */
@Injectable()
class StreamService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompaniesHouseStream');
  private running: Awaited<ReturnType<typeof startStreams>> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RUN_STREAMS) private readonly run: boolean,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(STREAM_LISTENER) private readonly listener: StreamListenerFactory | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.run || !this.config.chStreamKey) return;
    this.running = await startStreams(
      this.config,
      this.dataSource,
      {
        onInfo: (message) => this.logger.log(message),
        onBad: (stream, where, reason) => this.logger.warn(`${stream}: ${where}: ${reason}`),
      },
      this.redis,
      this.listener,
    );
    this.running.done.catch((error: Error) => this.logger.error(`the Companies House streams stopped: ${error.message}`));
    this.logger.log(`consuming the Companies House streams from ${this.config.chStreamUrl}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running?.stop();
  }
}

@Injectable()
class StreamReadiness implements ReadinessReport {
  readonly name = 'companies_house_stream';
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async report() {
    if (!this.config.chStreamKey) return null;
    const status = await readStreamStatus(this.dataSource);
    const lags = status.streams.map((s) => s.lag_seconds).filter((l): l is number => l !== null);
    return {
      status: status.status,
      lag_seconds: lags.length ? Math.max(...lags) : null,
      events_per_second: Math.round(status.streams.reduce((sum, s) => sum + (s.events_per_second ?? 0), 0) * 10) / 10,
      resync_queued: status.resync_queued,
    };
  }
}

/**
 * The Companies House stream consumer (issue 29). `run`: whether this process consumes (the API
 * without Redis, or the worker with it); `listener`: what is told of each batch (the watchlists'
 * alerts, given by the composition root); every process reports the streams' state in readiness.
 */
@Module({})
export class StreamModule {
  static forRoot(run: boolean, listener: StreamListenerFactory | null): DynamicModule {
    return {
      module: StreamModule,
      global: true,
      providers: [
        { provide: RUN_STREAMS, useValue: run },
        { provide: STREAM_LISTENER, useValue: listener },
        StreamService,
        { provide: READINESS_REPORT, useClass: StreamReadiness },
      ],
      exports: [READINESS_REPORT],
    };
  }
}
