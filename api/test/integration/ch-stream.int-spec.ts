import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../src/core/clock.js';
import { writeProfiles } from '../../src/modules/companies-house/import/ch-api.writer.js';
import { StreamConsumer, StreamKeyRefused, type ConsumerOptions } from '../../src/modules/companies-house/stream/stream-consumer.js';
import { STREAM_NAMES, type StreamName } from '../../src/platform/register/stream-event.js';
import { HttpStreamSource } from '../../src/modules/companies-house/stream/http-stream-source.js';
import { readStreamStatus } from '../../src/modules/companies-house/stream/stream-status.js';
import { ChApiClient } from '../../src/modules/companies-house/sync/ch-api-client.js';
import { recordedDay, referenceEvents, STREAM_KEY, StreamServer, type Day } from '../support/ch-stream-server.js';
import { streamRowsDigest } from '../support/stream-replay.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

/** Sleeps pass at once (backoff, Retry-After), timers stay real. */
const fastClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => new Promise((r) => (signal?.aborted ? r() : setTimeout(r, Math.min(ms, 5)))),
};

const HELD = Array.from({ length: 40 }, (_, i) => String(20_000_000 + i * 7919).padStart(8, '0'));
const EXTRA = ['10676322', '10762530', 'SL037194'];

async function seedHeld(dataSource: DataSource): Promise<void> {
  await dataSource.query(`DELETE FROM ch_stream_positions; DELETE FROM ch_stream_resync; DELETE FROM disqualified_officers`);
  await dataSource.query(`DELETE FROM companies WHERE company_number = ANY($1::text[])`, [[...HELD, ...EXTRA, 'NH000001', 'NH000002']]);
  await dataSource.transaction((manager) =>
    writeProfiles(
      manager,
      [...HELD, ...EXTRA].map((n) => ({
        company_number: n,
        company_name: `HELD ${n} LIMITED`,
        company_status: 'Active',
        source: 'api' as const,
      })),
    ),
  );
}

/** One digest of every row the streams can touch (timestamps of the writes aside). */
const digest = (dataSource: DataSource) => streamRowsDigest(dataSource, [...HELD, ...EXTRA, 'NH000001', 'NH000002']);

const last = (day: Day) => Object.fromEntries(STREAM_NAMES.map((s) => [s, day[s].at(-1)!.timepoint]));

