/**
 * A terminal table that fits the width: cells formatted as the spec shows them (spec 2 section 9:
 * amounts in millions with 2 decimals, ratios 2 decimals, counts whole, dates en-GB, a dash for
 * zero or empty), numbers right-aligned, long cells cut with "…".
 */
import { columnHeader, screenerCellText, totalText, type ColumnSpec } from '@credence/shared';
import { cellLine, cut, padEnd, padStart, textWidth } from './text.js';

const MIN_WIDTH = 6;
const MAX_NATURAL = 40;
const GAP = '  ';

/** A cell as the web's screener tables show it (shared screenerCellText, spec 2 section 9), on one line with its controls visible. */
export function formatCell(column: ColumnSpec, value: unknown): string {
  return cellLine(screenerCellText(column, value));
}

/** A column's header with its unit, as the web's (shared columnHeader): "Turnover (£m)". */
export function headerOf(column: ColumnSpec): string {
  return columnHeader(column);
}

/** Lines of the table (header, rule, rows); columns that cannot fit even at the minimum width are left off. */
export function renderTable(
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, unknown>[],
  width: number,
  headers: readonly string[] = columns.map(headerOf),
): string[] {
  const cells = rows.map((row) => columns.map((c) => formatCell(c, row[c.id])));
  const widths = columns.map((_, i) => Math.min(MAX_NATURAL, Math.max(textWidth(headers[i]), ...cells.map((r) => textWidth(r[i])))));
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * Math.max(0, widths.length - 1);
  // Shrink the widest column one step at a time until the table fits.
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (widths[i] > MIN_WIDTH && (widest < 0 || widths[i] > widths[widest])) widest = i;
    if (widest < 0) break;
    widths[widest]--;
  }
  let shown = widths.length;
  while (shown > 1 && widths.slice(0, shown).reduce((a, b) => a + b, 0) + GAP.length * (shown - 1) > width) shown--;
  const right = columns.map((c) => c.kind === 'number');
  const line = (values: readonly string[]) =>
    values
      .slice(0, shown)
      .map((v, i) => (right[i] ? padStart(cut(v, widths[i]), widths[i]) : padEnd(cut(v, widths[i]), widths[i])))
      .join(GAP)
      .trimEnd();
  return [
    line(headers),
    widths
      .slice(0, shown)
      .map((w) => '─'.repeat(w))
      .join(GAP),
    ...cells.map(line),
  ];
}

/** "Page 1 of 120 · 11,934 companies" ("about 11,934" when the total is an estimate). */
export function pageFooter(
  paging: { page: number; page_count: number; total_count: number; total_is_estimate?: boolean },
  noun: string,
): string {
  const total = `${totalText(paging.total_count, paging.total_is_estimate ?? false)} ${noun}`;
  return `Page ${paging.page.toLocaleString('en-GB')} of ${Math.max(1, paging.page_count).toLocaleString('en-GB')} · ${total}`;
}
