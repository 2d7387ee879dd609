/**
 * The spec's canned analyses (spec 3: summary sheet, capital structure, covenant summary) as MCP
 * prompts: each tells the agent which Credence tools to call and to cite every figure it uses.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { UNTRUSTED_NOTICE } from './untrusted.js';

const CITE =
  'Quote each figure with the citation Credence gives (filing and page, register record or SEC fact) and say when a figure is unverified. Use only figures the tools returned.';

const PROMPTS = [
  {
    name: 'summary_sheet',
    title: 'Summary sheet',
    description:
      'A one-page summary sheet of a UK company: who it is, its latest figures and trend, leadership, charges and filing compliance.',
    steps:
      'Call company_profile, financial_statements, financial_ratios, leadership, charges and compliance for the company, then write a summary sheet: overview, key figures by year (table), margins and growth, leadership, secured lending, filing status, and the main risks.',
  },
  {
    name: 'capital_structure',
    title: 'Capital structure',
    description:
      "A UK company's capital structure: equity and share capital, borrowings, registered charges and lenders, gearing and cover ratios.",
    steps:
      'Call financial_statements, financial_ratios, share_capital and charges for the company, then write its capital structure: share capital and equity, debt by maturity where filed, each secured lender and what its charges cover, gearing, interest cover and liquidity.',
  },
  {
    name: 'covenant_summary',
    title: 'Covenant summary',
    description:
      "A summary of a UK company's secured lending terms: each charge, its lender, the assets it covers, negative pledges and restrictions, and the headroom the filed figures show.",
    steps:
      'Call charges (with its security terms) and financial_ratios for the company, and document_pages for the charge and accounts pages they cite, then summarise each facility: lender, date, what is secured, negative pledge or other restrictions, status, and the leverage and cover the latest accounts show.',
  },
] as const;

const PROMPT_ARGS = { company_number: z.string().max(12).describe('The UK company number, e.g. 00123456 or SC234567.') };

export function registerPrompts(server: McpServer): void {
  for (const prompt of PROMPTS) {
    server.registerPrompt(
      prompt.name,
      {
        title: prompt.title,
        description: prompt.description,
        argsSchema: PROMPT_ARGS,
      },
      ({ company_number }): GetPromptResult => ({
        description: prompt.description,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `${prompt.title} for UK company ${company_number}. ${prompt.steps} ${CITE} ${UNTRUSTED_NOTICE}`,
            },
          },
        ],
      }),
    );
  }
}
