// npm run bench:alerts (in api/, after `npm run build` at the root): event published -> in-app alert
// (issue 29). 100 users each watch 100 companies (10,000 watched, all held); a local server speaking
// the Streaming API's protocol publishes a recorded day's events (test/support/ch-stream-server.ts)
// for those companies at a steady rate (default 100 events/s over every stream), stamping each
// event's published_at with the moment it is written to the connection. The consumer runs as the
// server runs it (stream-runner.ts: batches of up to 1,000 events or 200 ms, one transaction at a time
// per stream, the watchlists' alerts written in the batch's transaction and their followers woken on
// its commit); each user follows their alerts through AlertsService.follow,
// the same path the notifications panel's SSE reads. Latency: the alert reaching its user's listener
// minus the event's published_at. Beside it in the same run: the raw replay rate (the same server,
// unpaced, events read and parsed, nothing applied). Memory (RSS, heap) sampled every second.
// Budget: p95 <= 2 s at 100 events/s. Memory flat over a one-hour replay: run with --expose-gc and
// 3600 seconds; the heap is then also read after a full collection every 30 s, and its trend over
// the run after the first tenth (warm-up) is printed in MB per hour (flat: under 10 MB per hour).
//
//   node bench/alerts.js [seconds] [rate]      # default 60 s at 100 events/s, embedded database
//   DATABASE_URL=postgres://... node bench/alerts.js   # a fresh database on that server instead
//   node --expose-gc bench/alerts.js 3600      # the one-hour replay (360,000 events)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = process.env.CREDENCE_BENCH_DIST ? resolve(process.env.CREDENCE_BENCH_DIST) : join(here, '..', 'dist');
const [SECONDS = 60, RATE = 100] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const USERS = 100;
const PER_USER = 100;
const BUDGET_P95_MS = 2000;
/** Flat memory: the heap after a full collection grows by less than this over an hour of replay. */
const FLAT_MB_PER_HOUR = 10;
const SETTLED_EVERY_MS = 30_000;
const number = (n) => Math.round(n).toLocaleString('en-GB');
const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;

const { loadConfig } = await import(join(root, 'src/core/config/config.js'));
const { openDatabase, connectAndMigrate, closeDatabase } = await import(join(root, 'src/core/database/database.js'));
const { ENTITIES } = await import(join(root, 'src/entities.js'));
const { writeProfiles } = await import(join(root, 'src/modules/companies-house/import/ch-api.writer.js'));
const { StreamConsumer } = await import(join(root, 'src/modules/companies-house/stream/stream-consumer.js'));
const { HttpStreamSource } = await import(join(root, 'src/modules/companies-house/stream/http-stream-source.js'));
const { parseEvent, STREAM_NAMES, STREAMS } = await import(join(root, 'src/platform/register/stream-event.js'));
const { alertsOfEvents } = await import(join(root, 'src/modules/watchlists/alerts/stream-alerts.js'));
// Followers woken by each commit that wrote alerts, as stream-runner.ts wires it (builds before it: the 250 ms poll only).
const signal = await import(join(root, 'src/modules/watchlists/alerts/alert-signal.js')).catch(() => null);
const { AlertsService } = await import(join(root, 'src/modules/watchlists/alerts.service.js'));
const { ALERT_KINDS } = await import('@credence/shared');
const { recordedDay, StreamServer, STREAM_KEY } = await import(join(root, 'test/support/ch-stream-server.js'));

const watched = Array.from({ length: USERS * PER_USER }, (_, i) => String(50_000_000 + i * 7).padStart(8, '0'));
const day = recordedDay({ held: watched, events: SECONDS * RATE, seed: 100 });
const total = STREAM_NAMES.reduce((sum, s) => sum + day[s].length, 0);

/** All streams' events in timepoint-independent publishing order (round robin by the recorded order). */
function schedule() {
  const queue = [];
  const at = Object.fromEntries(STREAM_NAMES.map((s) => [s, 0]));
  while (queue.length < total)
    for (const s of STREAM_NAMES) if (at[s] < day[s].length) queue.push({ stream: s, line: day[s][at[s]++].line });
  return queue;
}

