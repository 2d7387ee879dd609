/**
 * Computes the ratios RATIO_DEFINITIONS defines. Rounding is half away from zero (as SQL's
 * round(numeric, n) does) so the screener's frozen SQL and these functions agree to the digit.
 */
import { RATIO_DEFINITIONS, type RatioInputKey, type RatioInputs, type RatioKey, type RatioResult } from './definitions.js';

const DECIMALS = { percent: 1, ratio: 2, amount: 0 } as const;

/** Half away from zero; a tiny relative nudge absorbs binary noise (12.349999999 from 12.35). */
export function roundRatio(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = Math.abs(value) * scale;
  const rounded = Math.floor(scaled + 0.5 + scaled * 1e-12) / scale;
  return value < 0 ? -rounded : rounded;
}

const amount = (inputs: RatioInputs, key: RatioInputKey): number | null => {
  const v = inputs[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
/** Debts, creditors, interest and capex as positive amounts whatever sign the accounts print. */
const magnitude = (inputs: RatioInputs, key: RatioInputKey): number | null => {
  const v = amount(inputs, key);
  return v === null ? null : Math.abs(v);
};

function result(key: RatioKey, raw: number, used: RatioInputKey[], fallback: string | null, formula?: string): RatioResult {
  const def = RATIO_DEFINITIONS[key];
  const scale = def.unit === 'percent' ? 100 : 1;
  return {
    key,
    label: def.label,
    unit: def.unit,
    value: roundRatio(raw * scale, DECIMALS[def.unit]),
    formula: formula ?? def.formula,
    used,
    fallback,
  };
}

function share(key: RatioKey, top: RatioInputKey, bottom: RatioInputKey, inputs: RatioInputs, absBottom = false): RatioResult | null {
  const a = amount(inputs, top);
  const b = absBottom ? magnitude(inputs, bottom) : amount(inputs, bottom);
  if (a === null || b === null || b === 0) return null;
  return result(key, a / b, [top, bottom], null);
}

/** Net debt and the debt figure it used (bank loans, else total liabilities as the named fallback). */
function debtOf(inputs: RatioInputs): { debt: number; used: RatioInputKey; fallback: boolean } | null {
  const borrowings = magnitude(inputs, 'borrowings');
  if (borrowings !== null) return { debt: borrowings, used: 'borrowings', fallback: false };
  const liabilities = magnitude(inputs, 'totalLiabilities');
  return liabilities === null ? null : { debt: liabilities, used: 'totalLiabilities', fallback: true };
}

const COMPUTE: Record<RatioKey, (inputs: RatioInputs) => RatioResult | null> = {
  grossMargin: (i) => share('grossMargin', 'grossProfit', 'turnover', i),
  operatingMargin: (i) => share('operatingMargin', 'operatingProfit', 'turnover', i),
  netMargin: (i) => share('netMargin', 'netProfit', 'turnover', i),
  ebitdaMargin: (i) => share('ebitdaMargin', 'ebitda', 'turnover', i),
  netDebt(i) {
    const debt = debtOf(i);
    const cash = amount(i, 'cash');
    if (!debt || cash === null) return null;
    return debt.fallback
      ? result('netDebt', debt.debt - cash, ['totalLiabilities', 'cash'], RATIO_DEFINITIONS.netDebt.fallback, 'total liabilities - cash')
      : result('netDebt', debt.debt - cash, ['borrowings', 'cash'], null);
  },
  gearing(i) {
    const debt = debtOf(i);
    const cash = amount(i, 'cash');
    const equity = amount(i, 'netAssets');
    if (!debt || cash === null || equity === null || equity <= 0) return null;
    const raw = (debt.debt - cash) / equity;
    return debt.fallback
      ? result(
          'gearing',
          raw,
          ['totalLiabilities', 'cash', 'netAssets'],
          RATIO_DEFINITIONS.gearing.fallback,
          '(total liabilities - cash) / net assets × 100',
        )
      : result('gearing', raw, ['borrowings', 'cash', 'netAssets'], null);
  },
  debtToEquity(i) {
    const debt = debtOf(i);
    const equity = amount(i, 'netAssets');
    if (!debt || equity === null || equity <= 0) return null;
    return debt.fallback
      ? result(
          'debtToEquity',
          debt.debt / equity,
          ['totalLiabilities', 'netAssets'],
          RATIO_DEFINITIONS.debtToEquity.fallback,
          'total liabilities / net assets',
        )
      : result('debtToEquity', debt.debt / equity, ['borrowings', 'netAssets'], null);
  },
  interestCover(i) {
    const interest = magnitude(i, 'interestPayable');
    if (interest === null || interest === 0) return null;
    const profit = amount(i, 'operatingProfit');
    if (profit !== null) return result('interestCover', profit / interest, ['operatingProfit', 'interestPayable'], null);
    const ebitda = amount(i, 'ebitda');
    if (ebitda === null) return null;
    return result(
      'interestCover',
      ebitda / interest,
      ['ebitda', 'interestPayable'],
      RATIO_DEFINITIONS.interestCover.fallback,
      'EBITDA / interest payable',
    );
  },
  currentRatio: (i) => share('currentRatio', 'currentAssets', 'creditorsWithinOneYear', i, true),
  quickRatio(i) {
    const current = amount(i, 'currentAssets');
    const creditors = magnitude(i, 'creditorsWithinOneYear');
    if (current === null || creditors === null || creditors === 0) return null;
    const stocks = magnitude(i, 'stocks');
    return stocks === null
      ? result('quickRatio', current / creditors, ['currentAssets', 'creditorsWithinOneYear'], RATIO_DEFINITIONS.quickRatio.fallback)
      : result('quickRatio', (current - stocks) / creditors, ['currentAssets', 'stocks', 'creditorsWithinOneYear'], null);
  },
  cashRatio: (i) => share('cashRatio', 'cash', 'creditorsWithinOneYear', i, true),
  freeCashFlow(i) {
    const operating = amount(i, 'operatingCashFlow');
    const capex = magnitude(i, 'capex');
    if (operating === null || capex === null) return null;
    return result('freeCashFlow', operating - capex, ['operatingCashFlow', 'capex'], null);
  },
  cashConversion(i) {
    const operating = amount(i, 'operatingCashFlow');
    if (operating === null) return null;
    const ebitda = amount(i, 'ebitda');
    if (ebitda !== null) return ebitda > 0 ? result('cashConversion', operating / ebitda, ['operatingCashFlow', 'ebitda'], null) : null;
    const profit = amount(i, 'operatingProfit');
    if (profit === null || profit <= 0) return null;
    return result(
      'cashConversion',
      operating / profit,
      ['operatingCashFlow', 'operatingProfit'],
      RATIO_DEFINITIONS.cashConversion.fallback,
      'net cash from operating activities / operating profit × 100',
    );
  },
  liabilitiesToAssets: (i) => share('liabilitiesToAssets', 'totalLiabilities', 'totalAssets', i),
  equityRatio: (i) => share('equityRatio', 'netAssets', 'totalAssets', i),
  debtToEbitda(i) {
    const debt = magnitude(i, 'borrowings');
    const ebitda = amount(i, 'ebitda');
    if (debt === null || ebitda === null || ebitda <= 0) return null;
    return result('debtToEbitda', debt / ebitda, ['borrowings', 'ebitda'], null);
  },
};

/** One ratio by its definition, or null when its inputs (and its fallback's) are missing. */
export function computeRatio(key: RatioKey, inputs: RatioInputs): RatioResult | null {
  return COMPUTE[key](inputs);
}

/** Every ratio the inputs allow. */
export function computeRatios(inputs: RatioInputs): Partial<Record<RatioKey, RatioResult>> {
  const out: Partial<Record<RatioKey, RatioResult>> = {};
  for (const key of Object.keys(COMPUTE) as RatioKey[]) {
    const r = COMPUTE[key](inputs);
    if (r) out[key] = r;
  }
  return out;
}
