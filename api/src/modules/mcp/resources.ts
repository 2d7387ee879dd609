/**
 * Resources an agent can open: a UK company (its profile and filings, from the research tools) and
 * one page of a filing's document (the page a citation names), read through the page-text route
 * as the caller. Page text is the filing's, delivered inside an untrusted-data block.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { RESEARCH_ROUTES, type FilingPageText } from '@credence/shared';
import type { ToolRegistry } from '../../platform/ai/engine/analysis.js';
import type { ResearchUser } from '../../platform/ai/engine/types.js';
import { RouteError, type RouteCaller } from './route-caller.js';
import { untrustedBlock } from './untrusted.js';

export const COMPANY_URI = 'credence://uk/company/{company_number}';
export const PAGE_URI = 'credence://uk/company/{company_number}/filing/{document_id}/page/{page}';

function one(value: string | string[]): string {
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

async function companyResource(
  uri: URL,
  n: string,
  tools: ToolRegistry,
  user: ResearchUser,
  signal: AbortSignal,
): Promise<ReadResourceResult> {
  const ctx = { user, signal };
  const profile = await tools.get('company_profile')!.run({ company_number: n }, ctx);
  if (!profile.data) throw new Error(profile.missing?.join(' ') || `Company ${n} is not on file.`);
  const filings = await tools.get('filings')!.run({ company_number: n, limit: 100 }, ctx);
  const body = { profile: profile.data, filings: filings.data, page_uri: PAGE_URI.replace('{company_number}', n) };
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] };
}

async function pageResource(uri: URL, vars: Record<string, string | string[]>, call: RouteCaller): Promise<ReadResourceResult> {
  const query = { company_number: one(vars.company_number), document_id: one(vars.document_id), page: Number(one(vars.page)) };
  try {
    const page = await call<FilingPageText>('GET', RESEARCH_ROUTES.pageText, query);
    const text = page.lines.map((l) => l.text).join('\n');
    return {
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/plain',
          text: `${page.title}, page ${page.page} of ${page.pages} (company ${page.company_number}):\n${untrustedBlock(`filing ${page.document_id} page ${page.page}`, text)}`,
        },
      ],
    };
  } catch (error) {
    if (error instanceof RouteError) throw new Error(error.message, { cause: error });
    throw error;
  }
}

export function registerResources(server: McpServer, tools: ToolRegistry, user: ResearchUser, call: RouteCaller): void {
  server.registerResource(
    'uk-company',
    new ResourceTemplate(COMPANY_URI, { list: undefined }),
    {
      title: 'UK company',
      description: "A UK company's register profile and its filings (document ids to open pages with).",
      mimeType: 'application/json',
    },
    (uri, vars, extra) => companyResource(uri, one(vars.company_number).toUpperCase(), tools, user, extra.signal),
  );
  server.registerResource(
    'filing-page',
    new ResourceTemplate(PAGE_URI, { list: undefined }),
    {
      title: 'Filing page',
      description: "One page of a filing's document as its text reads: the page a citation names.",
      mimeType: 'text/plain',
    },
    (uri, vars) => pageResource(uri, vars, call),
  );
}
