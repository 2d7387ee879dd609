/**
 * How one screener value becomes an export cell, shared by the csv, xlsx and json writers; the
 * csv cell itself is @credence/shared's rule (rules/csv.ts), the one the terminal writes too.
 * Rows come from the API's own queries, so values may be numbers, bigint or numeric strings (pg
 * returns int8/numeric as text), ISO date strings or Dates, booleans, arrays (lists) or null.
 */
import {
  csvLineWriter,
  escapeFormula,
  isEmpty,
  isNumericFormat,
  isoDay,
  numberText,
  plainText,
  toDay,
  toNumber,
  type ColumnFormat,
} from '@credence/shared';

// The csv cell rule (quoting, formula injection, numbers, dates) is shared with the terminal.
export { csvCell, csvField, csvLineWriter, escapeFormula, isNumericFormat, numberText, toDay } from '@credence/shared';

export interface ExportColumn {
  id: string;
  label: string;
  format: ColumnFormat;
}

/** Excel refuses longer cell texts (the file "needs repair"). */
export const XLSX_MAX_TEXT = 32_767;

/** Header of a csv column: amounts are whole units there, so the label says so. */
export function csvHeader(column: ExportColumn): string {
  return column.format === 'millions' ? `${column.label} (full amount)` : column.label;
}

/** Header of an xlsx column: amounts keep their value and display in millions. */
export function xlsxHeader(column: ExportColumn): string {
  return column.format === 'millions' ? `${column.label} (m)` : column.label;
}

export function csvLine(columns: readonly ExportColumn[], row: Record<string, unknown>): string {
  return csvLineWriter(columns)(row);
}

/** One JSON Lines value: data as the API returns it (not escaped: JSON is never run as a formula). */
export function jsonValue(format: ColumnFormat, value: unknown): unknown {
  if (isEmpty(value)) return null;
  if (isNumericFormat(format)) {
    const n = toNumber(value);
    if (n !== null) return Number.isSafeInteger(n) || !Number.isInteger(n) ? n : numberText(value);
  } else if (format === 'date') {
    const day = toDay(value);
    if (day) return isoDay(day);
  } else if (format === 'list' && Array.isArray(value)) {
    return value;
  } else if (format === 'boolean' && typeof value === 'boolean') {
    return value;
  }
  return typeof value === 'bigint' ? value.toString() : value instanceof Date ? plainText(value) : value;
}

/** A JSON Lines writer for these columns. */
export function jsonLineWriter(columns: readonly ExportColumn[]): (row: Record<string, unknown>) => string {
  const ids = columns.map((c) => c.id);
  const formats = columns.map((c) => c.format);
  const numeric = formats.map(isNumericFormat);
  const keys = ids.map((id, i) => (i === 0 ? '{' : ',') + JSON.stringify(id) + ':');
  return (row) => {
    let line = '';
    for (let i = 0; i < ids.length; i++) {
      const value = row[ids[i]];
      const typed = numeric[i] && typeof value === 'number' && Number.isFinite(value) ? value : jsonValue(formats[i], value);
      line += keys[i] + (typeof typed === 'number' ? String(typed) : JSON.stringify(typed));
    }
    return (ids.length ? line + '}' : '{}') + '\n';
  };
}

export function jsonLine(columns: readonly ExportColumn[], row: Record<string, unknown>): string {
  return jsonLineWriter(columns)(row);
}

/** One xlsx cell value: numbers, real dates (UTC midnight, as Excel serials) and booleans keep their type. */
export function xlsxValue(format: ColumnFormat, value: unknown): string | number | boolean | Date | null {
  if (isEmpty(value)) return null;
  if (isNumericFormat(format)) {
    const n = toNumber(value);
    if (n !== null) return n;
  } else if (format === 'date') {
    const day = toDay(value);
    if (day) return new Date(Date.UTC(day[0], day[1] - 1, day[2]));
  } else if (format === 'boolean' && typeof value === 'boolean') {
    return value;
  }
  const text = escapeFormula(plainText(value));
  return text.length > XLSX_MAX_TEXT ? text.slice(0, XLSX_MAX_TEXT) : text;
}
