/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP (stateless: every POST carries its own
 * bearer token, no MCP session is kept). The global guards run first, as on every route: a missing
 * or revoked token is a 401 before any MCP message is read.
 */
import { Controller, Delete, ForbiddenException, Get, HttpCode, HttpException, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
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
    description:
      'A JSON-RPC message per POST with Authorization: Bearer <token> and Accept: application/json, text/event-stream; see the README "Credence for agents".',
  })
  async post(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() user: SessionClaims,
  ): Promise<string> {
    this.checkOrigin(request.headers.origin);
    const { server, transport } = await this.servers.open(user, routeCaller(request));
    try {
      const headers = new Headers();
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await transport.handleRequest(new Request(`${this.config.publicUrl}/api/mcp`, { method: 'POST', headers }), {
        parsedBody: request.body,
      });
      const text = await answer.text();
      // The transport's own refusals (not acceptable, not JSON-RPC...) answer as every API failure does.
      if (answer.status >= 400) throw new HttpException(transportMessage(text, answer.status), answer.status);
      void reply.status(answer.status).header('content-type', answer.headers.get('content-type') ?? 'application/json');
      return text;
    } finally {
      void transport.close();
      void server.close();
    }
  }

  @Get(MCP_ROUTE)
  @ApiOperation({ summary: 'MCP: no server-initiated stream in stateless mode (405)' })
  get(@Res({ passthrough: true }) reply: FastifyReply): never {
    return this.notAllowed(reply);
  }

  @Delete(MCP_ROUTE)
  @ApiOperation({ summary: 'MCP: no session to end in stateless mode (405)' })
  delete(@Res({ passthrough: true }) reply: FastifyReply): never {
    return this.notAllowed(reply);
  }

  private notAllowed(reply: FastifyReply): never {
    void reply.header('allow', 'POST');
    throw new HttpException(
      'This MCP endpoint is stateless: POST each message (no GET stream, no session to DELETE).',
      HttpStatus.METHOD_NOT_ALLOWED,
    );
  }
}

/** The headers the MCP transport reads (content negotiation and the protocol version). */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'] as const;

/** The message of a JSON-RPC error the transport answered with, else a plain one. */
function transportMessage(text: string, status: number): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    /* not JSON */
  }
  return `The MCP request was refused (${status}).`;
}
