import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '../core/config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase } from '../core/database/database.js';
import { ENTITIES } from '../entities.js';
import { describeSummary, StreamReporter, type ImportContext, type ImportSummary } from '../core/import/importer.js';
import { IMPORTERS } from './importers.js';
import { lineReporter, restoreDeferredCompanyIndexes } from '../modules/companies-house/import/companies-csv.bulk-load.js';
import { refreshDerivedTables, refreshWhatIsOwed, requestRefresh } from '../modules/companies-house/store/derived-tables.js';
import { UsageError } from './usage-error.js';
// The seed, sync and sec-sync modules are imported by their commands when they run (see credence-admin.ts).

export interface DataOptions {
  json?: boolean;
  quiet?: boolean;
  batchSize?: string;
  maxBad?: string;
  companies?: string;
  seed?: string;
  /** import: build what a bulk load set aside, and refresh, before answering. */
  wait?: boolean;
}

const ADMIN_SCRIPT = fileURLToPath(new URL('./credence-admin.js', import.meta.url));

function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a whole number of at least 1 (got "${value}")`);
  return Number(value);
}

/**
 * Runs an import-like job with a context the job can stop: Ctrl-C (or SIGTERM) lets the batch in
 * progress commit or roll back, and stops there; a re-run carries on idempotently.
 *
 * The jobs need the database and the configuration only: the data source is opened and the schema
 * brought up to date as the server does, without starting the Nest services (accounts, mail,
 * queues), which took about a second of every import.
 */
async function withImportContext<T>(
  kind: string,
  options: DataOptions,
  work: (context: ImportContext) => Promise<T>,
  batches = true,
): Promise<T> {
  const config = loadConfig();
  const batchSize = positiveInteger(options.batchSize, '--batch-size', 50_000);
  const app = await openDataSource({ ...config, runJobs: false });
  const controller = new AbortController();
  const stop = () => {
    if (!batches) {
      // Work without batches (a refresh) stops at once: the database rolls back what was under way.
      process.stderr.write(`\n${kind}: stopped; what is still owed stays recorded: run the command again to finish.\n`);
      process.exit(130);
    }
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\n${kind}: stopping after the current batch (press Ctrl-C again to stop at once)...\n`);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const reporter = new StreamReporter(kind, process.stderr, options.quiet);
    return await work({ dataSource: app.dataSource, config, reporter, batchSize, signal: controller.signal });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await app.close();
  }
}

export async function openDataSource(config: AppConfig): Promise<{ dataSource: DataSource; close(): Promise<void> }> {
  const database = await openDatabase(config, { share: true, entities: ENTITIES });
  let dataSource: DataSource | null = null;
  try {
    dataSource = await connectAndMigrate(database);
  } catch (error) {
    await closeDatabase(database, dataSource).catch(() => undefined);
    throw error;
  }
  const opened = dataSource;
  return { dataSource: opened, close: () => closeDatabase(database, opened) };
}

function finish(summary: ImportSummary, options: DataOptions, stopped: boolean): void {
  const maxBad = options.maxBad === undefined ? 0 : Number(options.maxBad);
  process.stdout.write(options.json ? JSON.stringify(summary, null, 2) + '\n' : describeSummary(summary) + '\n');
  if (stopped) {
    process.stderr.write(`${summary.kind}: stopped before the end; what was written is kept. Run the same command again to finish.\n`);
    process.exitCode = 1;
  } else if (summary.skipped > maxBad) {
    process.stderr.write(
      `${summary.kind}: ${summary.skipped} bad row(s) skipped (the good rows are imported). ` +
        'Fix them and re-run (re-imports update, never duplicate), or allow them with --max-bad <n>.\n',
    );
    process.exitCode = 1;
  }
}

export async function runImport(kind: string, paths: string[], options: DataOptions): Promise<void> {
  const importer = IMPORTERS[kind];
  if (!importer) throw new UsageError(`unknown import kind "${kind}". Kinds: ${Object.keys(IMPORTERS).join(', ')}`);
  if (options.maxBad !== undefined && !/^\d+$/.test(options.maxBad))
    throw new UsageError(`--max-bad must be a whole number (got "${options.maxBad}")`);
  let stopped = false;
  const summary = await withImportContext(kind, options, async (context) => {
    const result = await importer.run({ ...context, leaveIndexesAside: !options.wait }, paths);
    stopped = context.signal?.aborted ?? false;
    if (result.indexesSetAside?.length) {
      // A first bulk load: nothing older to keep consistent with, so the rows count as imported
      // now, and the indexes and derived tables follow in a process of their own.
      await requestRefresh(context.dataSource, `import ${kind} of ${result.read.toLocaleString('en-GB')} rows`);
      result.finishing = startBackgroundRefresh(context.config);
      context.reporter.info(
        `${kind}: the rows are in. Finishing in the background (pid ${result.finishing.pid}, log ${result.finishing.log}): ` +
          `${result.indexesSetAside.length} search indexes, search words, statistics and screener views. Until then searches ` +
          'are slower and the screeners show the earlier data; `credence-admin refresh` waits for it (or import with --wait).',
      );
      return result;
    }
    if (importer.refreshesUkData === false) return result;
    // Even a run stopped early wrote whole batches: what is derived from them follows.
    context.reporter.info(`${kind}: refreshing search words and statistics...`);
    await refreshDerivedTables(context.dataSource, 'all');
    return result;
  });
  finish(summary, options, stopped);
}

