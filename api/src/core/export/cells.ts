/**
 * How one screener value becomes an export cell, shared by the csv, xlsx and json writers.
 * Rows come from the API's own queries, so values may be numbers, bigint or numeric strings (pg
 * returns int8/numeric as text), ISO date strings or Dates, booleans, arrays (lists) or null.
 */
import type { ColumnFormat } from '@credence/shared';

export interface ExportColumn {
  id: string;
  label: string;
  format: ColumnFormat;
}

const NUMERIC_FORMATS: ReadonlySet<ColumnFormat> = new Set(['millions', 'ratio', 'integer', 'year']);
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
/** Excel refuses longer cell texts (the file "needs repair"). */
export const XLSX_MAX_TEXT = 32_767;

export function isNumericFormat(format: ColumnFormat): boolean {
  return NUMERIC_FORMATS.has(format);
}

/**
 * Text that a spreadsheet would run as a formula (= + - @) or that some readers strip to reach
 * one (tab, CR) gets a leading single quote (OWASP "CSV injection"). Applied to text cells only:
 * numbers stay numbers, so -12.5 in a numeric column is a number, not text.
 */
export function escapeFormula(text: string): string {
  const c = text.charCodeAt(0);
  // = + - @ tab CR
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A finite number from a number, bigint or numeric string; null when it is none of these. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) return Number(value.trim());
  return null;
}

/** Plain decimal digits (never 1e+21 or 1e-7), keeping a bigint or numeric string exactly. */
export function numberText(value: unknown): string | null {
  if (typeof value === 'number') {
    const size = Math.abs(value);
    if (size < 1e21 && (size >= 1e-6 || value === 0)) return String(value); // no exponent: the common case
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  const n = toNumber(value);
  if (n === null) return null;
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** The calendar day as [year, month, day], from 'YYYY-MM-DD…' or a Date (its UTC day). */
export function toDay(value: unknown): [number, number, number] | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  }
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? [year, month, day] : null;
}

export function isoDay(day: [number, number, number]): string {
  return `${String(day[0]).padStart(4, '0')}-${String(day[1]).padStart(2, '0')}-${String(day[2]).padStart(2, '0')}`;
}

/** A value as text when it is not a number/date/boolean of its column (lists joined by "; "). */
export function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value
      .filter((v) => v !== null && v !== undefined)
      .map(plainText)
      .join('; ');
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
}

/** Header of a csv column: amounts are whole units there, so the label says so. */
export function csvHeader(column: ExportColumn): string {
  return column.format === 'millions' ? `${column.label} (full amount)` : column.label;
}

/** Header of an xlsx column: amounts keep their value and display in millions. */
export function xlsxHeader(column: ExportColumn): string {
  return column.format === 'millions' ? `${column.label} (m)` : column.label;
}

/** One csv field, before RFC 4180 quoting. */
export function csvCell(format: ColumnFormat, value: unknown): string {
  if (isEmpty(value)) return '';
  if (isNumericFormat(format)) {
    const digits = numberText(value);
    if (digits !== null) return digits;
  } else if (format === 'date') {
    const day = toDay(value);
    if (day) return isoDay(day);
  } else if (format === 'boolean' && typeof value === 'boolean') {
    return value ? 'TRUE' : 'FALSE';
  }
  return escapeFormula(plainText(value));
}

/** A csv line writer for these columns (formats looked up once, not per cell). */
export function csvLineWriter(columns: readonly ExportColumn[]): (row: Record<string, unknown>) => string {
  const ids = columns.map((c) => c.id);
  const formats = columns.map((c) => c.format);
  const numeric = formats.map(isNumericFormat);
  return (row) => {
    let line = '';
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) line += ',';
      const value = row[ids[i]];
      // numbers never need quoting or escaping: straight to their digits
      line += numeric[i] && typeof value === 'number' ? (numberText(value) ?? '') : csvField(csvCell(formats[i], value));
    }
    return line + '\r\n';
  };
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
