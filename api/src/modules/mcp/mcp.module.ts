import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller.js';
import { McpServers } from './mcp-server.js';

/**
 * Credence for agents (issue 30): the MCP server at /api/mcp over the research tools, screeners and
 * documents. The research tools come in through the platform's RESEARCH_TOOLKIT token, which the
 * research module provides to the whole process.
 */
@Module({ controllers: [McpController], providers: [McpServers] })
export class McpModule {}
