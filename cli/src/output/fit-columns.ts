/**
 * The default columns of a terminal table, fitted to the width: every visible column with its
 * full header when all fit; otherwise the most telling ones first (shared COMPANY_COLUMN_PRIORITY)
 * with short headers ("Op Profit £m", "Staff"), as many as fit beside a readable name and number,
 * the low-value ones left off (--columns still asks for any).
 */
import { columnsByPriority, shortColumnHeader, type ColumnSpec } from '@credence/shared';
import { formatCell, headerOf } from './table.js';
import { textWidth } from './text.js';

const GAP = 2;
/** A name narrower than this is not readable: the first column keeps it. */
export const READABLE_NAME = 24;
const MAX_NATURAL = 40;

export interface FittedColumns {
  columns: ColumnSpec[];
  headers: string[];
}

function naturalWidth(column: ColumnSpec, header: string, rows: readonly Record<string, unknown>[]): number {
  return Math.min(MAX_NATURAL, Math.max(textWidth(header), ...rows.map((row) => textWidth(formatCell(column, row[column.id])))));
}

export function fitColumns(
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, unknown>[],
  width: number,
  priority?: readonly string[],
): FittedColumns {
  const full = columns.map((c) => headerOf(c));
  const total = columns.reduce((sum, c, i) => sum + naturalWidth(c, full[i], rows), 0) + GAP * Math.max(0, columns.length - 1);
  if (total <= width) return { columns: [...columns], headers: full };
  const chosen: ColumnSpec[] = [];
  let used = 0;
  for (const column of columnsByPriority(columns, priority)) {
    const natural = naturalWidth(column, shortColumnHeader(column), rows);
    const need = (chosen.length === 0 ? Math.min(natural, READABLE_NAME) : natural) + (chosen.length > 0 ? GAP : 0);
    // The name and the number always; then the most telling ones while they fit (never a lesser one past a gap).
    if (chosen.length >= 2 && used + need > width) break;
    chosen.push(column);
    used += need;
  }
  return { columns: chosen, headers: chosen.map((c) => shortColumnHeader(c)) };
}
