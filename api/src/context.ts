import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { coreModules } from './app.module.js';
import type { AppConfig } from './core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase, type DatabaseHandle } from './core/database/database.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ResearchCoreModule } from './modules/research/research.module.js';
import { DocumentsCoreModule } from './modules/documents/documents.module.js';
import { RestructuringCoreModule } from './modules/restructuring/restructuring.module.js';
import { ENTITIES } from './entities.js';

@Module({})
class ContextModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: ContextModule,
      imports: [...coreModules(config, dataSource), AuthModule, ResearchCoreModule, DocumentsCoreModule, RestructuringCoreModule],
    };
  }
}

export interface AppContext {
  app: INestApplicationContext;
  database: DatabaseHandle;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * The services without HTTP, for credence-admin and the worker. With the embedded database it
 * joins a running server's socket rather than opening the data directory a second time.
 */
export async function createContext(config: AppConfig): Promise<AppContext> {
  const database = await openDatabase(config, { share: true, entities: ENTITIES });
  let dataSource: DataSource | null = null;
  try {
    dataSource = await connectAndMigrate(database);
    const app = await NestFactory.createApplicationContext(ContextModule.forRoot(config, dataSource), {
      logger: ['fatal', 'error', 'warn'],
    });
    const opened = dataSource;
    return { app, database, dataSource, close: () => app.close().finally(() => closeDatabase(database, opened)) };
  } catch (error) {
    await closeDatabase(database, dataSource).catch(() => undefined);
    throw error;
  }
}
