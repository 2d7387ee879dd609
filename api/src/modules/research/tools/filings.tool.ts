/** filings: a company's filing history, newest first, each filing with its document id (its PDF opens at get_filing_pdf). */
import { describeFiling } from '@credence/shared';
import type { DataSource } from 'typeorm';
import type { Fact, ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { COMPANY_NUMBER_SCHEMA, companyNumberArg, integerArg, stringArg } from './args.js';

export interface FilingItem {
  transaction_id: string;
  date: string | null;
  category: string;
  type: string;
  description: string;
  pages: number | null;
  document_id: string | null;
  paper_filed: boolean;
}

export interface FilingsData {
  company_number: string;
  filings: FilingItem[];
  /** Filings of each category over the whole history. */
  counts: Record<string, number>;
  total: number;
}

export function filingsTool(db: DataSource): ResearchTool<Record<string, unknown>, FilingsData> {
  return {
    name: 'filings',
    description:
      "A UK company's filing history at Companies House, newest first: date, category, form type, description and document id. Optionally one category (accounts, confirmation-statement, officers, mortgage, capital...).",
    parameters: {
      type: 'object',
      properties: {
        company_number: COMPANY_NUMBER_SCHEMA,
        category: { type: 'string', description: 'Only filings of this category.' },
        limit: { type: 'integer', minimum: 1, maximum: 200, description: 'At most this many (default 25).' },
      },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<FilingsData>> {
      const companyNumber = companyNumberArg(args);
      const category = stringArg(args, 'category') ?? null;
      const limit = integerArg(args, 'limit', 25, 200);
      const rows = await db.query(
        `SELECT transaction_id, date::text AS date, category, type, description, description_values, pages, document_id, paper_filed
           FROM filings WHERE company_number = $1 AND ($2::text IS NULL OR category = $2)
          ORDER BY date DESC NULLS LAST, transaction_id DESC LIMIT $3`,
        [companyNumber, category, limit],
      );
      const countRows: { category: string; n: number }[] = await db.query(
        `SELECT category, count(*)::int AS n FROM filings WHERE company_number = $1 GROUP BY category`,
        [companyNumber],
      );
      const counts = Object.fromEntries(countRows.map((r) => [r.category, r.n]));
      const filings: FilingItem[] = rows.map((r: Record<string, unknown>) => ({
        transaction_id: r.transaction_id as string,
        date: (r.date as string | null) ?? null,
        category: r.category as string,
        type: r.type as string,
        description: describeFiling(r.description as string, (r.description_values as Record<string, unknown>) ?? {}),
        pages: (r.pages as number | null) ?? null,
        document_id: (r.document_id as string | null) ?? null,
        paper_filed: Boolean(r.paper_filed),
      }));
      const source = { kind: 'register' as const, company_number: companyNumber, record: 'filings', title: 'Filing history (register)' };
      const facts: Fact[] = filings.map((f) => ({
        key: `filing:${f.transaction_id}`,
        label: f.description,
        value: f.date,
        unit: 'date',
        source,
      }));
      const total = countRows.reduce((sum, r) => sum + r.n, 0);
      facts.push({
        key: `filings.count${category ? `:${category}` : ''}`,
        label: 'Filings on record',
        value: category ? (counts[category] ?? 0) : total,
        unit: 'count',
        source,
      });
      const missing = total ? undefined : [`No filings are on record for company ${companyNumber}.`];
      return { data: { company_number: companyNumber, filings, counts, total }, facts, ...(missing ? { missing } : {}) };
    },
  };
}
