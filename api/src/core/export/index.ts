/**
 * Streaming screener exports: csv, xlsx and JSON Lines, straight from an async iterable of rows.
 *
 * Use from a Nest controller (Fastify adapter). Take the reply with a plain `@Res()` (not
 * passthrough: the export sends it) and await sendExport, which resolves when the download has
 * ended or the client has gone. Check the size first: once the file has started nothing can turn
 * into an error answer.
 *
 *   import type { FastifyReply } from 'fastify';
 *   import { COMPANY_SCREENER_COLUMNS, SCREENER_ROUTES } from '@credence/shared';
 *   import { assertExportSize, exportColumns, exportFilename, sendExport } from '../../core/export/index.js';
 *
 *   @Get(SCREENER_ROUTES.companiesExport)
 *   async export(@Query() q: CompaniesExportQuery, @Res() reply: FastifyReply): Promise<void> {
 *     assertExportSize(await this.screener.count(q), this.config.exportMaxRows, q.format); // 413 when too big
 *     await sendExport(reply, {
 *       format: q.format,                                   // 'csv' | 'xlsx' | 'json'
 *       filename: exportFilename('companies-screener'),     // companies-screener-2026-11-22
 *       sheetName: 'Companies',
 *       columns: exportColumns(COMPANY_SCREENER_COLUMNS),   // or your own {id, label, format}[]
 *       rows: this.screener.exportRows(q),                  // async generator over keyset batches
 *     });
 *   }
 *
 * Count exactly up to the cap (`SELECT count(*) FROM (SELECT 1 FROM ... WHERE ... LIMIT cap + 1) t`),
 * not with the list's estimate (total_is_estimate), or an export may pass the cap unnoticed.
 *
 * `rows` yields plain objects keyed by column id. Write it as an async generator that fetches
 * batch after batch (keysetBatches below does the loop); keep any cleanup (releasing a client,
 * closing a cursor) in its `finally`: a client that disconnects makes the export call return().
 * Errors thrown before the first row answer as usual (the filter's JSON); later ones cut the
 * connection, so a script sees a failed transfer, never a silently short file.
 *
 * What the files hold (docs/decisions.md, "Screener exports"):
 * - csv: RFC 4180, CRLF, UTF-8 with BOM, header = labels; amounts in whole units of the row's
 *   currency, labelled "(full amount)"; dates YYYY-MM-DD; booleans TRUE/FALSE; lists "a; b".
 * - xlsx: one named sheet, bold frozen header with an autofilter; amounts keep their value and
 *   display in millions ("(m)", format #,##0.00,,); ratios 0.00; integers #,##0; real dates.
 * - json: JSON Lines (one object per row, keys = column ids), values as the API returns them.
 * - csv and xlsx text starting with = + - @ tab or CR gets a leading ' (formula injection);
 *   numbers stay numbers. JSON is data and is not escaped.
 */
import type { ColumnSpec } from '@credence/shared';
import type { ExportColumn } from './cells.js';

export type { ExportColumn } from './cells.js';
export { escapeFormula, csvField } from './cells.js';
export { assertExportSize, contentDisposition, EXPORT_CONTENT_TYPES, exportFilename, sendExport, type ExportOptions } from './send.js';
export { XLSX_MAX_ROWS, XLSX_NUMBER_FORMATS } from './xlsx.js';

/** Export columns from the shared screener column specs, optionally only some ids (in that order). */
export function exportColumns(specs: readonly ColumnSpec[], ids?: readonly string[]): ExportColumn[] {
  const chosen = ids ? ids.map((id) => specs.find((s) => s.id === id)).filter((s): s is ColumnSpec => s !== undefined) : specs;
  return chosen.map(({ id, label, format }) => ({ id, label, format }));
}

/**
 * Rows from a keyset-paged query: calls `fetch(after)` with the last cursor (null first) until a
 * batch comes back shorter than `batchSize`. `cursorOf` gives the cursor of a row.
 */
export async function* keysetBatches<R extends Record<string, unknown>, C>(
  fetch: (after: C | null, limit: number) => Promise<readonly R[]>,
  cursorOf: (row: R) => C,
  batchSize = 2000,
): AsyncGenerator<R> {
  let after: C | null = null;
  for (;;) {
    const batch = await fetch(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = cursorOf(batch[batch.length - 1]);
  }
}
