/**
 * A local OpenAI-compatible model for the terminal's end-to-end tests (the API's LLM_BASE_URL):
 * `POST /v1/chat/completions` streams, as SSE chunks, the text `reply` writes from the request's
 * tool results, the facts the API found with their references, as a model would read them. It
 * records each request's body. The terminal talks to the API over HTTP only, so this is its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelFact {
  ref: string;
  label: string;
  printed?: string;
}

export interface ModelServer {
  /** The base URL the API is given (`http://127.0.0.1:port/v1`). */
  baseUrl: string;
  requests: { messages: { role: string; content?: string | null }[] }[];
  close(): Promise<void>;
}

/** The facts of the request's tool results (the cells and lines of the pages the API searched). */
function factsOf(body: ModelServer['requests'][number]): ModelFact[] {
  return body.messages
    .filter((m) => m.role === 'tool' && m.content)
    .flatMap((m) => (JSON.parse(m.content!) as { facts?: ModelFact[] }).facts ?? []);
}

export async function startModelServer(reply: (facts: ModelFact[]) => string): Promise<ModelServer> {
  const requests: ModelServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ModelServer['requests'][number];
      requests.push(body);
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-cli', object: 'chat.completion.chunk', created: 0, model: 'cli-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: reply(factsOf(body)) }, null));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
