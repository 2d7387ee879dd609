/**
 * One McpServer per signed-in caller: the research tools (run in process as that user, every
 * figure checked), the screeners and documents through the API's routes as that user, the company
 * and filing-page resources, and the canned analyses as prompts (mcp-session.ts, loaded with the
 * first MCP request).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionClaims } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import type { ToolRegistry } from '../../platform/ai/engine/analysis.js';
import { ResearchEvidence } from '../research/evidence/research-evidence.js';
import { createResearchTools } from '../research/tools/index.js';
import type { RouteCaller } from './route-caller.js';
import type { McpSession } from './mcp-session.js';

@Injectable()
export class McpServers {
  private readonly evidence: ResearchEvidence;
  private readonly tools: ToolRegistry;

  constructor(@Inject(DataSource) db: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.evidence = new ResearchEvidence(db, config);
    this.tools = createResearchTools(db, { pages: this.evidence.pages, dataDir: config.dataDir });
  }

  /** A server, connected to its transport, for one request of `caller`: research tools as them, routes through `call` (their token). */
  async open(caller: SessionClaims, call: RouteCaller): Promise<McpSession> {
    const { openMcpSession } = await import('./mcp-session.js');
    return openMcpSession(this.tools, this.evidence, { id: caller.sub, role: caller.role }, call);
  }
}
