/** Reads a company's stored accounts, every year, with the filing each year's document belongs to. */
import type { DataSource } from 'typeorm';
import type { FinancialStatementRow } from '../../../platform/register/rows.js';
import type { Fact } from '../../../platform/ai/engine/types.js';
import { accountsTitle, lineFact, METRIC_KEYS, metricFact, STATEMENT_KEYS, type MetricKey, type StatementKey } from './facts.js';

export interface StatementYear {
  fiscal_year: number;
  period_end: string;
  period_start: string | null;
  currency: string;
  document_id: string | null;
  /** "Full accounts made up to 31/12/2024". */
  title: string;
  /** 'sample' (rendered PDF), 'ixbrl' (stored document)... */
  source: string;
  metrics: Partial<Record<MetricKey, Fact>>;
  lines: Record<StatementKey, Fact[]>;
}

const NUMERIC = ['turnover', 'operating_profit', 'net_profit_loss', 'ebitda', 'total_assets', 'total_liabilities', 'net_assets', 'cash'];

/** Oldest first; one indexed read (the primary key's company_number prefix). */
export async function readStatementYears(db: DataSource, companyNumber: string): Promise<StatementYear[]> {
  const rows: (FinancialStatementRow & {
    f_description: string | null;
    f_values: Record<string, unknown> | null;
    f_date: string | null;
  })[] = await db.query(
    `SELECT fs.company_number, fs.period_end::text AS period_end, fs.period_start::text AS period_start, fs.fiscal_year, fs.currency,
              fs.document_id, fs.source, ${NUMERIC.map((c) => `fs.${c}::float8 AS ${c}`).join(', ')}, fs.employees,
              fs.page_numbers, fs.terms, fs.balance_sheet, fs.income_statement, fs.cash_flow, fs.key_financials,
              f.description AS f_description, f.description_values AS f_values, f.date::text AS f_date
         FROM financial_statements fs
         LEFT JOIN LATERAL (
           SELECT description, description_values, date FROM filings
            WHERE company_number = fs.company_number AND document_id = fs.document_id LIMIT 1
         ) f ON true
        WHERE fs.company_number = $1
        ORDER BY fs.period_end`,
    [companyNumber],
  );
  return rows.map((row) => {
    const filing = row.f_description ? { description: row.f_description, description_values: row.f_values ?? {} } : null;
    const year = {
      company_number: row.company_number,
      document_id: row.document_id ?? null,
      title: accountsTitle(row.period_end, filing),
      date: row.f_date,
    };
    const metrics: Partial<Record<MetricKey, Fact>> = {};
    for (const metric of METRIC_KEYS) {
      const fact = metricFact(row, year, metric);
      if (fact) metrics[metric] = fact;
    }
    const lines = Object.fromEntries(
      STATEMENT_KEYS.map((statement) => [
        statement,
        (row[statement] ?? []).map((line) => lineFact(row, year, statement, line)).filter((f): f is Fact => f !== null),
      ]),
    ) as Record<StatementKey, Fact[]>;
    return {
      fiscal_year: Number(row.fiscal_year),
      period_end: row.period_end,
      period_start: row.period_start ?? null,
      currency: row.currency,
      document_id: row.document_id ?? null,
      title: year.title,
      source: row.source,
      metrics,
      lines,
    };
  });
}

/** A statement line's fact by its key ("borrowings", "creditorsWithinOneYear"), from any statement. */
export function lineOf(year: StatementYear, key: string): Fact | undefined {
  for (const statement of Object.values(year.lines)) {
    const found = statement.find((f) => f.key.split('@')[0].split('.')[1] === key);
    if (found) return found;
  }
  return undefined;
}

/** Every fact of the years, metrics first. */
export function factsOf(years: StatementYear[]): Fact[] {
  return years.flatMap((y) => [...Object.values(y.metrics), ...Object.values(y.lines).flat()]);
}
