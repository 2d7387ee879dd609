import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase } from '../../src/core/database/database.js';
import { startEmbeddedPostgres } from '../../src/core/database/embedded-postgres.js';
import { ENTITIES } from '../../src/entities.js';
import { useTestSharedMemory } from '@credence/shared/first-start-cache';
import { serverDatabaseUrl, serverQuery } from './server-database.js';

/**
 * Migrating a new database takes seconds (initdb as well, embedded). Do it once a run and let every
 * suite start from a copy: of a PGlite data directory (CREDENCE_TEST_TEMPLATE), or, on server
 * Postgres, `CREATE DATABASE ... TEMPLATE` of a migrated database (CREDENCE_TEST_SERVER_TEMPLATE).
 * Embedded, the cluster as initdb left it is kept too (CREDENCE_TEST_EMPTY_TEMPLATE): the suites
 * that need a database with no schema (the upgrade from earlier releases' dumps, the migrations'
 * own checks) start from a copy of it rather than run PGlite's initdb (about 4 s of CPU) each.
 * Both reserve the tests' smaller shared memory (useTestSharedMemory).
 */
export default async function globalSetup(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `credence_template_${randomBytes(5).toString('hex')}`;
    await serverQuery(baseUrl, `CREATE DATABASE ${name}`);
    process.env.CREDENCE_TEST_SERVER_TEMPLATE = name;
    await migrate({ DATABASE_URL: serverDatabaseUrl(baseUrl, name) });
    return;
  }
  const empty = mkdtempSync(join(tmpdir(), 'credence-template-empty-'));
  await (await startEmbeddedPostgres(empty)).stop();
  useTestSharedMemory(join(empty, 'pg'));
  const dir = mkdtempSync(join(tmpdir(), 'credence-template-'));
  cpSync(join(empty, 'pg'), join(dir, 'pg'), { recursive: true });
  await migrate({ DATA_DIR: dir });
  process.env.CREDENCE_TEST_TEMPLATE = dir;
  process.env.CREDENCE_TEST_EMPTY_TEMPLATE = empty;
}

async function migrate(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  const dataSource = await connectAndMigrate(handle);
  await closeDatabase(handle, dataSource);
}
