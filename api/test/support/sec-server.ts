/**
 * A local server that speaks like the SEC's EDGAR hosts: the files at their real paths
 * (/submissions/CIK##########.json, /api/xbrl/companyfacts/..., /files/company_tickers*.json,
 * /Archives/edgar/daily-index/xbrl/companyfacts.zip), 404 for what it does not hold, and answers
 * scripted per path (429 or 503 with or without Retry-After, 403) for the next requests to it.
 * It records every request: path, User-Agent, and the time on the clock the test gives.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecRequest {
  path: string;
  userAgent: string | undefined;
  at: number;
  status: number;
}

export interface ScriptedAnswer {
  status: number;
  retryAfter?: string;
}

export interface FakeSec {
  url: string;
  requests: SecRequest[];
  /** A JSON document (or raw text) at a path. */
  json(path: string, doc: unknown): void;
  /** A file streamed from disk (a bulk archive). */
  file(path: string, file: string): void;
  /** The next requests to `path` get these answers, in order, before the file. */
  script(path: string, ...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeSec(now: () => number = Date.now): Promise<FakeSec> {
  const docs = new Map<string, { body?: string; file?: string }>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const requests: SecRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sec.local').pathname;
    const record = (status: number) => requests.push({ path, userAgent: req.headers['user-agent'], at: now(), status });
    const scripted = scripts.get(path)?.shift();
    if (scripted) {
      record(scripted.status);
      res.writeHead(scripted.status, {
        'content-type': 'text/html',
        ...(scripted.retryAfter ? { 'retry-after': scripted.retryAfter } : {}),
      });
      res.end(scripted.status === 403 ? '<h1>Your Request Originates from an Undeclared Automated Tool</h1>' : 'Try again later');
      return;
    }
    const doc = docs.get(path);
    if (!doc) {
      record(404);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message": "Not Found"}');
      return;
    }
    record(200);
    if (doc.file) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(statSync(doc.file).size) });
      createReadStream(doc.file).pipe(res);
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(doc.body);
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    json: (path, doc) => docs.set(path, { body: typeof doc === 'string' ? doc : JSON.stringify(doc) }),
    file: (path, file) => docs.set(path, { file }),
    script: (path, ...answers) => scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A clock whose sleeps pass at once, moving its time on by what they would have taken. */
export function jumpingClock(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
  let now = start;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}
