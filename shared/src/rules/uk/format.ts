/**
 * Number, currency and label display of spec 2 section 9 (and the filings list of 2.4).
 * Zero or empty values show a dash; amounts are whole units of the currency.
 */
import { formatDate, parseDate } from './dates.js';

export const EMPTY_VALUE = '-';
export const DEFAULT_CURRENCY = 'GBP';
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { EUR: '€', GBP: '£', USD: '$' };
/** Values at or above this (in absolute value) show as millions with one decimal and "M". */
export const LARGE_NUMBER_THRESHOLD = 1_000_000;

/** Where texts are cut (characters, before the "..." is added). */
export const LABEL_LENGTHS = { filing: 30, lender: 50, particulars: 100, summaryPreview: 150 } as const;
export const ELLIPSIS = '...';

/** A figure as it arrives: a number, numeric text (commas allowed) or nothing. */
export type NumericInput = number | string | null | undefined;

/** Numeric text with thousands commas ("1,000.50") or a number; null when empty or not numeric. */
export function parseCapitalFigure(value: NumericInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/[,\s]/g, '');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Non-zero number, or null when zero, empty or not numeric (those show a dash). */
function displayable(value: NumericInput): number | null {
  const number = parseCapitalFigure(value);
  return number === null || number === 0 ? null : number;
}

function grouped(value: number, decimals: number): string {
  return value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** £, € or $; unknown codes show as the code and a space ("CHF "); default GBP. */
export function currencySymbol(currency?: string | null): string {
  const code = (currency ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;
  return CURRENCY_SYMBOLS[code] ?? `${code} `;
}

/** "12.3M" from 1,000,000 up (absolute value), else the whole number with thousands commas. */
export function formatLargeNumber(value: NumericInput): string {
  const number = displayable(value);
  if (number === null) return EMPTY_VALUE;
  return (number < 0 ? '-' : '') + largeOrWhole(Math.abs(number));
}

function largeOrWhole(absolute: number): string {
  return absolute >= LARGE_NUMBER_THRESHOLD ? `${(absolute / 1e6).toFixed(1)}M` : grouped(absolute, 0);
}

/** "£1,234", "-£12.3M", "€5"; no decimals; default GBP; zero or empty "-". */
export function formatCurrency(value: NumericInput, currency: string | null = DEFAULT_CURRENCY): string {
  const number = displayable(value);
  if (number === null) return EMPTY_VALUE;
  return `${number < 0 ? '-' : ''}${currencySymbol(currency)}${largeOrWhole(Math.abs(number))}`;
}

/** Financial table column: value / 1e6 with 2 decimals ("12.35" for 12,345,678). */
export function formatMillions(value: NumericInput): string {
  const number = displayable(value);
  return number === null ? EMPTY_VALUE : grouped(number / 1e6, 2);
}

/** Ratios (and per-share figures): 2 decimals. */
export function formatRatio(value: NumericInput): string {
  const number = displayable(value);
  return number === null ? EMPTY_VALUE : grouped(number, 2);
}

/** Employee counts: 0 decimals. */
export function formatEmployees(value: NumericInput): string {
  const number = displayable(value);
  return number === null ? EMPTY_VALUE : grouped(number, 0);
}

export type FinancialColumnFormat = 'millions' | 'ratio' | 'count';

/** The numeric screener columns of section 9 and how each is shown. */
export const FINANCIAL_COLUMN_FORMATS: Readonly<Record<string, FinancialColumnFormat>> = {
  turnover: 'millions',
  operating_profit: 'millions',
  net_profit_loss: 'millions',
  EBITDA: 'millions',
  total_assets: 'millions',
  total_liabilities: 'millions',
  net_asset: 'millions',
  cash: 'millions',
  employee_count: 'count',
  earnings_per_share: 'ratio',
  debt_to_equity_ratio: 'ratio',
};

/** Formats a screener cell by its column; columns not listed are shown in millions. */
export function formatFinancialColumn(column: string, value: NumericInput): string {
  const format = FINANCIAL_COLUMN_FORMATS[column] ?? 'millions';
  if (format === 'count') return formatEmployees(value);
  return format === 'ratio' ? formatRatio(value) : formatMillions(value);
}

/** Cuts after `length` characters and adds "..."; shorter texts are unchanged; missing is "". */
export function truncateLabel(text: string | null | undefined, length: number): string {
  const characters = Array.from(text ?? '');
  return characters.length > length ? characters.slice(0, length).join('') + ELLIPSIS : characters.join('');
}

/** The part of a filing the sidebar list shows. */
export interface LabelledFiling {
  category?: string | null;
  date?: string | null;
  description?: string | null;
}

/** "category: date - description" (date en-GB) cut at 30 characters plus "...". */
export function filingLabel(filing: LabelledFiling, now: Date = new Date()): string {
  const text = `${filing.category ?? ''}: ${formatDate(filing.date, now)} - ${filing.description ?? ''}`;
  return truncateLabel(text, LABEL_LENGTHS.filing);
}

/** The sidebar's filing order: category name A-Z, then newest first; undated filings last. */
export function sortFilingsForList<T extends LabelledFiling>(filings: readonly T[]): T[] {
  const time = (filing: T) => parseDate(filing.date)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...filings].sort((a, b) => (a.category ?? '').localeCompare(b.category ?? '') || time(b) - time(a) || 0);
}
