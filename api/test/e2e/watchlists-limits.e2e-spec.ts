/**
 * Every watchlist, alert and webhook route is limited per user (WATCHLIST_RATE_LIMIT and
 * WEBHOOK_RATE_LIMIT): past the limit a 429 with Retry-After and a message saying what and for how
 * long; another user is not slowed; the limit lifts when its window ends. Small limits here; time
 * is a manual clock.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { useManualClock, type ManualClock } from '../support/manual-clock.js';
import { startTestApi, type Reply, type TestApi } from '../support/test-api.js';

function expectLimited(reply: Reply, what: string, limit: number): void {
  expect({ status: reply.status, error: reply.body.error }).toEqual({
    status: 429,
    error: expect.stringMatching(
      new RegExp(`^Too many ${what}: at most ${limit} every 60 seconds per user\\. Try again in \\d+ seconds\\.$`),
    ),
  });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('watchlists, alerts and webhooks: per-user rate limits', () => {
  let t: TestApi;
  let clock: ManualClock;
  let ada: string;
  let bob: string;
  let receiver: Server;
  let hits = 0;

  before(async () => {
    t = await startTestApi({
      WATCHLIST_RATE_LIMIT: '3/60s',
      WEBHOOK_RATE_LIMIT: '2/60s',
      WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8',
      RUN_JOBS: 'false',
    });
    clock = useManualClock(t);
    ada = await t.activeUser('ada.watch-limits@example.com');
    bob = await t.activeUser('bob.watch-limits@example.com');
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits++;
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    await new Promise<void>((r) => receiver?.close(() => r()));
    await t?.close();
  });

  it('limits CSV adds of 1,000 company numbers and the other watchlist routes', async () => {
    const list = (await t.request('POST', '/api/watchlists', { token: ada, body: { name: 'Big' } })).body.data.watchlist.id;
    const csv = `company_number\n${Array.from({ length: 1000 }, (_, i) => String(40_000_000 + i)).join('\n')}\n`;
    const add = () => t.request('POST', `/api/watchlists/${list}/add`, { token: ada, body: { csv } });
    expect((await add()).status).toBe(200);
    expect((await add()).status).toBe(200);
    expectLimited(await add(), 'watchlist and alert requests', 3);
    expectLimited(await t.request('GET', '/api/alerts', { token: ada }), 'watchlist and alert requests', 3);
    // Another user is not slowed by it.
    expect((await t.request('GET', '/api/watchlists', { token: bob })).status).toBe(200);
    clock.advance(60_000);
    expect((await add()).status).toBe(200);
  });

  it('limits opening the live alert stream', async () => {
    clock.advance(60_000);
    const open = () => fetch(`${t.url}/api/alerts/stream`, { headers: { authorization: `Bearer ${ada}` } });
    for (let i = 0; i < 3; i++) {
      const stream = await open();
      expect(stream.status).toBe(200);
      await stream.body!.cancel();
    }
    const refused = await open();
    const body = await refused.json();
    expectLimited({ status: refused.status, body, headers: refused.headers }, 'watchlist and alert requests', 3);
  });

  it('limits webhook test calls, so the API cannot be made to post without end', async () => {
    clock.advance(60_000);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const made = await t.request('POST', '/api/webhooks', { token: ada, body: { url } });
    expect(made.status).toBe(201);
    const test = () => t.request('POST', `/api/webhooks/${made.body.data.webhook.id}/test`, { token: ada });
    expect((await test()).body.data).toEqual({ status: 200, error: null });
    expectLimited(await test(), 'webhook requests', 2);
    expect(hits).toBe(1);
    clock.advance(60_000);
    expect((await test()).status).toBe(200);
    expect(hits).toBe(2);
  });
});
