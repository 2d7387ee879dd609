/**
 * The streams as the product consumes them (issue 29 section 4): with CH_STREAM_KEY set, the API
 * (without Redis) or the worker (with it) runs the consumer, and the watchlists' alerts, which the
 * composition root hands the consumer as its listener, are raised as the events apply and reach a
 * watcher live. The stream holds its events until the company is watched.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { writeProfiles } from '../../src/modules/companies-house/import/ch-api.writer.js';
import { StreamServer, STREAM_KEY } from '../support/ch-stream-server.js';
import { dayBuilder } from '../support/stream-consume.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const WATCHED = '32000001';

describe('the running product consumes the streams and raises the watchers alerts', () => {
  let t: TestApi;
  let release: () => void = () => undefined;
  const { day, emit } = dayBuilder();
  emit('companies', `/company/${WATCHED}`, {
    company_name: 'STREAMED LIMITED',
    company_number: WATCHED,
    company_status: 'liquidation',
    type: 'ltd',
    links: { self: `/company/${WATCHED}` },
  });
  const server = new StreamServer(day, { hold: new Promise<void>((resolve) => (release = resolve)) });

  before(async () => {
    const url = await server.listen();
    t = await startTestApi({ CH_STREAM_URL: url, CH_STREAM_KEY: STREAM_KEY });
  });
  after(async () => {
    release();
    await t?.close();
    await server.close();
  });

  it("raises a watched company's status change as the stream applies it, live over SSE", async () => {
    await t.api.dataSource.transaction((m) =>
      writeProfiles(m, [{ company_number: WATCHED, company_name: 'STREAMED LIMITED', company_status: 'Active', source: 'api' as const }]),
    );
    const token = await t.activeUser('streamed@credence.test');
    const list = (await t.request('POST', '/api/watchlists', { token, body: { name: 'Streamed' } })).body.data.watchlist.id;
    await t.request('POST', `/api/watchlists/${list}/add`, { token, body: { company_numbers: [WATCHED] } });
    // No alert within 30 s (the consumer not running, or not told of the alerts) fails the read.
    const live = await fetch(`${t.url}/api/alerts/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();

    release();
    let seen = '';
    while (!/event: alert/.test(seen)) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    await reader.cancel();

    expect(seen).toMatch(/event: alert\ndata: \{"alert":\{"id":\d+,"kind":"status-changed"/);
    const alerts = (await t.request('GET', '/api/alerts', { token })).body.data.alerts;
    expect(alerts).toEqual([
      expect.objectContaining({ company_number: WATCHED, kind: 'status-changed', summary: 'Status changed from Active to Liquidation' }),
    ]);
  });
});
