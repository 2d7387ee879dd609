/**
 * One page of a screener list: count (exact up to EXACT_COUNT_LIMIT, else estimated), rows by
 * OFFSET for a page number or by keyset for a cursor, a page past the end clamped to the last page
 * (spec 2 section 4), and next/prev cursors from the last/first row. iterateAll walks every
 * matching row in keyset batches (exports).
 */
import { createHash } from 'node:crypto';
import type { ScreenerPaging } from '@credence/shared';
import { countRows, type Queryable } from './count.js';
import { decodeCursor, encodeCursor, InvalidCursorError, type CursorPayload, type SortSpec } from './keyset.js';
import { screenerBadRequest } from './parse-query.js';
import { bind } from './sql-filters.js';

/** The statement a page is cut from. Every SQL part comes from code; user values are in params. */
export interface PageQuery {
  /** The select list: `c.company_number, c.company_name, fs.turnover::float8 AS turnover`. */
  select: string;
  /**
   * The relation, without the FROM keyword: `companies c LEFT JOIN latest_figures fs USING (company_number)`.
   * For aggregates (lender stats), a subquery: `(SELECT lender_key, count(*) AS total_charges ... GROUP BY lender_key) t`,
   * so that filters and sorts apply to its output columns.
   */
  from: string;
  /** Conditions without the WHERE keyword (filterSql(...) AND globalFilterSql(...)); default TRUE. */
  where?: string;
  /** The parameters that `where` (and `from`, `select`) reference as $n. */
  params: readonly unknown[];
  sort: SortSpec;
  /** A unique, non-null column that breaks ties (`c.company_number`, `ch.charge_id`). */
  tiebreak: string;
  /** No row with a NULL sort value can match (a filter on the sort column excludes NULL): skip that branch. */
  sortHasValue?: boolean;
  /**
   * When at most `below` rows match (the count says so), read them first and sort only those:
   * `from` becomes `(SELECT * FROM <from> WHERE <where> OFFSET 0) AS <alias>` (OFFSET 0 keeps the
   * planner from merging it back). Otherwise the planner may walk the sort column's index looking
   * for a few matching rows among millions, when the filter and the sort run against each other
   * (few employees, sorted by assets). `from` must be one relation named `alias`.
   */
  filterFirst?: { below: number; alias: string };
}

export interface PageRequestParts {
  page: number;
  pageSize: number;
  cursor?: string | null;
}

export interface PageResult<Row> {
  rows: Row[];
  paging: ScreenerPaging;
}

const VALUE = '__cursor_value';
const KEY = '__cursor_key';
const HIDDEN = [VALUE, KEY];

/** Ties cursors to one sort: a cursor made under another sort (or tiebreak) is refused. */
export function sortFingerprint(sort: SortSpec, tiebreak: string): string {
  return createHash('sha256')
    .update(`${sort.sql}\u0000${sort.order}\u0000${sort.nullsLast ?? true}\u0000${tiebreak}`)
    .digest('base64url')
    .slice(0, 10);
}

type CursorRow = Record<string, unknown> & { [VALUE]: string | null; [KEY]: string };

function strip<Row>(rows: CursorRow[]): Row[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const name of HIDDEN) delete out[name];
    return out as Row;
  });
}

function cursorFrom(row: CursorRow, direction: 'after' | 'before', page: number, sort: string, hint?: string): string {
  return encodeCursor({
    direction,
    value: row[VALUE] === null ? null : String(row[VALUE]),
    key: String(row[KEY]),
    page,
    sort,
    ...(hint === undefined ? {} : { hint }),
  });
}

/** Where a read starts (exclusive): a row's sort value as text (null: NULL) and tiebreak as text. */
interface Position {
  value: string | null;
  key: string;
}

/** The rows with a sort value, and the rows whose sort value is NULL: read one after the other. */
export type Branch = 'value' | 'null';

interface Read {
  reversed: boolean;
  position: Position | null;
  limit: number;
  offset: number;
}

/** True when NULL sort values come first in this read (a previous page reads the list mirrored). */
function nullsFirstIn(query: PageQuery, reversed: boolean): boolean {
  return (query.sort.nullsLast ?? true) === reversed;
}

/**
 * The SELECT of one branch: `limit` rows after `offset`, strictly after `position` when given, in
 * the list order (reversed: mirrored), or null when the position lies past every row of it. Both
 * branches order by `(sort, tiebreak)` without a NULLS clause, so that the btree on
 * (sort, tiebreak) serves each in index order at any depth: the value branch as a range of it,
 * the NULL branch as its `IS NULL` range (where the tiebreak runs in order).
 */
