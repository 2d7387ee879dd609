/**
 * A live stand-in for stream.companieshouse.gov.uk (../shared/reference/ch-streaming.md) for the
 * end-to-end tests of alerts: every stream path answers 200 to the stream key (Basic auth, the key
 * as user name) and stays open with a heartbeat (a bare newline) every 200 ms; `publish` writes
 * one event, in the service's envelope with the next timepoint, to the stream's open connections,
 * so the API's consumer applies it while the test watches a terminal.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CH_STREAM_PATHS } from '@credence/shared';

export type LiveStreamName = keyof typeof CH_STREAM_PATHS;

export class LiveChStream {
  readonly key = 'cli-e2e-stream-key';
  private server: Server | null = null;
  private readonly open = new Map<LiveStreamName, Set<ServerResponse>>();
  private timepoint = 7_000_000;

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
      const heartbeat = setInterval(() => res.write('\n'), 200);
      res.on('close', () => {
        clearInterval(heartbeat);
        set.delete(res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** True once a consumer follows the stream. */
  connected(stream: LiveStreamName): boolean {
    return (this.open.get(stream)?.size ?? 0) > 0;
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
