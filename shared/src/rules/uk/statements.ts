/**
 * How a financial statement table reads, on the web and in the terminal alike:
 * - one unit per table, chosen from its largest amount and named in its header ("£m", "£k", "£");
 * - negatives in parentheses, as accounts print them: (1.25) rather than -1.25;
 * - whether a rise in a line is good news: a rise in liabilities, debt or costs is not.
 * Counts (employees) and ratios keep their own formats and are not scaled.
 */
import { currencySymbol, EMPTY_VALUE, type NumericInput, parseCapitalFigure } from './format.js';

/** How a line's figures read: amounts of the currency, a count (employees) or a ratio. */
export type StatementLineKind = 'amount' | 'count' | 'ratio';

export interface StatementUnit {
  /** What each amount is divided by: 1e6 for millions, 1e3 for thousands, 1 for whole units. */
  divisor: 1 | 1_000 | 1_000_000;
  decimals: number;
  /** The unit as the header names it: "£m", "£k", "£" ("EUR m" style for codes without a symbol). */
  label: string;
}

const SCALES: readonly { from: number; divisor: StatementUnit['divisor']; suffix: string; decimals: number }[] = [
  { from: 1_000_000, divisor: 1_000_000, suffix: 'm', decimals: 2 },
  { from: 10_000, divisor: 1_000, suffix: 'k', decimals: 0 },
  { from: 0, divisor: 1, suffix: '', decimals: 0 },
];

/**
 * The one unit of a table's amounts: millions from £1m up (2 decimals, as the screener shows
 * them), thousands from £10k, else whole pounds. The largest amount decides, so every figure of
 * the table is read in the same unit.
 */
export function statementUnit(amounts: Iterable<NumericInput>, currency?: string | null): StatementUnit {
  let largest = 0;
  for (const value of amounts) {
    const number = parseCapitalFigure(value);
    if (number !== null) largest = Math.max(largest, Math.abs(number));
  }
  const scale = SCALES.find((s) => largest >= s.from)!;
  const symbol = currencySymbol(currency).trimEnd();
  return {
    divisor: scale.divisor,
    decimals: scale.decimals,
    label: `${symbol}${symbol.length > 1 && scale.suffix ? ' ' : ''}${scale.suffix}`,
  };
}

/** A number with thousands commas and the given decimals, negatives in parentheses: "(1,234.50)". */
export function accountingNumber(value: number, decimals: number): string {
  const text = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const rounded = Number(text.replace(/,/g, ''));
  return value < 0 && rounded !== 0 ? `(${text})` : text;
}

/**
 * A statement figure: amounts in the table's unit, counts whole, ratios with 2 decimals;
 * negatives in parentheses; zero or empty "-" (spec 2 section 9).
 */
export function formatStatementFigure(value: NumericInput, kind: StatementLineKind, unit: StatementUnit): string {
  const number = parseCapitalFigure(value);
  if (number === null || number === 0) return EMPTY_VALUE;
  if (kind === 'count') return accountingNumber(number, 0);
  if (kind === 'ratio') return accountingNumber(number, 2);
  return accountingNumber(number / unit.divisor, unit.decimals);
}

/** Which way is good news for a line: up (revenue, profit, cash), down (liabilities, debt, costs) or neither. */
export type LineDirection = 'higher' | 'lower' | 'neutral';

const LOWER_IS_BETTER =
  /liabilit|debt|borrowing|creditor|loan|overdraft|payable|cost|expense|impairment|provision|gearing|leverage|deficit|tax(ation)? (charge|expense)|interest (payable|expense|paid)|loss(es)? before|operating loss/i;
const NEUTRAL = /dividend|capex|capital expenditure|investing|financing|share capital/i;

/**
 * Whether a rise in a statement line (key or label, any case or style) is good news. Liabilities,
 * debt, borrowings, creditors, costs, provisions and gearing are better lower; dividends,
 * capital expenditure and investing or financing flows are neither; the rest (revenue, profit
 * or loss, assets, cash, equity, employees) better higher.
 */
export function lineDirection(keyOrLabel: string): LineDirection {
  const words = keyOrLabel.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  if (/net (debt|liabilit)/i.test(words)) return 'lower';
  if (NEUTRAL.test(words)) return 'neutral';
  if (/net (assets|current assets|cash)/i.test(words)) return 'higher';
  return LOWER_IS_BETTER.test(words) && !/cost of capital/i.test(words) ? 'lower' : 'higher';
}
