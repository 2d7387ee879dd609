import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase } from '../../src/core/database/database.js';
import { ENTITIES } from '../../src/entities.js';
import { serverDatabaseUrl, serverQuery } from './server-database.js';

/**
 * Migrating a new database takes seconds (initdb as well, embedded). Do it once a run and let every
 * suite start from a copy: of a PGlite data directory (CREDENCE_TEST_TEMPLATE), or, on server
 * Postgres, `CREATE DATABASE ... TEMPLATE` of a migrated database (CREDENCE_TEST_SERVER_TEMPLATE).
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
  const dir = mkdtempSync(join(tmpdir(), 'credence-template-'));
  await migrate({ DATA_DIR: dir });
  process.env.CREDENCE_TEST_TEMPLATE = dir;
}

async function migrate(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  const dataSource = await connectAndMigrate(handle);
  await closeDatabase(handle, dataSource);
}
