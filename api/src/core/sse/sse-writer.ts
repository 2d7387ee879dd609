import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
/** What an SSE stream sends: research events, log and screen watch events (core/sse: shared by both modules). */
export interface SseEvent {
  /** Left out: the event carries no id (the client's last one stays). */
  id?: string;
  type: string;
  data: unknown;
}

/** One event in the text/event-stream format: `id:`, `event:` and its JSON `data:` on one line. */
export function formatEvent(event: SseEvent): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // nginx and the like would otherwise hold the events back in their buffers.
  'x-accel-buffering': 'no',
} as const;

/**
 * Writes events to a raw HTTP response, with a heartbeat comment every `heartbeatMs` so proxies
 * and clients know the stream is alive. `onClose` runs once, when the client goes or `end()` is called.
 */
export class SseWriter {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly response: ServerResponse,
    heartbeatMs: number,
    private readonly onClose: () => void,
    extraHeaders: Record<string, string> = {},
  ) {
    response.writeHead(200, { ...extraHeaders, ...SSE_HEADERS });
    response.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    this.heartbeat.unref();
    response.on('close', () => this.close());
  }

  send(event: SseEvent): void {
    this.write(formatEvent(event));
  }

  /** Bytes written but not yet taken by the client (a slow client's backlog). */
  get backlog(): number {
    return this.response.writableLength;
  }

  /** A comment line (ignored by clients): sent once at the start so proxies pass the headers on. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.closed) return;
    this.close();
    this.response.end();
  }

  private write(chunk: string): void {
    if (!this.closed && !this.response.writableEnded) this.response.write(chunk);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.onClose();
  }
}

/**
 * Takes a reply over from Fastify and opens it as an event stream: the headers set so far (CORS,
 * request id, rate limits) are kept, then the SSE headers. `onClose` runs once, when the client
 * goes or the writer ends. Shared by the research stream and the ops watches.
 */
export function openEventStream(reply: FastifyReply, heartbeatMs: number, onClose: () => void): SseWriter {
  reply.hijack();
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)]],
    ),
  );
  return new SseWriter(reply.raw, heartbeatMs, onClose, headers);
}
