import { EXACT_COUNT_LIMIT } from '@credence/shared';

/** Anything with TypeORM's `query(sql, params)`: a DataSource, an EntityManager or a QueryRunner. */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<any>;
}

export interface RowCount {
  count: number;
  /** True when count is the planner's estimate (more than the exact limit matched). */
  estimate: boolean;
}

/**
 * How many rows `SELECT ... <fromAndWhereSql>` gives: exact up to `exactLimit` (counted over a
 * `LIMIT exactLimit + 1` subquery, so a huge match costs no more than that), otherwise the
 * planner's estimate from `EXPLAIN (FORMAT JSON)`, never less than exactLimit + 1, flagged.
 *
 * fromAndWhereSql starts at FROM: `FROM companies c WHERE ...` (GROUP BY / HAVING may follow).
 */
export async function countRows(
  db: Queryable,
  fromAndWhereSql: string,
  params: readonly unknown[],
  options: { exactLimit?: number } = {},
): Promise<RowCount> {
  const limit = options.exactLimit ?? EXACT_COUNT_LIMIT;
  const [row] = await db.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromAndWhereSql} LIMIT ${Math.floor(limit) + 1}) AS __counted`, [
    ...params,
  ]);
  const exact = Number(row?.n ?? 0);
  if (exact <= limit) return { count: exact, estimate: false };
  return { count: Math.max(limit + 1, await estimateRows(db, fromAndWhereSql, params)), estimate: true };
}

/** The planner's row estimate for `SELECT 1 <fromAndWhereSql>`. */
export async function estimateRows(db: Queryable, fromAndWhereSql: string, params: readonly unknown[]): Promise<number> {
  const result = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromAndWhereSql}`, [...params]);
  const first = Array.isArray(result) ? result[0] : result;
  let plan: unknown = first?.['QUERY PLAN'] ?? first;
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: number } })?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
