/**
 * The metric catalogue: each financial metric an analyst asks of a filing, as a formula over
 * line items (`line-items.ts`) at periods relative to the year asked (this year, the year before,
 * the average of the two), the names a question calls it by, and the unit its answer is in. The
 * documents engine reads each input from its statement row and column and computes the metric
 * here, so every client shows the same formula.
 */
export type MetricUnit = 'percent' | 'ratio' | 'days' | 'times' | 'amount';

/** An input: a line item at the year asked (0), the year before (-1), or the average of the two ('avg'). */
export interface MetricInput {
  item: string;
  at: 0 | -1 | 'avg';
}

export interface Metric {
  key: string;
  label: string;
  /** What a question says to ask for it (lowercase, after `normalLabel`). */
  names: RegExp;
  unit: MetricUnit;
  formula: string;
  inputs: MetricInput[];
  /** The metric from its inputs' values, in `inputs` order (an outflow's size already taken). */
  compute(v: number[]): number;
  /** The range a plausible value lies in (a value outside says an input was misread). */
  plausible: [number, number];
  /** Line items whose change a filing explains it by (gross margin moves with cost of sales as a percent of sales). */
  explainedBy?: string[];
}

const now = (item: string): MetricInput => ({ item, at: 0 });
const avg = (item: string): MetricInput => ({ item, at: 'avg' });
const prior = (item: string): MetricInput => ({ item, at: -1 });

