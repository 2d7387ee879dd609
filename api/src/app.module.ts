import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthCoreModule } from './core/auth/auth-core.module.js';
import { APP_CONFIG, type AppConfig } from './core/config/config.js';
import { HealthController } from './core/health/health.controller.js';
import { HealthModule } from './core/health/health.module.js';
import { MailModule } from './core/mail/mail.module.js';
import { QueueModule } from './core/queue/queue.module.js';
import { RateLimitModule } from './core/rate-limit/rate-limit.module.js';
import { RedisModule } from './core/redis/redis.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { SalesModule } from './modules/sales/sales.module.js';
import { CompaniesHouseModule } from './modules/companies-house/companies-house.module.js';
import { ScreenerModule } from './modules/screener/screener.module.js';
import { ResearchModule } from './modules/research/research.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { RestructuringModule } from './modules/restructuring/restructuring.module.js';
import { UsEquityModule } from './modules/us-equity/us-equity.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { OpsModule } from './modules/ops/ops.module.js';
import { McpModule } from './modules/mcp/mcp.module.js';
import { StreamModule } from './modules/companies-house/stream/stream.module.js';
import { WatchlistsModule } from './modules/watchlists/watchlists.module.js';

@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/**
 * The TypeORM data source, opened and migrated before Nest starts and closed after Nest has
 * stopped (see bootstrap.ts), so that requests and jobs that drain at shutdown still have it.
 */
@Module({})
class DatabaseModule {
  static forRoot(dataSource: DataSource): DynamicModule {
    return { module: DatabaseModule, global: true, providers: [{ provide: DataSource, useValue: dataSource }], exports: [DataSource] };
  }
}

/** Everything but HTTP: the API, `worker` and `credence-admin` all build on it. */
export function coreModules(config: AppConfig, dataSource: DataSource) {
  return [
    ConfigModule.forRoot(config),
    DatabaseModule.forRoot(dataSource),
    HealthModule,
    RedisModule,
    QueueModule,
    MailModule,
    RateLimitModule,
    AuthCoreModule,
    UsersModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config, dataSource),
        AuthModule,
        SalesModule,
        CompaniesHouseModule,
        ScreenerModule,
        ResearchModule,
        DocumentsModule,
        RestructuringModule,
        UsEquityModule,
        OpsModule,
        McpModule,
        WatchlistsModule,
        // Without Redis the API is the one process: it consumes the streams; with Redis the worker does.
        StreamModule.forRoot(!config.redisUrl && config.runJobs),
      ],
      controllers: [HealthController],
    };
  }
}
