/**
 * One definition per ratio (issue 27 §2): the chat, the summary sheet, the overview, the
 * screener's columns and the exports all compute a ratio here, or (the screener's SQL view) from
 * SQL frozen into a migration that a test holds equal to these functions.
 *
 * Inputs are amounts as a reader means them: borrowings, creditors, interest payable and capital
 * expenditure are taken as positive amounts whatever sign the accounts print them with. Each
 * definition names its formula, its inputs and the fallback used when an input is missing; a
 * result says which formula it used, so a fallback is never shown as the main definition.
 */

export type RatioInputKey =
  | 'turnover'
  | 'grossProfit'
  | 'operatingProfit'
  | 'netProfit'
  | 'ebitda'
  | 'totalAssets'
  | 'totalLiabilities'
  | 'netAssets'
  | 'cash'
  | 'borrowings'
  | 'currentAssets'
  | 'stocks'
  | 'creditorsWithinOneYear'
  | 'interestPayable'
  | 'operatingCashFlow'
  | 'capex';

export type RatioInputs = Partial<Record<RatioInputKey, number | null | undefined>>;

export const RATIO_INPUT_LABELS: Readonly<Record<RatioInputKey, string>> = {
  turnover: 'turnover',
  grossProfit: 'gross profit',
  operatingProfit: 'operating profit',
  netProfit: 'profit for the year',
  ebitda: 'EBITDA',
  totalAssets: 'total assets',
  totalLiabilities: 'total liabilities',
  netAssets: 'net assets',
  cash: 'cash',
  borrowings: 'bank loans and overdrafts',
  currentAssets: 'current assets',
  stocks: 'stocks',
  creditorsWithinOneYear: 'creditors due within one year',
  interestPayable: 'interest payable',
  operatingCashFlow: 'net cash from operating activities',
  capex: 'purchase of tangible fixed assets',
};

export type RatioKey =
  | 'grossMargin'
  | 'operatingMargin'
  | 'netMargin'
  | 'ebitdaMargin'
  | 'netDebt'
  | 'gearing'
  | 'debtToEquity'
  | 'interestCover'
  | 'currentRatio'
  | 'quickRatio'
  | 'cashRatio'
  | 'freeCashFlow'
  | 'cashConversion'
  | 'liabilitiesToAssets'
  | 'equityRatio'
  | 'debtToEbitda';

export type RatioUnit = 'percent' | 'ratio' | 'amount';

export interface RatioDefinition {
  key: RatioKey;
  label: string;
  unit: RatioUnit;
  /** "net debt / net assets × 100". */
  formula: string;
  inputs: readonly RatioInputKey[];
  /** What stands in when an input is missing, or why nothing does: always named. */
  fallback: string;
}

export interface RatioResult {
  key: RatioKey;
  label: string;
  unit: RatioUnit;
  /** Rounded as shown: percent to 1 decimal, ratio to 2, amount whole. */
  value: number;
  /** The formula this value was computed by (the fallback's when one was used). */
  formula: string;
  /** The inputs it read. */
  used: RatioInputKey[];
  /** Set when the fallback stood in: what it was. */
  fallback: string | null;
}

const d = (key: RatioKey, label: string, unit: RatioUnit, formula: string, inputs: RatioInputKey[], fallback: string): RatioDefinition => ({
  key,
  label,
  unit,
  formula,
  inputs,
  fallback,
});

const NO_FALLBACK = 'none: not computed when an input is missing or the divisor is zero';

export const RATIO_DEFINITIONS: Readonly<Record<RatioKey, RatioDefinition>> = {
  grossMargin: d('grossMargin', 'Gross margin', 'percent', 'gross profit / turnover × 100', ['grossProfit', 'turnover'], NO_FALLBACK),
  operatingMargin: d(
    'operatingMargin',
    'Operating margin',
    'percent',
    'operating profit / turnover × 100',
    ['operatingProfit', 'turnover'],
    NO_FALLBACK,
  ),
  netMargin: d('netMargin', 'Net margin', 'percent', 'profit for the year / turnover × 100', ['netProfit', 'turnover'], NO_FALLBACK),
  ebitdaMargin: d('ebitdaMargin', 'EBITDA margin', 'percent', 'EBITDA / turnover × 100', ['ebitda', 'turnover'], NO_FALLBACK),
  netDebt: d(
    'netDebt',
    'Net debt',
    'amount',
    'bank loans and overdrafts - cash',
    ['borrowings', 'cash', 'totalLiabilities'],
    'total liabilities - cash when the accounts name no bank loans (an upper bound on debt)',
  ),
  gearing: d(
    'gearing',
    'Gearing',
    'percent',
    'net debt / net assets × 100',
    ['borrowings', 'cash', 'totalLiabilities', 'netAssets'],
    "net debt's fallback (total liabilities - cash) when the accounts name no bank loans; not computed when net assets are nil or negative",
  ),
  debtToEquity: d(
    'debtToEquity',
    'Debt to equity',
    'ratio',
    'bank loans and overdrafts / net assets',
    ['borrowings', 'totalLiabilities', 'netAssets'],
    'total liabilities / net assets when the accounts name no bank loans; not computed when net assets are nil or negative',
  ),
  interestCover: d(
    'interestCover',
    'Interest cover',
    'ratio',
    'operating profit / interest payable',
    ['operatingProfit', 'ebitda', 'interestPayable'],
    'EBITDA / interest payable when operating profit is not stated; not computed without interest payable',
  ),
  currentRatio: d(
    'currentRatio',
    'Current ratio',
    'ratio',
    'current assets / creditors due within one year',
    ['currentAssets', 'creditorsWithinOneYear'],
    NO_FALLBACK,
  ),
  quickRatio: d(
    'quickRatio',
    'Quick ratio',
    'ratio',
    '(current assets - stocks) / creditors due within one year',
    ['currentAssets', 'stocks', 'creditorsWithinOneYear'],
    'stocks taken as nil when the accounts show no stocks line (the quick ratio then equals the current ratio)',
  ),
  cashRatio: d('cashRatio', 'Cash ratio', 'ratio', 'cash / creditors due within one year', ['cash', 'creditorsWithinOneYear'], NO_FALLBACK),
  freeCashFlow: d(
    'freeCashFlow',
    'Free cash flow',
    'amount',
    'net cash from operating activities - purchase of tangible fixed assets',
    ['operatingCashFlow', 'capex'],
    'none: not computed without a cash flow statement that shows both lines',
  ),
  cashConversion: d(
    'cashConversion',
    'Cash conversion',
    'percent',
    'net cash from operating activities / EBITDA × 100',
    ['operatingCashFlow', 'ebitda', 'operatingProfit'],
    'operating profit in place of EBITDA when EBITDA is not stated; not computed when the divisor is nil or negative',
  ),
  liabilitiesToAssets: d(
    'liabilitiesToAssets',
    'Total liabilities to total assets',
    'percent',
    'total liabilities / total assets × 100',
    ['totalLiabilities', 'totalAssets'],
    NO_FALLBACK,
  ),
  equityRatio: d(
    'equityRatio',
    'Net assets to total assets',
    'percent',
    'net assets / total assets × 100',
    ['netAssets', 'totalAssets'],
    NO_FALLBACK,
  ),
  debtToEbitda: d(
    'debtToEbitda',
    'Bank loans to EBITDA',
    'ratio',
    'bank loans and overdrafts / EBITDA',
    ['borrowings', 'ebitda'],
    'none: not computed without a bank loans line or with EBITDA nil or negative',
  ),
};

export const RATIO_KEYS = Object.keys(RATIO_DEFINITIONS) as RatioKey[];
