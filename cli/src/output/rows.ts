/** Rows as csv (one page, printed by the client) and JSON Lines → one JSON array (for .json files). */
import { csvLineWriter, csvRecord, type ColumnSpec } from '@credence/shared';

function csvBody(columns: readonly ColumnSpec[], rows: readonly Record<string, unknown>[]): string {
  const line = csvLineWriter(columns);
  return rows.map(line).join('');
}

/** RFC 4180 csv through the shared cell rule (as the API's exports): header = column ids, CRLF line ends, amounts in whole units. */
export function rowsToCsv(columns: readonly ColumnSpec[], rows: readonly Record<string, unknown>[]): string {
  return `${csvRecord(columns.map((c) => c.id))}${csvBody(columns, rows)}`;
}

/** Keeps only the chosen columns of a row, in order. */
export function pick(row: Record<string, unknown>, columns: readonly ColumnSpec[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.id, row[c.id] ?? null]));
}

/** Splits a byte stream into lines (without the line end), across chunk borders. */
export async function* lines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let at: number;
    while ((at = rest.indexOf('\n')) >= 0) {
      const line = rest.slice(0, at).replace(/\r$/, '');
      rest = rest.slice(at + 1);
      if (line.trim() !== '') yield line;
    }
  }
  rest += decoder.decode();
  if (rest.trim() !== '') yield rest;
}

/**
 * JSON Lines → one JSON array, streamed: "[\n{...},\n{...}\n]\n". Each line is parsed, so a cut
 * or garbled stream fails instead of writing a broken file; `counter.rows` counts the rows.
 */
export async function* jsonLinesToArray(chunks: AsyncIterable<Uint8Array | string>, counter: { rows: number }): AsyncGenerator<string> {
  yield '[';
  for await (const line of lines(chunks)) {
    const row: unknown = JSON.parse(line);
    yield `${counter.rows === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
    counter.rows++;
  }
  yield counter.rows === 0 ? ']\n' : '\n]\n';
}

/**
 * Passes an RFC 4180 csv stream through, counting its data records (the header is not one): line
 * ends inside quoted fields do not end a record. Bytes only: `"` and LF never occur inside UTF-8
 * multi-byte characters.
 */
export async function* countCsvRecords(chunks: AsyncIterable<Uint8Array>, counter: { rows: number }): AsyncGenerator<Uint8Array> {
  let quoted = false;
  let records = 0;
  let open = false; // bytes seen since the last record ended
  for await (const chunk of chunks) {
    for (const byte of chunk) {
      if (byte === 34) quoted = !quoted; // "" inside quotes toggles twice
      if (byte === 10 && !quoted) {
        if (open) records++;
        open = false;
      } else if (byte !== 13) open = true;
    }
    counter.rows = Math.max(0, records - 1);
    yield chunk;
  }
  if (open) records++;
  counter.rows = Math.max(0, records - 1);
}

/** JSON Lines → csv with the chosen columns (header = column ids), as `rowsToCsv` writes a page. */
export async function* jsonLinesToCsv(chunks: AsyncIterable<Uint8Array | string>, columns: readonly ColumnSpec[]): AsyncGenerator<string> {
  yield rowsToCsv(columns, []);
  let batch: Record<string, unknown>[] = [];
  for await (const line of lines(chunks)) {
    batch.push(JSON.parse(line) as Record<string, unknown>);
    if (batch.length === 500) {
      yield csvBody(columns, batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield csvBody(columns, batch);
}
