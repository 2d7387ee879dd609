/**
 * One McpServer per signed-in caller: the research tools (run in process as that user, every
 * figure checked), the screeners and documents through the API's routes as that user, the company
 * and filing-page resources, and the canned analyses as prompts (mcp-session.ts, loaded with the
 * first MCP request).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { SessionClaims } from '@credence/shared';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import type { RouteCaller } from './route-caller.js';
import type { McpSession } from './mcp-session.js';

@Injectable()
export class McpServers {
  constructor(@Inject(RESEARCH_TOOLKIT) private readonly toolkit: ResearchToolkit) {}

  /** A server, connected to its transport, for one request of `caller`: research tools as them, routes through `call` (their token). */
  async open(caller: SessionClaims, call: RouteCaller): Promise<McpSession> {
    const { openMcpSession } = await import('./mcp-session.js');
    return openMcpSession(this.toolkit.tools, this.toolkit.evidence, { id: caller.sub, role: caller.role }, call);
  }
}
