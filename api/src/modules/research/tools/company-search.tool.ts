/** company_search: UK companies by number or name (the explorer's search), to find the company a question names. */
import type { DataSource } from 'typeorm';
import { CompanySearchRepository } from '../../../platform/register/company-search.repository.js';
import type { ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { integerArg, stringArg } from './args.js';

export interface CompanySearchData {
  query: string;
  companies: { company_number: string; company_name: string; company_status: string | null }[];
}

export function companySearchTool(db: DataSource): ResearchTool<Record<string, unknown>, CompanySearchData> {
  const search = new CompanySearchRepository(db);
  return {
    name: 'company_search',
    description: 'Finds UK companies by company number or registered name; answers the best matches first.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'A company number or (part of) a registered name.' },
        limit: { type: 'integer', minimum: 1, maximum: 10 },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<CompanySearchData>> {
      const query = (stringArg(args, 'query') ?? '').slice(0, 160);
      if (!query) return { data: { query, companies: [] }, facts: [], missing: ['No company name or number was given.'] };
      const rows = await search.search(query, integerArg(args, 'limit', 5, 10));
      const companies = rows.map((r) => ({
        company_number: r.company_number,
        company_name: r.company_name,
        company_status: r.company_status,
      }));
      return { data: { query, companies }, facts: [] };
    },
  };
}
