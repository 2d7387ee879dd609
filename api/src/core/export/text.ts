/** csv (RFC 4180, UTF-8 with BOM) and JSON Lines, as chunks of about 64 KB. */
import { csvField, csvHeader, csvLineWriter, jsonLineWriter, type ExportColumn } from './cells.js';

const CHUNK = 64 * 1024;
/** Excel reads a csv as UTF-8 only when it starts with a byte order mark (else as the ANSI code page). */
export const UTF8_BOM = '\uFEFF';

async function* chunked(head: string, rows: AsyncIterable<Record<string, unknown>>, line: (row: Record<string, unknown>) => string) {
  let chunk = head;
  for await (const row of rows) {
    chunk += line(row);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export function csvChunks(columns: readonly ExportColumn[], rows: AsyncIterable<Record<string, unknown>>): AsyncGenerator<string> {
  const header = UTF8_BOM + columns.map((c) => csvField(csvHeader(c))).join(',') + '\r\n';
  return chunked(header, rows, csvLineWriter(columns));
}

export function jsonLinesChunks(columns: readonly ExportColumn[], rows: AsyncIterable<Record<string, unknown>>): AsyncGenerator<string> {
  return chunked('', rows, jsonLineWriter(columns));
}