/** Most specific first: "EBITDA margin" before "EBITDA", "net working capital" before "working capital ratio". */
export const METRICS: Metric[] = [
  {
    key: 'cccPurchases',
    label: 'Cash conversion cycle',
    names: /\b(?:cash conversion cycle|ccc)\b(?=.*change in inventor)/,
    unit: 'days',
    formula: 'DIO + DSO − DPO, DPO over purchases (cost of sales + change in inventories)',
    inputs: [
      avg('inventories'),
      now('costOfSales'),
      avg('receivables'),
      now('revenue'),
      avg('accountsPayable'),
      prior('inventories'),
      now('inventories'),
    ],
    compute: ([inv, cogs, rec, rev, ap, invBefore, invNow]) =>
      (365 * inv) / cogs + (365 * rec) / rev - (365 * ap) / (cogs + invNow - invBefore),
    plausible: [-365, 730],
  },
  {
    key: 'ccc',
    label: 'Cash conversion cycle',
    names: /\bcash conversion cycle\b|\bccc\b/,
    unit: 'days',
    formula: 'DIO + DSO − DPO',
    inputs: [avg('inventories'), now('costOfSales'), avg('receivables'), now('revenue'), avg('accountsPayable')],
    compute: ([inv, cogs, rec, rev, ap]) => (365 * inv) / cogs + (365 * rec) / rev - (365 * ap) / cogs,
    plausible: [-365, 730],
  },
  {
    key: 'dpoPurchases',
    label: 'Days payable outstanding',
    names: /\b(?:days payable outstanding|dpo)\b(?=.*change in inventor)/,
    unit: 'days',
    formula: '365 × average accounts payable ÷ (cost of sales + change in inventories)',
    inputs: [avg('accountsPayable'), now('costOfSales'), now('inventories'), prior('inventories')],
    compute: ([ap, cogs, inv, invBefore]) => (365 * ap) / (cogs + inv - invBefore),
    plausible: [0, 730],
  },
  {
    key: 'dpo',
    label: 'Days payable outstanding',
    names: /\bdays payable outstanding\b|\bdpo\b|\bpayable days\b/,
    unit: 'days',
    formula: '365 × average accounts payable ÷ cost of sales',
    inputs: [avg('accountsPayable'), now('costOfSales')],
    compute: ([ap, cogs]) => (365 * ap) / cogs,
    plausible: [0, 730],
  },
  {
    key: 'dso',
    label: 'Days sales outstanding',
    names: /\bdays sales outstanding\b|\bdso\b|\breceivable days\b/,
    unit: 'days',
    formula: '365 × average accounts receivable ÷ revenue',
    inputs: [avg('receivables'), now('revenue')],
    compute: ([rec, rev]) => (365 * rec) / rev,
    plausible: [0, 730],
  },
  {
    key: 'dio',
    label: 'Days inventory outstanding',
    names: /\bdays inventory outstanding\b|\bdio\b|\binventory days\b|\bdays in inventory\b/,
    unit: 'days',
    formula: '365 × average inventories ÷ cost of sales',
    inputs: [avg('inventories'), now('costOfSales')],
    compute: ([inv, cogs]) => (365 * inv) / cogs,
    plausible: [0, 1460],
  },
  {
    key: 'inventoryTurnover',
    label: 'Inventory turnover',
    names: /\binventory turnover\b|\btimes .*sold its inventory\b|\bsold its inventory\b/,
    unit: 'times',
    formula: 'cost of sales ÷ average inventories',
    inputs: [now('costOfSales'), avg('inventories')],
    compute: ([cogs, inv]) => cogs / inv,
    plausible: [0.1, 200],
  },
  {
    key: 'fixedAssetTurnover',
    label: 'Fixed asset turnover',
    names: /\bfixed asset turnover\b|\bpp&?e turnover\b/,
    unit: 'ratio',
    formula: 'revenue ÷ average property, plant and equipment, net',
    inputs: [now('revenue'), avg('ppe')],
    compute: ([rev, ppe]) => rev / ppe,
    plausible: [0.05, 500],
  },
  {
    key: 'assetTurnover',
    label: 'Asset turnover',
    names: /\b(?:total )?asset turnover\b/,
    unit: 'ratio',
    formula: 'revenue ÷ average total assets',
    inputs: [now('revenue'), avg('totalAssets')],
    compute: ([rev, assets]) => rev / assets,
    plausible: [0.01, 20],
  },
  {
    key: 'roa',
    label: 'Return on assets',
    names: /\breturn on (?:average )?(?:total )?assets\b|\broa\b/,
    unit: 'ratio',
    formula: 'net income ÷ average total assets',
    inputs: [now('netIncome'), avg('totalAssets')],
    compute: ([ni, assets]) => ni / assets,
    plausible: [-2, 2],
  },
  {
    key: 'roe',
    label: 'Return on equity',
    names: /\breturn on (?:average )?(?:shareholders'? |stockholders'? )?equity\b|\broe\b/,
    unit: 'ratio',
    formula: "net income ÷ average shareholders' equity",
    inputs: [now('netIncome'), avg('equity')],
    compute: ([ni, eq]) => ni / eq,
    plausible: [-10, 10],
  },
  {
    key: 'netWorkingCapital',
    label: 'Net working capital',
    names: /\b(?:net )?working capital\b(?! ratio)/,
    unit: 'amount',
    formula: 'total current assets − total current liabilities',
    inputs: [now('totalCurrentAssets'), now('totalCurrentLiabilities')],
    compute: ([ca, cl]) => ca - cl,
    plausible: [-1e15, 1e15],
  },
  {
    key: 'quickRatio',
    label: 'Quick ratio',
    names: /\bquick ratio\b|\bacid[- ]test\b/,
    unit: 'ratio',
    formula: '(total current assets − inventories) ÷ total current liabilities',
    inputs: [now('totalCurrentAssets'), now('inventories'), now('totalCurrentLiabilities')],
    compute: ([ca, inv, cl]) => (ca - inv) / cl,
    plausible: [0.01, 50],
  },
  {
    key: 'currentRatio',
    label: 'Current ratio',
    names: /\bcurrent ratio\b|\bworking capital ratio\b|\bliquidity ratio\b/,
    unit: 'ratio',
    formula: 'total current assets ÷ total current liabilities',
    inputs: [now('totalCurrentAssets'), now('totalCurrentLiabilities')],
    compute: ([ca, cl]) => ca / cl,
    plausible: [0.01, 50],
  },
  {
    key: 'ebitdaMargin',
    label: 'EBITDA margin',
    names: /\bebitda (?:% )?margin\b/,
    unit: 'percent',
    formula: '(operating income + depreciation and amortization) ÷ revenue',
    inputs: [now('operatingIncome'), now('da'), now('revenue')],
    compute: ([oi, da, rev]) => ((oi + da) / rev) * 100,
    plausible: [-500, 100],
  },
  {
    key: 'ebitda',
    label: 'EBITDA',
    names: /\bebitda\b/,
    unit: 'amount',
    formula: 'operating income + depreciation and amortization',
    inputs: [now('operatingIncome'), now('da')],
    compute: ([oi, da]) => oi + da,
    plausible: [-1e15, 1e15],
  },
  {
    key: 'fcf',
    label: 'Free cash flow',
    names: /\bfree cash flows?\b|\bfcf\b/,
    unit: 'amount',
    formula: 'cash from operating activities − capital expenditure',
    inputs: [now('operatingCashFlow'), now('capex')],
    compute: ([ocf, capex]) => ocf - capex,
    plausible: [-1e15, 1e15],
  },
  {
    key: 'capexToRevenue',
    label: 'Capital expenditure as a share of revenue',
    names:
      /\bcapex (?:as a )?(?:%|percent(?:age)?) of (?:revenue|sales)\b|\bcapex ?\/ ?revenue\b|\bcapital expenditures? (?:as a )?(?:%|percent(?:age)?) of (?:revenue|sales)\b/,
    unit: 'percent',
    formula: 'capital expenditure ÷ revenue',
    inputs: [now('capex'), now('revenue')],
    compute: ([capex, rev]) => (capex / rev) * 100,
    plausible: [0, 200],
  },
  {
    key: 'interestCover',
    label: 'Interest coverage',
    names: /\binterest cover(?:age)?(?: ratio)?\b|\btimes interest earned\b/,
    unit: 'times',
    formula: 'operating income ÷ interest expense',
    inputs: [now('operatingIncome'), now('interestExpense')],
    compute: ([oi, interest]) => oi / Math.abs(interest),
    plausible: [-1000, 10000],
  },
  {
    key: 'effectiveTaxRate',
    label: 'Effective tax rate',
    names: /\beffective (?:income )?tax rate\b/,
    unit: 'percent',
    formula: 'income tax ÷ income before income taxes',
    inputs: [now('incomeTax'), now('pretaxIncome')],
    compute: ([tax, pretax]) => (tax / pretax) * 100,
    plausible: [-200, 200],
  },
  {
    key: 'retentionRatio',
    label: 'Retention ratio',
    names: /\bretention ratio\b|\bplowback ratio\b/,
    unit: 'ratio',
    formula: '1 − dividends paid ÷ net income',
    inputs: [now('dividends'), now('netIncome')],
    compute: ([div, ni]) => 1 - div / ni,
    plausible: [-10, 1],
  },
  {
    key: 'payoutRatio',
    label: 'Dividend payout ratio',
    names: /\b(?:dividend )?payout ratio\b/,
    unit: 'ratio',
    formula: 'dividends paid ÷ net income',
    inputs: [now('dividends'), now('netIncome')],
    compute: ([div, ni]) => div / ni,
    plausible: [0, 10],
  },
  {
    key: 'debtToEquity',
    label: 'Debt to equity',
    names: /\bdebt[- ]to[- ]equity\b|\bleverage ratio\b|\bgearing\b/,
    unit: 'ratio',
    formula: "long-term debt ÷ shareholders' equity",
    inputs: [now('longTermDebt'), now('equity')],
    compute: ([debt, eq]) => debt / eq,
    plausible: [-100, 100],
  },
  {
    key: 'grossMargin',
    label: 'Gross margin',
    names: /\bgross (?:profit )?margin\b/,
    unit: 'percent',
    formula: 'gross profit ÷ revenue',
    inputs: [now('grossProfit'), now('revenue')],
    compute: ([gp, rev]) => (gp / rev) * 100,
    plausible: [-500, 100],
    explainedBy: ['costOfSales'],
  },
  {
    key: 'operatingMargin',
    label: 'Operating margin',
    names: /\boperating (?:profit |income )?margin\b/,
    unit: 'percent',
    formula: 'operating income ÷ revenue',
    inputs: [now('operatingIncome'), now('revenue')],
    compute: ([oi, rev]) => (oi / rev) * 100,
    plausible: [-500, 100],
  },
  {
    key: 'netMargin',
    label: 'Net margin',
    names:
      /\b(?:net|profit) (?:profit |income )?margin\b|\bnet (?:income|earnings|profit) as a (?:%|percent(?:age)?) of (?:net )?(?:sales|revenues?)\b/,
    unit: 'percent',
    formula: 'net income ÷ revenue',
    inputs: [now('netIncome'), now('revenue')],
    compute: ([ni, rev]) => (ni / rev) * 100,
    plausible: [-500, 100],
  },
];

