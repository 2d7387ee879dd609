/**
 * NormalisedFilters → SQL conditions with bound parameters. Column SQL comes only from a fixed
 * map written in code (SqlColumnMap); user text only ever travels as a parameter.
 */
import type { ColumnKind, FilterScalar, NormalisedFilter } from '@credence/shared';

export interface SqlColumn {
  /** An SQL expression from a fixed map, never user text: `c.company_name`, `fs.turnover`. */
  sql: string;
  kind: ColumnKind;
  /** A text[] column: a text filter matches when any element matches (a charge's lenders). */
  array?: boolean;
  /**
   * An integer (int4) column: non-integer bounds are rounded to what they mean (> 10.5 is >= 11) so the
   * parameter stays an integer and its index stays usable, and bounds beyond int4 are held to its
   * range (Postgres refuses a parameter it cannot read as int4: "> 1e20" would be a 500).
   */
  integer?: boolean;
  /**
   * The column has a btree index on `(lower(sql) COLLATE "C")`: startsWith and text equals are
   * written against it (`lower(sql) COLLATE "C" LIKE 'acme%'`). Without it they are written
   * against `lower(sql)` (a pg_trgm GIN index on `lower(sql)` serves LIKE, a plain btree on
   * `lower(sql)` serves equals).
   */
  prefixIndex?: boolean;
  /**
   * An already lower-cased text expression holding every value of the column (for an array, its
   * elements joined), which a pg_trgm GIN index serves: `contains` is written against it
   * (`expr LIKE '%x%'`) instead of looking into each row's elements, which no index serves.
   */
  containsSql?: string;
}

/** Filter column id → its SQL. Build it once, as a constant, next to the query it serves. */
export type SqlColumnMap = Readonly<Record<string, SqlColumn>>;

export class ScreenerQueryError extends Error {
  override name = 'ScreenerQueryError';
}

/** Escapes LIKE's metacharacters (%, _ and the escape character \ itself). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pushes a value and returns its placeholder ($n). */
export function bind(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

function columnOf(map: SqlColumnMap, id: string): SqlColumn {
  const column = Object.prototype.hasOwnProperty.call(map, id) ? map[id] : undefined;
  if (!column) throw new ScreenerQueryError(`No SQL column is mapped for filter column "${id}"`);
  return column;
}

/** A text condition on one text value expression (`lower(x) LIKE $n`), or on any element of an array. */
function textCondition(column: SqlColumn, build: (lowered: string, lowerC: string) => string): string {
  if (column.array) {
    // A row matches when any element does; `lower(e)` of each element.
    return `EXISTS (SELECT 1 FROM unnest(${column.sql}) AS __e(v) WHERE ${build('lower(__e.v)', 'lower(__e.v)')})`;
  }
  const lowered = `lower(${column.sql})`;
  return build(lowered, column.prefixIndex ? `${lowered} COLLATE "C"` : lowered);
}

function likeCondition(column: SqlColumn, params: unknown[], pattern: string, prefix: boolean): string {
  const p = bind(params, pattern);
  return textCondition(column, (lowered, lowerC) => `${prefix ? lowerC : lowered} LIKE ${p}`);
}

function emptyCondition(column: SqlColumn, empty: boolean): string {
  if (column.array) {
    return empty ? `(${column.sql} IS NULL OR cardinality(${column.sql}) = 0)` : `cardinality(${column.sql}) > 0`;
  }
  if (column.kind === 'text' || column.kind === 'select') {
    return empty ? `(${column.sql} IS NULL OR ${column.sql}::text = '')` : `(${column.sql} IS NOT NULL AND ${column.sql}::text <> '')`;
  }
  return empty ? `${column.sql} IS NULL` : `${column.sql} IS NOT NULL`;
}

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

function numberBound(column: SqlColumn, value: FilterScalar | undefined, round: 'up' | 'down' | 'exact'): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new ScreenerQueryError(`Not a number: ${String(value)}`);
  if (!column.integer) return n;
  if (round === 'exact') return Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX ? n : null;
  // No int4 value lies beyond the range: "> 1e20" matches nothing, "between -1e12 and 1e12" everything.
  return Math.min(INT4_MAX, Math.max(INT4_MIN, round === 'up' ? Math.ceil(n) : Math.floor(n)));
}

function textValue(value: FilterScalar | undefined): string {
  return String(value ?? '').toLowerCase();
}

