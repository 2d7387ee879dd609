/**
 * A stand-in for stream.companieshouse.gov.uk that a browser test publishes to: the API started
 * with CH_STREAM_URL pointing here connects to each stream (`GET /<stream>`, Basic auth with the
 * key as user name), gets newline-delimited JSON events as the test publishes them and a bare
 * newline as the heartbeat, the connection held open as the real service holds it.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FEED_KEY = 'web-suite-stream-key';

const PATHS = [
  '/companies',
  '/filings',
  '/officers',
  '/persons-with-significant-control',
  '/charges',
  '/insolvency-cases',
  '/disqualified-officers',
];

export interface StreamFeed {
  url: string;
  /** Resolves once the API holds a connection to `path` (e.g. '/charges'). */
  connected(path: string): Promise<void>;
  /** Writes one event to every open connection of `path`; its timepoint is the feed's next. */
  publish(path: string, resourceUri: string, data: Record<string, unknown>): void;
  close(): Promise<void>;
}

export async function startStreamFeed(): Promise<StreamFeed> {
  const open = new Map<string, Set<ServerResponse>>(PATHS.map((p) => [p, new Set()]));
  const waiting = new Map<string, (() => void)[]>();
  let timepoint = 90_000;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    if (req.headers.authorization !== `Basic ${Buffer.from(`${FEED_KEY}:`).toString('base64')}`) return res.writeHead(401).end();
    const set = open.get(path);
    if (!set) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('\n');
    set.add(res);
    res.on('close', () => set.delete(res));
    for (const wake of waiting.get(path) ?? []) wake();
    waiting.delete(path);
  });
  // The real service's heartbeat, so the consumer never takes a quiet connection for dead.
  const heartbeat = setInterval(() => open.forEach((set) => set.forEach((res) => res.write('\n'))), 5_000);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connected: (path) =>
      open.get(path)!.size > 0 ? Promise.resolve() : new Promise((resolve) => waiting.set(path, [...(waiting.get(path) ?? []), resolve])),
    publish(path, resourceUri, data) {
      timepoint += 1;
      const line = JSON.stringify({
        resource_kind: 'x',
        resource_uri: resourceUri,
        resource_id: resourceUri.split('/').pop(),
        data,
        event: { timepoint, published_at: new Date().toISOString().slice(0, 19), type: 'changed' },
      });
      for (const res of open.get(path)!) res.write(`${line}\n`);
    },
    async close() {
      clearInterval(heartbeat);
      open.forEach((set) => set.forEach((res) => res.destroy()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
