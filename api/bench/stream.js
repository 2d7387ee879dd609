// npm run bench:stream (in api/, after `npm run build` at the root): the Companies House stream
// consumer (issue 29) applying a recorded day of events from a local server speaking the Streaming
// API's protocol (test/support/ch-stream-server.ts: every stream, heartbeats, ~8% duplicates), on the
// embedded database and on server Postgres (a fresh database on DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Beside each, in the same run: the raw replay rate
// (the same events read and parsed from the same server, nothing applied).
// Budgets: >= 500 events/s embedded, >= 2,000 events/s server Postgres.
//
//   node bench/stream.js [events]      # default 20,000 events over 2,000 held companies
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = process.env.CREDENCE_BENCH_DIST ? resolve(process.env.CREDENCE_BENCH_DIST) : join(here, '..', 'dist');
const EVENTS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20_000);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGETS = { embedded: 500, server: 2000 };
const number = (n) => Math.round(n).toLocaleString('en-GB');

const { loadConfig } = await import(join(root, 'src/core/config/config.js'));
const { openDatabase, connectAndMigrate, closeDatabase } = await import(join(root, 'src/core/database/database.js'));
const { ENTITIES } = await import(join(root, 'src/entities.js'));
const { writeProfiles } = await import(join(root, 'src/modules/companies-house/import/ch-api.writer.js'));
const { StreamConsumer } = await import(join(root, 'src/modules/companies-house/stream/stream-consumer.js'));
const { HttpStreamSource } = await import(join(root, 'src/modules/companies-house/stream/http-stream-source.js'));
const { parseEvent, STREAM_NAMES } = await import(join(root, 'src/platform/register/stream-event.js'));
const { recordedDay, StreamServer, STREAM_KEY } = await import(join(root, 'test/support/ch-stream-server.js'));

const held = Array.from({ length: 2000 }, (_, i) => String(30_000_000 + i * 131).padStart(8, '0'));
const day = recordedDay({ held, events: EVENTS, seed: 7 });
const total = STREAM_NAMES.reduce((sum, s) => sum + day[s].length, 0);
const last = Object.fromEntries(STREAM_NAMES.map((s) => [s, day[s].at(-1).timepoint]));
const server = new StreamServer(day, { chunkEvents: 200, idleHeartbeatMs: 1000 });
const url = await server.listen();
const source = new HttpStreamSource({ baseUrl: url, key: STREAM_KEY });

/** Every stream read and parsed to its last event, nothing applied. */
async function rawReplay() {
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
          if (parseEvent(stream, line).timepoint === last[stream] && events > 0) break;
        }
      } finally {
        controller.abort();
      }
    }),
  );
  return { events, seconds: (performance.now() - started) / 1000 };
}

async function applied(dataSource) {
  await dataSource.transaction((manager) =>
    writeProfiles(
      manager,
      held.map((n) => ({ company_number: n, company_name: `HELD ${n} LIMITED`, company_status: 'Active', source: 'api' })),
    ),
  );
  const controller = new AbortController();
  const consumer = new StreamConsumer({ dataSource, source, batchSize: 1000, flushMs: 200 });
  const started = performance.now();
  const done = consumer.run(controller.signal);
  for (;;) {
    const rows = await dataSource.query(`SELECT stream, timepoint::text AS timepoint FROM ch_stream_positions`);
    if (rows.length === STREAM_NAMES.length && rows.every((r) => Number(r.timepoint) === last[r.stream])) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - started) / 1000;
  controller.abort();
  await done;
  const [counts] = await dataSource.query(
    `SELECT sum(applied)::int AS applied, sum(duplicates)::int AS duplicates, sum(skipped)::int AS skipped FROM ch_stream_positions`,
  );
  return { seconds, ...counts };
}

async function engine(name, env) {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  const dataSource = await connectAndMigrate(handle);
  try {
    const raw = await rawReplay();
    const result = await applied(dataSource);
    const rate = total / result.seconds;
    const rawRate = raw.events / raw.seconds;
    const verdict = rate >= BUDGETS[name] ? 'met' : 'MISSED';
    process.stdout.write(
      `| ${new Date().toISOString().slice(0, 10)} | ${name === 'server' ? 'server Postgres' : 'embedded'} | ${number(total)} (${number(result.applied)} applied, ` +
        `${number(result.duplicates)} duplicates, ${number(result.skipped)} skipped) | ${number(rawRate)} events/s | **${number(rate)} events/s** ` +
        `(${result.seconds.toFixed(1)} s) | ${(rate / rawRate).toFixed(2)} | >= ${number(BUDGETS[name])}/s: ${verdict} |\n`,
    );
    return rate >= BUDGETS[name];
  } finally {
    await closeDatabase(handle, dataSource);
  }
}

process.stdout.write(
  '| date | database | events | raw replay (read + parse) | applied | ratio | budget |\n| --- | --- | --- | --- | --- | --- | --- |\n',
);
const dir = mkdtempSync(join(tmpdir(), 'bench-stream-'));
const name = `credence_bench_stream_${process.pid}`;
const admin = new pg.Client({ connectionString: BASE_URL });
let ok = true;
try {
  ok = (await engine('embedded', { DATA_DIR: dir })) && ok;
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const serverUrl = new URL(BASE_URL);
  serverUrl.pathname = `/${name}`;
  ok = (await engine('server', { DATA_DIR: dir, DATABASE_URL: serverUrl.toString() })) && ok;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
