import type { DataSource, QueryRunner } from 'typeorm';
import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { refreshScreenerViews } from '../../../platform/register/views/refresh-views.js';
import { restoreDeferredCompanyIndexes } from '../import/companies-csv.bulk-load.js';
import type { ImportReporter } from '../../../core/import/importer.js';
import { refreshNameWords, type RefreshScope } from '../../../platform/register/name-words.js';
import { ADVISORY_LOCKS } from '../../../core/database/advisory-locks.js';
import { inLanes } from '../../../core/database/in-lanes.js';

export type { RefreshScope } from '../../../platform/register/name-words.js';

/** Held (session advisory lock, server Postgres) by whoever refreshes: one refresh at a time. */
export const REFRESH_LOCK = ADVISORY_LOCKS.derivedTablesRefresh;

/**
 * After a write to the register (an import, a sync, the sample generator): brings what is derived
 * from it up to date — the words search ranks and corrects by — and, after a bulk write, the
 * planner's statistics. Postgres gathers those itself only when autovacuum runs, and without them
 * it plans a one-company lookup as a parallel scan of millions of rows. The screener views are
 * recomputed whole whatever the scope: lender statistics span companies.
 */
export async function refreshDerivedTables(dataSource: DataSource, scope: RefreshScope): Promise<void> {
  await exclusively(dataSource, async () => {
    const started = await now(dataSource);
    await refreshAll(dataSource, scope);
    if (scope === 'all') await markRefreshed(dataSource, started);
  });
}

async function refreshAll(dataSource: DataSource, scope: RefreshScope): Promise<void> {
  await refreshNameWords(dataSource, scope);
  if (scope === 'all') await analyzeTables(dataSource);
  await refreshScreenerViews(dataSource);
}

/**
 * ANALYZE of the schema's tables, the largest first, two at a time on server Postgres (each uses
 * one core). Not the screener views: their refresh, next, analyses each one it has recomputed.
 */
async function analyzeTables(dataSource: DataSource): Promise<void> {
  const tables: { name: string }[] = await dataSource.query(
    `SELECT format('%I', c.relname) AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      ORDER BY pg_relation_size(c.oid) DESC, c.relname`,
  );
  await inLanes(tables, supportsCopy(dataSource) ? 2 : 1, async ({ name }) => {
    await dataSource.query(`ANALYZE ${name}`);
  });
}

/**
 * Hands the refresh to the background: records that it is owed (a `credence-admin refresh` started
 * next, in this process's stead, does it) and by whom. Server Postgres only.
 */
export async function requestRefresh(dataSource: DataSource, requestedBy: string): Promise<void> {
  await dataSource.query(
    `INSERT INTO derived_refresh (id, pending_since, requested_by) VALUES (true, now(), $1)
     ON CONFLICT (id) DO UPDATE SET pending_since = coalesce(derived_refresh.pending_since, now()), requested_by = $1`,
    [requestedBy],
  );
}

export interface RefreshOutcome {
  /** Another refresh was under way: this one waited for it. */
  waited: boolean;
  /** Whether there was anything to do once this one held the lock (or it was forced). */
  refreshed: boolean;
  /** The search indexes an interrupted or background bulk import had set aside, rebuilt. */
  indexes: string[];
  /** What asked for the refresh this one did (an import), if anything did. */
  requestedBy: string | null;
  seconds: number;
}

/**
 * `credence-admin refresh`: waits for a refresh under way, then does what is still owed — the
 * search indexes a bulk import set aside, the search words, statistics and screener views — or,
 * with `force`, all of it anyway.
 */
export async function refreshWhatIsOwed(
  dataSource: DataSource,
  reporter: ImportReporter,
  options: { force?: boolean } = {},
): Promise<RefreshOutcome> {
  const startedAt = Date.now();
  let outcome: Omit<RefreshOutcome, 'seconds' | 'waited'> = { refreshed: false, indexes: [], requestedBy: null };
  const waited = await exclusively(
    dataSource,
    async () => {
      const started = await now(dataSource);
      const owed = await pending(dataSource);
      const indexes = await restoreDeferredCompanyIndexes(dataSource, reporter);
      if (!owed && !indexes.length && !options.force) {
        outcome = { refreshed: false, indexes, requestedBy: null };
        return;
      }
      reporter.info(
        `refresh: search words, statistics and screener views${owed ? ` (owed since ${owed.since.toISOString()}, ${owed.by})` : ''}...`,
      );
      await refreshAll(dataSource, 'all');
      await markRefreshed(dataSource, started);
      outcome = { refreshed: true, indexes, requestedBy: owed?.by ?? null };
    },
    () => reporter.info('refresh: another refresh is under way (an import finishing in the background?): waiting for it...'),
  );
  return { ...outcome, waited, seconds: (Date.now() - startedAt) / 1000 };
}

/**
 * A refresh owed with none under way (its background process was killed, or the machine
 * restarted): since when, and what asked for it. For the server's start to say so.
 */
export async function refreshOwedAndIdle(dataSource: DataSource): Promise<{ since: Date; by: string } | null> {
  const owed = await pending(dataSource);
  if (!owed) return null;
  const [{ running }] = await dataSource.query(
    // pg_locks lists the whole cluster's locks; another database's refresh (a second install, a
    // test) holds its own lock, not this one's.
    `SELECT EXISTS (
       SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid = 0 AND objid = $1 AND objsubid = 1 AND granted
     ) AS running`,
    [REFRESH_LOCK],
  );
  return running ? null : owed;
}

async function now(dataSource: DataSource): Promise<Date> {
  const [{ at }] = await dataSource.query('SELECT now() AS at');
  return new Date(at);
}

async function pending(dataSource: DataSource): Promise<{ since: Date; by: string } | null> {
  if (!supportsCopy(dataSource)) return null;
  const rows: { since: Date | null; by: string | null }[] = await dataSource.query(
    `SELECT pending_since AS since, requested_by AS by FROM derived_refresh`,
  );
  return rows[0]?.since ? { since: new Date(rows[0].since), by: rows[0].by ?? 'an import' } : null;
}

/** A full refresh that started after the request was made settles it. */
async function markRefreshed(dataSource: DataSource, started: Date): Promise<void> {
  await dataSource.query(
    `INSERT INTO derived_refresh (id, last_finished_at) VALUES (true, now())
     ON CONFLICT (id) DO UPDATE SET last_finished_at = now(),
       pending_since = CASE WHEN derived_refresh.pending_since <= $1 THEN NULL ELSE derived_refresh.pending_since END,
       requested_by = CASE WHEN derived_refresh.pending_since <= $1 THEN NULL ELSE derived_refresh.requested_by END`,
    [started],
  );
}

/**
 * Runs `work` holding the refresh lock on server Postgres (another process's refresh first ends;
 * `onWait` is called if it must wait), answering whether it waited. The embedded database has one
 * writer at a time anyway.
 */
async function exclusively(dataSource: DataSource, work: () => Promise<void>, onWait?: () => void): Promise<boolean> {
  if (!supportsCopy(dataSource)) {
    await work();
    return false;
  }
  const runner: QueryRunner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [REFRESH_LOCK]);
    if (!locked) {
      onWait?.();
      await runner.query('SELECT pg_advisory_lock($1)', [REFRESH_LOCK]);
    }
    try {
      await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK]);
    }
    return !locked;
  } finally {
    await runner.release();
  }
}