/**
 * What a question asks of a metric: the metric, and whether it is averaged over a range of years
 * ("FY2017 - FY2019 3 year average of …") or is a compound growth rate over them ("2 year CAGR").
 */
export interface MetricAsk {
  metric: Metric;
  /** An average of the metric over every year from the first to the last asked. */
  averagedOverYears: boolean;
}

/** The catalogue metric a question asks for, else null. */
export function metricAsked(question: string): MetricAsk | null {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  const metric = METRICS.find((m) => m.names.test(q));
  if (!metric) return null;
  return { metric, averagedOverYears: /\b\d+[- ]years? average\b|\baverage (?:of )?(?:the )?(?:\w+ ){0,3}over\b/.test(q) };
}

/** A compound annual growth rate is asked ("2 year total revenue CAGR from FY2020 to FY2022"). */
export const CAGR = /\bcagr\b|\bcompound(?:ed)? annual growth\b/;

/** The compound annual growth rate (percent) from `first` to `last` over `years` years. */
export function cagr(first: number, last: number, years: number): number {
  return ((last / first) ** (1 / years) - 1) * 100;
}

/**
 * A question that asks for a computed quantity (a ratio, a rate, a turnover, a per-day figure, an
 * average): answered with that quantity or declined, never with one of its inputs.
 */
export const COMPUTED_ASK =
  /\bratio\b|\bturnover\b|\bcagr\b|\breturn on\b|\bdays\b|\bmargin\b|\baverage\b|\bas a (?:%|percent)|\b(?:%|percent(?:age)?) of\b|\byield\b|\bcoverage\b|\bmultiple\b/;

/** Whether a value of `metric` is plausible (a growth or ratio far outside says an input was misread). */
export function plausibleMetric(metric: Metric, value: number): boolean {
  return Number.isFinite(value) && value >= metric.plausible[0] && value <= metric.plausible[1];
}

/** A growth (percent) above this is a misread column, not a company's result. */
export const PLAUSIBLE_GROWTH_PERCENT = 1000;
