/**
 * The MCP SDK's side of one request: a server with the tools, resources and prompts of one caller,
 * and the stateless streamable-HTTP transport it answers through. McpServers loads this module with
 * the first MCP request, so the SDK and zod (about 200 ms of CPU) never load at the API's start.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolRegistry } from '../../platform/ai/engine/analysis.js';
import type { EvidenceChecker, ResearchUser } from '../../platform/ai/engine/types.js';
import { registerPrompts } from './prompts.js';
import { mcpResearchTools, registerResearchTools, type McpResearchTool } from './research-tools.js';
import { registerResources } from './resources.js';
import type { RouteCaller } from './route-caller.js';
import { registerRouteTools } from './route-tools.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

export const MCP_INSTRUCTIONS = `Credence: UK company intelligence (Companies House register, filed accounts, charges and lenders, screeners), US KPIs from SEC filings, and your uploaded PDFs. Find a company with company_search, then read it with company_profile, financial_statements, financial_ratios, filings, document_pages, charges, leadership, share_capital, compliance and peers. Every figure comes with its citation and whether Credence verified it at its source: quote those citations rather than inventing sources. ${UNTRUSTED_NOTICE}`;

export interface McpSession {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

const described = new WeakMap<ToolRegistry, McpResearchTool[]>();

/** A connected server and transport for one request of `user`: research tools as them, routes through `call` (their token). */
export async function openMcpSession(
  tools: ToolRegistry,
  evidence: EvidenceChecker,
  user: ResearchUser,
  call: RouteCaller,
): Promise<McpSession> {
  let researchTools = described.get(tools);
  if (!researchTools) described.set(tools, (researchTools = mcpResearchTools(tools)));
  const server = new McpServer({ name: 'credence', version: '0.1.0' }, { instructions: MCP_INSTRUCTIONS });
  registerResearchTools(server, researchTools, user, evidence);
  registerRouteTools(server, call);
  registerResources(server, tools, user, call);
  registerPrompts(server);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return { server, transport };
}
