import { Inject, Module, type DynamicModule, type INestApplicationContext, type OnModuleInit } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { coreModules } from './core-modules.js';
import type { AppConfig } from './core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase, type DatabaseHandle } from './core/database/database.js';
import { ENTITIES } from './entities.js';

/** Runs on the services before this process takes any job (see ContextOptions.beforeJobs). */
export type BeforeJobs = (services: Pick<ModuleRef, 'get'>) => void | Promise<void>;

export interface ContextOptions {
  /**
   * The feature modules beside the core ones: what the process needs, and no more, since each one
   * loaded is code to read and compile at every start (the worker's list: worker-modules.ts).
   */
  modules?: NonNullable<DynamicModule['imports']>;
  /**
   * Called once the services exist and before this process takes a job (with RUN_JOBS, jobs
   * start at bootstrap, after every module's onModuleInit): e.g. a test worker's engine double.
   */
  beforeJobs?: BeforeJobs;
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

  static forRoot(config: AppConfig, dataSource: DataSource, options: ContextOptions): DynamicModule {
    return {
      module: ContextModule,
      imports: [...coreModules(config, dataSource), ...(options.modules ?? [])],
      providers: [{ provide: BEFORE_JOBS, useValue: options.beforeJobs ?? (() => undefined) }],
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
    const app = await NestFactory.createApplicationContext(ContextModule.forRoot(config, dataSource, options), {
      logger: ['fatal', 'error', 'warn'],
    });
    const opened = dataSource;
    return { app, database, dataSource, close: () => app.close().finally(() => closeDatabase(database, opened)) };
  } catch (error) {
    await closeDatabase(database, dataSource).catch(() => undefined);
    throw error;
  }
}
