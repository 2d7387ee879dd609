import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { MIGRATIONS } from './migrations/index.js';
import { findRunningEmbedded, startEmbeddedPostgres, type RunningEmbeddedPostgres } from './embedded-postgres.js';
import { ADVISORY_LOCKS } from './advisory-locks.js';

export class DatabaseInUseError extends Error {}

/** Where the database is and, for the embedded one, what has to be stopped with it. */
export interface DatabaseHandle {
  options: DataSourceOptions;
  kind: 'server' | 'embedded' | 'embedded-shared';
  /** The embedded database this process opened, to stop after the data source is destroyed. */
  embedded: RunningEmbeddedPostgres | null;
}

/** The entity classes the data source maps (api/src/entities.ts: ENTITIES). */
export type Entities = NonNullable<DataSourceOptions['entities']>;

function baseOptions(entities: Entities) {
  return {
    type: 'postgres' as const,
    entities,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    // A pooled connection that dies while idle (the server went away) is dropped by the pool; the
    // API's DatabaseStatus listens to the pool and logs the outage once, instead of TypeORM's
    // warning per connection.
    poolErrorHandler: () => undefined,
  };
}

/**
 * Server Postgres when DATABASE_URL is set; otherwise the embedded one in DATA_DIR.
 * `share`: a second process (credence-admin) joins an embedded database that a running server
 * already serves, rather than opening its files twice; the server itself refuses to.
 */
export async function openDatabase(config: AppConfig, opts: { share: boolean; entities: Entities }): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return {
      kind: 'server',
      embedded: null,
      options: {
        ...baseOptions(opts.entities),
        url: config.databaseUrl,
        extra: { max: 10, connectionTimeoutMillis: 15_000 },
      } as DataSourceOptions,
    };
  }
  const running = findRunningEmbedded(config.dataDir);
  if (running && !opts.share) {
    throw new DatabaseInUseError(
      `Another Credence process (pid ${running.pid}) is already using the embedded database in ${config.dataDir}. ` +
        'Stop it, or start this one with another DATA_DIR or with DATABASE_URL.',
    );
  }
  const embedded = running ? null : await startEmbeddedPostgres(config.dataDir);
  const endpoint = running ?? embedded!;
  return {
    kind: running ? 'embedded-shared' : 'embedded',
    embedded,
    options: {
      ...baseOptions(opts.entities),
      host: endpoint.socketDir,
      port: endpoint.port,
      username: 'postgres',
      database: 'postgres',
      // PGlite has one session: one pooled connection, kept open. Inside a transaction, query
      // through its EntityManager: a second connection would wait for the first. The timeout turns
      // such a mistake into an error instead of a hang.
      extra: { max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 15_000 },
    } as DataSourceOptions,
  };
}

/** Initialises the data source and brings the schema up to date (never `synchronize`). */
export async function connectAndMigrate(handle: DatabaseHandle): Promise<DataSource> {
  const dataSource = new DataSource(handle.options);
  await dataSource.initialize();
  if (handle.kind === 'server') {
    // Several API processes may start at once against one server: one migrates, the others wait.
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
      await runner.release();
    }
  } else {
    await dataSource.runMigrations({ transaction: 'each' });
  }
  return dataSource;
}

export async function closeDatabase(handle: DatabaseHandle, dataSource: DataSource | null): Promise<void> {
  if (dataSource?.isInitialized) await dataSource.destroy();
  await handle.embedded?.stop();
}
