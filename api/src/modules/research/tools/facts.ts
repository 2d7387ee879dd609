/**
 * Facts from the stored accounts: each figure with the filing page that prints it and the text
 * the page prints (`printed`, the form accounts-format.ts draws), so the evidence checker can
 * find it there.
 */
import { describeFiling } from '@credence/shared';
import { formatLineValue, groupThousands, formatAmount } from '../../../platform/register/documents/accounts-format.js';
import type { FinancialStatementRow, StatementLine } from '../../../platform/register/rows.js';
import type { Fact, FactSource, FactUnit } from '../../../platform/ai/engine/types.js';

/** The financial summary's metrics and their columns (financial_statements). */
export const METRIC_COLUMNS = {
  turnover: 'turnover',
  operatingProfit: 'operating_profit',
  netProfitLoss: 'net_profit_loss',
  EBITDA: 'ebitda',
  totalAssets: 'total_assets',
  totalLiabilities: 'total_liabilities',
  netAssets: 'net_assets',
  cash: 'cash',
  employeeCount: 'employees',
} as const satisfies Record<string, keyof FinancialStatementRow>;

export type MetricKey = keyof typeof METRIC_COLUMNS;
export const METRIC_KEYS = Object.keys(METRIC_COLUMNS) as MetricKey[];

export const METRIC_LABELS: Record<MetricKey, string> = {
  turnover: 'Turnover',
  operatingProfit: 'Operating profit',
  netProfitLoss: 'Profit for the financial year',
  EBITDA: 'EBITDA',
  totalAssets: 'Total assets',
  totalLiabilities: 'Total liabilities',
  netAssets: 'Net assets',
  cash: 'Cash at bank and in hand',
  employeeCount: 'Average number of employees',
};

export type StatementKey = 'income_statement' | 'balance_sheet' | 'cash_flow' | 'key_financials';
export const STATEMENT_KEYS: StatementKey[] = ['income_statement', 'balance_sheet', 'cash_flow', 'key_financials'];

/** The accounts filing's title as the filing history words it, else from the period end. */
export function accountsTitle(
  periodEnd: string,
  filing?: { description: string; description_values: Record<string, unknown> } | null,
): string {
  if (filing?.description) return describeFiling(filing.description, filing.description_values ?? {});
  const [y, m, d] = periodEnd.split('-');
  return `Accounts made up to ${d}/${m}/${y}`;
}

export interface YearSource {
  company_number: string;
  document_id: string | null;
  title: string;
  date: string | null;
}

function filingSource(year: YearSource, page: number): FactSource {
  return { kind: 'filing', company_number: year.company_number, document_id: year.document_id!, title: year.title, page, date: year.date };
}

function lineUnit(line: StatementLine): FactUnit {
  if (line.currency) return line.currency as FactUnit;
  if (line.key === 'employeeCount') return 'count';
  if (line.key === 'operatingMargin') return 'percent';
  return 'ratio';
}

/** A statement line as a fact (null when it has no value, page or document). */
export function lineFact(row: FinancialStatementRow, year: YearSource, statement: StatementKey, line: StatementLine): Fact | null {
  if (line.value === null || line.value === undefined || !line.pageNumber || !year.document_id) return null;
  return {
    key: `${statement}.${line.key}@${row.period_end}`,
    label: line.label,
    value: Number(line.value),
    unit: lineUnit(line),
    period: row.period_end,
    printed: formatLineValue(line),
    source: filingSource(year, line.pageNumber),
  };
}

/** A headline metric as a fact, from its column and the page page_numbers gives it. */
export function metricFact(row: FinancialStatementRow, year: YearSource, metric: MetricKey): Fact | null {
  const raw = row[METRIC_COLUMNS[metric]];
  const page = row.page_numbers?.[metric];
  if (raw === null || raw === undefined || !page || !year.document_id) return null;
  // An importer's derived figure (EBITDA as operating profit + depreciation, total assets as a sum) is printed on no page: not a citable fact.
  if (row.source !== 'sample' && /\s[+-]\s/.test(row.terms?.[metric] ?? '')) return null;
  const value = Number(raw);
  return {
    key: `${metric}@${row.period_end}`,
    // Sample accounts record the printed label as the term; imported ones record an XBRL concept name.
    label: row.source === 'sample' ? (row.terms?.[metric] ?? METRIC_LABELS[metric]) : METRIC_LABELS[metric],
    value,
    unit: metric === 'employeeCount' ? 'count' : (row.currency as FactUnit),
    period: row.period_end,
    printed: metric === 'employeeCount' ? groupThousands(value) : formatAmount(value),
    source: filingSource(year, page),
  };
}
