import { rmSync } from 'node:fs';
import { serverQuery } from './server-database.js';

export default async function globalTeardown(): Promise<void> {
  for (const dir of [process.env.CREDENCE_TEST_TEMPLATE, process.env.CREDENCE_TEST_EMPTY_TEMPLATE]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  const template = process.env.CREDENCE_TEST_SERVER_TEMPLATE;
  if (template && process.env.DATABASE_URL) await serverQuery(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
