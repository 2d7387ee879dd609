import { Inject, Module, type DynamicModule, type INestApplicationContext, type OnModuleInit } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { coreModules } from './app.module.js';
import type { AppConfig } from './core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase, type DatabaseHandle } from './core/database/database.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ResearchCoreModule } from './modules/research/research.module.js';
import { DocumentsCoreModule } from './modules/documents/documents.module.js';
import { RestructuringCoreModule } from './modules/restructuring/restructuring.module.js';
import { ENTITIES } from './entities.js';
import { StreamModule } from './modules/companies-house/stream/stream.module.js';

/** Runs on the services before this process takes any job (see ContextOptions.beforeJobs). */
export type BeforeJobs = (services: Pick<ModuleRef, 'get'>) => void | Promise<void>;

export interface ContextOptions {
  /**
   * Called once the services exist and before this process takes a job (with RUN_JOBS, jobs
   * start at bootstrap, after every module's onModuleInit): e.g. a test worker's engine double.
   */
  beforeJobs?: BeforeJobs;
  /** Consume the Companies House streams when CH_STREAM_KEY is set (the worker; credence-admin never). */
  streams?: boolean;
}

const BEFORE_JOBS = Symbol('BEFORE_JOBS');

@Module({})
class ContextModule implements OnModuleInit {
  constructor(
    @Inject(ModuleRef) private readonly services: ModuleRef,
    @Inject(BEFORE_JOBS) private readonly beforeJobs: BeforeJobs,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.beforeJobs(this.services);
  }

  static forRoot(config: AppConfig, dataSource: DataSource, beforeJobs: BeforeJobs = () => undefined, streams = false): DynamicModule {
    return {
      module: ContextModule,
      imports: [
        ...coreModules(config, dataSource),
        AuthModule,
        ResearchCoreModule,
        DocumentsCoreModule,
        RestructuringCoreModule,
        StreamModule.forRoot(streams),
      ],
      providers: [{ provide: BEFORE_JOBS, useValue: beforeJobs }],
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
export async function createContext(config: AppConfig, options: ContextOptions = {}): Promise<AppContext> {
  const database = await openDatabase(config, { share: true, entities: ENTITIES });
  let dataSource: DataSource | null = null;
  try {
    dataSource = await connectAndMigrate(database);
    const app = await NestFactory.createApplicationContext(ContextModule.forRoot(config, dataSource, options.beforeJobs, options.streams), {
      logger: ['fatal', 'error', 'warn'],
    });
    const opened = dataSource;
    return { app, database, dataSource, close: () => app.close().finally(() => closeDatabase(database, opened)) };
  } catch (error) {
    await closeDatabase(database, dataSource).catch(() => undefined);
    throw error;
  }
}