/** Runs a consumer until every stream's stored position is the day's last timepoint (or the consumer ends). */
async function consume(
  dataSource: DataSource,
  url: string,
  day: Day,
  extra: Partial<ConsumerOptions> = {},
  controller = new AbortController(),
) {
  const consumer = new StreamConsumer({
    dataSource,
    source: new HttpStreamSource({ baseUrl: url, key: STREAM_KEY }),
    clock: fastClock,
    minBackoffMs: 5,
    flushMs: 20,
    batchSize: 250,
    leaseMs: 2000,
    ...extra,
  });
  const done = consumer.run(controller.signal);
  const want = last(day);
  const reached = async () => {
    const rows: { stream: string; timepoint: string | null }[] = await dataSource.query(
      `SELECT stream, timepoint::text AS timepoint FROM ch_stream_positions`,
    );
    return rows.length === STREAM_NAMES.length && rows.every((r) => Number(r.timepoint) === want[r.stream]);
  };
  let ended = false;
  void done.finally(() => (ended = true)).catch(() => undefined);
  const deadline = Date.now() + 30_000;
  try {
    while (!ended && !(await reached())) {
      if (Date.now() > deadline) {
        const rows = await dataSource.query(`SELECT stream, timepoint, applied, last_error FROM ch_stream_positions ORDER BY stream`);
        throw new Error(`the consumer did not reach the end of the day in 30 s: ${JSON.stringify(rows)} want ${JSON.stringify(want)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    controller.abort();
  }
  await done;
}

describe(`Companies House streams into the database (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  let t: TestContext;
  const day = recordedDay({ held: HELD, events: 1500 });
  const server = new StreamServer(day);
  let url = '';
  before(async () => {
    t = await startTestContext();
    url = await server.listen();
  });
  after(async () => {
    await server.close();
    await t?.close();
  });

  it('applies a recorded day with heartbeats, duplicates, a 429 and a cut connection, each event once; a consumer killed and restarted ends in the same rows', async () => {
    const { dataSource } = t;
    await seedHeld(dataSource);
    server.faults.set('charges', [{ kind: '429' }]);
    server.faults.set('filings', [{ kind: 'cut', after: 300 }]);
    const bad: string[] = [];
    await consume(dataSource, url, day, { onBad: (s, where, reason) => bad.push(`${s} ${where}: ${reason}`) });
    const whole = await digest(dataSource);

    // The 429 was waited out; after the cut the filings stream resumed from its stored timepoint.
    expect(
      server.requests
        .filter((r) => r.stream === 'charges')
        .map((r) => r.status)
        .slice(0, 2),
    ).toEqual([429, 200]);
    const filings = server.requests.filter((r) => r.stream === 'filings' && r.status === 200);
    expect(filings.length).toBeGreaterThanOrEqual(2);
    expect(filings[1].timepoint).toBeGreaterThan(day.filings[0].timepoint);
    expect(bad).toEqual([]);

    // The reference's verbatim events, as the API importer would store them.
    expect(
      await dataSource.query(
        `SELECT company_number, type, barcode, date::text AS date, description_values FROM filings WHERE transaction_id = 'MzI4OTQzODc5MGFkaXF6a2N4'`,
      ),
    ).toEqual([
      {
        company_number: '10676322',
        type: 'AA',
        barcode: 'X9WQX0NE',
        date: '2021-01-22',
        description_values: { made_up_date: '2020-03-31' },
      },
    ]);
    const [insolvent] = await dataSource.query(`SELECT cases FROM insolvency_cases WHERE company_number = '10762530'`);
    expect(insolvent.cases[0]).toMatchObject({ type: 'members-voluntary-liquidation', practitioners: [{ name: 'Jason Mark Elliott' }] });
    expect(await dataSource.query(`SELECT 1 FROM companies WHERE company_number = 'SL037194'`)).toEqual([]);
    // Identity verification (ECCTA) from the officers' and PSCs' events.
    const states = await dataSource.query(
      `SELECT 'officer' AS who, identity_verification->>'authorised_corporate_service_provider_name' AS provider,
              identity_verification->>'appointment_verification_statement_due_on' AS due, count(*)::int AS n
         FROM officers WHERE identity_verification IS NOT NULL GROUP BY 1, 2, 3
       UNION ALL
       SELECT 'psc', identity_verification->>'authorised_corporate_service_provider_name',
              identity_verification->>'appointment_verification_statement_due_on', count(*)::int
         FROM pscs WHERE identity_verification IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(states.map((r: { who: string; provider: string | null; due: string | null }) => [r.who, r.provider, r.due])).toEqual([
      ['officer', 'Rapid Formations Ltd', null],
      ['officer', null, '2026-10-14'],
      ['officer', null, '2027-03-14'],
      ['psc', 'Rapid Formations Ltd', null],
      ['psc', null, '2026-10-14'],
      ['psc', null, '2027-03-14'],
    ]);
    // Companies the database does not hold were skipped, not created.
    expect(await dataSource.query(`SELECT 1 FROM officers WHERE company_number LIKE 'NH%'`)).toEqual([]);
    // Charge counts follow the charges; a satisfied charge says so.
    const [counts] = await dataSource.query(
      `SELECT count(*)::int AS wrong FROM companies c WHERE company_number = ANY($1::text[])
          AND coalesce(mortgages_total, 0) <> (SELECT count(*) FROM charges WHERE company_number = c.company_number)`,
      [HELD],
    );
    expect(counts.wrong).toBe(0);

    const status = await readStreamStatus(dataSource);
    const events = STREAM_NAMES.reduce((sum, s) => sum + day[s].length, 0);
    const distinct = STREAM_NAMES.reduce((sum, s) => sum + new Set(day[s].map((e) => e.timepoint)).size, 0);
    const total = (k: 'applied' | 'duplicates' | 'skipped') => status.streams.reduce((sum, s) => sum + s[k], 0);
    // Each event counted once as applied or skipped; the twice-sent ones (and the replays after the cut) as duplicates.
    expect(total('applied') + total('skipped')).toBe(distinct);
    expect(total('duplicates')).toBeGreaterThanOrEqual(events - distinct);
    expect(status.streams.every((s) => s.lag_seconds !== null && s.consumer === null)).toBe(true);

    // Killed at two points (a batch rolled back mid-commit), restarted each time: the same rows.
    for (const [stream, at] of [
      ['officers', 2],
      ['charges', 3],
    ] as [StreamName, number][]) {
      await seedHeld(dataSource);
      const killer = new AbortController();
      let batches = 0;
      await consume(
        dataSource,
        url,
        day,
        {
          beforeCommit: (s) => {
            if (s === stream && ++batches === at) {
              killer.abort();
              throw new Error('killed');
            }
          },
        },
        killer,
      ).catch(() => undefined);
      const [{ partial }] = await dataSource.query(`SELECT count(*)::int AS partial FROM ch_stream_positions WHERE timepoint IS NOT NULL`);
      expect(partial).toBeGreaterThan(0);
      await consume(dataSource, url, day);
      expect(await digest(dataSource)).toBe(whole);
    }
  });

  it('after a 416 carries on from the newest events and re-fetches the held companies through the REST API', async () => {
    const { dataSource } = t;
    await seedHeld(dataSource);
    // Five held companies (each re-fetch is five requests and a transaction).
    const kept = HELD.slice(0, 5);
    await dataSource.query(`DELETE FROM companies WHERE company_number = ANY($1::text[])`, [[...HELD.slice(5), ...EXTRA]]);
    const rest = restServer();
    const restUrl = await rest.listen();
    try {
      const charges: Day = { ...emptyDay(), charges: day.charges };
      const charged = new StreamServer(charges);
      const chargesUrl = await charged.listen();
      charged.oldest.set('charges', day.charges[10].timepoint);
      await dataSource.query(`INSERT INTO ch_stream_positions (stream, timepoint) VALUES ('charges', $1)`, [day.charges[2].timepoint]);
      const infos: string[] = [];
      const client = new ChApiClient({ baseUrl: restUrl, apiKey: 'rest-key', clock: fastClock });
      const consumer = new StreamConsumer({
        dataSource,
        source: new HttpStreamSource({ baseUrl: chargesUrl, key: STREAM_KEY }),
        streams: ['charges'],
        clock: fastClock,
        minBackoffMs: 5,
        flushMs: 20,
        resync: { client, pollMs: 10 },
        onInfo: (m) => infos.push(m),
      });
      const controller = new AbortController();
      const done = consumer.run(controller.signal);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [{ queued }] = await dataSource.query(`SELECT count(*)::int AS queued FROM ch_stream_resync`);
        const [{ tp }] = await dataSource.query(`SELECT timepoint::text AS tp FROM ch_stream_positions WHERE stream = 'charges'`);
        if (queued === 0 && Number(tp) === day.charges.at(-1)!.timepoint && rest.fetched.size >= kept.length) break;
        if (Date.now() > deadline) throw new Error(`not done: ${queued} queued, timepoint ${tp}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      controller.abort();
      await done;
      await charged.close();
      expect(charged.requests.map((r) => [r.timepoint, r.status])).toEqual([
        [day.charges[2].timepoint, 416],
        [null, 200],
      ]);
      expect(
        infos.some((m) =>
          /charges: .*timepoint \d+ is invalid or too old \(416\); carrying on from the newest events, 5 held companies queued/.test(m),
        ),
      ).toBe(true);
      // Every held company was fetched again; the REST profile's name replaced the stored one.
      expect([...rest.fetched].sort()).toEqual(kept);
      const [renamed] = await dataSource.query(`SELECT company_name, source FROM companies WHERE company_number = $1`, [HELD[0]]);
      expect(renamed).toEqual({ company_name: `REFETCHED ${HELD[0]} LIMITED`, source: 'api' });
    } finally {
      await rest.close();
    }
  });

  it('stops with a clear error when the stream key is refused', async () => {
    const consumer = new StreamConsumer({
      dataSource: t.dataSource,
      source: new HttpStreamSource({ baseUrl: url, key: 'wrong' }),
      streams: ['companies'],
      clock: fastClock,
    });
    const error = await consumer.run(new AbortController().signal).catch((e) => e);
    expect(error).toBeInstanceOf(StreamKeyRefused);
    expect(error.message).toMatch(/the stream key was refused \(401 .*Invalid Authorization.*\): check CH_STREAM_KEY$/);
  });

  it('keeps the reference events verbatim in the recorded day', () => {
    const lines = new Set(STREAM_NAMES.flatMap((s) => day[s].map((e) => JSON.parse(e.line)).map((e) => JSON.stringify(e))));
    for (const line of referenceEvents()) expect(lines.has(JSON.stringify(JSON.parse(line)))).toBe(true);
  });
});

function emptyDay(): Day {
  return Object.fromEntries(STREAM_NAMES.map((s) => [s, []])) as unknown as Day;
}

/** The REST API for the re-fetch: each held company's profile (renamed) and empty lists (404). */
function restServer() {
  const fetched = new Set<string>();
  let server: Server;
  return {
    fetched,
    listen: () =>
      new Promise<string>((resolve) => {
        server = createServer((req, res) => {
          const path = new URL(req.url!, 'http://localhost').pathname;
          const profile = /^\/company\/([A-Z0-9]{8})$/.exec(path);
          const headers = {
            'content-type': 'application/json',
            'x-ratelimit-limit': '600',
            'x-ratelimit-remain': '500',
            'x-ratelimit-window': '5m',
          };
          if (profile) {
            fetched.add(profile[1]);
            res.writeHead(200, headers).end(
              JSON.stringify({
                company_number: profile[1],
                company_name: `REFETCHED ${profile[1]} LIMITED`,
                company_status: 'active',
                type: 'ltd',
                links: { self: path },
              }),
            );
          } else res.writeHead(404, headers).end(JSON.stringify({ errors: [{ error: 'not-found' }] }));
        });
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
