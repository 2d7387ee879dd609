import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { McpController } from './mcp.controller.js';
import { McpServers } from './mcp-server.js';

/**
 * Credence for agents (issue 30): the MCP server at /api/mcp over the research tools, screeners and
 * documents. The research tools come in as `toolkit` (a RESEARCH_TOOLKIT provider), given by the
 * composition root.
 */
@Module({})
export class McpModule {
  static register(toolkit: Provider): DynamicModule {
    return { module: McpModule, controllers: [McpController], providers: [toolkit, McpServers] };
  }
}
