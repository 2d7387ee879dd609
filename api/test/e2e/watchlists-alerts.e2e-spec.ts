/**
 * Watchlists and alerts (issue 29 sections 3 and 4): two users watching overlapping companies,
 * events fed through the real stream consumer from the tests' stream server; each user sees only
 * their own alerts, each change once (duplicated events, a replay of the day and the dated job
 * run twice raise nothing new), with what changed, when it was published and its source; live
 * over SSE; another user's list is a 404; bounds and bad input answered with the field and the fix.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../src/core/clock.js';
import { writeProfiles } from '../../src/modules/companies-house/import/ch-api.writer.js';
import { raiseDatedAlerts } from '../../src/modules/watchlists/alerts/dated-alerts.js';
import { deliverWebhooks, webhookSignature } from '../../src/modules/watchlists/webhooks/webhook-delivery.js';
import { targetPolicy } from '../../src/modules/watchlists/webhooks/webhook-target.js';
import { StreamServer, type Day } from '../support/ch-stream-server.js';
import { consume, dayBuilder } from '../support/stream-consume.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const [C1, C2, C3, C4] = ['31000001', '31000002', '31000003', '31000004'];

/** One day of events on the four companies, each line sent twice (the service's duplicates). */
function day(): Day {
  const { day: out, emit } = dayBuilder();
  for (const n of [C1, C2, C3, C4]) {
    emit('charges', `/company/${n}/charges/new${n}`, {
      charge_code: `${n}0009`,
      status: 'outstanding',
      created_on: '2026-11-20',
      classification: { type: 'charge-description', description: 'A registered charge' },
      persons_entitled: [{ name: 'Shawbrook Bank Limited' }],
      links: { self: `/company/${n}/charges/new${n}` },
    });
    emit('charges', `/company/${n}/charges/old${n}`, {
      charge_code: `${n}0001`,
      status: 'fully-satisfied',
      satisfied_on: '2026-11-26',
      persons_entitled: [{ name: 'Lloyds Bank PLC' }],
      links: { self: `/company/${n}/charges/old${n}` },
    });
    emit('officers', `/company/${n}/appointments/appt${n}`, {
      name: 'REID, Fiona',
      officer_role: 'director',
      appointed_on: '2026-11-25',
      links: { self: `/company/${n}/appointments/appt${n}` },
    });
    emit('filings', `/company/${n}/filing-history/AA${n}`, {
      category: 'accounts',
      date: '2026-11-27',
      type: 'AA',
      description: 'accounts-with-accounts-type-full',
      description_values: { made_up_date: '2026-03-31' },
      transaction_id: `AA${n}`,
    });
    emit('companies', `/company/${n}`, {
      company_name: `WATCHED ${n} LIMITED`,
      company_number: n,
      company_status: 'liquidation',
      type: 'ltd',
      links: { self: `/company/${n}` },
    });
    emit('insolvency-cases', `/company/${n}/insolvency`, {
      cases: [{ number: '1', type: 'creditors-voluntary-liquidation', dates: [{ date: '2026-11-27', type: 'wound-up-on' }] }],
    });
  }
  return out;
}

async function seed(db: DataSource): Promise<void> {
  await db.transaction((m) =>
    writeProfiles(
      m,
      [C1, C2, C3, C4].map((n) => ({
        company_number: n,
        company_name: `WATCHED ${n} LIMITED`,
        company_status: 'Active',
        source: 'api' as const,
      })),
    ),
  );
  for (const n of [C1, C2, C3, C4])
    await db.query(`INSERT INTO charges (charge_id, company_number, status, charge_code) VALUES ($1, $2, 'outstanding', $3)`, [
      `old${n}`,
      n,
      `${n}0001`,
    ]);
}

