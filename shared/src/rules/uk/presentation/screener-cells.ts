/**
 * A screener cell as text, the same in the web's tables and the terminal's (spec 2 section 9):
 * amounts in millions with 2 decimals, ratios 2 decimals, the financial columns' zero or empty as
 * a dash, other counts whole (a count of 0 charges reads 0), years as written, dates en-GB,
 * Yes/No, lists joined by ", ", long texts cut with "..." at the column's length.
 */
import type { ColumnSpec } from '../../../filters/types.js';
import { formatDate } from '../dates.js';
import {
  EMPTY_VALUE,
  FINANCIAL_COLUMN_FORMATS,
  formatEmployees,
  formatMillions,
  formatRatio,
  truncateLabel,
  type NumericInput,
} from '../format.js';
import { toNumber } from '../../csv.js';

export function screenerCellText(column: Pick<ColumnSpec, 'id' | 'format' | 'truncate'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const cut = (text: string) => (column.truncate ? truncateLabel(text, column.truncate) : text);
  switch (column.format) {
    case 'millions':
      return formatMillions(value as NumericInput);
    case 'ratio':
      return formatRatio(value as NumericInput);
    case 'integer': {
      if (FINANCIAL_COLUMN_FORMATS[column.id] === 'count') return formatEmployees(value as NumericInput); // employees: zero is a dash
      const n = toNumber(value);
      return n === null ? String(value) : n.toLocaleString('en-GB', { maximumFractionDigits: 0 });
    }
    case 'year':
      return String(value);
    case 'date':
      return typeof value === 'string' || typeof value === 'number' ? formatDate(value) : String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'list':
      return cut(Array.isArray(value) ? value.join(', ') : String(value));
    default:
      return cut(String(value).replace(/\s+/g, ' ').trim());
  }
}
