import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller.js';
import { McpServers } from './mcp-server.js';

/** Credence for agents (issue 30): the MCP server at /api/mcp over the research tools, screeners and documents. */
@Module({ controllers: [McpController], providers: [McpServers] })
export class McpModule {}
