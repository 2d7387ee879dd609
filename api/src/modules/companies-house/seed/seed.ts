import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import { supportsCopy } from '../../../core/database/bulk-insert.js';
import type { ImportReporter } from '../../../core/import/importer.js';
import { DeferredIndexes } from '../import/companies-csv.bulk-load.js';
import { insertCharges, insertRows, upsertCharges, upsertRows } from '../store/company-store.js';
import { refreshDerivedTables } from '../store/derived-tables.js';
import {
  COMPANIES,
  DOCUMENT_SUMMARIES,
  FILINGS,
  FINANCIAL_STATEMENTS,
  OFFICERS,
  PSCS,
  SIC_CODES,
  type TableSpec,
} from '../store/tables.js';
import { dayOf, todayDay } from './dates.js';
import { generateCompany } from './generate.js';
import { sicCodeRows } from './sic-codes.js';
import type { CompanyBundle, GeneratorContext, WorkerInput, WorkerMessage } from './types.js';

export interface SeedOptions {
  companies: number;
  /** The random seed: the same seed and size give the same data, byte for byte. */
  seed: number;
  reporter: ImportReporter;
  /**
   * "Today" of the generation ('YYYY-MM-DD'; default: the current UTC date). Dates are laid out
   * relative to it so that recent activity (the last 12 months of officer changes, due dates)
   * exists whenever the data is generated; identical output needs the same seed, size and date.
   */
  referenceDate?: string;
  /** Companies per transaction (default 250 on server Postgres, 1,000 on the embedded one). */
  batchSize?: number;
  /**
   * Worker threads on server Postgres (default: 2 for runs of 20,000 companies or more, else 0):
   * each generates and writes its share of the batches over its own connection. 0: all in this
   * thread. The data is the same either way.
   */
  workers?: number;
  /**
   * From this many companies (default 100,000) a seed into an emptied companies table on server
   * Postgres sets the table's search indexes aside and builds them once at the end, as a bulk
   * companies-csv import does, and the foreign keys of the tables under it, checked once at the
   * end (DeferredIndexes: safe if stopped, the next start rebuilds them).
   */
  deferIndexesFrom?: number;
}

export interface SeedSummary {
  companies: number;
  tables: Record<string, number>;
  seconds: number;
}

/** Every table sample data lives in, children first (all cascade from companies). */
const SAMPLE_TABLES = [
  // The insolvency-cases stream's table: sample companies have none, but a truncate must name it.
  'insolvency_cases',
  'document_summaries',
  'financial_statements',
  'documents',
  'filings',
  'charge_lenders',
  'charges',
  'pscs',
  'officers',
];

/**
 * Generates `companies` sample companies (the four suggested ones first) with everything they
 * have, labelled source 'sample', after removing earlier sample data. Imported companies are never
 * touched: a generated company whose number an imported one holds is skipped.
 */
export async function seedSampleData(dataSource: DataSource, _config: AppConfig, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const total = options.companies;
  if (!Number.isInteger(total) || total < 1) throw new Error(`the number of companies must be a whole number of at least 1 (got ${total})`);
  const ref = options.referenceDate ? dayOf(options.referenceDate) : todayDay();
  const ctx: GeneratorContext = { seed: options.seed, ref, total };
  const server = supportsCopy(dataSource);
  const batchSize = options.batchSize ?? (server ? 250 : 1_000);

  const imported = await removeSampleData(dataSource);
  const sicCodes = sicCodeRows();
  await dataSource.transaction((m) => upsertRows(m, SIC_CODES, sicCodes));

  const tables: Record<string, number> = {
    companies: 0,
    officers: 0,
    pscs: 0,
    charges: 0,
    charge_lenders: 0,
    filings: 0,
    financial_statements: 0,
    document_summaries: 0,
    sic_codes: sicCodes.length,
  };
  let done = 0;
  options.reporter.progress(0, 0, total);
  const add = (companies: number, written: Record<string, number>) => {
    for (const [table, n] of Object.entries(written)) tables[table] += n;
    done += companies;
    options.reporter.progress(done, done, total);
  };

  const settings = server ? await sessionSettings(dataSource) : [];
  // Maintaining the trigram, prefix, postcode and SIC indexes row by row cost more than building
  // them once (docs/benchmarks.md, "Sample seed"), and checking the foreign keys row by row more
  // than checking each table once ("Stop 45"). The size was decided here: begin()'s own
  // threshold (bytes of a CSV) is set to take any load.
  const deferred =
    server && !imported && total >= (options.deferIndexesFrom ?? 100_000)
      ? await DeferredIndexes.begin(dataSource, {
          totalBytes: total,
          minBytes: 0,
          reporter: options.reporter,
          label: 'seed',
          foreignKeys: true,
        })
      : null;
  try {
    await writeCompanies(dataSource, options, { ctx, batchSize, imported, settings, server }, add);
  } finally {
    await deferred?.finish();
  }
  await refreshDerivedTables(dataSource, 'all');
  return { companies: tables.companies, tables, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/** Generates and writes every batch: in worker threads on server Postgres, else in this thread. */
async function writeCompanies(
  dataSource: DataSource,
  options: SeedOptions,
  run: { ctx: GeneratorContext; batchSize: number; imported: boolean; settings: string[]; server: boolean },
  add: (companies: number, tables: Record<string, number>) => void,
): Promise<void> {
  const { ctx, batchSize, imported, settings, server } = run;
  const total = ctx.total;
  const url = (dataSource.options as { url?: string }).url;
  const workers = options.workers ?? (total >= 20_000 ? 2 : 0);
  if (server && url && workers > 0) {
    await inWorkers(workers, { url, ctx, batchSize, first: 0, stride: workers, imported, settings }, add);
  } else {
    // Two transactions in flight on server Postgres, so that one batch is generated while the
    // other is written; the embedded database runs in this process: one at a time.
    const lanes = server ? 2 : 1;
    let next = 0;
    const lane = async () => {
      while (next < total) {
        const start = next;
        const end = Math.min(total, start + batchSize);
        next = end;
        const bundles: CompanyBundle[] = [];
        for (let i = start; i < end; i++) {
          bundles.push(generateCompany(i, ctx));
          if (lanes > 1 && (i - start) % 250 === 249) await yieldToEventLoop();
        }
        add(end - start, await dataSource.transaction((m) => writeBatch(m, bundles, imported, settings)));
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  }
}

/** Runs the batches in worker threads (each with its own connection), striped across them. */
function inWorkers(count: number, input: WorkerInput, add: (companies: number, tables: Record<string, number>) => void): Promise<void> {
  const script = new URL('./seed-worker.js', import.meta.url);
  const workers = Array.from({ length: count }, (_, w) => new Worker(script, { workerData: { ...input, first: w } satisfies WorkerInput }));
  return new Promise<void>((resolve, reject) => {
    let running = count;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(error);
    };
    for (const worker of workers) {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'batch') add(message.companies, message.tables);
        else if (message.type === 'error') fail(Object.assign(new Error(message.message), { stack: message.stack }));
        else if (--running === 0 && !failed) resolve();
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (code !== 0 && !failed) fail(new Error(`a sample generator worker stopped with code ${code}`));
      });
    }
  });
}

