/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP (stateless: every POST carries its own
 * bearer token, no MCP session is kept). The global guards run first, as on every route: a missing
 * or revoked token is a 401 before any MCP message is read.
 */
import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { McpServers } from './mcp-server.js';
import { routeCaller } from './route-caller.js';

export const MCP_ROUTE = 'mcp';

@ApiTags('MCP')
@ApiBearerAuth()
@Controller()
export class McpController {
  constructor(@Inject(McpServers) private readonly servers: McpServers) {}

  @Post(MCP_ROUTE)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Model Context Protocol (streamable HTTP, stateless, JSON responses): tools, resources and prompts over Credence',
    description: 'A JSON-RPC message per POST with Authorization: Bearer <token>; see the README "Credence for agents".',
  })
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @CurrentUser() user: SessionClaims): Promise<void> {
    const server = this.servers.serverFor(user, routeCaller(request));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  @Get(MCP_ROUTE)
  @ApiOperation({ summary: 'MCP: no server-initiated stream in stateless mode (405)' })
  get(@Res() reply: FastifyReply): void {
    this.notAllowed(reply);
  }

  @Delete(MCP_ROUTE)
  @ApiOperation({ summary: 'MCP: no session to end in stateless mode (405)' })
  delete(@Res() reply: FastifyReply): void {
    this.notAllowed(reply);
  }

  private notAllowed(reply: FastifyReply): void {
    void reply
      .status(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; POST each message.' },
        id: null,
      });
  }
}
