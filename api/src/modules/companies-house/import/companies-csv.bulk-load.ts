import type { DataSource, QueryRunner } from 'typeorm';
import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { createIndexesInParallel } from '../../../core/database/parallel-indexes.js';
import type { ImportReporter } from '../../../core/import/importer.js';
import { restoreForeignKeys, SET_FOREIGN_KEYS_ASIDE, type DeferredForeignKey } from './deferred-foreign-keys.js';

/**
 * Bulk loads into an empty companies table (server Postgres): the search indexes (trigram GIN on
 * the name, name prefix, postcode, SIC codes) cost more to maintain row by row than to build once
 * at the end, so a big import into an empty table sets them aside and rebuilds them when done.
 *
 * Safe when interrupted:
 * - Only the non-unique indexes are set aside: the primary key stays, so upserts stay idempotent.
 * - The indexes are dropped in the same transaction that records their definitions (as written by
 *   pg_get_indexdef) in the table's comment, so the database always knows what to rebuild.
 * - The rebuild runs at the end of the import, also when it stops early (Ctrl-C) or fails; if the
 *   process is killed, the next companies-csv import (of any size) finds the comment, carries on in
 *   bulk mode and rebuilds them at its end. In between, searches are slower, never wrong.
 * - A session advisory lock lets one bulk load at a time set indexes aside or rebuild them.
 * - A seed also sets the foreign keys of the tables under companies aside (deferred-foreign-keys.ts):
 *   recorded in the same marker, added back and checked in the same finish.
 */

const LOCK_KEY = 7_364_022;
/**
 * The table comment while indexes are set aside: this text, then the JSON of the marker. A large
 * `credence-admin seed` sets them aside the same way; the text stays as first written, since it is
 * how an interrupted load of an earlier release is recognised.
 */
const MARKER_PREFIX =
  'Search indexes set aside by a bulk `credence-admin import companies-csv`; it rebuilds them at its end (run it again if it was stopped): ';

interface Marker {
  comment: string | null;
  indexes: { name: string; definition: string }[];
  /** Absent in markers written before foreign keys were set aside, and by companies-csv imports. */
  foreignKeys?: DeferredForeignKey[];
}

// Every non-unique index of companies that no constraint uses, with its definition.
const DEFERRABLE = `
  FROM pg_index x
  JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_namespace n ON n.oid = i.relnamespace
 WHERE x.indrelid = 'companies'::regclass AND NOT x.indisunique AND NOT x.indisprimary
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`;

// Drops them (and the foreign keys, for a seed) and records the marker, all inside the database (no
// name or value passes through SQL text built here).
const setAside = (foreignKeys: boolean) => `
DO $$
DECLARE
  marker jsonb;
  r record;
BEGIN
  SELECT jsonb_build_object(
           'comment', obj_description('companies'::regclass, 'pg_class'),
           'indexes', coalesce(jsonb_agg(jsonb_build_object('name', i.relname, 'definition', pg_get_indexdef(i.oid)) ORDER BY i.relname), '[]'::jsonb))
    INTO marker ${DEFERRABLE};${foreignKeys ? SET_FOREIGN_KEYS_ASIDE : ''}
  FOR r IN SELECT n.nspname, i.relname ${DEFERRABLE} LOOP
    EXECUTE format('DROP INDEX %I.%I', r.nspname, r.relname);
  END LOOP;
  EXECUTE format('COMMENT ON TABLE companies IS %L', '${MARKER_PREFIX.replace(/'/g, "''")}' || marker::text);
END $$`;

// Puts the comment the table had back, once every index is rebuilt.
const CLEAR_MARKER = `
DO $$
DECLARE
  current text := obj_description('companies'::regclass, 'pg_class');
BEGIN
  IF starts_with(current, '${MARKER_PREFIX.replace(/'/g, "''")}') THEN
    EXECUTE format('COMMENT ON TABLE companies IS %L', (substr(current, ${MARKER_PREFIX.length + 1})::jsonb) ->> 'comment');
  END IF;
END $$`;

/** pg_get_indexdef's shape: the only statements the rebuild runs. */
const INDEX_DEFINITION = /^CREATE INDEX ([a-z_][a-z0-9_]*) ON ((?:[a-z_][a-z0-9_]*\.)?companies) USING (btree|gin|gist|hash|brin) \(.+\)$/s;

async function readMarker(runner: QueryRunner): Promise<Marker | null> {
  const [{ comment }] = await runner.query(`SELECT obj_description('companies'::regclass, 'pg_class') AS comment`);
  if (typeof comment !== 'string' || !comment.startsWith(MARKER_PREFIX)) return null;
  return JSON.parse(comment.slice(MARKER_PREFIX.length)) as Marker;
}

/** What a marker set aside, for the reporter's lines: '4 search indexes' or '4 search indexes and 9 foreign keys'. */
function setAsideText(marker: Marker): string {
  const keys = marker.foreignKeys?.length ?? 0;
  return `${marker.indexes.length} search indexes${keys ? ` and ${keys} foreign keys` : ''}`;
}

export class DeferredIndexes {
  private constructor(
    private readonly dataSource: DataSource,
    /** Holds the advisory lock for the whole import. */
    private readonly runner: QueryRunner,
    private readonly marker: Marker,
    private readonly reporter: ImportReporter,
    /** Who loads, at the start of each line it reports ('companies-csv', 'seed'). */
    private readonly label: string,
    /**
     * The table was empty when this load set the indexes aside (not carrying on from an
     * interrupted one): its rows can be copied straight in (see insertCopyLines).
     */
    readonly fresh: boolean,
  ) {}