describe('watchlists and alerts: two users, the real stream consumer, each sees only their own', () => {
  let t: TestApi;
  let a: string;
  let b: string;
  const server = new StreamServer(day());
  let url = '';
  let listA = '';
  let listB = '';

  before(async () => {
    // The tests' receivers listen on loopback, which webhooks refuse unless allowed (webhooks-ssrf.e2e-spec.ts).
    t = await startTestApi({ WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' });
    url = await server.listen();
    a = await t.activeUser('watch-a@credence.test');
    b = await t.activeUser('watch-b@credence.test');
    await seed(t.api.dataSource);
  });
  after(async () => {
    await server.close();
    await t?.close();
  });

  it('keeps each list private and bounded, and answers bad input with the field and the fix', async () => {
    const made = await t.request('POST', '/api/watchlists', { token: a, body: { name: 'Borrowers' } });
    expect(made.status).toBe(201);
    listA = made.body.data.watchlist.id;
    const addA = await t.request('POST', `/api/watchlists/${listA}/add`, { token: a, body: { company_numbers: [C1, '31000002'] } });
    expect(addA.body.data).toEqual({ added: [C1, C2], already: [], unknown: [], companies: 2 });
    const csv = await t.request('POST', `/api/watchlists/${listA}/add`, {
      token: a,
      body: { csv: `company_number,name\n${C3},X\n${C2},Y\n99999999,Z\n` },
    });
    expect(csv.body.data).toEqual({ added: [C3], already: [C2], unknown: ['99999999'], companies: 3 });
    listB = (await t.request('POST', '/api/watchlists', { token: b, body: { name: 'Borrowers', email: 'digest' } })).body.data.watchlist.id;
    await t.request('POST', `/api/watchlists/${listB}/add`, { token: b, body: { company_numbers: [C2, C3, C4] } });

    for (const [method, path] of [
      ['GET', `/api/watchlists/${listB}`],
      ['POST', `/api/watchlists/${listB}/add`],
      ['POST', `/api/watchlists/${listB}/delete`],
    ] as const) {
      const other = await t.request(method, path, { token: a, body: method === 'POST' ? { company_numbers: [C1] } : undefined });
      expect(other.status).toBe(404);
    }
    expect((await t.request('GET', '/api/watchlists', { token: a })).body.data.watchlists).toEqual([
      expect.objectContaining({ name: 'Borrowers', companies: 3 }),
    ]);
    const dup = await t.request('POST', '/api/watchlists', { token: a, body: { name: 'Borrowers' } });
    expect(dup.status).toBe(409);
    const bad = await t.request('POST', `/api/watchlists/${listA}/add`, { token: a, body: { company_numbers: ['not-a-number'] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/not-a-number.*00445790/);
    const many = await t.request('POST', `/api/watchlists/${listA}/add`, {
      token: a,
      body: { company_numbers: Array.from({ length: 1001 }, (_, i) => String(i + 1)) },
    });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toMatch(/company_numbers must be a list of 1 to 1000/);
    const rule = await t.request('POST', '/api/watchlists', { token: a, body: { name: 'X', rules: ['everything'] } });
    expect(rule.status).toBe(400);
    expect(JSON.stringify(rule.body)).toMatch(/rules must be a list of: charge-created/);
    expect((await t.request('GET', '/api/alerts?since=yesterday', { token: a })).status).toBe(400);
  });

  it('raises the alerts of the streamed events once per user, only to those who watch the company, with source and time; live over SSE', async () => {
    const live = await fetch(`${t.url}/api/alerts/stream`, { headers: { authorization: `Bearer ${a}` } });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    let seen = '';
    const firstAlert = (async () => {
      while (!/event: alert/.test(seen)) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += new TextDecoder().decode(value);
      }
      return seen;
    })();

    await consume(t.api.dataSource, url, server.day);
    expect(await firstAlert).toMatch(/event: alert\ndata: \{"alert":\{"id":\d+,"kind":"/);
    await reader.cancel();

    const mine = (await t.request('GET', '/api/alerts?limit=500', { token: a })).body.data;
    const theirs = (await t.request('GET', '/api/alerts?limit=500', { token: b })).body.data;
    const kinds = ['charge-created', 'charge-satisfied', 'officer-appointed', 'accounts-filed', 'status-changed', 'insolvency-case'];
    const shape = (alerts: { kind: string; company_number: string }[]) => alerts.map((x) => `${x.company_number} ${x.kind}`).sort();
    expect(shape(mine.alerts)).toEqual([C1, C2, C3].flatMap((n) => kinds.map((k) => `${n} ${k}`)).sort());
    expect(shape(theirs.alerts)).toEqual([C2, C3, C4].flatMap((n) => kinds.map((k) => `${n} ${k}`)).sort());
    expect(mine.unread).toBe(18);
    const charge = mine.alerts.find(
      (x: { kind: string; company_number: string }) => x.kind === 'charge-created' && x.company_number === C1,
    );
    expect(charge).toEqual(
      expect.objectContaining({
        summary: `Charge ${C1}0009 created on 2026-11-20: A registered charge; persons entitled: Shawbrook Bank Limited`,
        published_at: expect.stringMatching(/^2026-11-28T09:/),
        source_url: `https://find-and-update.company-information.service.gov.uk/company/${C1}/charges/new${C1}`,
        resource_uri: `/company/${C1}/charges/new${C1}`,
        watchlist: 'Borrowers',
      }),
    );
    const status = mine.alerts.find(
      (x: { kind: string; company_number: string }) => x.kind === 'status-changed' && x.company_number === C2,
    );
    expect(status.summary).toBe('Status changed from Active to Liquidation');

    // The whole day again from the start (a 416 or a lost position): nothing changes, nothing is raised.
    await t.api.dataSource.query(`UPDATE ch_stream_positions SET timepoint = NULL`);
    await consume(t.api.dataSource, url, server.day);
    expect((await t.request('GET', '/api/alerts?limit=500', { token: a })).body.data.alerts).toHaveLength(18);

    const read = await t.request('POST', '/api/alerts/read', { token: a, body: { ids: [charge.id] } });
    expect(read.body.data.unread).toBe(17);
    expect((await t.request('GET', '/api/alerts?unread=true&limit=500', { token: a })).body.data.alerts).toHaveLength(17);
  });

  it('raises the dated alerts (accounts overdue) once per deadline, however often the job runs', async () => {
    // The register's due date as the profile gave it (the streamed profiles above carried none).
    await t.api.dataSource.query(`UPDATE companies SET accounts_next_due = '2026-09-30' WHERE company_number = ANY($1::text[])`, [
      [C1, C2, C3, C4],
    ]);
    expect(await raiseDatedAlerts(t.api.dataSource, '2026-11-29')).toBe(6);
    expect(await raiseDatedAlerts(t.api.dataSource, '2026-11-29')).toBe(0);
    const overdue = (await t.request('GET', '/api/alerts?limit=500', { token: b })).body.data.alerts.filter(
      (x: { kind: string }) => x.kind === 'accounts-overdue',
    );
    expect(overdue.map((x: { company_number: string }) => x.company_number).sort()).toEqual([C2, C3, C4]);
    expect(overdue[0].summary).toMatch(/^Accounts were due on 2026-09-30 and are not on the register: overdue since 2026-10-01$/);
  });

  it("delivers every alert to its owner's webhook once, signed, after the receiver fails for 2 minutes (retries with backoff)", async () => {
    // From the real time: the API's own delivery round (every 5 s, the system clock) may claim some too.
    let now = Date.now();
    const recovers = now + 120_000;
    const clock: Clock = { now: () => now, sleep: async () => undefined };
    const policy = targetPolicy({ webhookAllowNetworks: ['127.0.0.0/8'] });
    const secret = 'whsec-test-a';
    const received = new Map<string, number>();
    let refused = 0;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const timestamp = Number(req.headers['x-credence-timestamp']);
        if (req.headers['x-credence-signature'] !== webhookSignature(secret, timestamp, body)) return res.writeHead(401).end();
        if (now < recovers) {
          refused++;
          return res.writeHead(503).end();
        }
        const id = JSON.parse(body).alert.id as string;
        received.set(id, (received.get(id) ?? 0) + 1);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const db = t.api.dataSource;
    const [{ id: userA }] = await db.query(`SELECT id FROM users WHERE email = 'watch-a@credence.test'`);
    await db.query(`INSERT INTO webhooks (user_id, url, secret, created_at) VALUES ($1, $2, $3, '2000-01-01')`, [
      userA,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret,
    ]);
    try {
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM alerts WHERE user_id = $1`, [userA]);
      for (let round = 0; round < 40 && received.size < count; round++) {
        await deliverWebhooks(db, { clock, policy });
        now += 30_000;
      }
      expect(refused).toBeGreaterThan(0);
      expect(received.size).toBe(count);
      expect([...received.values()].every((n) => n === 1)).toBe(true);
      // More rounds deliver nothing again.
      expect(await deliverWebhooks(db, { clock, policy })).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
      const log = await db.query(`SELECT min(attempts) AS min, max(last_status) AS status FROM webhook_deliveries`);
      expect(Number(log[0].min)).toBeGreaterThanOrEqual(2);
      expect(Number(log[0].status)).toBe(204);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });

  it('adds a webhook over HTTP (its secret shown once), sends a signed test event, and keeps its log private', async () => {
    let verified = false;
    let secret = '';
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        verified = req.headers['x-credence-signature'] === webhookSignature(secret, Number(req.headers['x-credence-timestamp']), body);
        res.writeHead(verified ? 200 : 401).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const bad = await t.request('POST', '/api/webhooks', { token: b, body: { url: 'ftp://x' } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/url must be an http\(s\) address/);
      const made = await t.request('POST', '/api/webhooks', {
        token: b,
        body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
      });
      expect(made.status).toBe(201);
      secret = made.body.data.webhook.secret;
      expect(secret).toMatch(/^whsec_/);
      const id = made.body.data.webhook.id;
      expect((await t.request('POST', `/api/webhooks/${id}/test`, { token: b })).body.data).toEqual({ status: 200, error: null });
      expect(verified).toBe(true);
      expect((await t.request('GET', `/api/webhooks/${id}/deliveries`, { token: a })).status).toBe(404);
      expect((await t.request('POST', `/api/webhooks/${id}/test`, { token: a })).status).toBe(404);
      expect((await t.request('GET', '/api/webhooks', { token: b })).body.data.webhooks).toEqual([expect.not.objectContaining({ secret })]);
      // Deleting: another user's webhook is a 404 and stays; the owner's goes, and no alert is posted to it after.
      expect((await t.request('POST', `/api/webhooks/${id}/delete`, { token: a })).status).toBe(404);
      const badId = await t.request('POST', '/api/webhooks/not-an-id/delete', { token: b });
      expect(badId.status).toBe(400);
      expect(JSON.stringify(badId.body)).toMatch(/id must be a webhook id/);
      expect((await t.request('GET', '/api/webhooks', { token: b })).body.data.webhooks).toHaveLength(1);
      expect((await t.request('POST', `/api/webhooks/${id}/delete`, { token: b })).body).toEqual({ status: 'success' });
      expect((await t.request('GET', '/api/webhooks', { token: b })).body.data.webhooks).toEqual([]);
      expect((await t.request('POST', `/api/webhooks/${id}/test`, { token: b })).status).toBe(404);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
