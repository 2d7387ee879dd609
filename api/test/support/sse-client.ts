/**
 * A real Server-Sent Events client for the tests, over node:http: parses `id:`, `event:`, `data:`
 * (JSON) and comments as they arrive, sends Last-Event-ID to resume, and can drop the connection
 * mid-stream as a client on a bad network would.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event so far, in order. */
  events: SseEvent[];
  /** Comment lines (heartbeats) so far. */
  comments: string[];
  /** The body when the answer was not a stream (an error as JSON). */
  body(): Promise<any>;
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once a comment (a heartbeat) has arrived. */
  waitForComment(timeoutMs?: number): Promise<string>;
  /** Resolves with every event once the server has ended the stream. */
  finished(timeoutMs?: number): Promise<SseEvent[]>;
  /** Drops the connection (the client goes away). */
  drop(): void;
}

/** Splits a text/event-stream into events; keeps the partial rest for the next chunk. */
export class SseParser {
  private buffer = '';
  private current: { id?: string; event?: string; data: string[] } = { data: [] };
  private lastId: string | undefined;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onComment: (text: string) => void = () => undefined,
  ) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let newline: RegExpExecArray | null;
    while ((newline = /\r\n|\r|\n/.exec(this.buffer))) {
      const line = this.buffer.slice(0, newline.index);
      this.buffer = this.buffer.slice(newline.index + newline[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return this.onComment(line.slice(1).trim());
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.current.data.push(value);
    else if (field === 'event') this.current.event = value;
    else if (field === 'id') this.current.id = value;
  }

  private dispatch(): void {
    const { id, event, data } = this.current;
    this.current = { data: [] };
    if (id !== undefined) this.lastId = id;
    if (!data.length) return;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    this.onEvent({ id: id ?? this.lastId, event: event ?? 'message', data: parsed });
  }
}

export function openSse(
  url: string,
  options: { body?: unknown; token?: string; lastEventId?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;

  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers }, (res: IncomingMessage) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let ended = false;
      let raw = '';
      const notify = () => waiters.forEach((w) => w());
      const parser = new SseParser(
        (event) => {
          events.push(event);
          notify();
        },
        (comment) => {
          comments.push(comment);
          notify();
        },
      );
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        parser.push(chunk);
      });
      const end = () => {
        ended = true;
        notify();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);

      const until = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
        new Promise<T>((done, fail) => {
          const tryNow = () => {
            const value = check();
            if (value !== undefined) {
              cleanup();
              done(value);
            } else if (ended) {
              cleanup();
              fail(new Error(`the stream ended before ${what}; events: ${events.map((e) => e.event).join(', ')}`));
            }
          };
          const timer = setTimeout(() => {
            cleanup();
            fail(new Error(`no ${what} within ${timeoutMs} ms; events: ${events.map((e) => e.event).join(', ')}`));
          }, timeoutMs);
          const cleanup = () => {
            clearTimeout(timer);
            waiters.delete(tryNow);
          };
          waiters.add(tryNow);
          tryNow();
        });

      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        body: async () => {
          await until(() => (ended ? true : undefined), 10_000, 'the end of the body').catch(() => undefined);
          try {
            return JSON.parse(raw);
          } catch {
            return raw;
          }
        },
        waitFor: (match, timeoutMs = 30_000) => until(() => events.find(match), timeoutMs, 'a matching event'),
        waitForComment: (timeoutMs = 30_000) => until(() => comments[0], timeoutMs, 'a comment'),
        finished: (timeoutMs = 30_000) =>
          new Promise<SseEvent[]>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`the stream did not end within ${timeoutMs} ms`)), timeoutMs);
            const check = () => {
              if (!ended) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(events);
            };
            waiters.add(check);
            check();
          }),
        drop: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
