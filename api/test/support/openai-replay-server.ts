/**
 * A local OpenAI-compatible server for tests and benches: `POST /v1/chat/completions` answers
 * the next scripted response from a queue, streaming recorded chunk sequences as SSE
 * (`data: {...}` ... `data: [DONE]`). It records every request it got, so a test can assert on
 * the messages (tool results) a model was sent. A response can wait before its first byte,
 * fail with a status, hang (a timeout), or drop the connection part-way.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ScriptedResponse {
  /** Chunks sent as `data:` lines (a value of null is sent as `data: null`); `[DONE]` follows. */
  chunks?: unknown[];
  /** Answer with this status and an OpenAI-style error body instead. */
  status?: number;
  /** Wait this long before the first byte. */
  latencyMs?: number;
  /** Wait this long between chunks. */
  chunkDelayMs?: number;
  /** Never answer (the client's timeout or abort ends it). */
  hang?: boolean;
  /** Destroy the connection after this many chunks. */
  dropAfter?: number;
  /** Chunks written from the request (a reply that cites what the request's tool results hold); instead of `chunks`. */
  chunksFor?: (request: RecordedRequest['body']) => unknown[];
}

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
}

export interface ReplayServer {
  /** The base URL a client is given (`http://127.0.0.1:port/v1`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues responses, answered in order. */
  script(...responses: ScriptedResponse[]): void;
  /** The response given when the queue is empty (else a 500). */
  setDefault(response: ScriptedResponse | null): void;
  /** Resolves when the server has seen `count` requests in all. */
  waitForRequests(count: number): Promise<void>;
  /** Resolves when a request's connection was closed by the client. */
  waitForClientClose(): Promise<void>;
  close(): Promise<void>;
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'llm');

/** The chunks of a recorded fixture (api/test/fixtures/llm/<name>.jsonl; one JSON value a line). */
export function fixture(name: string): unknown[] {
  return readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Chunks of a plain streamed answer, in the OpenAI shape, cut into pieces of `size` characters. */
export function textChunks(text: string, size = 12, model = 'replay'): unknown[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: 'chatcmpl-replay',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  return [chunk({ role: 'assistant', content: '' }, null), ...pieces.map((p) => chunk({ content: p }, null)), chunk({}, 'stop')];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startReplayServer(): Promise<ReplayServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let fallback: ScriptedResponse | null = null;
  let requestWaiters: { count: number; resolve: () => void }[] = [];
  let closeWaiters: (() => void)[] = [];

  async function respond(req: IncomingMessage, res: ServerResponse, scripted: ScriptedResponse): Promise<void> {
    let clientGone = false;
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      closeWaiters.forEach((resolve) => resolve());
      closeWaiters = [];
    });
    if (scripted.latencyMs) await sleep(scripted.latencyMs);
    if (scripted.hang || clientGone) return;
    if (scripted.status) {
      res.writeHead(scripted.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `scripted ${scripted.status}`, type: 'server_error', code: null } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    const chunks = scripted.chunksFor?.(requests.at(-1)!.body) ?? scripted.chunks ?? [];
    for (let i = 0; i < chunks.length; i++) {
      if (clientGone) return;
      if (scripted.dropAfter !== undefined && i >= scripted.dropAfter) {
        req.socket.destroy();
        return;
      }
      if (i > 0 && scripted.chunkDelayMs) await sleep(scripted.chunkDelayMs);
      // Wait until each chunk has left, so that a drop cuts the stream exactly here.
      await new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(chunks[i])}\n\n`, () => resolve()));
    }
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      requests.push({ body: JSON.parse(Buffer.concat(parts).toString('utf8')) as RecordedRequest['body'], headers: req.headers });
      requestWaiters = requestWaiters.filter((w) => (requests.length >= w.count ? (w.resolve(), false) : true));
      const scripted = queue.shift() ?? fallback ?? { status: 500 };
      void respond(req, res, scripted);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...responses) => queue.push(...responses),
    setDefault: (response) => {
      fallback = response;
    },
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => requestWaiters.push({ count, resolve })),
    waitForClientClose: () => new Promise((resolve) => closeWaiters.push(resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