export function branchSelectSql(query: PageQuery, branch: Branch, read: Read, params: unknown[]): string | null {
  const { sort, tiebreak } = query;
  const s = sort.sql;
  const asc = read.reversed ? sort.order !== 'asc' : sort.order === 'asc';
  const dir = asc ? 'ASC' : 'DESC';
  const op = asc ? '>' : '<';
  const nullsFirst = nullsFirstIn(query, read.reversed);
  const position = read.position;
  let condition: string;
  if (branch === 'value') {
    if (position && position.value === null && !nullsFirst) return null; // every value row came before
    condition =
      position && position.value !== null
        ? `(${s}, ${tiebreak}) ${op} (${bind(params, position.value)}, ${bind(params, position.key)})`
        : `${s} IS NOT NULL`;
  } else {
    if (position && position.value !== null && nullsFirst) return null; // every NULL row came before
    condition = position && position.value === null ? `${s} IS NULL AND ${tiebreak} ${op} ${bind(params, position.key)}` : `${s} IS NULL`;
  }
  const where = query.where?.trim() ? `(${query.where})` : 'TRUE';
  return `SELECT ${query.select}, (${s})::text AS ${VALUE}, (${tiebreak})::text AS ${KEY}
    FROM ${query.from}
   WHERE ${where} AND ${condition}
   ORDER BY ${s} ${dir}, ${tiebreak} ${dir}
   LIMIT ${read.limit}${read.offset > 0 ? ` OFFSET ${read.offset}` : ''}`;
}

