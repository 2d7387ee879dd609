/**
 * Webhooks cannot be pointed at the server's own network (security review, issue 29): every class
 * of non-public address is refused when the webhook is added (a 400 naming `url` and why) and again
 * at each delivery, where the host is resolved anew (DNS rebinding) and the connection goes to the
 * address that was checked. Hostnames are resolved by a stub (no DNS, no hosts file); the only
 * connections these tests let through go to their own receiver on loopback. Classes other than
 * loopback are checked at delivery through checkTarget, the first step of every post, so that a
 * broken check could never send a packet to a private or link-local address from this machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { AppConfig } from '../../src/core/config/config.js';
import { deliverWebhooks } from '../../src/modules/watchlists/webhooks/webhook-delivery.js';
import { WebhooksService } from '../../src/modules/watchlists/webhooks/webhooks.service.js';
import { checkTarget, refusal, targetPolicy, TargetRefused, type Resolve } from '../../src/modules/watchlists/webhooks/webhook-target.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** Each refused class: an address of it and the words the refusal uses. */
const REFUSED: [string, RegExp][] = [
  ['127.0.0.1', /loopback/],
  ['::1', /loopback/],
  ['169.254.169.254', /link-local.*metadata/],
  ['fe80::1', /link-local/],
  ['10.1.2.3', /private network/],
  ['172.16.0.1', /private network/],
  ['192.168.1.1', /private network/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['fd00::1', /unique-local/],
  ['0.0.0.0', /unspecified/],
  ['::', /unspecified/],
  ['224.0.0.1', /multicast/],
  ['ff02::1', /multicast/],
  ['::ffff:10.0.0.1', /private network/],
  ['::ffff:169.254.169.254', /link-local/],
  ['::ffff:7f00:1', /loopback/],
];

/** A resolver of the tests' own: names to fixed answers, changeable between calls (rebinding). */
function stub(table: Record<string, string[]>): Resolve {
  return async (host) => {
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const refusedWith = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TargetRefused);
  return (error as Error).message;
};

describe('webhooks: SSRF', () => {
  let t: TestApi;
  let token: string;
  let receiver: Server;
  let port = 0;
  let received = 0;

  before(async () => {
    // No WEBHOOK_ALLOW_NETWORKS: the default refuses. The tests run the delivery rounds themselves.
    t = await startTestApi({ RUN_JOBS: 'false' });
    token = await t.activeUser('ssrf@credence.test');
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((r) => receiver?.close(() => r()));
    await t?.close();
  });

  it('classifies each non-public class as refused, IPv4-mapped forms included, and public addresses as allowed', () => {
    for (const [address, why] of REFUSED) expect(refusal(address, [])).toMatch(why);
    expect(refusal('93.184.216.34', [])).toBeNull();
    expect(refusal('2606:4700::1111', [])).toBeNull();
    const allowLoopback = targetPolicy({ webhookAllowNetworks: ['127.0.0.0/8'] }).allow;
    expect(refusal('127.0.0.1', allowLoopback)).toBeNull();
    expect(refusal('::ffff:127.0.0.1', allowLoopback)).toBeNull();
    expect(refusal('10.0.0.1', allowLoopback)).toMatch(/private/);
  });

  it('refuses each class when the webhook is added: a 400 naming url and why', async () => {
    for (const [address, why] of REFUSED) {
      const host = address.includes(':') ? `[${address}]` : address;
      const reply = await t.request('POST', '/api/webhooks', { token, body: { url: `http://${host}:${port}/hook` } });
      expect({ address, status: reply.status }).toEqual({ address, status: 400 });
      expect(reply.body.error).toMatch(/^url is refused: /);
      expect(reply.body.error).toMatch(why);
    }
    // A name the system resolves to loopback.
    for (const url of [`http://localhost:${port}/hook`]) {
      const reply = await t.request('POST', '/api/webhooks', { token, body: { url } });
      expect({ url, status: reply.status, error: reply.body.error }).toEqual({
        url,
        status: 400,
        error: expect.stringMatching(/loopback/),
      });
    }
    expect((await t.request('GET', '/api/webhooks', { token })).body.data.webhooks).toEqual([]);
    expect(received).toBe(0);
  });

  it('refuses at add a hostname that resolves to a private address, or to any private one among public ones', async () => {
    const config = { webhookAllowNetworks: [] } as unknown as AppConfig;
    const resolve = stub({
      'internal.example': ['10.0.0.5'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'metadata.example': ['::ffff:169.254.169.254'],
    });
    const service = new WebhooksService(t.api.dataSource, config, resolve);
    const [{ id: user }] = await t.api.dataSource.query(`SELECT id FROM users WHERE email = 'ssrf@credence.test'`);
    for (const [host, why] of [
      ['internal.example', /internal\.example resolves to 10\.0\.0\.5 is a private network address/],
      ['mixed.example', /10\.0\.0\.5 is a private network/],
      ['metadata.example', /link-local/],
      ['nowhere.example', /nowhere\.example does not resolve \(ENOTFOUND\)/],
    ] as const) {
      const error = await service.add(user, `https://${host}/hook`).then(
        () => null,
        (e: { getStatus(): number; message: string }) => e,
      );
      expect({ host, status: error?.getStatus(), message: error?.message }).toEqual({
        host,
        status: 400,
        message: expect.stringMatching(why),
      });
    }
  });

  it('checks again at each delivery: a name that resolved to a public address at add and to loopback now is refused, nothing sent', async () => {
    const db = t.api.dataSource;
    const table: Record<string, string[]> = { 'rebind.example': ['93.184.216.34'], localhost: ['::1', '127.0.0.1'] };
    const resolve = stub(table);
    const config = { webhookAllowNetworks: [] } as unknown as AppConfig;
    const service = new WebhooksService(db, config, resolve);
    const [{ id: user }] = await db.query(`SELECT id FROM users WHERE email = 'ssrf@credence.test'`);
    // Added while it resolved to a public address (nothing is sent at add).
    const hook = await service.add(user, `http://rebind.example:${port}/hook`);
    // Literal loopback forms written past the add check (as an older row might be) are refused too.
    for (const url of [`http://127.0.0.1:${port}/a`, `http://[::ffff:127.0.0.1]:${port}/b`, `http://localhost:${port}/c`]) {
      await db.query(`INSERT INTO webhooks (user_id, url, secret) VALUES ($1, $2, 's')`, [user, url]);
    }
    await db.query(
      `INSERT INTO alerts (user_id, kind, company_number, summary, source_url, dedupe_key)
       VALUES ($1, 'charge-created', '00000001', 'A charge', 'https://example.com/x', 'ssrf-1')`,
      [user],
    );
    table['rebind.example'] = ['127.0.0.1']; // the DNS answer changes after the check at add
    const clock = { now: () => Date.now(), sleep: async () => undefined };
    const refused = await deliverWebhooks(db, { clock, policy: targetPolicy(config, resolve) });
    expect(refused.delivered).toBe(0);
    expect(received).toBe(0);
    const log: { url: string; last_error: string }[] = await db.query(
      `SELECT w.url, d.last_error FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id ORDER BY w.url`,
    );
    expect(log.map((l) => l.last_error)).toEqual(Array(4).fill(expect.stringMatching(/^refused: the url .*loopback/)));
    // The test route refuses the same way.
    const test = await service.test(user, hook.id);
    expect(test).toEqual({ status: null, error: expect.stringMatching(/rebind\.example resolves to 127\.0\.0\.1 is a loopback/) });
    expect(received).toBe(0);

    // With loopback allowed, the post goes to the checked address: rebind.example has no real DNS
    // answer, so a delivery proves the connection used the address the check saw.
    const allowed = targetPolicy({ webhookAllowNetworks: ['127.0.0.0/8', '::1/128'] }, resolve);
    for (let round = 0; round < 10 && received < 4; round++) {
      await db.query(`UPDATE webhook_deliveries SET next_at = now() - interval '1 second'`);
      await deliverWebhooks(db, { clock, policy: allowed });
    }
    expect(received).toBe(4);
  });

  it('refuses at delivery each other class a name resolves to (the check each post makes before it connects)', async () => {
    for (const [address, why] of REFUSED) {
      const policy = targetPolicy({ webhookAllowNetworks: [] }, stub({ 'hook.example': [address] }));
      expect(await refusedWith(checkTarget('https://hook.example/x', policy))).toMatch(why);
    }
    // Spellings the URL parser turns into loopback.
    const none = targetPolicy({ webhookAllowNetworks: [] }, stub({}));
    for (const url of ['http://0x7f.1/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://[::ffff:7f00:1]/']) {
      expect(await refusedWith(checkTarget(url, none))).toMatch(/loopback/);
    }
  });

  it('does not follow a redirect', async () => {
    const redirecting = createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/hook` }).end());
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
    try {
      const db = t.api.dataSource;
      const [{ id: user }] = await db.query(`SELECT id FROM users WHERE email = 'ssrf@credence.test'`);
      const config = { webhookAllowNetworks: ['127.0.0.0/8'] } as unknown as AppConfig;
      const service = new WebhooksService(db, config);
      const hook = await service.add(user, `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/r`);
      const before = received;
      expect(await service.test(user, hook.id)).toEqual({ status: 302, error: null });
      expect(received).toBe(before);
    } finally {
      await new Promise<void>((r) => redirecting.close(() => r()));
    }
  });
});
