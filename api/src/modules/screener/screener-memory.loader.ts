/**
 * Reads a screener view into a MemoryTable (server Postgres): in one REPEATABLE READ snapshot,
 * the view's generation, the distinct values of its text columns in the database's collation,
 * then every row's key and column values in one COPY, numbered in key order.
 */
import { StringDecoder } from 'node:string_decoder';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import {
  dateNumber,
  numericColumn,
  PackedKeysBuilder,
  textColumn,
  type MemoryColumn,
  type MemoryColumnSpec,
  type MemoryTable,
} from '../../core/screener-query/memory/memory-table.js';
import type { ScreenerTableSpec } from '../../platform/register/views/screener-tables.js';

export interface MemoryLoadOptions {
  /** Views with fewer rows stay in the database (answers a SmallView). */
  minRows: number;
  /** A text column with more distinct values than this is left out (its sorts and filters go to the database). */
  maxDistinct: number;
}

interface LoadColumn extends MemoryColumnSpec {
  sql: string;
  numeric: boolean;
  /** Text columns: rank by value, from the distinct list. */
  distinct?: string[];
  rankOf?: Map<string, number>;
}

/** The generation of a view's current rows ('0' before its first refresh). */
export async function readGeneration(db: { query(sql: string, params?: unknown[]): Promise<any> }, view: string): Promise<string> {
  const rows: { generation: string }[] = await db.query(
    'SELECT generation::text AS generation FROM screener_view_generations WHERE view_name = $1',
    [view],
  );
  return rows[0]?.generation ?? '0';
}

/**
 * The columns a view can hold in memory: every mapped column but the search box; an array column
 * (a charge's lenders) as the joined text its contains filter reads (SqlColumn.containsSql).
 */
function loadColumns(spec: ScreenerTableSpec): LoadColumn[] {
  return spec.columns
    .filter((column) => (column.sortable || column.filterable) && (!spec.map[column.id]?.array || spec.map[column.id].containsSql))
    .map((column) => {
      const mapped = spec.map[column.id];
      const integer = mapped.integer === true;
      const joinedArray = mapped.array === true;
      return {
        id: column.id,
        kind: column.kind,
        sortable: column.sortable && !joinedArray,
        integer,
        joinedArray,
        sql: joinedArray ? mapped.containsSql! : mapped.sql,
        numeric: !joinedArray && (column.kind === 'number' || column.kind === 'date' || column.kind === 'boolean' || integer),
      };
    });
}

/** A COPY text-format field: \N is NULL; backslash escapes undone. */
function unescape(field: string): string {
  return field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c);
}

function copyExpression(column: LoadColumn): string {
  if (column.kind === 'date') return `to_char(${column.sql}, 'YYYYMMDD')`;
  if (column.kind === 'boolean') return `(${column.sql})::int`;
  if (column.numeric) return `(${column.sql})::float8`;
  return column.sql;
}

/** A view with fewer rows than MemoryLoadOptions.minRows, at its generation. */
export interface SmallView {
  small: true;
  generation: string;
}

export async function loadMemoryTable(
  dataSource: DataSource,
  spec: ScreenerTableSpec,
  options: MemoryLoadOptions,
): Promise<MemoryTable | SmallView> {
  const runner = dataSource.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const generation = await readGeneration(runner, spec.view);
    const [{ n }] = await runner.query(`SELECT count(*)::int AS n FROM ${spec.view}`);
    const rowCount = Number(n);
    if (rowCount < options.minRows) return { small: true, generation };

    const columns: LoadColumn[] = [];
    for (const column of loadColumns(spec)) {
      if (!column.numeric) {
        const rows: { v: string }[] = await runner.query(
          `SELECT DISTINCT ${column.sql} AS v FROM ${spec.view} s WHERE ${column.sql} IS NOT NULL ORDER BY 1 LIMIT ${options.maxDistinct + 1}`,
        );
        if (rows.length > options.maxDistinct) continue;
        column.distinct = rows.map((row) => row.v);
        column.rankOf = new Map(column.distinct.map((v, rank) => [v, rank]));
      }
      columns.push(column);
    }

    const keys = new PackedKeysBuilder();
    const numbers = columns.map((c) => (c.numeric ? new Float64Array(rowCount) : null));
    const ranks = columns.map((c) => (c.numeric ? null : new Uint32Array(rowCount)));
    let row = 0;
    const take = (line: string) => {
      if (row >= rowCount) throw new Error(`${spec.view}: the COPY gave more rows than its count`);
      const fields = line.split('\t');
      keys.add(fields[0].includes('\\') ? unescape(fields[0]) : fields[0]);
      for (let c = 0; c < columns.length; c++) {
        const field = fields[c + 1];
        const column = columns[c];
        if (column.numeric) {
          numbers[c]![row] =
            field === '\\N'
              ? Number.NaN
              : column.kind === 'date'
                ? dateNumber(`${field.slice(0, 4)}-${field.slice(4, 6)}-${field.slice(6, 8)}`)
                : Number(field);
        } else {
          const value = field === '\\N' ? null : field.includes('\\') ? unescape(field) : field;
          const rank = value === null ? column.distinct!.length : column.rankOf!.get(value);
          if (rank === undefined) throw new Error(`${spec.view}.${column.id}: a value not among its distinct values`);
          ranks[c]![row] = rank;
        }
      }
      row++;
    };
    const select = [spec.tiebreak, ...columns.map(copyExpression)].join(', ');
    const stream = client.query(copyTo(`COPY (SELECT ${select} FROM ${spec.view} s ORDER BY ${spec.tiebreak}) TO STDOUT`));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
        take(text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest !== '') take(rest);
    if (row !== rowCount) throw new Error(`${spec.view}: the COPY gave ${row} rows, its count ${rowCount}`);

    const memoryColumns: MemoryColumn[] = columns.map((column, c) =>
      column.numeric ? numericColumn(column, numbers[c]!) : textColumn(column, column.distinct!, ranks[c]!),
    );
    return { generation, rowCount, keys: keys.finish(), columns: new Map(memoryColumns.map((column) => [column.id, column])) };
  } finally {
    await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
