/**
 * Calls one of the API's own routes for an MCP tool, in process (Fastify's inject: no socket), as the
 * caller: with their bearer token and address, so the route's guards, roles, per-user limits,
 * credits and privacy apply exactly as they do over HTTP, and its refusals keep their messages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RouteReply<T = unknown> {
  status: number;
  body: T;
}

export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type RouteCaller = <T = unknown>(method: 'GET' | 'POST', route: string, input?: Record<string, unknown>) => Promise<T>;

function errorMessage(status: number, body: unknown): string {
  const b = body as { error?: unknown; message?: unknown } | null;
  const text = typeof b?.error === 'string' ? b.error : typeof b?.message === 'string' ? b.message : '';
  return text || `The API answered ${status}.`;
}

/** A caller bound to one MCP request's user. Non-2xx answers throw a RouteError with the route's own message. */
export function routeCaller(request: FastifyRequest): RouteCaller {
  const server: FastifyInstance = request.server;
  const authorization = request.headers.authorization ?? '';
  return async <T>(method: 'GET' | 'POST', route: string, input: Record<string, unknown> = {}) => {
    const query: Record<string, string> = {};
    if (method === 'GET')
      for (const [k, v] of Object.entries(input))
        if (v !== undefined && v !== null) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
    const reply = await server.inject({
      method,
      url: `/api/${route}`,
      query,
      headers: { authorization, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      remoteAddress: request.ip,
      ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
    });
    let body: unknown = reply.body;
    try {
      body = JSON.parse(reply.body);
    } catch {
      /* not JSON */
    }
    if (reply.statusCode >= 400) throw new RouteError(reply.statusCode, errorMessage(reply.statusCode, body));
    return body as T;
  };
}