/**
 * Settings of the seed's own transactions on server Postgres: a sample batch can be re-created,
 * so commits need not wait for the disk; the stage tables' sort stays in memory; JSON columns
 * are compressed with lz4 where the server has it (several times faster than pglz).
 */
async function sessionSettings(dataSource: DataSource): Promise<string[]> {
  const settings = [`SET LOCAL synchronous_commit = off`, `SET LOCAL work_mem = '64MB'`];
  const [{ lz4 }] = await dataSource.query(`SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
  if (lz4) settings.push(`SET LOCAL default_toast_compression = 'lz4'`);
  return settings;
}

/** Writes one batch of companies in the caller's transaction; answers the rows written per table. */
export async function writeBatch(
  m: EntityManager,
  bundles: CompanyBundle[],
  imported: boolean,
  settings: string[],
): Promise<Record<string, number>> {
  for (const setting of settings) await m.query(setting);
  if (imported) {
    const numbers = bundles.map((b) => b.company.company_number);
    const taken = new Set<string>(
      (await m.query(`SELECT company_number FROM companies WHERE company_number = ANY($1::text[])`, [numbers])).map(
        (r: { company_number: string }) => r.company_number,
      ),
    );
    if (taken.size) bundles = bundles.filter((b) => !taken.has(b.company.company_number));
  }
  type Lists = Omit<CompanyBundle, 'company'>;
  const all = <K extends keyof Lists>(key: K): Lists[K] => bundles.flatMap((b) => b[key] as unknown[]) as Lists[K];
  const charges = all('charges');
  // Tables that held no imported data were emptied: the rows go straight in (insertRows, which
  // falls back to the upsert if a key is there after all); beside imported data, upserts.
  const write = imported
    ? (table: TableSpec, rows: object[]) => upsertRows(m, table, rows)
    : async (table: TableSpec, rows: object[]) => (await insertRows(m, table, rows)).written;
  return {
    companies: await write(
      COMPANIES,
      bundles.map((b) => b.company),
    ),
    officers: await write(OFFICERS, all('officers')),
    pscs: await write(PSCS, all('pscs')),
    charges: await (imported ? upsertCharges(m, charges) : insertCharges(m, charges)),
    charge_lenders: charges.reduce((n, c) => n + (c.persons_entitled?.length ?? 0), 0),
    filings: await write(FILINGS, all('filings')),
    financial_statements: await write(FINANCIAL_STATEMENTS, all('financials')),
    document_summaries: await write(DOCUMENT_SUMMARIES, all('summaries')),
  };
}

/**
 * Deletes earlier sample companies and everything they have. When the database holds nothing but
 * sample data, the tables are truncated (instant at any size); otherwise the sample rows go by
 * joins, child tables first, and imported data stays. Answers whether imported companies exist.
 */
async function removeSampleData(dataSource: DataSource): Promise<boolean> {
  return dataSource.transaction(async (m) => {
    const [{ imported }] = await m.query(`SELECT EXISTS (SELECT 1 FROM companies WHERE source <> 'sample') AS imported`);
    if (!imported) {
      await m.query(`TRUNCATE ${[...SAMPLE_TABLES, 'companies'].join(', ')}`);
      return false;
    }
    await m.query(
      `DELETE FROM charge_lenders l USING charges c, companies co WHERE l.charge_id = c.charge_id AND c.company_number = co.company_number AND co.source = 'sample'`,
    );
    for (const table of SAMPLE_TABLES.filter((t) => t !== 'charge_lenders')) {
      await m.query(`DELETE FROM ${table} t USING companies c WHERE t.company_number = c.company_number AND c.source = 'sample'`);
    }
    await m.query(`DELETE FROM companies WHERE source = 'sample'`);
    return true;
  });
}
