/**
 * A year's stored accounts (a financial_statements row as the API holds it) as ratio inputs, with
 * the page each input is printed on: the overview, the peer table and the exports read ratios
 * through here, and the screener's frozen SQL reads the same lines the same way (the first line of
 * a key, income statement before balance sheet before cash flow before key financials).
 */
import { computeRatios } from './compute.js';
import { RATIO_INPUT_LABELS, type RatioInputKey, type RatioInputs, type RatioKey, type RatioResult } from './definitions.js';

export interface RatioStatementLine {
  key: string;
  label?: string;
  value: number | null;
  pageNumber?: number | null;
}

export interface RatioStatement {
  period_end: string;
  fiscal_year: number;
  currency?: string | null;
  document_id?: string | null;
  turnover?: number | null;
  operating_profit?: number | null;
  net_profit_loss?: number | null;
  ebitda?: number | null;
  total_assets?: number | null;
  total_liabilities?: number | null;
  net_assets?: number | null;
  cash?: number | null;
  debt_to_equity_ratio?: number | null;
  /** Metric key (turnover, operatingProfit, EBITDA, ...) → page. */
  page_numbers?: Record<string, number> | null;
  income_statement?: RatioStatementLine[] | null;
  balance_sheet?: RatioStatementLine[] | null;
  cash_flow?: RatioStatementLine[] | null;
  key_financials?: RatioStatementLine[] | null;
}

/** Inputs held in the row's columns: [column, page_numbers key]. */
const COLUMN_INPUTS: Partial<Record<RatioInputKey, [keyof RatioStatement, string]>> = {
  turnover: ['turnover', 'turnover'],
  operatingProfit: ['operating_profit', 'operatingProfit'],
  netProfit: ['net_profit_loss', 'netProfitLoss'],
  ebitda: ['ebitda', 'EBITDA'],
  totalAssets: ['total_assets', 'totalAssets'],
  totalLiabilities: ['total_liabilities', 'totalLiabilities'],
  netAssets: ['net_assets', 'netAssets'],
  cash: ['cash', 'cash'],
};

/** Inputs read from the statements' lines: the line key. */
const LINE_INPUTS: Partial<Record<RatioInputKey, string>> = {
  grossProfit: 'grossProfit',
  borrowings: 'borrowings',
  currentAssets: 'currentAssets',
  stocks: 'stocks',
  creditorsWithinOneYear: 'creditorsWithinOneYear',
  interestPayable: 'interestPayable',
  operatingCashFlow: 'netCashFromOperating',
  capex: 'capex',
};

const STATEMENTS = ['income_statement', 'balance_sheet', 'cash_flow', 'key_financials'] as const;

/** The first line with this key and a numeric value, in statement order. */
export function statementLine(statement: RatioStatement, key: string): RatioStatementLine | null {
  for (const part of STATEMENTS) {
    const found = (statement[part] ?? []).find((l) => l.key === key && typeof l.value === 'number' && Number.isFinite(l.value));
    if (found) return found;
  }
  return null;
}

export interface RatioInputCitation {
  key: RatioInputKey;
  /** As the accounts print it where known ("Bank loans and overdrafts"), else the input's name. */
  label: string;
  value: number;
  /** The page of the accounts that prints it; null when the store has none (not citable). */
  pageNumber: number | null;
}

/** Every ratio input the statement holds, with its page. */
export function ratioInputCitations(statement: RatioStatement): Partial<Record<RatioInputKey, RatioInputCitation>> {
  const out: Partial<Record<RatioInputKey, RatioInputCitation>> = {};
  for (const [key, [column, pageKey]] of Object.entries(COLUMN_INPUTS) as [RatioInputKey, [keyof RatioStatement, string]][]) {
    const raw = statement[column];
    if (raw === null || raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    out[key] = { key, label: RATIO_INPUT_LABELS[key], value, pageNumber: statement.page_numbers?.[pageKey] ?? null };
  }
  for (const [key, lineKey] of Object.entries(LINE_INPUTS) as [RatioInputKey, string][]) {
    const line = statementLine(statement, lineKey);
    if (line) out[key] = { key, label: line.label ?? RATIO_INPUT_LABELS[key], value: line.value!, pageNumber: line.pageNumber ?? null };
  }
  return out;
}

export function ratioInputsOf(statement: RatioStatement): RatioInputs {
  return Object.fromEntries(Object.entries(ratioInputCitations(statement)).map(([k, c]) => [k, c!.value]));
}

/** A figure the accounts state themselves for a ratio, labelled "as stated" beside the computed one. */
export function statedRatio(statement: RatioStatement, key: RatioKey): { value: number; pageNumber: number | null } | null {
  const lineKey = key === 'debtToEquity' ? 'debtToEquityRatio' : key === 'currentRatio' || key === 'operatingMargin' ? key : null;
  if (!lineKey) return null;
  const line = statementLine({ ...statement, income_statement: null, balance_sheet: null, cash_flow: null }, lineKey);
  if (line) return { value: line.value!, pageNumber: line.pageNumber ?? null };
  if (key === 'debtToEquity' && typeof statement.debt_to_equity_ratio === 'number') {
    return { value: Number(statement.debt_to_equity_ratio), pageNumber: statement.page_numbers?.debtToEquityRatio ?? null };
  }
  return null;
}

export interface CitedRatio extends RatioResult {
  /** The inputs it was computed from, each with its page. */
  inputs: RatioInputCitation[];
  /** The accounts' own figure, when they state one. */
  stated: { value: number; pageNumber: number | null } | null;
  period_end: string;
  fiscal_year: number;
  currency: string | null;
  document_id: string | null;
}

/** The credit ratios shown on the overview and in the peer table, in this order. */
export const HEADLINE_RATIO_KEYS: readonly RatioKey[] = [
  'operatingMargin',
  'netMargin',
  'netDebt',
  'gearing',
  'debtToEquity',
  'interestCover',
  'currentRatio',
  'quickRatio',
  'freeCashFlow',
  'cashConversion',
];

/** The statement's ratios by the one definition of each, with their cited inputs and stated figures. */
export function statementRatios(statement: RatioStatement, keys: readonly RatioKey[] = HEADLINE_RATIO_KEYS): CitedRatio[] {
  const citations = ratioInputCitations(statement);
  const computed = computeRatios(ratioInputsOf(statement));
  return keys.flatMap((key) => {
    const r = computed[key];
    if (!r) return [];
    return [
      {
        ...r,
        inputs: r.used.map((k) => citations[k]!),
        stated: statedRatio(statement, key),
        period_end: statement.period_end,
        fiscal_year: statement.fiscal_year,
        currency: statement.currency ?? null,
        document_id: statement.document_id ?? null,
      },
    ];
  });
}
