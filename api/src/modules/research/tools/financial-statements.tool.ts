/** financial_statements: every year's accounts, line by line, each figure with its filing page. */
import type { DataSource } from 'typeorm';
import type { ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { COMPANY_NUMBER_SCHEMA, companyNumberArg, YEARS_SCHEMA, yearsArg } from './args.js';
import { factsOf, readStatementYears, type StatementYear } from './statements.js';

export interface FinancialStatementsData {
  company_number: string;
  /** Oldest first; only the years asked for when `years` was given. */
  years: StatementYear[];
  /** Every fiscal year on file, oldest first. */
  available: number[];
}

export function financialStatementsTool(db: DataSource): ResearchTool<Record<string, unknown>, FinancialStatementsData> {
  return {
    name: 'financial_statements',
    description:
      "A UK company's filed accounts over the years: the income statement, balance sheet, cash flow and key figures of each year, every figure with the accounts filing and page that prints it.",
    parameters: {
      type: 'object',
      properties: { company_number: COMPANY_NUMBER_SCHEMA, years: YEARS_SCHEMA },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<FinancialStatementsData>> {
      const companyNumber = companyNumberArg(args);
      const asked = yearsArg(args);
      const all = await readStatementYears(db, companyNumber);
      const available = all.map((y) => y.fiscal_year);
      const years = asked.length ? all.filter((y) => asked.includes(y.fiscal_year)) : all;
      const missing: string[] = [];
      if (all.length === 0) missing.push(`No accounts with figures are on file for company ${companyNumber}.`);
      for (const year of asked)
        if (all.length && !available.includes(year))
          missing.push(`No accounts for FY${year} are on file (years on file: ${available.map((y) => `FY${y}`).join(', ')}).`);
      return { data: { company_number: companyNumber, years, available }, facts: factsOf(years), ...(missing.length ? { missing } : {}) };
    },
  };
}
