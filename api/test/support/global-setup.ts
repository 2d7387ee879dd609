import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase } from '../../src/core/database/database.js';
import { ENTITIES } from '../../src/entities.js';

/**
 * Creating an embedded database runs initdb (seconds). Do it once, migrated, and let every suite
 * start from a copy of it. Nothing to do when the suites run against server Postgres.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'credence-template-'));
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  const dataSource = await connectAndMigrate(handle);
  await closeDatabase(handle, dataSource);
  process.env.CREDENCE_TEST_TEMPLATE = dir;
}
