/** financial_ratios: margins, growth, leverage, liquidity and interest cover, each computed from filed figures it cites. */
import type { DataSource } from 'typeorm';
import type { Fact, ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { COMPANY_NUMBER_SCHEMA, companyNumberArg, YEARS_SCHEMA, yearsArg } from './args.js';
import { ratiosFor, type YearRatios } from './ratios.js';
import { readStatementYears } from './statements.js';

export interface FinancialRatiosData {
  company_number: string;
  currency: string | null;
  /** Oldest first. */
  years: { fiscal_year: number; period_end: string; ratios: YearRatios }[];
}

export function financialRatiosTool(db: DataSource): ResearchTool<Record<string, unknown>, FinancialRatiosData> {
  return {
    name: 'financial_ratios',
    description:
      "Ratios of a UK company's filed accounts by year: gross, operating, net and EBITDA margins; turnover and profit growth; current and cash ratios; liabilities to assets and to net assets; net debt, gearing, debt to EBITDA; interest cover. Each ratio lists the filed figures (with their pages) it is computed from; a ratio whose figures are not filed is left out.",
    parameters: {
      type: 'object',
      properties: { company_number: COMPANY_NUMBER_SCHEMA, years: YEARS_SCHEMA },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<FinancialRatiosData>> {
      const companyNumber = companyNumberArg(args);
      const asked = yearsArg(args);
      const all = await readStatementYears(db, companyNumber);
      const years = all
        .map((year, i) => {
          const before = all[i - 1];
          const previous = before && before.fiscal_year === year.fiscal_year - 1 ? before : null;
          return { fiscal_year: year.fiscal_year, period_end: year.period_end, ratios: ratiosFor(year, previous) };
        })
        .filter((y) => !asked.length || asked.includes(y.fiscal_year));
      const facts: Fact[] = years.flatMap((y) => Object.values(y.ratios));
      const missing = all.length ? undefined : [`No accounts with figures are on file for company ${companyNumber}.`];
      return {
        data: { company_number: companyNumber, currency: all.at(-1)?.currency ?? null, years },
        facts,
        ...(missing ? { missing } : {}),
      };
    },
  };
}
