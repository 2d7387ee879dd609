import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { serverDatabaseUrl, serverQuery } from './server-database.js';

export const TEST_ADMIN = { email: 'admin@credence.test', password: 'admin test password that is long' };
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

/** Where a suite's data lives: its own DATA_DIR, database and Redis prefix, removed afterwards. */
export interface TestEnvironment {
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

/** `empty`: a database with no schema at all (the upgrade test restores old releases' dumps into it). */
export async function createTestEnvironment(
  overrides: Record<string, string> = {},
  options: { empty?: boolean } = {},
): Promise<TestEnvironment> {
  const id = randomBytes(5).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-test-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    FORM_RATE_LIMIT: '1000/60s',
    // The per-user limits of costly routes (exports, queries, documents) are tested on their own.
    QUERY_RATE_LIMIT: '1000/60s',
    EXPORT_RATE_LIMIT: '1000/60s',
    DOCUMENT_RATE_LIMIT: '1000/60s',
    PAGE_TEXT_RATE_LIMIT: '1000/60s',
    PDF_FILE_RATE_LIMIT: '1000/60s',
    CHAT_RATE_LIMIT: '1000/60s',
    UPLOAD_RATE_LIMIT: '1000/60s',
    PUBLIC_URL: 'http://credence.test',
    SAMPLE_COMPANIES: '0',
    // On server Postgres the screener pages of the tests' small views are answered from memory
    // (the embedded runs answer them in the database): both paths meet the same assertions.
    SCREENER_MEMORY_MIN_ROWS: '0',
  };
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];

  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `credence_test_${id}`;
    // A copy of the database the runner migrated once (global-setup), as the embedded copies below.
    const template = process.env.CREDENCE_TEST_SERVER_TEMPLATE;
    await serverQuery(baseUrl, `CREATE DATABASE ${name}${template && !options.empty ? ` TEMPLATE ${template}` : ''}`);
    env.DATABASE_URL = serverDatabaseUrl(baseUrl, name);
    cleanups.push(() => serverQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    // embedded: a copy of the migrated database, or of the cluster as initdb left it (global-setup)
    const template = options.empty ? process.env.CREDENCE_TEST_EMPTY_TEMPLATE : process.env.CREDENCE_TEST_TEMPLATE;
    if (template) cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
  }

  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_PREFIX = `credence-test-${id}`;
    cleanups.push(async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`credence-test-${id}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
  }

  Object.assign(env, overrides);
  return {
    env,
    dataDir,
    cleanup: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}
