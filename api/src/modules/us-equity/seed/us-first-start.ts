import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import { replaceFacts, upsertCompanies, upsertFilings } from '../store/us-store.js';
import { US_SAMPLE_FIRST_CIK, sampleCompany } from './us-sample.js';
import { ADVISORY_LOCKS } from '../../../core/database/advisory-locks.js';

export const US_SAMPLE_COMPANIES = 200;

/** Writes `count` sample companies (facts, filings), marked sample and not verified. */
export async function seedUsSample(
  dataSource: DataSource,
  count: number,
  lastFiscalYear = new Date().getUTCFullYear() - 1,
): Promise<{ companies: number; facts: number }> {
  let facts = 0;
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => sampleCompany(start + i, lastFiscalYear));
    facts += await dataSource.transaction(async (manager) => {
      await upsertCompanies(
        manager,
        batch.map((b) => b.company),
      );
      const written = await replaceFacts(
        manager,
        batch.map((b) => ({ cik: b.company.cik, entityName: b.company.title, facts: b.facts })),
      );
      await upsertFilings(
        manager,
        batch.flatMap((b) => b.filings),
      );
      await manager.query(`UPDATE us_companies SET sample = true, verified = false WHERE cik = ANY($1::int[])`, [
        batch.map((b) => b.company.cik),
      ]);
      return written;
    });
  }
  return { companies: count, facts };
}

/**
 * First start: with no US company at all and SAMPLE_COMPANIES above 0, generates the US sample
 * so every US page and command works offline. Says so before and after.
 */
export async function ensureUsSampleData(dataSource: DataSource, config: AppConfig, log: (line: string) => void): Promise<void> {
  if (config.sampleCompanies <= 0) return;
  // On server Postgres, API processes starting together generate it once.
  const lock = config.databaseUrl ? dataSource.createQueryRunner() : null;
  if (lock) {
    await lock.connect();
    const [{ locked }] = await lock.query(`SELECT pg_try_advisory_lock($1) AS locked`, [ADVISORY_LOCKS.usSample]);
    if (!locked) {
      await lock.release();
      return;
    }
  }
  try {
    const [{ empty }] = await dataSource.query(`SELECT NOT EXISTS (SELECT 1 FROM us_companies) AS empty`);
    if (empty) await generate(dataSource, log);
  } finally {
    if (lock) {
      await lock.query(`SELECT pg_advisory_unlock($1)`, [ADVISORY_LOCKS.usSample]).catch(() => undefined);
      await lock.release();
    }
  }
}

async function generate(dataSource: DataSource, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  log(`Generating US sample data: ${US_SAMPLE_COMPANIES} companies with eight fiscal years of SEC-style facts...`);
  const { facts } = await seedUsSample(dataSource, US_SAMPLE_COMPANIES);
  log(
    `US sample data ready: ${US_SAMPLE_COMPANIES} companies (CIK ${US_SAMPLE_FIRST_CIK} on), ${facts.toLocaleString('en-GB')} facts in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (labelled sample; \`credence-admin import sec-companyfacts\` loads real ones).`,
  );
}