/** `credence-admin refresh`, detached, its output appended to DATA_DIR/refresh.log. */
function startBackgroundRefresh(config: AppConfig): { pid: number; log: string } {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const log = join(config.dataDir, 'refresh.log');
  const out = openSync(log, 'a');
  try {
    writeSync(out, `${new Date().toISOString()} credence-admin refresh, started by an import (pid ${process.pid})\n`);
    const child = spawn(process.execPath, [ADMIN_SCRIPT, 'refresh'], { detached: true, stdio: ['ignore', out, out], env: process.env });
    child.unref();
    if (child.pid === undefined) throw new Error(`could not start credence-admin refresh in the background: run it yourself`);
    return { pid: child.pid, log };
  } finally {
    closeSync(out);
  }
}

/**
 * `credence-admin migrate`: the schema brought up to date as the server does at start, and the
 * search indexes a killed bulk import left aside rebuilt; the database alone, without the services.
 */
export async function runMigrate(options: { json?: boolean }): Promise<void> {
  const app = await openDataSource({ ...loadConfig(), runJobs: false });
  try {
    await restoreDeferredCompanyIndexes(
      app.dataSource,
      lineReporter((line) => process.stderr.write(`${line}\n`)),
    );
    const applied = (await app.dataSource.query(`SELECT name FROM migrations ORDER BY id`)) as { name: string }[];
    process.stdout.write(
      options.json
        ? JSON.stringify({ applied: applied.map((m) => m.name) }, null, 2) + '\n'
        : `Schema up to date (${applied.length} migrations applied).\n`,
    );
  } finally {
    await app.close();
  }
}

export async function runRefresh(options: DataOptions & { force?: boolean }): Promise<void> {
  const outcome = await withImportContext(
    'refresh',
    options,
    ({ dataSource, reporter }) => refreshWhatIsOwed(dataSource, reporter, { force: options.force }),
    false,
  );
  if (options.json) {
    process.stdout.write(JSON.stringify(outcome, null, 2) + '\n');
    return;
  }
  const indexes = outcome.indexes.length ? `rebuilt ${outcome.indexes.length} search indexes set aside by a bulk import; ` : '';
  process.stdout.write(
    outcome.refreshed
      ? `Refreshed: ${indexes}search words, statistics and screener views, in ${outcome.seconds.toFixed(1)} s${outcome.requestedBy ? ` (owed by ${outcome.requestedBy})` : ''}.\n`
      : `${outcome.waited ? 'The refresh under way has finished: e' : 'E'}verything derived from the register is up to date (--force refreshes it anyway).\n`,
  );
}

export async function runSync(companyNumbers: string[], options: DataOptions): Promise<void> {
  const config = loadConfig();
  if (!config.chApiKey)
    throw new UsageError(
      'sync needs a Companies House API key: set CH_API_KEY (get one at https://developer.company-information.service.gov.uk/)',
    );
  const { syncCompanies } = await import('../modules/companies-house/sync/sync.js');
  let stopped = false;
  const summary = await withImportContext('sync', options, async (context) => {
    const result = await syncCompanies(context, companyNumbers);
    stopped = context.signal?.aborted ?? false;
    await refreshDerivedTables(context.dataSource, { companyNumbers: companyNumbers.map((n) => n.trim().toUpperCase()) });
    return result;
  });
  finish(summary, options, stopped);
}

/** `credence-admin sync-sec <ticker|cik>...` or `--bulk`: live from the SEC, named by SEC_USER_AGENT. */
export async function runSecSync(args: string[], options: DataOptions & { bulk?: boolean }): Promise<void> {
  const { checkUserAgent } = await import('../modules/us-equity/sync/sec-client.js');
  const { SEC_DATA_URL, SEC_WWW_URL, syncSecBulk, syncSecCompanies } = await import('../modules/us-equity/sync/sec-sync.js');
  let userAgent: string;
  try {
    userAgent = checkUserAgent(process.env.SEC_USER_AGENT);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (options.bulk === args.length > 0)
    throw new UsageError('sync-sec takes tickers or CIKs, or --bulk (the nightly companyfacts.zip), not both');
  const secOptions = {
    userAgent,
    dataUrl: process.env.SEC_DATA_URL || SEC_DATA_URL,
    wwwUrl: process.env.SEC_WWW_URL || SEC_WWW_URL,
  };
  let stopped = false;
  const summary = await withImportContext('sync-sec', options, async (context) => {
    const result = options.bulk ? await syncSecBulk(context, secOptions) : await syncSecCompanies(context, args, secOptions);
    stopped = context.signal?.aborted ?? false;
    return result;
  });
  finish(summary, options, stopped);
}

export async function runSeed(options: DataOptions): Promise<void> {
  const companies = positiveInteger(options.companies, '--companies', 2000);
  const seed = positiveInteger(options.seed, '--seed', 1);
  const { seedSampleData } = await import('../modules/companies-house/seed/seed.js');
  const summary = await withImportContext('seed', options, ({ dataSource, config, reporter }) =>
    seedSampleData(dataSource, config, { companies, seed, reporter }),
  );
  const tables = Object.entries(summary.tables)
    .map(([table, n]) => `${table} ${n.toLocaleString('en-GB')}`)
    .join(', ');
  process.stdout.write(
    options.json
      ? JSON.stringify(summary, null, 2) + '\n'
      : `Generated sample data (seed ${seed}): ${summary.companies.toLocaleString('en-GB')} companies${tables ? ` (${tables})` : ''} in ${summary.seconds.toFixed(1)} s.\n`,
  );
}
