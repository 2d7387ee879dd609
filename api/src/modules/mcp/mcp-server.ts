/**
 * One McpServer per signed-in caller: the research tools (run in process as that user, every
 * figure checked), the screeners and documents through the API's routes as that user, the company
 * and filing-page resources, and the canned analyses as prompts.
 */
import { Inject, Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DataSource } from 'typeorm';
import type { SessionClaims } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import type { ToolRegistry } from '../../platform/ai/engine/analysis.js';
import { ResearchEvidence } from '../research/evidence/research-evidence.js';
import { createResearchTools } from '../research/tools/index.js';
import { registerPrompts } from './prompts.js';
import { mcpResearchTools, registerResearchTools, type McpResearchTool } from './research-tools.js';
import { registerResources } from './resources.js';
import type { RouteCaller } from './route-caller.js';
import { registerRouteTools } from './route-tools.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

export const MCP_INSTRUCTIONS = `Credence: UK company intelligence (Companies House register, filed accounts, charges and lenders, screeners), US KPIs from SEC filings, and your uploaded PDFs. Find a company with company_search, then read it with company_profile, financial_statements, financial_ratios, filings, document_pages, charges, leadership, share_capital, compliance and peers. Every figure comes with its citation and whether Credence verified it at its source: quote those citations rather than inventing sources. ${UNTRUSTED_NOTICE}`;

@Injectable()
export class McpServers {
  private readonly evidence: ResearchEvidence;
  private readonly tools: ToolRegistry;
  private readonly mcpTools: McpResearchTool[];

  constructor(@Inject(DataSource) db: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.evidence = new ResearchEvidence(db, config);
    this.tools = createResearchTools(db, { pages: this.evidence.pages, dataDir: config.dataDir });
    this.mcpTools = mcpResearchTools(this.tools);
  }

  /** A server for one request of `caller`: research tools as them, routes through `call` (their token). */
  serverFor(caller: SessionClaims, call: RouteCaller): McpServer {
    const server = new McpServer({ name: 'credence', version: '0.1.0' }, { instructions: MCP_INSTRUCTIONS });
    const user = { id: caller.sub, role: caller.role };
    registerResearchTools(server, this.mcpTools, user, this.evidence);
    registerRouteTools(server, call);
    registerResources(server, this.tools, user, call);
    registerPrompts(server);
    return server;
  }
}
