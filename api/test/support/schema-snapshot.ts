import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/core/database/embedded-postgres.js';
import type { TestEnvironment } from './environment.js';

export type Queryable = Pick<pg.Client, 'query'>;

/**
 * What a migrated database looks like, as sorted text lines: tables and their columns, indexes,
 * constraints, views and materialized views with their definitions, extensions. Two databases with
 * equal snapshots answer every query of the application alike.
 */
export async function schemaSnapshot(db: Queryable): Promise<Record<string, string[]>> {
  const lines = async (sql: string) => (await db.query(sql)).rows.map((row) => Object.values(row).join(' | ')).sort();
  return {
    columns: await lines(`
      SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, coalesce(c.column_default, '')
        FROM information_schema.columns c JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace
       WHERE c.table_schema = 'public' AND k.relkind IN ('r', 'v', 'm', 'p')`),
    indexes: await lines(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`),
    matviewColumns: await lines(`
      SELECT k.relname, a.attname, format_type(a.atttypid, a.atttypmod)
        FROM pg_attribute a JOIN pg_class k ON k.oid = a.attrelid
       WHERE k.relnamespace = 'public'::regnamespace AND k.relkind = 'm' AND a.attnum > 0 AND NOT a.attisdropped`),
    constraints: await lines(`
      SELECT k.relname, c.conname, c.contype, pg_get_constraintdef(c.oid)
        FROM pg_constraint c JOIN pg_class k ON k.oid = c.conrelid WHERE k.relnamespace = 'public'::regnamespace`),
    views: await lines(`SELECT viewname, definition FROM pg_views WHERE schemaname = 'public'`),
    materializedViews: await lines(`SELECT matviewname, definition FROM pg_matviews WHERE schemaname = 'public'`),
    extensions: await lines(`SELECT extname FROM pg_extension WHERE extname <> 'uuid-ossp'`),
  };
}

/** The base tables of the public schema with their columns, in column order. */
export async function tableColumns(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(`
    SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
      FROM information_schema.columns c
     WHERE table_schema = 'public' AND EXISTS (
       SELECT 1 FROM pg_tables t WHERE t.schemaname = 'public' AND t.tablename = c.table_name)
     GROUP BY table_name`);
  return new Map(rows.map((row) => [row.table_name, row.columns]));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Each table's rows as digests of the given columns (a multiset: equal rows count twice). */
export async function rowDigests(db: Queryable, tables: Map<string, string[]>): Promise<Map<string, string[]>> {
  const digests = new Map<string, string[]>();
  for (const [table, columns] of tables) {
    const row = `row(${columns.map(quote).join(', ')})::text`;
    const { rows } = await db.query<{ digest: string }>(`SELECT md5(${row}) AS digest FROM ${quote(table)} ORDER BY 1`);
    digests.set(
      table,
      rows.map((r) => r.digest),
    );
  }
  return digests;
}

/** The rows of `before` that `after` no longer holds, per table (a multiset difference). */
export function missingRows(before: Map<string, string[]>, after: Map<string, string[]>): Record<string, number> {
  const missing: Record<string, number> = {};
  for (const [table, digests] of before) {
    const left = new Map<string, number>();
    for (const digest of after.get(table) ?? []) left.set(digest, (left.get(digest) ?? 0) + 1);
    let lost = 0;
    for (const digest of digests) {
      const n = left.get(digest) ?? 0;
      if (n === 0) lost++;
      else left.set(digest, n - 1);
    }
    if (lost) missing[table] = lost;
  }
  return missing;
}

/** A client on the environment's database, server or embedded, for the length of `work`. */
export async function withDatabase<T>(environment: TestEnvironment, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const embedded = environment.env.DATABASE_URL ? null : await startEmbeddedPostgres(environment.dataDir);
  const db = new pg.Client(
    embedded
      ? { host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' }
      : { connectionString: environment.env.DATABASE_URL },
  );
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
    await embedded?.stop();
  }
}
