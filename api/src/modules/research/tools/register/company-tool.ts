/** The shell every register tool about one company shares: a company_number parameter, an unknown company answered in words, else the read. */
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import type { JsonSchema, ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { COMPANY_NUMBER_PARAMETER, companyNumberArg, unknownCompany } from './register-facts.js';

export interface CompanyToolSpec {
  name: string;
  description: string;
  /** Parameters besides company_number (all optional). */
  extraParameters?: Record<string, JsonSchema>;
  /** Reads the company once it is known to be on file; n is the number as the store keeps it. */
  read(n: string, args: Record<string, unknown>): Promise<ToolResult>;
}

export function companyTool(db: DataSource, spec: CompanyToolSpec): ResearchTool {
  return {
    name: spec.name,
    description: spec.description,
    parameters: {
      type: 'object',
      properties: { company_number: COMPANY_NUMBER_PARAMETER, ...spec.extraParameters },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args) {
      const n = companyNumberArg(args);
      if (!n || !(await new CompaniesRepository(db).exists(n))) return unknownCompany(args.company_number, n);
      return spec.read(n, args);
    },
  };
}
