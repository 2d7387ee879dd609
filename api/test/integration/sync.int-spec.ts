import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Clock } from '../../src/modules/companies-house/sync/rate-limit.js';
import { syncCompanies } from '../../src/modules/companies-house/sync/sync.js';
import { ADMIN, run } from '../support/processes.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { companiesHouseFixtures } from '../support/fixtures.js';

const FIXTURES = companiesHouseFixtures('api');
const load = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const KEY = 'a1b2c3d4-test-key';

/**
 * A stand-in for api.company-information.service.gov.uk serving the fixtures in the API's own
 * format: Basic auth with the key as user name, paged lists (at most 2 officers a page, whatever
 * is asked), X-Ratelimit-* headers on every answer, and a 429 when told to.
 */
function companiesHouse() {
  const [scProfile, scOfficers, scStatements, scFilings] = readFileSync(join(FIXTURES, 'SC612345.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const resources: Record<string, unknown> = {
    '/company/08123456': load('08123456.json'),
    '/company/08123456/officers': load('08123456-officers.json'),
    '/company/08123456/persons-with-significant-control': load('08123456-persons-with-significant-control.json'),
    '/company/08123456/charges': load('08123456-charges.json'),
    '/company/08123456/filing-history': load('08123456-filing-history.json'),
    '/company/SC612345': scProfile,
    '/company/SC612345/officers': scOfficers.data,
    '/company/SC612345/persons-with-significant-control-statements': scStatements,
    '/company/SC612345/filing-history': scFilings.data,
  };
  const state = { requests: [] as string[], remain: 600, reset: 0, tooManyOnce: false, unauthorised: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const now = Math.floor(Date.now() / 1000);
    if (state.reset <= now) {
      state.reset = now + 300;
      state.remain = 600;
    }
    const send = (status: number, body?: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '600',
        'x-ratelimit-remain': String(Math.max(0, state.remain)),
        'x-ratelimit-reset': String(state.reset),
        'x-ratelimit-window': '5m',
        ...extra,
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`) {
      state.unauthorised++;
      return send(401, { error: 'Invalid Authorization', type: 'ch:service' });
    }
    state.requests.push(url.pathname + url.search);
    state.remain--;
    if (state.tooManyOnce) {
      state.tooManyOnce = false;
      return send(429, undefined, { 'x-ratelimit-remain': '0', 'x-ratelimit-reset': String(now + 1) });
    }
    const resource = resources[url.pathname] as Record<string, unknown> | undefined;
    if (!resource) return send(404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
    if (!Array.isArray(resource.items)) return send(200, resource);
    const perPage = Math.min(Number(url.searchParams.get('items_per_page') ?? 35), url.pathname.endsWith('/officers') ? 2 : 100);
    const start = Number(url.searchParams.get('start_index') ?? 0);
    send(200, { ...resource, items: resource.items.slice(start, start + perPage), items_per_page: perPage, start_index: start });
  });
  return {
    state,
    resources,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function fakeClock(): Clock & { slept: number[] } {
  let now = Date.now();
  const slept: number[] = [];
  return { slept, now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) };
}

describe(`sync from the Companies House API (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const ch = companiesHouse();
  const h = importHarness('sync', async () => ({ CH_API_KEY: KEY, CH_API_URL: await ch.listen() }));
  const { context, query } = h;
  after(() => ch.close());

  it('fetches profiles and every page of each list, waits out a 429, reports unknown companies and stores it all', async () => {
    const reporter = new Collector();
    const clock = fakeClock();
    ch.state.requests = [];
    ch.state.tooManyOnce = true;
    const summary = await syncCompanies(context(reporter), ['8123456', 'SC612345', '01234567'], { client: { clock } });

    expect(reporter.bads).toEqual([{ file: 'arguments', line: 3, reason: 'company 01234567 not found at Companies House' }]);
    expect(summary.files).toEqual(['08123456', 'SC612345', '01234567']);
    expect(summary.tables).toEqual({ companies: 2, officers: 5, pscs: 4, charges: 3, filings: 10 });
    // The first request was refused with 429 and tried again after the announced reset.
    expect(ch.state.requests[0]).toBe('/company/08123456');
    expect(ch.state.requests[1]).toBe('/company/08123456');
    expect(clock.slept.length).toBeGreaterThan(0);
    expect(reporter.infos[0]).toMatch(
      /^sync: rate limit: Companies House answered 429 Too Many Requests \(600 per 5 minutes\); waiting \d\.\d s until \d\d:\d\d:\d\d UTC$/,
    );
    // Officers came 2 a page; the statements list was fetched because the profile links to it;
    // the Scottish company has no charges link, so its charges were not asked for.
    expect(ch.state.requests.filter((r) => r.startsWith('/company/08123456/officers'))).toEqual([
      '/company/08123456/officers?items_per_page=100&start_index=0',
      '/company/08123456/officers?items_per_page=100&start_index=2',
    ]);
    expect(ch.state.requests).toContain('/company/SC612345/persons-with-significant-control-statements?items_per_page=100&start_index=0');
    expect(ch.state.requests.some((r) => r.startsWith('/company/SC612345/charges'))).toBe(false);
    expect(ch.state.requests.filter((r) => r.startsWith('/company/01234567'))).toEqual(['/company/01234567']);

    expect(
      await query(
        `SELECT name, resigned_on::text AS resigned_on FROM officers WHERE company_number = '08123456' AND resigned_on IS NOT NULL`,
      ),
    ).toEqual([{ name: 'FENWICK, Claire Louise', resigned_on: '2022-11-30' }]);
    expect(
      await query(`SELECT l.raw_name FROM charge_lenders l JOIN charges c USING (charge_id) WHERE c.charge_number = 2 ORDER BY l.position`),
    ).toEqual([{ raw_name: 'Lloyds Bank PLC' }, { raw_name: 'Lloyds Bank Commercial Finance Limited' }]);
    const [appointment] = await query(`SELECT description_values FROM filings WHERE type = 'AP01'`);
    expect(appointment.description_values).toEqual({ appointment_date: '2023-01-09', officer_name: 'Mr Thomas James Reid' });
    expect(await query(`SELECT company_status, source FROM companies ORDER BY company_number`)).toEqual([
      { company_status: 'Active', source: 'api' },
      { company_status: 'Active', source: 'api' },
    ]);
  });

  it('is idempotent, and removes what Companies House no longer lists', async () => {
    const reporter = new Collector();
    const officers = load('08123456-officers.json');
    ch.resources['/company/08123456/officers'] = { ...officers, items: officers.items.slice(0, 2), total_results: 2, resigned_count: 0 };
    const count = () =>
      query(
        `SELECT (SELECT count(*) FROM filings)::int AS f, (SELECT count(*) FROM charge_lenders)::int AS l, (SELECT count(*) FROM pscs)::int AS p`,
      );
    const before = await count();
    try {
      await syncCompanies(context(reporter), ['08123456'], { client: { clock: fakeClock() } });
    } finally {
      ch.resources['/company/08123456/officers'] = officers;
    }
    expect(reporter.bads).toEqual([]);
    expect(await count()).toEqual(before);
    expect(await query(`SELECT name FROM officers WHERE company_number = '08123456' ORDER BY name`)).toEqual([
      { name: 'PATEL, Anita Ravi' },
      { name: 'REID, Thomas James' },
    ]);
  });

  it('stops with a clear error when the key is refused', async () => {
    const reporter = new Collector();
    const config = { ...h.t.config, chApiKey: 'wrong-key' };
    await expect(syncCompanies(context(reporter, { config }), ['08123456'], { client: { clock: fakeClock() } })).rejects.toThrow(
      /refused the API key \(401 Unauthorized\): check CH_API_KEY/,
    );
    expect(ch.state.unauthorised).toBeGreaterThan(0);
  });

  it('runs as credence-admin sync: waits out a real 429 and says so, exit 1 for an unknown company, 2 without a key', async () => {
    const env = h.t.environment.env;
    ch.state.tooManyOnce = true;
    const ok = await run(ADMIN, ['sync', '08123456'], env);
    expect(ok.stderr).toMatch(
      /^sync: rate limit: Companies House answered 429 Too Many Requests \(600 per 5 minutes\); waiting \d\.\d s until/m,
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Synced 1 company from Companies House: 19 rows read, \d+ written \(companies 1, officers 4, charges 3, filings 8, pscs 3\), 0 skipped as bad/,
    );

    const missing = await run(ADMIN, ['sync', '08123456', '01234567', 'not-a-number'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('arguments:2: company 01234567 not found at Companies House\n');
    expect(missing.stderr).toContain('arguments:3: "not-a-number" is not a company number');

    const { CH_API_KEY: _key, ...noKey } = env;
    const usage = await run(ADMIN, ['sync', '08123456'], noKey);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('sync needs a Companies House API key: set CH_API_KEY');

    const refused = await run(ADMIN, ['sync', '08123456'], { ...env, CH_API_KEY: 'wrong-key' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('check CH_API_KEY');
  });
});
