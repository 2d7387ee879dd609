import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource, EntityManager } from 'typeorm';
import { COPY_NULL, decodeCopyLines, escapeCopy } from './copy-format.js';
import { embeddedEngine } from './embedded-postgres.js';

export { COPY_NULL, decodeCopyLines, escapeCopy };

/** A column of a bulk insert: its name and its Postgres type (used by the embedded path). */
export interface BulkColumn {
  name: string;
  type: 'text' | 'integer' | 'bigint' | 'smallint' | 'numeric' | 'boolean' | 'date' | 'timestamptz' | 'jsonb' | 'text[]';
}

/** A row's values in column order: null, string, number, boolean, Date, string[] or a JSON value. */
export type BulkRow = unknown[];

/** Server Postgres takes COPY; the embedded one (PGlite over our socket) does not speak COPY's sub-protocol. */
export function supportsCopy(dataSource: DataSource): boolean {
  return Boolean((dataSource.options as { url?: string }).url);
}

/**
 * Inserts many rows into `table` inside the manager's transaction: COPY FROM STDIN (text format)
 * on server Postgres, else one INSERT ... SELECT FROM unnest(...) per 5,000 rows. Both are
 * parameterised or escaped: no value is ever spliced into SQL. `table` and column names are
 * the caller's constants, never user input.
 */
export async function bulkInsert(manager: EntityManager, table: string, columns: BulkColumn[], rows: BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (supportsCopy(manager.connection)) {
    const client = (await manager.queryRunner!.connect()) as PoolClient;
    const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => c.name).join(', ')}) FROM STDIN`));
    await pipeline(Readable.from(copyChunks(rows, columns)), stream);
    return;
  }
  for (let start = 0; start < rows.length; start += 5000) {
    const slice = rows.slice(start, start + 5000);
    const params = columns.map((column, i) =>
      column.type === 'text[]'
        ? // unnest would flatten a 2-D array: send each list as its array literal and cast per row.
          slice.map((row) => (row[i] == null ? null : arrayLiteral(row[i] as string[])))
        : slice.map((row) => toParam(row[i], column)),
    );
    const selects = columns.map((c, i) => (c.type === 'text[]' ? `u.c${i}::text[]` : `u.c${i}`));
    const unnests = columns.map((c, i) => `$${i + 1}::${c.type === 'text[]' ? 'text' : c.type}[]`);
    await manager.query(
      `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
       SELECT ${selects.join(', ')} FROM unnest(${unnests.join(', ')}) AS u(${columns.map((_, i) => `c${i}`).join(', ')})`,
      params,
    );
  }
}

function toParam(value: unknown, column: BulkColumn): unknown {
  if (value == null) return null;
  if (column.type === 'jsonb') return JSON.stringify(value);
  if (value instanceof Date) return column.type === 'date' ? isoDate(value) : value.toISOString();
  return value;
}

function* copyChunks(rows: BulkRow[], columns: BulkColumn[]): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) {
      if (i) line += '\t';
      line += copyValue(row[i], columns[i].type);
    }
    chunk += line + '\n';
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function copyValue(value: unknown, type: BulkColumn['type']): string {
  if (value == null) return '\\N';
  if (type === 'jsonb') return escapeCopy(JSON.stringify(value));
  if (type === 'text[]') return escapeCopy(arrayLiteral(value as string[]));
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return type === 'date' ? isoDate(value) : value.toISOString();
  return escapeCopy(String(value));
}

/**
 * Rows already in COPY's text format (one line each, without its line end; values escaped with
 * escapeCopy, NULL as \N), written with one COPY FROM STDIN inside the manager's transaction
 * (server Postgres only). `columns` are the caller's constants. Answers the rows COPY wrote.
 */
export async function copyLines(manager: EntityManager, table: string, columns: string[], lines: string[]): Promise<number> {
  if (lines.length === 0) return 0;
  const client = (await manager.queryRunner!.connect()) as PoolClient;
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(joinLines(lines)), stream);
  return stream.rowCount;
}

/**
 * Rows already in COPY's text format (`text`: lines each ended by \n), written into `table` inside
 * the manager's transaction: COPY FROM STDIN on server Postgres; on the embedded database this
 * process serves, COPY FROM '/dev/blob' straight into PGlite (its socket does not speak COPY's
 * sub-protocol); on an embedded database another process serves, the lines decoded and inserted
 * with unnest. `columns` are the caller's constants, in the lines' order.
 *
 * The direct PGlite call runs between two of the connection's messages, on PGlite's one session,
 * so it is inside the connection's open transaction: the caller must not have another query of
 * this manager in flight (awaiting each call, as a transaction's code does, is enough).
 */
export async function copyText(manager: EntityManager, table: string, columns: BulkColumn[], text: string): Promise<void> {
  if (text.length === 0) return;
  const names = columns.map((c) => c.name).join(', ');
  if (supportsCopy(manager.connection)) {
    const client = (await manager.queryRunner!.connect()) as PoolClient;
    const stream = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN`));
    await pipeline(Readable.from(textChunks(text)), stream);
    return;
  }
  const engine = embeddedEngine(manager.connection.options as { host?: unknown });
  if (engine) {
    await engine.query(`COPY ${table} (${names}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  await bulkInsert(manager, table, columns, decodeCopyLines(text));
}

function* textChunks(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += 262_144) yield text.slice(i, i + 262_144);
}

/** The lines in chunks of about 256 KB, each line ended by \n. */
function* joinLines(lines: string[]): Generator<string> {
  let from = 0;
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    size += lines[i].length + 1;
    if (size >= 262_144) {
      yield lines.slice(from, i + 1).join('\n') + '\n';
      from = i + 1;
      size = 0;
    }
  }
  if (from < lines.length) yield lines.slice(from).join('\n') + '\n';
}

/** A Postgres array literal of texts: every element quoted, quotes and backslashes escaped. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