  /**
   * Sets the search indexes aside when the table is empty and the input large, or carries on from
   * an interrupted bulk load. Answers null to import with the indexes in place.
   */
  static async begin(
    dataSource: DataSource,
    options: {
      totalBytes: number;
      minBytes: number;
      reporter: ImportReporter;
      restoring?: boolean;
      label?: string;
      /** Also set the foreign keys of the tables under companies aside (a seed, which fills them all). */
      foreignKeys?: boolean;
    },
  ): Promise<DeferredIndexes | null> {
    const label = options.label ?? 'companies-csv';
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    let keep = false;
    try {
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
      if (!locked) {
        if (options.totalBytes >= options.minBytes)
          options.reporter.info(
            `${label}: another bulk load (or its finish in the background) is running: loading with the search indexes as they are.`,
          );
        return null;
      }
      const interrupted = await readMarker(runner);
      if (interrupted) {
        options.reporter.info(
          options.restoring
            ? `${label}: an earlier bulk load was interrupted: rebuilding the ${setAsideText(interrupted)} it set aside...`
            : `${label}: an earlier bulk load was interrupted: its ${setAsideText(interrupted)} are rebuilt at the end of this one.`,
        );
        keep = true;
        return new DeferredIndexes(dataSource, runner, interrupted, options.reporter, label, false);
      }
      if (options.totalBytes < options.minBytes) return null;
      await runner.startTransaction();
      try {
        // A short wait at most: the API may be reading the table.
        await runner.query(`SELECT set_config('lock_timeout', '5s', true)`);
        await runner.query('LOCK TABLE companies IN ACCESS EXCLUSIVE MODE');
        const [{ empty }] = await runner.query('SELECT NOT EXISTS (SELECT 1 FROM companies) AS empty');
        if (!empty) {
          await runner.rollbackTransaction();
          return null;
        }
        await runner.query(setAside(options.foreignKeys ?? false));
        await runner.commitTransaction();
      } catch (error) {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        options.reporter.info(
          `${label}: could not set the search indexes aside (${(error as Error).message}): loading with them in place.`,
        );
        return null;
      }
      const marker = await readMarker(runner);
      if (!marker || (marker.indexes.length === 0 && !marker.foreignKeys?.length)) {
        await runner.query(CLEAR_MARKER);
        return null;
      }
      keep = true;
      options.reporter.info(
        marker.foreignKeys?.length
          ? `${label}: bulk load into empty tables: ${setAsideText(marker)} are built and checked once at the end.`
          : `${label}: bulk load into an empty table: ${setAsideText(marker)} are built once at the end.`,
      );
      return new DeferredIndexes(dataSource, runner, marker, options.reporter, label, true);
    } finally {
      if (!keep) {
        await runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        await runner.release();
      }
    }
  }

  get names(): string[] {
    return this.marker.indexes.map((index) => index.name);
  }

  /**
   * Leaves the indexes set aside (the table's comment still says so) for a `credence-admin refresh`
   * to rebuild, and lets go of the lock so that it can.
   */
  async release(): Promise<void> {
    await this.runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await this.runner.release();
  }

  /** Rebuilds the indexes (two at a time, biggest first), restores the table comment and updates statistics. */
  async finish(): Promise<void> {
    const started = Date.now();
    try {
      const keys = this.marker.foreignKeys ?? [];
      this.reporter.info(
        `${this.label}: building ${this.marker.indexes.length} search indexes${keys.length ? ` and checking ${keys.length} foreign keys` : ''}...`,
      );
      await rebuild(this.dataSource, this.marker);
      for (const problem of await restoreForeignKeys(this.dataSource, keys)) this.reporter.info(`${this.label}: ${problem}`);
      await this.runner.query(CLEAR_MARKER);
      // The planner needs the new table's statistics (and the indexed expressions') for searches.
      await this.runner.query('ANALYZE companies');
      const done = keys.length ? 'search indexes built and foreign keys checked' : 'search indexes built';
      this.reporter.info(`${this.label}: ${done} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await this.runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      await this.runner.release();
    }
  }
}

async function rebuild(dataSource: DataSource, marker: Marker): Promise<void> {
  const statements = marker.indexes.map(({ name, definition }) => {
    const match = INDEX_DEFINITION.exec(definition);
    if (!match || match[1] !== name) throw new Error(`unexpected index definition in the companies table's comment: ${definition}`);
    return definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ');
  });
  await createIndexesInParallel(dataSource, statements, { workers: 2, maintenanceWorkMem: '512MB' });
}

/**
 * Rebuilds search indexes left aside by an interrupted bulk import, if any (server Postgres; the
 * embedded database never sets them aside): `credence-admin migrate` and the server's start call
 * it. Does nothing while a bulk import runs (it rebuilds them itself). Answers the indexes rebuilt.
 */
export async function restoreDeferredCompanyIndexes(dataSource: DataSource, reporter: ImportReporter): Promise<string[]> {
  if (!supportsCopy(dataSource)) return [];
  const deferred = await DeferredIndexes.begin(dataSource, { totalBytes: 0, minBytes: Infinity, reporter, restoring: true });
  if (!deferred) return [];
  await deferred.finish();
  return deferred.names;
}

/** A reporter for the callers of restoreDeferredCompanyIndexes: its lines to `write`. */
export function lineReporter(write: (line: string) => void): ImportReporter {
  return { progress: () => undefined, bad: () => undefined, info: write };
}
