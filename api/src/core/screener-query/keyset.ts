/**
 * Keyset paging: ORDER BY <sort> NULLS LAST, <tiebreak>, and "the rows after / before this row"
 * written so that NULL sort values page correctly.
 *
 * By default NULLs come last, whichever the direction (ascending or descending): a column's rows
 * with no value are at the end of the list both ways (`nullsLast: false` puts them first both ways).
 * The tiebreak (a unique, non-null column) runs in the sort's direction. A previous page is read in
 * the reverse order (NULLs first) and its rows reversed back.
 */
import { createHash } from 'node:crypto';
import type { SortOrder } from '@credence/shared';
import { bind } from './sql-filters.js';

export interface SortSpec {
  /** SQL of the sort expression, from a fixed map. */
  sql: string;
  order: SortOrder;
  /** NULLs last in both directions (the default); false: NULLs first in both directions. */
  nullsLast?: boolean;
}

/** Where a page starts: after the row (next page) or before it (previous page). */
export type CursorDirection = 'after' | 'before';

export interface CursorPayload {
  direction: CursorDirection;
  /** The sort value of the row, as the database's text for it; null for a NULL. */
  value: string | null;
  /** The tiebreak value of the row, as text. */
  key: string;
  /** The page number the cursor leads to (for the answer's `page`). */
  page: number;
  /** Which sort the cursor belongs to ("turnover:desc"): a cursor from another sort is refused. */
  sort: string;
  /**
   * Where the row was in the in-memory copy that served the page ("<generation>.<row>"), so that
   * the next page starts there without a search; ignored by the database path.
   */
  hint?: string;
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
  constructor(message = 'The cursor is not valid: it may have been altered or come from another list. Start again from page 1.') {
    super(message);
  }
}

const CURSOR_VERSION = 1;
const MAX_CURSOR_LENGTH = 2048;
// An integrity check, not a secret: values always travel as bound parameters, so an edited cursor
// cannot do harm; the check turns an edited or truncated one into a clear 400.
const CHECK_SALT = 'credence-screener-cursor';

function checksum(body: string): string {
  return createHash('sha256').update(CHECK_SALT).update(body).digest('base64url').slice(0, 12);
}

/** An opaque base64url token for a CursorPayload. */
export function encodeCursor(payload: CursorPayload): string {
  const fields = [CURSOR_VERSION, payload.direction === 'after' ? 'a' : 'b', payload.value, payload.key, payload.page, payload.sort];
  if (payload.hint !== undefined) fields.push(payload.hint);
  const body = JSON.stringify(fields);
  return Buffer.from(`${body}.${checksum(body)}`, 'utf8').toString('base64url');
}

/** Reads a cursor; throws InvalidCursorError for anything encodeCursor did not write (or for another sort when `sort` is given). */
export function decodeCursor(token: string, sort?: string): CursorPayload {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new InvalidCursorError();
  }
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const dot = text.lastIndexOf('.');
  if (dot < 0) throw new InvalidCursorError();
  const body = text.slice(0, dot);
  if (checksum(body) !== text.slice(dot + 1)) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || (parsed.length !== 6 && parsed.length !== 7)) throw new InvalidCursorError();
  const [version, direction, value, key, page, cursorSort, hint] = parsed as unknown[];
  if (
    version !== CURSOR_VERSION ||
    (direction !== 'a' && direction !== 'b') ||
    (value !== null && typeof value !== 'string') ||
    typeof key !== 'string' ||
    typeof page !== 'number' ||
    !Number.isInteger(page) ||
    page < 1 ||
    typeof cursorSort !== 'string' ||
    (hint !== undefined && typeof hint !== 'string')
  ) {
    throw new InvalidCursorError();
  }
  if (sort !== undefined && cursorSort !== sort) {
    throw new InvalidCursorError('The cursor belongs to another sort order: start again from page 1.');
  }
  return {
    direction: direction === 'a' ? 'after' : 'before',
    value,
    key,
    page,
    sort: cursorSort,
    ...(hint === undefined ? {} : { hint: hint as string }),
  };
}

/** ORDER BY for the sort (reversed: for reading a previous page backwards). */
export function keysetOrderBy(sort: SortSpec, tiebreak: string, reversed = false): string {
  const forward = sort.order === 'asc';
  const asc = reversed ? !forward : forward;
  const dir = asc ? 'ASC' : 'DESC';
  const last = (sort.nullsLast ?? true) !== reversed;
  return `${sort.sql} ${dir} NULLS ${last ? 'LAST' : 'FIRST'}, ${tiebreak} ${dir}`;
}

/**
 * The condition for the rows strictly after (direction 'after') or before ('before') the row whose
 * sort value is `value` (null: NULL) and tiebreak `key`, in the order of keysetOrderBy(sort,
 * tiebreak). Read 'before' rows with keysetOrderBy(..., true) and reverse them. Values are bound
 * as untyped parameters, so Postgres reads them as the type of the column they are compared with.
 */
export function keysetCondition(
  sort: SortSpec,
  tiebreak: string,
  position: { direction: CursorDirection; value: string | null; key: string },
  params: unknown[],
): string {
  const s = sort.sql;
  const k = bind(params, position.key);
  // "Greater" in the list's own order: > for ascending, < for descending.
  const ahead = sort.order === 'asc' ? '>' : '<';
  const behind = sort.order === 'asc' ? '<' : '>';
  // Reading backwards is reading forwards in the mirrored order: NULLs at the other end.
  const forward = position.direction === 'after';
  const op = forward ? ahead : behind;
  const nullsAhead = (sort.nullsLast ?? true) === forward;
  if (position.value === null) {
    // From a NULL row: the other NULL rows on this side of its key, then (if NULLs are behind) every non-NULL row.
    return nullsAhead ? `(${s} IS NULL AND ${tiebreak} ${op} ${k})` : `(${s} IS NOT NULL OR ${tiebreak} ${op} ${k})`;
  }
  const v = bind(params, position.value);
  return nullsAhead ? `((${s}, ${tiebreak}) ${op} (${v}, ${k}) OR ${s} IS NULL)` : `(${s}, ${tiebreak}) ${op} (${v}, ${k})`;
}