/** The Streaming API's protocol, publishing `rate` events a second in all, published_at stamped as each is written. */
function pacedServer(rate) {
  const connections = new Map();
  const queue = schedule();
  let sent = 0;
  let ticker = null;
  const server = createServer((req, res) => {
    const stream = STREAM_NAMES.find((s) => STREAMS[s] === new URL(req.url, 'http://x').pathname);
    if (req.headers.authorization !== `Basic ${Buffer.from(`${STREAM_KEY}:`).toString('base64')}` || !stream)
      return res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    connections.set(stream, res);
    res.on('close', () => connections.delete(stream));
  });
  const start = () => {
    const began = performance.now();
    ticker = setInterval(() => {
      const due = Math.min(queue.length, Math.floor(((performance.now() - began) / 1000) * rate));
      for (; sent < due; sent++) {
        const { stream, line } = queue[sent];
        const event = JSON.parse(line);
        const now = Date.now();
        event.event.published_at = new Date(now).toISOString();
        sentAt.set(event.resource_uri, performance.now());
        connections.get(stream)?.write(JSON.stringify(event) + '\n');
      }
      for (const res of connections.values()) res.write('\n');
    }, 10);
  };
  return {
    listen: () => new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${server.address().port}`))),
    start,
    done: () => sent >= queue.length,
    connected: () => connections.size === STREAM_NAMES.length,
    close: () => {
      clearInterval(ticker);
      for (const res of connections.values()) res.destroy();
      return new Promise((ok) => server.close(ok));
    },
  };
}

/** Every stream read and parsed to its last event from an unpaced server, nothing applied. */
async function rawReplay() {
  const server = new StreamServer(day, { chunkEvents: 200, idleHeartbeatMs: 1000 });
  const source = new HttpStreamSource({ baseUrl: await server.listen(), key: STREAM_KEY });
  const last = Object.fromEntries(STREAM_NAMES.map((s) => [s, day[s].at(-1).timepoint]));
  const started = performance.now();
  let events = 0;
  await Promise.all(
    STREAM_NAMES.map(async (stream) => {
      const controller = new AbortController();
      const lines = await source.open(stream, null, controller.signal);
      try {
        for await (const line of lines) {
          if (line === '') continue;
          events++;
          if (parseEvent(stream, line).timepoint === last[stream]) break;
        }
      } finally {
        controller.abort();
      }
    }),
  );
  await server.close();
  return events / ((performance.now() - started) / 1000);
}

async function seed(dataSource) {
  await dataSource.transaction((manager) =>
    writeProfiles(
      manager,
      watched.map((n) => ({ company_number: n, company_name: `WATCHED ${n} LIMITED`, company_status: 'Active', source: 'api' })),
    ),
  );
  const users = [];
  for (let u = 0; u < USERS; u++) {
    const [{ id }] = await dataSource.query(
      `INSERT INTO users (email, full_name, company_name, job_role, linkedin_url, password_hash)
       VALUES ($1, 'Bench Analyst', 'Bench Ltd', 'Credit analyst', 'https://www.linkedin.com/in/bench', 'x') RETURNING id`,
      [`bench-${u}@credence.test`],
    );
    const [{ id: list }] = await dataSource.query(`INSERT INTO watchlists (user_id, name, rules) VALUES ($1, 'Book', $2) RETURNING id`, [
      id,
      [...ALERT_KINDS],
    ]);
    await dataSource.query(`INSERT INTO watchlist_companies (watchlist_id, company_number) SELECT $1, unnest($2::text[])`, [
      list,
      watched.slice(u * PER_USER, (u + 1) * PER_USER),
    ]);
    users.push(id);
  }
  return users;
}

/**
 * When each resource's latest event was written to its connection (the alert names the resource it
 * came from), on the monotonic clock: the wall clock of a busy shared machine can step during a run.
 */
const sentAt = new Map();

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function run(env) {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  const dataSource = await connectAndMigrate(handle);
  try {
    const rawRate = await rawReplay();
    const users = await seed(dataSource);
    const alerts = new AlertsService(dataSource, { ...config, runJobs: false });
    const latencies = [];
    const unfollow = await Promise.all(
      users.map((user) =>
        alerts.follow(user, (alert) => {
          const sent = sentAt.get(alert.resource_uri);
          if (sent === undefined) return;
          latencies.push(performance.now() - sent);
        }),
      ),
    );
    const server = pacedServer(RATE);
    const url = await server.listen();
    const controller = new AbortController();
    const consumer = new StreamConsumer({
      dataSource,
      source: new HttpStreamSource({ baseUrl: url, key: STREAM_KEY }),
      observe: alertsOfEvents,
      committed: signal?.announceWritten(),
    });
    const done = consumer.run(controller.signal);
    while (!server.connected()) await new Promise((r) => setTimeout(r, 10));
    const memory = [];
    const sample = () => memory.push(process.memoryUsage());
    sample();
    const sampler = setInterval(sample, 1000);
    const started = performance.now();
    /** The heap after a full collection (with --expose-gc), against seconds into the run. */
    const settled = [];
    const settle = () => {
      globalThis.gc();
      settled.push({ at: (performance.now() - started) / 1000, heap: process.memoryUsage().heapUsed });
    };
    const settler = globalThis.gc ? setInterval(settle, SETTLED_EVERY_MS) : null;
    server.start();
    while (!server.done()) await new Promise((r) => setTimeout(r, 50));
    // The last alerts: until none arrived for 3 s.
    let seen = -1;
    while (seen !== latencies.length) {
      seen = latencies.length;
      await new Promise((r) => setTimeout(r, 3000));
    }
    clearInterval(sampler);
    clearInterval(settler);
    const seconds = (performance.now() - started) / 1000 - 3;
    controller.abort();
    await done;
    unfollow.forEach((stop) => stop());
    alerts.onApplicationShutdown();
    await server.close();
    const [{ applied }] = await dataSource.query(`SELECT sum(applied)::int AS applied FROM ch_stream_positions`);
    const [{ stored }] = await dataSource.query(`SELECT count(*)::int AS stored FROM alerts`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const rss = memory.map((m) => m.rss);
    const heap = memory.map((m) => m.heapUsed);
    return {
      rawRate,
      applied,
      seconds,
      stored,
      delivered: latencies.length,
      p50: percentile(sorted, 50),
      p95,
      max: sorted.at(-1),
      rss,
      heap,
      settled,
    };
  } finally {
    await closeDatabase(handle, dataSource);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-alerts-'));
const base = process.env.DATABASE_URL;
const name = `credence_bench_alerts_${process.pid}`;
const admin = base ? new pg.Client({ connectionString: base }) : null;
let result;
try {
  const env = { DATA_DIR: dir };
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  result = await run(env);
} finally {
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
}
const r = result;
const verdict = r.p95 <= BUDGET_P95_MS ? 'met' : 'MISSED';
process.stdout.write(
  '| date | database | published | raw replay (read + parse) | applied | alerts (stored / delivered) | published -> in-app alert | memory (RSS first / max / last; heap max) | load average | budget |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n' +
    `| ${new Date().toISOString().slice(0, 10)} | ${admin ? 'server Postgres' : 'embedded'} | ${number(total)} events at ${RATE}/s over ${number(USERS * PER_USER)} watched companies, ${USERS} users | ` +
    `${number(r.rawRate)} events/s | ${number(r.applied)} (${number(r.applied / r.seconds)} events/s over ${r.seconds.toFixed(0)} s) | ${number(r.stored)} / ${number(r.delivered)} | ` +
    `p50 ${number(r.p50)} ms, **p95 ${number(r.p95)} ms**, max ${number(r.max)} ms | ${mb(r.rss[0])} / ${mb(Math.max(...r.rss))} / ${mb(r.rss.at(-1))}; ${mb(Math.max(...r.heap))} | ` +
    `${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} | p95 <= 2 s: ${verdict} |\n`,
);
const trend = heapTrend(r.settled, r.seconds);
if (trend) {
  process.stdout.write(
    `\nheap after a full collection, ${r.settled.length} readings every ${SETTLED_EVERY_MS / 1000} s: first ${mb(trend.first)}, ` +
      `last ${mb(trend.last)}, max ${mb(trend.max)}; trend after the first tenth **${trend.mbPerHour.toFixed(1)} MB per hour** ` +
      `(flat: under ${FLAT_MB_PER_HOUR} MB per hour: ${trend.flat ? 'met' : 'MISSED'})\n`,
  );
}
process.exit(r.p95 <= BUDGET_P95_MS && r.delivered > 0 && (!trend || trend.flat) ? 0 : 1);

/** Least-squares slope of the settled heap over the run after its first tenth, in MB per hour. */
function heapTrend(settled, seconds) {
  const points = settled.filter((p) => p.at >= seconds / 10);
  if (points.length < 3) return null;
  const meanAt = points.reduce((sum, p) => sum + p.at, 0) / points.length;
  const meanHeap = points.reduce((sum, p) => sum + p.heap, 0) / points.length;
  const covariance = points.reduce((sum, p) => sum + (p.at - meanAt) * (p.heap - meanHeap), 0);
  const variance = points.reduce((sum, p) => sum + (p.at - meanAt) ** 2, 0);
  const mbPerHour = ((covariance / variance) * 3600) / 1048576;
  const heaps = settled.map((p) => p.heap);
  return { first: heaps[0], last: heaps.at(-1), max: Math.max(...heaps), mbPerHour, flat: mbPerHour < FLAT_MB_PER_HOUR };
}
