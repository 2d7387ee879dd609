/**
 * Year-over-year change of a financial metric, spec 2 section 5: "N/A" when either value is
 * missing, zero, or the two have different signs; Debt to Equity Ratio colours a fall as good.
 */

import { lineDirection } from './statements.js';

/** Metric keys (screener column, camelCase and display name) where a decrease is good. */
export const INVERTED_METRICS: ReadonlySet<string> = new Set(['debt_to_equity_ratio', 'debtToEquityRatio', 'Debt to Equity Ratio']);

export interface YearOverYear {
  /** Percentage change relative to the size of the previous value; null when N/A. */
  change: number | null;
  /** "+12.3%", "-4.0%", "0.0%" or "N/A". */
  label: string;
  /** True when the change is favourable, false when not; null when N/A or unchanged. */
  good: boolean | null;
}

const NOT_AVAILABLE: YearOverYear = { change: null, label: 'N/A', good: null };

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0;
}

/**
 * Change from `previous` to `current` in percent. Measured against |previous| so that a loss
 * shrinking from -100 to -50 reads +50%. `invert` makes a decrease the good direction.
 */
export function yearOverYear(
  current: number | null | undefined,
  previous: number | null | undefined,
  options: { invert?: boolean } = {},
): YearOverYear {
  if (!usable(current) || !usable(previous) || Math.sign(current) !== Math.sign(previous)) return NOT_AVAILABLE;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = change.toFixed(1);
  const label = `${change > 0 ? '+' : ''}${rounded === '-0.0' ? '0.0' : rounded}%`;
  const good = change === 0 ? null : change > 0 !== (options.invert ?? false);
  return { change, label, good };
}

/**
 * yearOverYear coloured by the metric's direction (statements.ts lineDirection): a rise in
 * liabilities, debt or Debt to Equity is not good news; a line that is neither is never coloured.
 */
export function metricYearOverYear(metric: string, current: number | null | undefined, previous: number | null | undefined): YearOverYear {
  const direction = INVERTED_METRICS.has(metric) ? 'lower' : lineDirection(metric);
  const change = yearOverYear(current, previous, { invert: direction === 'lower' });
  return direction === 'neutral' ? { ...change, good: null } : change;
}
