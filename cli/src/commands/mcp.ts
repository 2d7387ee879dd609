/**
 * `credence mcp`: Credence as a Model Context Protocol server over stdio, for desktop agents.
 * A relay, not a second server: every JSON-RPC message from the agent is forwarded to the API's
 * `/api/mcp` (streamable HTTP) with the session's bearer token, and every answer is passed back,
 * so the tools, their citations and every check (roles, credits, limits, privacy) are the API's
 * own (docs/decisions.md). stdout carries only MCP messages; anything else goes to stderr.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AuthError, SIGN_IN_MESSAGE } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';

type Sendable = { send(message: JSONRPCMessage): Promise<void> };

function requestId(message: JSONRPCMessage): string | number | undefined {
  return 'method' in message && 'id' in message ? message.id : undefined;
}

/** Tells the agent why its request could not reach the API (JSON-RPC error), and says it on stderr. */
async function failRequest(local: Sendable, message: JSONRPCMessage, error: unknown, apiUrl: string): Promise<void> {
  const status = (error as { code?: unknown }).code;
  const text =
    status === 401
      ? `${SIGN_IN_MESSAGE} (the API at ${apiUrl} refused the session)`
      : `The Credence API at ${apiUrl} could not be reached or failed: ${(error as Error).message}`;
  process.stderr.write(`credence mcp: ${text}\n`);
  const id = requestId(message);
  if (id !== undefined) await local.send({ jsonrpc: '2.0', id, error: { code: -32603, message: text } });
}

export async function mcp(options: GlobalOptions): Promise<void> {
  const ctx = createContext(options);
  const token = await ctx.token();
  if (!token) throw new AuthError(SIGN_IN_MESSAGE);
  // Fail at once (exit 4) on a session the API no longer accepts, before an agent starts talking.
  const me = await (await ctx.client(token)).me().catch((error: unknown) => {
    if ((error as { status?: number }).status === 401) throw new AuthError(SIGN_IN_MESSAGE);
    throw error;
  });
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const upstream = new StreamableHTTPClientTransport(new URL(`${ctx.apiUrl}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const local = new StdioServerTransport();
  const initializing = new Set<string | number>();

  local.onmessage = (message) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) initializing.add(message.id);
    upstream.send(message).catch((error: unknown) => failRequest(local, message, error, ctx.apiUrl));
  };
  upstream.onmessage = (message) => {
    // Later requests carry the negotiated protocol version (MCP-Protocol-Version), as the SDK's client does.
    if ('result' in message && message.id !== undefined && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') upstream.setProtocolVersion(version);
    }
    void local.send(message);
  };
  upstream.onerror = (error) => process.stderr.write(`credence mcp: ${error.message}\n`);

  const closed = new Promise<void>((resolve) => {
    local.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await upstream.start();
  await local.start();
  process.stderr.write(`credence mcp: serving ${me.email} from ${ctx.apiUrl} over stdio (MCP); stop with Ctrl-C or by closing stdin\n`);
  await closed;
  await upstream.close();
  await local.close();
}
