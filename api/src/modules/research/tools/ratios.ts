/**
 * Ratios computed from a year's filed figures (and the year before, for growth): each a Fact
 * whose `inputs` are the filed facts it comes from and whose `formula` says how, computed only
 * when every input exists and the divisor is not zero. Growth uses the shared year-over-year rule.
 */
import { yearOverYear } from '@credence/shared';
import type { Fact } from '../engine/types.js';
import { lineOf, type StatementYear } from './statements.js';

export type RatioKey =
  | 'grossMargin'
  | 'operatingMargin'
  | 'netMargin'
  | 'ebitdaMargin'
  | 'turnoverGrowth'
  | 'operatingProfitGrowth'
  | 'netProfitGrowth'
  | 'currentRatio'
  | 'cashRatio'
  | 'liabilitiesToAssets'
  | 'liabilitiesToEquity'
  | 'equityRatio'
  | 'netDebt'
  | 'gearing'
  | 'debtToEbitda'
  | 'interestCover';

export const RATIO_LABELS: Record<RatioKey, string> = {
  grossMargin: 'Gross margin',
  operatingMargin: 'Operating margin',
  netMargin: 'Net margin',
  ebitdaMargin: 'EBITDA margin',
  turnoverGrowth: 'Turnover growth',
  operatingProfitGrowth: 'Operating profit growth',
  netProfitGrowth: 'Net profit growth',
  currentRatio: 'Current ratio',
  cashRatio: 'Cash ratio',
  liabilitiesToAssets: 'Total liabilities to total assets',
  liabilitiesToEquity: 'Total liabilities to net assets',
  equityRatio: 'Net assets to total assets',
  netDebt: 'Net debt (bank loans less cash)',
  gearing: 'Gearing (bank loans to net assets)',
  debtToEbitda: 'Bank loans to EBITDA',
  interestCover: 'Interest cover (operating profit / interest payable)',
};

export type YearRatios = Partial<Record<RatioKey, Fact>>;

function computed(key: RatioKey, year: StatementYear, value: number, unit: Fact['unit'], inputs: Fact[], formula: string): Fact {
  return {
    key: `${key}@${year.period_end}`,
    label: RATIO_LABELS[key],
    value,
    unit,
    period: year.period_end,
    source: inputs[0].source,
    inputs,
    formula,
  };
}

const num = (f: Fact | undefined): number | null => (f && typeof f.value === 'number' ? f.value : null);

/** Signs as printed: creditors and bank debt print as negatives, `abs` reads them as amounts. */
function share(
  key: RatioKey,
  year: StatementYear,
  top: Fact | undefined,
  bottom: Fact | undefined,
  unit: 'percent' | 'ratio',
  formula: string,
  abs: { top?: boolean; bottom?: boolean } = {},
): Fact | null {
  let a = num(top);
  let b = num(bottom);
  if (a === null || b === null || b === 0) return null;
  if (abs.top) a = Math.abs(a);
  if (abs.bottom) b = Math.abs(b);
  const raw = a / b;
  const value = unit === 'percent' ? Math.round(raw * 1000) / 10 : Math.round(raw * 100) / 100;
  return computed(key, year, value, unit, [top!, bottom!], formula);
}

function growth(key: RatioKey, year: StatementYear, current: Fact | undefined, previous: Fact | undefined): Fact | null {
  const change = yearOverYear(num(current), num(previous)).change;
  if (change === null) return null;
  return computed(
    key,
    year,
    Math.round(change * 10) / 10,
    'percent',
    [current!, previous!],
    '(this year - previous year) / |previous year| × 100',
  );
}

/** Bank debt as the balance sheet names it (printed as a negative within creditors), as a positive amount. */
function bankDebt(year: StatementYear): Fact | undefined {
  return lineOf(year, 'borrowings');
}

/** A ratio the accounts print themselves (the strategic report's KPI table), as a filed fact: "Operating margin (%) 10.3". */
function filed(key: 'operatingMargin' | 'currentRatio', year: StatementYear): Fact | null {
  const line = year.lines.key_financials.find((f) => f.key === `key_financials.${key}@${year.period_end}`);
  if (!line || typeof line.value !== 'number') return null;
  return { ...line, key: `${key}@${year.period_end}`, label: RATIO_LABELS[key], unit: key === 'operatingMargin' ? 'percent' : 'ratio' };
}

/** Every ratio of one year that its figures allow; `previous` is the year before (exactly one fiscal year earlier). */
export function ratiosFor(year: StatementYear, previous: StatementYear | null): YearRatios {
  const m = year.metrics;
  const out: YearRatios = {};
  const put = (fact: Fact | null) => {
    if (fact) out[fact.key.split('@')[0] as RatioKey] = fact;
  };
  put(share('grossMargin', year, lineOf(year, 'grossProfit'), m.turnover, 'percent', 'gross profit / turnover × 100'));
  // The company's own printed KPI (strategic report) when it has one: the same rounding, and a page that prints it.
  put(
    filed('operatingMargin', year) ??
      share('operatingMargin', year, m.operatingProfit, m.turnover, 'percent', 'operating profit / turnover × 100'),
  );
  put(share('netMargin', year, m.netProfitLoss, m.turnover, 'percent', 'profit for the year / turnover × 100'));
  put(share('ebitdaMargin', year, m.EBITDA, m.turnover, 'percent', 'EBITDA / turnover × 100'));
  if (previous) {
    put(growth('turnoverGrowth', year, m.turnover, previous.metrics.turnover));
    put(growth('operatingProfitGrowth', year, m.operatingProfit, previous.metrics.operatingProfit));
    put(growth('netProfitGrowth', year, m.netProfitLoss, previous.metrics.netProfitLoss));
  }
  const creditors = lineOf(year, 'creditorsWithinOneYear');
  const positiveBottom = { bottom: true };
  put(
    filed('currentRatio', year) ??
      share(
        'currentRatio',
        year,
        lineOf(year, 'currentAssets'),
        creditors,
        'ratio',
        'current assets / creditors due within one year',
        positiveBottom,
      ),
  );
  put(share('cashRatio', year, m.cash, creditors, 'ratio', 'cash / creditors due within one year', positiveBottom));
  put(share('liabilitiesToAssets', year, m.totalLiabilities, m.totalAssets, 'percent', 'total liabilities / total assets × 100'));
  if ((num(m.netAssets) ?? 0) > 0) {
    put(share('liabilitiesToEquity', year, m.totalLiabilities, m.netAssets, 'ratio', 'total liabilities / net assets'));
  }
  put(share('equityRatio', year, m.netAssets, m.totalAssets, 'percent', 'net assets / total assets × 100'));
  const debt = bankDebt(year);
  const debtAmount = num(debt);
  if (debt && debtAmount !== null) {
    const cash = num(m.cash);
    if (cash !== null)
      put(computed('netDebt', year, Math.abs(debtAmount) - cash, m.cash!.unit, [debt, m.cash!], 'bank loans and overdrafts - cash'));
    if ((num(m.netAssets) ?? 0) > 0)
      put(share('gearing', year, debt, m.netAssets, 'percent', 'bank loans and overdrafts / net assets × 100', { top: true }));
    if ((num(m.EBITDA) ?? 0) > 0)
      put(share('debtToEbitda', year, debt, m.EBITDA, 'ratio', 'bank loans and overdrafts / EBITDA', { top: true }));
  }
  const interest = lineOf(year, 'interestPayable');
  const interestAmount = num(interest);
  if (interest && interestAmount)
    put(share('interestCover', year, m.operatingProfit, interest, 'ratio', 'operating profit / interest payable', positiveBottom));
  return out;
}