/** One filter → one SQL condition, its parameters pushed onto params. */
export function filterCondition(filter: NormalisedFilter, map: SqlColumnMap, params: unknown[]): string {
  const column = columnOf(map, filter.id);
  const sql = column.sql;
  switch (filter.type) {
    case 'empty':
      return emptyCondition(column, true);
    case 'notEmpty':
      return emptyCondition(column, false);
    case 'contains':
      if (column.containsSql) return `${column.containsSql} LIKE ${bind(params, `%${escapeLike(textValue(filter.value))}%`)}`;
      return likeCondition(column, params, `%${escapeLike(textValue(filter.value))}%`, false);
    case 'startsWith':
      return likeCondition(column, params, `${escapeLike(textValue(filter.value))}%`, true);
    case 'endsWith':
      return likeCondition(column, params, `%${escapeLike(textValue(filter.value))}`, false);
    case 'is_one_of':
    case 'is_not_one_of': {
      let values = (filter.values ?? []).map((v) => String(v));
      if (column.integer) values = values.filter((v) => /^-?\d+$/.test(v.trim()));
      else if (column.kind === 'number') values = values.filter((v) => Number.isFinite(Number(v)));
      if (column.array) {
        // A text[] of codes: overlap (&&), which a GIN index on the column serves; exact spelling.
        const p = bind(params, values);
        return filter.type === 'is_one_of' ? `${sql} && ${p}::text[]` : `(${sql} IS NULL OR NOT (${sql} && ${p}::text[]))`;
      }
      // One value is written as plain equality: the planner then knows the column is fixed and
      // reads an index led by it in the order of the next column (sector, then group).
      if (values.length === 1) {
        const one = bind(params, values[0]);
        return filter.type === 'is_one_of' ? `${sql} = ${one}` : `(${sql} IS NULL OR ${sql} <> ${one})`;
      }
      const p = bind(params, values);
      // is_not_one_of keeps the rows with no value: they are not one of those.
      return filter.type === 'is_one_of' ? `${sql} = ANY(${p})` : `(${sql} IS NULL OR ${sql} <> ALL(${p}))`;
    }
    case 'equals': {
      if (column.kind === 'text') {
        const p = bind(params, textValue(filter.value));
        return textCondition(column, (_lowered, lowerC) => `${lowerC} = ${p}`);
      }
      if (column.kind === 'number') {
        const n = numberBound(column, filter.value, 'exact');
        return n === null ? 'FALSE' : `${sql} = ${bind(params, n)}`;
      }
      if (column.kind === 'boolean') return `${sql} = ${bind(params, filter.value === true || filter.value === 'true')}`;
      return `${sql} = ${bind(params, filter.value)}`;
    }
    case 'greaterThan': {
      const n = numberBound(column, filter.value, 'down');
      return `${sql} > ${bind(params, n)}`;
    }
    case 'lessThan': {
      const n = numberBound(column, filter.value, 'up');
      return `${sql} < ${bind(params, n)}`;
    }
    case 'between': {
      const from = numberBound(column, filter.value, 'up');
      const to = numberBound(column, filter.valueTo, 'down');
      return `${sql} BETWEEN ${bind(params, from)} AND ${bind(params, to)}`;
    }
    case 'after':
      return `${sql} > ${bind(params, filter.value)}`;
    case 'before':
      return `${sql} < ${bind(params, filter.value)}`;
    case 'range':
      return `${sql} BETWEEN ${bind(params, filter.value)} AND ${bind(params, filter.valueTo)}`;
  }
}

/**
 * Every filter ANDed: `(cond1) AND (cond2)`, or `TRUE` when there are none, so that it can always
 * follow a WHERE. Parameters are pushed onto params and referenced as $n.
 */
export function filterSql(filters: readonly NormalisedFilter[], map: SqlColumnMap, params: unknown[]): string {
  if (filters.length === 0) return 'TRUE';
  return filters.map((f) => `(${filterCondition(f, map, params)})`).join(' AND ');
}

/**
 * One search box across text columns: any of them contains the text (case-insensitive, LIKE
 * metacharacters taken literally). `TRUE` for blank text.
 */
export function globalFilterSql(
  text: string | null | undefined,
  columnIds: readonly string[],
  map: SqlColumnMap,
  params: unknown[],
): string {
  const needle = (text ?? '').trim();
  if (needle === '' || columnIds.length === 0) return 'TRUE';
  const p = bind(params, `%${escapeLike(needle.toLowerCase())}%`);
  const conditions = columnIds.map((id) => {
    const column = columnOf(map, id);
    if (column.containsSql) return `${column.containsSql} LIKE ${p}`;
    return textCondition(column, (lowered) => `${lowered} LIKE ${p}`);
  });
  return `(${conditions.join(' OR ')})`;
}
