/**
 * Ratios of a year's filed figures, each a Fact whose `inputs` are the filed facts it comes from
 * and whose `formula` says how. The definitions are shared's (one per ratio, issue 27): the chat,
 * the summary sheet, the overview, the screener and the exports compute the same value. A ratio
 * the accounts print themselves (the strategic report's KPI table) is kept beside the computed
 * one as "as stated", never in its place. Growth uses the shared year-over-year rule.
 */
import {
  computeRatios,
  RATIO_DEFINITIONS,
  yearOverYear,
  type RatioInputKey,
  type RatioKey as SharedRatioKey,
  type RatioResult,
} from '@credence/shared';
import type { Fact } from '../../../platform/ai/engine/types.js';
import { lineOf, type StatementYear } from './statements.js';

export type RatioKey =
  | SharedRatioKey
  | 'turnoverGrowth'
  | 'operatingProfitGrowth'
  | 'netProfitGrowth'
  | 'liabilitiesToEquity'
  | 'statedOperatingMargin'
  | 'statedCurrentRatio'
  | 'statedDebtToEquity';

export const RATIO_LABELS: Record<RatioKey, string> = {
  ...(Object.fromEntries(Object.values(RATIO_DEFINITIONS).map((d) => [d.key, d.label])) as Record<SharedRatioKey, string>),
  turnoverGrowth: 'Turnover growth',
  operatingProfitGrowth: 'Operating profit growth',
  netProfitGrowth: 'Net profit growth',
  liabilitiesToEquity: 'Total liabilities to net assets',
  statedOperatingMargin: 'Operating margin, as stated',
  statedCurrentRatio: 'Current ratio, as stated',
  statedDebtToEquity: 'Debt to equity, as stated',
};

export type YearRatios = Partial<Record<RatioKey, Fact>>;

const num = (f: Fact | undefined): number | null => (f && typeof f.value === 'number' ? f.value : null);

/** Each shared input's filed fact in a year. */
function inputFacts(year: StatementYear): Partial<Record<RatioInputKey, Fact>> {
  const m = year.metrics;
  return {
    turnover: m.turnover,
    grossProfit: lineOf(year, 'grossProfit'),
    operatingProfit: m.operatingProfit,
    netProfit: m.netProfitLoss,
    ebitda: m.EBITDA,
    totalAssets: m.totalAssets,
    totalLiabilities: m.totalLiabilities,
    netAssets: m.netAssets,
    cash: m.cash,
    borrowings: lineOf(year, 'borrowings'),
    currentAssets: lineOf(year, 'currentAssets'),
    stocks: lineOf(year, 'stocks'),
    creditorsWithinOneYear: lineOf(year, 'creditorsWithinOneYear'),
    interestPayable: lineOf(year, 'interestPayable'),
    operatingCashFlow: lineOf(year, 'netCashFromOperating'),
    capex: lineOf(year, 'capex'),
  };
}

/** The formula a Fact carries: the one used, and the fallback named when it stood in. */
export function factFormula(result: Pick<RatioResult, 'formula' | 'fallback'>): string {
  return result.fallback ? `${result.formula} (fallback: ${result.fallback})` : result.formula;
}

function asFact(year: StatementYear, result: RatioResult, facts: Partial<Record<RatioInputKey, Fact>>): Fact {
  const inputs = result.used.map((k) => facts[k]!);
  const unit: Fact['unit'] = result.unit === 'amount' ? inputs[0].unit : result.unit;
  return {
    key: `${result.key}@${year.period_end}`,
    label: result.label,
    value: result.value,
    unit,
    period: year.period_end,
    source: inputs[0].source,
    inputs,
    formula: factFormula(result),
  };
}

function growth(key: RatioKey, year: StatementYear, current: Fact | undefined, previous: Fact | undefined): Fact | null {
  const change = yearOverYear(num(current), num(previous)).change;
  if (change === null) return null;
  return {
    key: `${key}@${year.period_end}`,
    label: RATIO_LABELS[key],
    value: Math.round(change * 10) / 10,
    unit: 'percent',
    period: year.period_end,
    source: current!.source,
    inputs: [current!, previous!],
    formula: '(this year - previous year) / |previous year| × 100',
  };
}

/** A ratio the accounts print themselves ("Operating margin (%) 10.3"), as a filed fact labelled "as stated". */
function stated(key: RatioKey, lineKey: string, unit: 'percent' | 'ratio', year: StatementYear): Fact | null {
  const line = lineOf(year, lineKey);
  if (!line || typeof line.value !== 'number') return null;
  return { ...line, key: `${key}@${year.period_end}`, label: RATIO_LABELS[key], unit };
}

/** Every ratio of one year that its figures allow; `previous` is the year before (exactly one fiscal year earlier). */
export function ratiosFor(year: StatementYear, previous: StatementYear | null): YearRatios {
  const m = year.metrics;
  const out: YearRatios = {};
  const put = (fact: Fact | null) => {
    if (fact) out[fact.key.split('@')[0] as RatioKey] = fact;
  };
  const facts = inputFacts(year);
  const values = Object.fromEntries(Object.entries(facts).map(([k, f]) => [k, num(f)]));
  for (const result of Object.values(computeRatios(values))) put(asFact(year, result, facts));
  if (previous) {
    put(growth('turnoverGrowth', year, m.turnover, previous.metrics.turnover));
    put(growth('operatingProfitGrowth', year, m.operatingProfit, previous.metrics.operatingProfit));
    put(growth('netProfitGrowth', year, m.netProfitLoss, previous.metrics.netProfitLoss));
  }
  const liabilities = num(m.totalLiabilities);
  const equity = num(m.netAssets);
  if (liabilities !== null && equity !== null && equity > 0) {
    put({
      key: `liabilitiesToEquity@${year.period_end}`,
      label: RATIO_LABELS.liabilitiesToEquity,
      value: Math.round((liabilities / equity) * 100) / 100,
      unit: 'ratio',
      period: year.period_end,
      source: m.totalLiabilities!.source,
      inputs: [m.totalLiabilities!, m.netAssets!],
      formula: 'total liabilities / net assets',
    });
  }
  put(stated('statedOperatingMargin', 'operatingMargin', 'percent', year));
  put(stated('statedCurrentRatio', 'currentRatio', 'ratio', year));
  put(stated('statedDebtToEquity', 'debtToEquityRatio', 'ratio', year));
  return out;
}

/** The "as stated" figure the accounts print for a computed ratio, when they print one. */
export const STATED_OF: Partial<Record<RatioKey, RatioKey>> = {
  operatingMargin: 'statedOperatingMargin',
  currentRatio: 'statedCurrentRatio',
  debtToEquity: 'statedDebtToEquity',
};

/** A table row's label: the ratio and its formula ("Gearing (net debt / net assets × 100)"), so the formula is shown where the ratio is. */
export function ratioRowLabel(key: RatioKey): string {
  const def = (RATIO_DEFINITIONS as Partial<Record<RatioKey, { label: string; formula: string }>>)[key];
  return def ? `${def.label} (${def.formula})` : RATIO_LABELS[key];
}