/** How many rows of a branch match, counting no further than `cap`. */
async function countBranch(db: Queryable, query: PageQuery, branch: Branch, cap: number): Promise<number> {
  const where = query.where?.trim() ? `(${query.where})` : 'TRUE';
  const [row] = await db.query(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${query.from} WHERE ${where} AND ${query.sort.sql} IS ${branch === 'value' ? 'NOT ' : ''}NULL LIMIT ${cap}) AS __counted`,
    [...query.params],
  );
  return Number(row?.n ?? 0);
}

/**
 * `limit` rows after `offset` (or after `position`) in list order: the first branch, then the
 * second only when the first ran out. Two statements rather than one UNION ALL: the second
 * branch is seldom needed, and a UNION ALL under one ORDER BY runs both in full (a sort column
 * with millions of NULLs and a filter that no NULL row passes scanned every one of them).
 */
async function fetchRows(db: Queryable, query: PageQuery, read: Read): Promise<CursorRow[]> {
  const order: Branch[] = nullsFirstIn(query, read.reversed) ? ['null', 'value'] : ['value', 'null'];
  const rows: CursorRow[] = [];
  let offset = read.offset;
  for (const branch of order) {
    const need = read.limit - rows.length;
    if (need <= 0) break;
    if (branch === 'null' && query.sortHasValue) continue;
    const params = [...query.params];
    const sql = branchSelectSql(query, branch, { ...read, limit: need, offset }, params);
    if (sql === null) continue;
    let got: CursorRow[];
    try {
      got = await db.query(sql, params);
    } catch (error) {
      // A cursor value that does not read as the sort column's type (22xxx: data exception).
      const code = (error as { code?: string }).code;
      if (read.position && typeof code === 'string' && code.startsWith('22')) throw new InvalidCursorError();
      throw error;
    }
    rows.push(...got);
    if (got.length < need && offset > 0) {
      // The branch ran out: it held `offset + got` rows, or, when none were past the offset, its count.
      offset = got.length > 0 ? 0 : offset - (await countBranch(db, query, branch, offset));
    }
  }
  return rows;
}

/**
 * Counts, clamps and reads one page. A cursor (from a previous answer's next_cursor / prev_cursor)
 * takes precedence over the page number; a cursor that is malformed, altered or from another sort
 * is a 400 (screenerBadRequest).
 */
export async function runPage<Row = Record<string, unknown>>(
  db: Queryable,
  query: PageQuery,
  request: PageRequestParts,
  options: { exactLimit?: number } = {},
): Promise<PageResult<Row>> {
  const pageSize = Math.max(1, Math.floor(request.pageSize));
  const sortId = sortFingerprint(query.sort, query.tiebreak);
  let cursor: CursorPayload | null = null;
  if (request.cursor) {
    try {
      cursor = decodeCursor(request.cursor, sortId);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw screenerBadRequest(error.message);
      throw error;
    }
  }

  const where = query.where?.trim() ? query.where : 'TRUE';
  const total = await countRows(db, `FROM ${query.from} WHERE ${where}`, query.params, options);
  const pageCount = Math.ceil(total.count / pageSize);
  const paging = (page: number, rows: CursorRow[], hasNext: boolean, hasPrev: boolean): PageResult<Row> => ({
    rows: strip<Row>(rows),
    paging: {
      total_count: total.count,
      page_count: pageCount,
      page,
      page_size: pageSize,
      total_is_estimate: total.estimate,
      next_cursor: hasNext && rows.length ? cursorFrom(rows[rows.length - 1], 'after', page + 1, sortId) : null,
      prev_cursor: hasPrev && rows.length && page > 1 ? cursorFrom(rows[0], 'before', page - 1, sortId) : null,
    },
  });

  const small = query.filterFirst && !total.estimate && total.count <= query.filterFirst.below && where !== 'TRUE';
  if (small) query = { ...query, from: `(SELECT * FROM ${query.from} WHERE ${where} OFFSET 0) AS ${query.filterFirst!.alias}` };

  const byOffset = async (requested: number): Promise<PageResult<Row>> => {
    const page = Math.max(1, Math.min(requested, pageCount || 1));
    const rows = await fetchRows(db, query, { reversed: false, position: null, limit: pageSize + 1, offset: (page - 1) * pageSize });
    const hasNext = rows.length > pageSize;
    return paging(page, rows.slice(0, pageSize), hasNext, page > 1);
  };

  if (!cursor) return byOffset(request.page);

  try {
    const position = { value: cursor.value, key: cursor.key };
    if (cursor.direction === 'after') {
      const rows = await fetchRows(db, query, { reversed: false, position, limit: pageSize + 1, offset: 0 });
      // Nothing after the cursor any more (rows went away): the last page.
      if (rows.length === 0) return byOffset(pageCount);
      const page = Math.max(cursor.page, 2);
      return paging(page, rows.slice(0, pageSize), rows.length > pageSize, true);
    }
    const reversed = await fetchRows(db, query, { reversed: true, position, limit: pageSize + 1, offset: 0 });
    // Fewer than a page before the cursor: that is the first page; read it whole.
    if (reversed.length <= pageSize) return byOffset(1);
    const rows = reversed.slice(0, pageSize).reverse();
    return paging(Math.max(cursor.page, 2), rows, true, true);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw screenerBadRequest(error.message);
    throw error;
  }
}

/**
 * Every row the query matches, in its sort order, read in keyset batches of `batchSize` (so memory
 * and each statement stay small however many rows match). For exports.
 */
export async function* iterateAll<Row = Record<string, unknown>>(
  db: Queryable,
  query: PageQuery,
  options: { batchSize?: number; limit?: number } = {},
): AsyncGenerator<Row, void, undefined> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5000));
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;
  const read = (position: Position | null, take: number) => fetchRows(db, query, { reversed: false, position, limit: take, offset: 0 });
  // The next batch is asked for before this one is handed out, so that the database reads it
  // while the caller encodes and sends this one (an export is as fast as the slower of the two).
  let take = Math.min(batchSize, remaining);
  let next: Promise<CursorRow[]> | null = remaining > 0 ? read(null, take) : null;
  try {
    while (next) {
      const rows = await next;
      next = null;
      remaining -= rows.length;
      if (rows.length === take && remaining > 0) {
        const last = rows[rows.length - 1];
        take = Math.min(batchSize, remaining);
        next = read({ value: last[VALUE] === null ? null : String(last[VALUE]), key: String(last[KEY]) }, take);
      }
      for (const row of strip<Row>(rows)) yield row;
    }
  } finally {
    // A caller that stopped early leaves a batch in flight: let it finish unobserved.
    next?.catch(() => undefined);
  }
}

/** A page whose rows were chosen elsewhere (the in-memory copy of the view), by key, in list order. */
export interface KeyedPage {
  keys: readonly string[];
  /** Each row's cursor hint (encodeCursor's `hint`), beside its key. */
  hints: readonly string[];
  total: number;
  pageCount: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/**
 * Reads the rows of a KeyedPage from `query.from` by tiebreak (an index lookup each) and words the
 * answer as runPage does, cursors included. Null when a row is no longer there (the relation
 * changed since the rows were chosen): the caller then runs the page in the database.
 */
export async function readKeyedPage<Row = Record<string, unknown>>(
  db: Queryable,
  query: PageQuery,
  keyed: KeyedPage,
): Promise<PageResult<Row> | null> {
  const sortId = sortFingerprint(query.sort, query.tiebreak);
  const found: CursorRow[] = keyed.keys.length
    ? await db.query(
        `SELECT ${query.select}, (${query.sort.sql})::text AS ${VALUE}, (${query.tiebreak})::text AS ${KEY}
           FROM ${query.from} WHERE ${query.tiebreak} = ANY($1)`,
        [keyed.keys],
      )
    : [];
  const byKey = new Map(found.map((row) => [row[KEY], row]));
  const rows: CursorRow[] = [];
  for (const key of keyed.keys) {
    const row = byKey.get(key);
    if (!row) return null;
    rows.push(row);
  }
  const last = rows.length - 1;
  return {
    rows: strip<Row>(rows),
    paging: {
      total_count: keyed.total,
      page_count: keyed.pageCount,
      page: keyed.page,
      page_size: keyed.pageSize,
      total_is_estimate: false,
      next_cursor: keyed.hasNext && rows.length ? cursorFrom(rows[last], 'after', keyed.page + 1, sortId, keyed.hints[last]) : null,
      prev_cursor:
        keyed.hasPrev && rows.length && keyed.page > 1 ? cursorFrom(rows[0], 'before', keyed.page - 1, sortId, keyed.hints[0]) : null,
    },
  };
}
