/**
 * `credence watch add|ls|rm` and `credence alerts` (issue 29) through the binary against a small
 * fake API that follows the contract (shared/src/contracts/watchlists.ts): the list made on first
 * use, the alert fields printed, --json for scripts, and the exit codes cron relies on.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createServer, type Server } from 'node:http';
import { credence } from './support/processes.js';

const lists: { id: string; name: string; rules: string[]; email: string; companies: number; created_at: string }[] = [];
const watched = new Map<string, Set<string>>();
const ALERT = {
  id: 7,
  kind: 'charge-created',
  company_number: '00445790',
  company_name: 'TESCO PLC',
  watchlist: 'Borrowers',
  summary: 'Charge 004457900009 created on 2026-11-20: A registered charge; persons entitled: Shawbrook Bank Limited',
  published_at: '2026-11-28T09:01:00.000Z',
  source_url: 'https://find-and-update.company-information.service.gov.uk/company/00445790/charges/abc',
  resource_uri: '/company/00445790/charges/abc',
  created_at: '2026-11-28T09:01:01.000Z',
  read: false,
};

describe('credence watch and credence alerts against a fake API', () => {
  let server: Server;
  let env: Record<string, string>;

  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const json = (status: number, value: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        const input = body ? JSON.parse(body) : {};
        const path = url.pathname;
        if (path === '/api/watchlists' && req.method === 'GET') return json(200, { status: 'success', data: { watchlists: lists } });
        if (path === '/api/watchlists' && req.method === 'POST') {
          const list = {
            id: `id${lists.length + 1}`,
            name: input.name,
            rules: ['charge-created'],
            email: 'off',
            companies: 0,
            created_at: '2026-11-29T00:00:00Z',
          };
          lists.push(list);
          watched.set(list.id, new Set());
          return json(201, { status: 'success', data: { watchlist: list } });
        }
        const add = /^\/api\/watchlists\/(\w+)\/(add|remove)$/.exec(path);
        if (add) {
          const set = watched.get(add[1])!;
          const numbers: string[] = input.company_numbers;
          if (add[2] === 'add') {
            const fresh = numbers.filter((n) => n !== '99999999' && !set.has(n));
            fresh.forEach((n) => set.add(n));
            lists.find((l) => l.id === add[1])!.companies = set.size;
            return json(200, {
              status: 'success',
              data: { added: fresh, already: [], unknown: numbers.filter((n) => n === '99999999'), companies: set.size },
            });
          }
          const removed = numbers.filter((n) => set.delete(n));
          return json(200, { status: 'success', data: { removed, companies: set.size } });
        }
        const update = /^\/api\/watchlists\/(\w+)\/update$/.exec(path);
        if (update) {
          const list = lists.find((l) => l.id === update[1])!;
          Object.assign(list, input);
          return json(200, { status: 'success', data: { watchlist: list } });
        }
        if (path === '/api/alerts') {
          const since = url.searchParams.get('since');
          return json(200, { status: 'success', data: { alerts: since === '1h' ? [] : [ALERT], unread: 1 } });
        }
        json(404, { error: `No route ${req.method} ${path}`, statusCode: 404 });
      });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    env = { CREDENCE_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`, CREDENCE_TOKEN: 'good' };
  });
  after(() => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())));

  it('adds to a list made on first use, lists and removes; bad numbers exit 2 naming them', async () => {
    const added = await credence(['watch', 'add', '445790', 'SC123456', '99999999', '--list', 'Borrowers'], env);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Watching 00445790, SC123456 in "Borrowers"');
    expect(added.stderr).toContain('Not added (Credence does not hold these companies): 99999999');
    expect(lists.map((l) => l.name)).toEqual(['Borrowers']);
    const ls = await credence(['watch', 'ls'], env);
    expect(ls.stdout).toMatch(/Borrowers\s+2/);
    const bad = await credence(['watch', 'add', 'TESCO'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"TESCO" is not a company number');
    const rm = await credence(['watch', 'rm', '00445790', '--list', 'Borrowers', '--json'], env);
    expect(JSON.parse(rm.stdout)).toEqual({ watchlist: 'Borrowers', removed: ['00445790'], companies: 1 });
    const none = await credence(['watch', 'rm', '00445790', '--list', 'Nope'], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('You have no watchlist named "Nope"');
  });

  it('sets how a list is e-mailed (daily is the digest); a bad mode exits 2 and changes nothing', async () => {
    const daily = await credence(['watch', 'mail', 'daily', '--list', 'Borrowers'], env);
    expect(daily.code).toBe(0);
    expect(daily.stdout).toContain('"Borrowers": a daily digest e-mailed');
    expect(lists.find((l) => l.name === 'Borrowers')!.email).toBe('digest');
    const bad = await credence(['watch', 'mail', 'weekly', '--list', 'Borrowers'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Give immediate, daily or off (not "weekly")');
    expect(lists.find((l) => l.name === 'Borrowers')!.email).toBe('digest');
    const off = await credence(['watch', 'mail', 'off', '--list', 'Borrowers', '--json'], env);
    expect(JSON.parse(off.stdout)).toEqual({ watchlist: 'Borrowers', email: 'off' });
  });

  it('prints each alert with kind, company, what changed, published time and source; exit 3 (ran fine, nothing new) when there are none', async () => {
    const shown = await credence(['alerts', '--since', '1d'], env);
    expect(shown.code).toBe(0);
    for (const text of ['New charge', '00445790', 'persons entitled: Shawbrook Bank Limited', '2026-11-28 09:01', ALERT.source_url])
      expect(shown.stdout).toContain(text);
    const json = await credence(['alerts', '--since', '1d', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual([ALERT]);
    const quiet = await credence(['alerts', '--since', '1h', '--json'], env);
    expect(quiet.code).toBe(3);
    expect(JSON.parse(quiet.stdout)).toEqual([]);
    const quietText = await credence(['alerts', '--since', '1h'], env);
    expect([quietText.code, quietText.stdout, quietText.stderr]).toEqual([3, '', expect.stringContaining('No alerts since 1h')]);
    const wrong = await credence(['alerts', '--since', 'yesterday'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--since takes a span back from now (30m, 12h, 1d, 2w) or a date');
  });
});
