/**
 * The one csv cell rule of the product: the API's exports and the terminal's csv output both
 * write cells through it (docs/decisions.md, "Screener exports" and "CSV quoting").
 *
 * Values come from the API's queries or its JSON answers, so they may be numbers, bigint or numeric
 * strings (pg returns int8/numeric as text), ISO date strings or Dates, booleans, arrays (lists)
 * or null.
 */
import type { ColumnFormat } from '../filters/types.js';

const NUMERIC_FORMATS: ReadonlySet<ColumnFormat> = new Set(['millions', 'ratio', 'integer', 'year']);
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

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

/**
 * A field holding a comma, semicolon, quote, tab, CR or LF is quoted, its quotes doubled (RFC 4180
 * quoting). The semicolon and the tab are quoted too: spreadsheets in locales whose list separator
 * is ";" (most of continental Europe), or a tab-separated import, would otherwise split the cell.
 */
export function csvField(text: string): string {
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A csv record: the fields quoted as needed, joined by commas, ended by CRLF (RFC 4180). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
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

/**
 * One csv field's text, before quoting: numbers as plain digits (whole units), dates YYYY-MM-DD,
 * booleans TRUE/FALSE, lists "a; b", other text escaped against formula injection; empty "".
 */
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
export function csvLineWriter(columns: readonly { id: string; format: ColumnFormat }[]): (row: Record<string, unknown>) => string {
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
