/** How the terminal's screener tables size and label their columns, and show a cell (spec 2 section 9). */
import { shortColumnHeader, type ColumnSpec } from '@credence/shared';
import { formatCell, headerOf } from '../../output/table.js';

/** Columns whose values are short, whatever their kind. */
const NARROW: Readonly<Record<string, number>> = { currency: 10, filing_year: 13, sic_code: 10, status: 16, charge_number: 15 };

/** Below this many cells the table shows its most telling columns first, with short headers. */
export const NARROW_TABLE_WIDTH = 110;

/** The header a column shows: its short form where the table is narrow. */
export function columnLabel(column: ColumnSpec, narrow = false): string {
  return narrow ? shortColumnHeader(column) : headerOf(column);
}

/** Cells a column gets: the first (names) wide, amounts and counts narrow; less of each where the table is narrow. */
export function columnWidth(column: ColumnSpec, first: boolean, narrow = false): number {
  if (first) return narrow ? 24 : 30;
  // the header has room for the focus mark and the sort and filter marks
  const header = columnLabel(column, narrow).length + 2;
  if (narrow && column.id === 'company_number') return 10;
  if (narrow && column.id === 'company_status') return 13;
  if (NARROW[column.id]) return NARROW[column.id];
  switch (column.format) {
    case 'millions':
      return Math.max(10, Math.min(18, header));
    case 'ratio':
    case 'integer':
      return Math.max(8, Math.min(16, header));
    case 'date':
      return 14;
    case 'boolean':
      return Math.max(5, Math.min(10, column.label.length));
    case 'list':
      return 30;
    default:
      return column.id.endsWith('_number') ? 16 : 20;
  }
}

/** A cell as the CLI's tables show it (spec 2 section 9). */
export function cellText(column: ColumnSpec, value: unknown): string {
  return formatCell(column, value);
}
