import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthCoreModule } from './core/auth/auth-core.module.js';
import { APP_CONFIG, type AppConfig } from './core/config/config.js';
import { HealthModule } from './core/health/health.module.js';
import { MailModule } from './core/mail/mail.module.js';
import { QueueModule } from './core/queue/queue.module.js';
import { RateLimitModule } from './core/rate-limit/rate-limit.module.js';
import { RedisModule } from './core/redis/redis.module.js';
import { UsersModule } from './core/users/users.module.js';

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
