/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP (stateless: every POST carries its own
 * bearer token, no MCP session is kept). The global guards run first, as on every route: a missing
 * or revoked token is a 401 before any MCP message is read.
 */
import { Controller, Delete, ForbiddenException, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { McpServers } from './mcp-server.js';
import { routeCaller } from './route-caller.js';

export const MCP_ROUTE = 'mcp';
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

@ApiTags('MCP')
@ApiBearerAuth()
@Controller()
export class McpController {
  constructor(
    @Inject(McpServers) private readonly servers: McpServers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * DNS-rebinding and cross-site protection (MCP transports, security warning): agents send no
   * Origin; a browser page may call only from the app's own origin, a CORS_ORIGINS one or a
   * loopback one (a rebinding page's origin is its own name, never localhost).
   */
  private checkOrigin(origin: string | undefined): void {
    if (!origin || this.config.corsOrigins === true || LOOPBACK_ORIGIN.test(origin)) return;
    const allowed = [new URL(this.config.publicUrl).origin, ...(this.config.corsOrigins || [])];
    if (!allowed.includes(origin)) throw new ForbiddenException(`Requests from the origin ${origin.slice(0, 100)} may not use /api/mcp.`);
  }

  @Post(MCP_ROUTE)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Model Context Protocol (streamable HTTP, stateless, JSON responses): tools, resources and prompts over Credence',
    description: 'A JSON-RPC message per POST with Authorization: Bearer <token>; see the README "Credence for agents".',
  })
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @CurrentUser() user: SessionClaims): Promise<void> {
    this.checkOrigin(request.headers.origin);
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
