/**
 * A live stand-in for stream.companieshouse.gov.uk (shared/reference/ch-streaming.md) for the
 * end-to-end tests of alerts in the terminal and the browser: every stream path answers 200 to the
 * stream key (Basic auth, the key as user name; 401 otherwise) and stays open with a heartbeat (a
 * bare newline); `publish` writes one event, in the service's envelope with the next timepoint, to
 * the stream's open connections, so the API started with CH_STREAM_URL pointing here applies it
 * while the test watches. Node only: exported as `@credence/shared/live-ch-stream`.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CH_STREAM_PATHS } from '../contracts/uk-companies.js';

export type LiveStreamName = keyof typeof CH_STREAM_PATHS;

export class LiveChStream {
  private server: Server | null = null;
  private readonly open = new Map<LiveStreamName, Set<ServerResponse>>();
  private readonly waiting = new Map<LiveStreamName, (() => void)[]>();
  private timepoint = 7_000_000;

  constructor(
    readonly key = 'e2e-stream-key',
    /** The real service sends one every few seconds; short here, so a test never waits on one. */
    private readonly heartbeatMs = 200,
  ) {}

  /** Starts listening on a free port of 127.0.0.1; answers the URL to give the API as CH_STREAM_URL. */
  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const stream = (Object.keys(CH_STREAM_PATHS) as LiveStreamName[]).find((s) => CH_STREAM_PATHS[s] === path);
      if (req.headers.authorization !== `Basic ${Buffer.from(`${this.key}:`).toString('base64')}`)
        return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid Authorization"}');
      if (!stream) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('\n');
      const set = this.open.get(stream) ?? new Set();
      this.open.set(stream, set.add(res));
      const heartbeat = setInterval(() => res.write('\n'), this.heartbeatMs);
      res.on('close', () => {
        clearInterval(heartbeat);
        set.delete(res);
      });
      for (const wake of this.waiting.get(stream) ?? []) wake();
      this.waiting.delete(stream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Resolves once a consumer follows the stream; rejects, naming it, if none has after `timeoutMs`. */
  connected(stream: LiveStreamName, timeoutMs = 60_000): Promise<void> {
    if ((this.open.get(stream)?.size ?? 0) > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API never connected to the ${stream} stream`)), timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.set(stream, [...(this.waiting.get(stream) ?? []), wake]);
    });
  }

  /** One event on the stream: `data` is the resource at `uri` as the REST API answers it. */
  publish(stream: LiveStreamName, uri: string, data: Record<string, unknown>): void {
    this.timepoint += 1;
    const line = JSON.stringify({
      resource_kind: stream,
      resource_uri: uri,
      resource_id: uri.split('/').pop(),
      data,
      event: { timepoint: this.timepoint, published_at: new Date().toISOString().slice(0, 19), type: 'changed' },
    });
    for (const res of this.open.get(stream) ?? []) res.write(`${line}\n`);
  }

  async close(): Promise<void> {
    for (const set of this.open.values()) for (const res of set) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
