import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import type { ImportReporter } from '../../../core/import/importer.js';
import { seedSampleData } from './seed.js';
import { ADVISORY_LOCKS } from '../../../core/database/advisory-locks.js';

const SILENT: ImportReporter = { progress: () => undefined, bad: () => undefined, info: () => undefined };
/** Held while one process generates the first-start sample, so that API processes starting together on one server generate it once. */

/**
 * First start: with an empty register and SAMPLE_COMPANIES above 0, generates that many sample
 * companies (seed 1), so that a newcomer has data to explore at once. Says so before and after.
 */
export async function ensureSampleData(dataSource: DataSource, config: AppConfig, log: (line: string) => void): Promise<void> {
  const count = config.sampleCompanies;
  if (count <= 0) return;
  // On server Postgres, a process that finds another one generating leaves it to that one.
  const lock = config.databaseUrl ? dataSource.createQueryRunner() : null;
  if (lock) {
    await lock.connect();
    const [{ locked }] = await lock.query(`SELECT pg_try_advisory_lock($1) AS locked`, [ADVISORY_LOCKS.firstStart]);
    if (!locked) {
      await lock.release();
      return;
    }
  }
  try {
    const [{ empty }] = await dataSource.query(`SELECT NOT EXISTS (SELECT 1 FROM companies) AS empty`);
    if (!empty) return;
    log(`Generating sample data: ${count.toLocaleString('en-GB')} companies...`);
    const summary = await seedSampleData(dataSource, config, { companies: count, seed: 1, reporter: SILENT });
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    log(
      `Sample data ready: ${summary.companies.toLocaleString('en-GB')} companies, ${rows.toLocaleString('en-GB')} rows in ${summary.seconds.toFixed(1)} s ` +
        `(labelled as sample data; "credence-admin seed --companies N" makes more).`,
    );
  } finally {
    if (lock) {
      await lock.query(`SELECT pg_advisory_unlock($1)`, [ADVISORY_LOCKS.firstStart]).catch(() => undefined);
      await lock.release();
    }
  }
}
