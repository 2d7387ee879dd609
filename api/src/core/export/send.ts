import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { EXPORT_FORMATS, type ExportFormat } from '@credence/shared';
import { exportMaxRows } from '../config/config.js';
import type { ExportColumn } from './cells.js';
import { csvChunks, jsonLinesChunks } from './text.js';
import { XLSX_MAX_ROWS, xlsxExport } from './xlsx.js';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/x-ndjson; charset=utf-8',
};
const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'jsonl' };

export interface ExportOptions {
  format: ExportFormat;
  /** Without extension, e.g. "companies-screener-2026-11-22". */
  filename: string;
  /** The xlsx sheet's name (cut to Excel's 31 characters). */
  sheetName: string;
  columns: readonly ExportColumn[];
  /** Every matching row, in order; return() is called when the client leaves early. */
  rows: AsyncIterable<Record<string, unknown>>;
}

/** "companies-screener" -> "companies-screener-2026-11-22" (UTC day). */
export function exportFilename(base: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}`;
}

export function contentDisposition(filename: string, format: ExportFormat): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'export';
  return `attachment; filename="${safe}.${EXTENSIONS[format]}"`;
}

/**
 * Refuses an export over the cap with 413 and a message saying what to do. Pass the count of
 * matching rows before streaming (headers cannot change once the file has started), exact up to
 * the cap, not the planner's estimate: `SELECT count(*) FROM (SELECT 1 ... LIMIT cap + 1) t`. The cap
 * defaults to EXPORT_MAX_ROWS from the environment; with `format: 'xlsx'` it is also held to
 * Excel's 1,048,575 data rows per sheet.
 */
export function assertExportSize(rows: number | bigint | string, cap: number = exportMaxRows(), format?: ExportFormat): void {
  const count = Number(rows); // pg answers count(*) as text
  const n = (v: number) => v.toLocaleString('en-GB');
  let message: string | null = null;
  if (count > cap) {
    message = `This export would hold ${n(count)} rows, over the limit of ${n(cap)}: narrow the filters or raise EXPORT_MAX_ROWS.`;
  } else if (format === 'xlsx' && count > XLSX_MAX_ROWS) {
    message = `This export would hold ${n(count)} rows, over the ${n(XLSX_MAX_ROWS)} an Excel sheet holds: narrow the filters or export csv or json.`;
  }
  if (message) throw new HttpException({ status: 'error', message, error: message, statusCode: 413 }, 413);
}

/**
 * `rows` with its first row already read, so that a failing query still answers a JSON error
 * (nothing is sent yet). The rest passes straight through; return() reaches the source.
 */
async function primed(rows: AsyncIterable<Record<string, unknown>>): Promise<AsyncIterable<Record<string, unknown>>> {
  const iterator = rows[Symbol.asyncIterator]();
  let first: IteratorResult<Record<string, unknown>> | null = await iterator.next();
  const resumed: AsyncIterator<Record<string, unknown>> = {
    next: () => {
      const result = first;
      first = null;
      return result ? Promise.resolve(result) : iterator.next();
    },
    return: async (value?: unknown) => {
      first = null;
      await iterator.return?.(value);
      return { done: true, value: undefined };
    },
  };
  return { [Symbol.asyncIterator]: () => resumed };
}

/**
 * Streams the export as the reply (see index.ts for use from a controller). Resolves once the
 * response has ended or the client has gone; a failure after the first bytes cuts the connection
 * so that no truncated file passes for a complete one.
 */
export async function sendExport(reply: FastifyReply, options: ExportOptions): Promise<void> {
  if (!EXPORT_FORMATS.includes(options.format)) {
    const message = `format must be one of ${EXPORT_FORMATS.join(', ')} (got "${String(options.format)}").`;
    throw new HttpException({ status: 'error', message, error: message, statusCode: 400 }, 400);
  }
  const rows = await primed(options.rows);
  let body: Readable;
  let producer: Promise<void> = Promise.resolve();
  if (options.format === 'xlsx') {
    const xlsx = await xlsxExport(options.sheetName, options.columns, rows);
    body = xlsx.stream;
    producer = xlsx.done;
  } else {
    const chunks = options.format === 'csv' ? csvChunks(options.columns, rows) : jsonLinesChunks(options.columns, rows);
    body = Readable.from(chunks, { objectMode: false });
  }
  const closed = finished(body).catch(() => undefined);
  void reply
    .header('content-type', EXPORT_CONTENT_TYPES[options.format])
    .header('content-disposition', contentDisposition(options.filename, options.format))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
  await Promise.all([finished(reply.raw).catch(() => undefined), closed, producer.catch(() => undefined)]);
}
