import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { systemClock } from '../../src/core/clock.js';
import { syncSecBulk, syncSecCompanies, type SecSyncOptions } from '../../src/modules/us-equity/sync/sec-sync.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { ADMIN, run } from '../support/processes.js';
import { UsCompaniesRepository } from '../../src/modules/us-equity/store/us-companies.repository.js';
import {
  JANUARY_CIK,
  TAGSWITCH_CIK,
  accn,
  calendarYearFacts,
  companyFacts,
  januaryFacts,
  submissions,
  tagswitchFacts,
  writeZip,
} from '../support/sec-data.js';
import { jumpingClock, startFakeSec, type FakeSec, type SecRequest } from '../support/sec-server.js';

const AGENT = 'Credence Tests ops@credence.test';
const factsPath = (cik: number) => `/api/xbrl/companyfacts/CIK${String(cik).padStart(10, '0')}.json`;
const submissionsPath = (cik: number) => `/submissions/CIK${String(cik).padStart(10, '0')}.json`;

/** The fewest milliseconds any 11 consecutive requests took: at most 10 a second means at least 1000. */
function tightestElevenMs(requests: SecRequest[]): number {
  let least = Infinity;
  for (let i = 0; i + 10 < requests.length; i++) least = Math.min(least, requests[i + 10].at - requests[i].at);
  return least;
}

function serveTagswitch(sec: FakeSec, fy2023Revenue = 540): void {
  sec.json(factsPath(TAGSWITCH_CIK), tagswitchFacts(fy2023Revenue));
  sec.json(
    submissionsPath(TAGSWITCH_CIK),
    submissions(
      TAGSWITCH_CIK,
      'Tagswitch Corporation',
      ['TAGS'],
      [
        {
          accession: accn(TAGSWITCH_CIK, '2024-02-14', 14),
          form: '10-K',
          filed: '2024-02-14',
          report: '2023-12-31',
          doc: 'tags-20231231.htm',
        },
      ],
    ),
  );
  sec.json('/files/company_tickers.json', { '0': { cik_str: TAGSWITCH_CIK, ticker: 'TAGS', title: 'Tagswitch Corp' } });
}

describe(`sync-sec, live from a server that speaks like the SEC (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('sync-sec');
  const options = (sec: FakeSec, extra: Partial<SecSyncOptions> = {}): SecSyncOptions => ({
    userAgent: AGENT,
    dataUrl: sec.url,
    wwwUrl: sec.url,
    ...extra,
  });
  const revenue2023 = async () =>
    (
      await h.query(
        `SELECT val::float8 AS val FROM us_facts WHERE cik = $1 AND concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'
         AND period_start = '2023-01-01' AND period_end = '2023-12-31'`,
        [TAGSWITCH_CIK],
      )
    )[0]?.val;

  it('refuses to start without SEC_USER_AGENT, or with one naming no contact', async () => {
    const { SEC_USER_AGENT: _omit, ...env } = h.t.environment.env;
    const bare = await run(ADMIN, ['sync-sec', 'AAPL'], { ...env, SEC_USER_AGENT: '' });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('sync-sec needs SEC_USER_AGENT');
    const vague = await run(ADMIN, ['sync-sec', 'AAPL'], { ...env, SEC_USER_AGENT: 'curl' });
    expect(vague.code).toBe(2);
    expect(vague.stderr).toContain('a contact e-mail address');
  });

  it('syncs by ticker and CIK, waits out a 429 for its Retry-After and a 503 with growing pauses, never over 10 requests a second', async () => {
    const clock = jumpingClock();
    const sec = await startFakeSec(clock.now);
    try {
      serveTagswitch(sec);
      sec.json(factsPath(JANUARY_CIK), januaryFacts());
      sec.json(submissionsPath(JANUARY_CIK), submissions(JANUARY_CIK, 'January Retail Inc', ['JANR'], []));
      sec.script(factsPath(TAGSWITCH_CIK), { status: 429, retryAfter: '3' });
      sec.script(submissionsPath(JANUARY_CIK), { status: 503 }, { status: 503 });
      const reporter = new Collector();
      const summary = await syncSecCompanies(h.context(reporter), ['TAGS', String(JANUARY_CIK), '0000999999', 'not a ticker!', '21'], {
        ...options(sec),
        clock,
      });
      expect(summary).toMatchObject({ kind: 'sync-sec', read: 4, skipped: 3 });
      expect(reporter.bads.map((b) => [b.line, b.reason])).toEqual([
        [4, '"not a ticker!" is neither a CIK nor a ticker the SEC lists (e.g. 320193 or AAPL)'],
        [3, 'CIK 999999: the SEC has no such company (404)'],
        [5, 'CIK 21: the SEC has no such company (404)'],
      ]);
      expect(new Set(sec.requests.map((r) => r.userAgent))).toEqual(new Set([AGENT]));
      const at = (path: string) => sec.requests.filter((r) => r.path === path);
      const [limited, retried] = at(factsPath(TAGSWITCH_CIK));
      expect([limited.status, retried.status]).toEqual([429, 200]);
      expect(retried.at - limited.at).toBeGreaterThanOrEqual(3000);
      const [first, second, third] = at(submissionsPath(JANUARY_CIK));
      expect([first.status, second.status, third.status]).toEqual([503, 503, 200]);
      expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
      expect(third.at - second.at).toBeGreaterThanOrEqual(2000);
      expect(reporter.infos.some((l) => l.includes('429 Too Many Requests; trying again in 3.0 s (as Retry-After asks)'))).toBe(true);
      expect(sec.requests.length).toBeGreaterThanOrEqual(11);
      expect(tightestElevenMs(sec.requests)).toBeGreaterThanOrEqual(1000);

      const [company] = await h.query('SELECT title, ticker, facts_count FROM us_companies WHERE cik = $1', [TAGSWITCH_CIK]);
      expect(company).toMatchObject({ title: 'Tagswitch Corporation', ticker: 'TAGS' });
      expect(company.facts_count).toBeGreaterThan(10);
      expect(await revenue2023()).toBe(540);
      const filings = await h.query('SELECT accession, primary_document FROM us_filings WHERE cik = $1', [TAGSWITCH_CIK]);
      expect(filings).toEqual([{ accession: accn(TAGSWITCH_CIK, '2024-02-14', 14), primary_document: 'tags-20231231.htm' }]);
    } finally {
      await sec.close();
    }
  });

  it('paces real requests: eleven in a row take at least a second on the wall clock', async () => {
    const sec = await startFakeSec(Date.now);
    try {
      serveTagswitch(sec);
      const ciks = [TAGSWITCH_CIK, 11, 12, 13, 14, 15];
      const summary = await syncSecCompanies(h.context(new Collector()), ciks.map(String), { ...options(sec), clock: systemClock });
      expect(summary.read).toBe(6);
      expect(sec.requests).toHaveLength(12);
      // Timestamps are read in whole milliseconds on both sides: allow one for rounding.
      expect(tightestElevenMs(sec.requests)).toBeGreaterThanOrEqual(999);
    } finally {
      await sec.close();
    }
  });

  it('re-runs update: a restated figure replaces the stored one', async () => {
    const sec = await startFakeSec();
    try {
      serveTagswitch(sec, 545);
      await syncSecCompanies(h.context(new Collector()), [String(TAGSWITCH_CIK)], { ...options(sec), clock: jumpingClock() });
      expect(await revenue2023()).toBe(545);
    } finally {
      await sec.close();
    }
  });

  it('a company with no submissions file is named by its companyfacts entity name and gets its ticker from the SEC ticker file', async () => {
    const SNOW = 1640147;
    const sec = await startFakeSec();
    try {
      sec.json(factsPath(SNOW), companyFacts(SNOW, 'Snowflake Inc.', calendarYearFacts(SNOW, 'Revenues', 2023, [623, 1297, 2031, 2806])));
      sec.json('/files/company_tickers.json', { '0': { cik_str: SNOW, ticker: 'SNOW', title: 'Snowflake Inc.' } });
      const reporter = new Collector();
      await syncSecCompanies(h.context(reporter), [String(SNOW)], { ...options(sec), clock: jumpingClock() });
      expect(reporter.bads).toEqual([]);
      const [company] = await h.query('SELECT title, ticker, tickers FROM us_companies WHERE cik = $1', [SNOW]);
      expect(company).toEqual({ title: 'Snowflake Inc.', ticker: 'SNOW', tickers: ['SNOW'] });
      // what `credence us kpis SNOW` looks up
      expect(await new UsCompaniesRepository(h.t.dataSource).byTicker('snow')).toMatchObject({ cik: SNOW, available: true });
      // a ticker an import already stored is kept, and the ticker file is not asked again
      await h.query(`UPDATE us_companies SET ticker = 'SNOW.X' WHERE cik = $1`, [SNOW]);
      const before = sec.requests.length;
      await syncSecCompanies(h.context(new Collector()), [String(SNOW)], { ...options(sec), clock: jumpingClock() });
      expect(sec.requests.slice(before).map((r) => r.path)).not.toContain('/files/company_tickers.json');
      expect((await h.query('SELECT ticker FROM us_companies WHERE cik = $1', [SNOW]))[0].ticker).toBe('SNOW.X');
    } finally {
      await sec.close();
    }
  });

  it('stops at once when the SEC refuses the tool (403), saying why', async () => {
    const sec = await startFakeSec();
    try {
      serveTagswitch(sec);
      sec.script(submissionsPath(TAGSWITCH_CIK), { status: 403 });
      const sync = syncSecCompanies(h.context(new Collector()), [String(TAGSWITCH_CIK), '11'], { ...options(sec), clock: jumpingClock() });
      await expect(sync).rejects.toThrow(/403 Forbidden.*SEC_USER_AGENT.*10 minutes/);
      expect(sec.requests).toHaveLength(1);
    } finally {
      await sec.close();
    }
  });

  it('--bulk streams the nightly companyfacts.zip to DATA_DIR, imports it entry by entry and names the bad files', async () => {
    const sec = await startFakeSec();
    try {
      const zip = await writeZip(join(h.scratch, 'companyfacts.zip'), {
        [`CIK${String(TAGSWITCH_CIK).padStart(10, '0')}.json`]: tagswitchFacts(550),
        [`CIK${String(JANUARY_CIK).padStart(10, '0')}.json`]: januaryFacts(),
        'CIK0000003003.json': '{"cik": 3003, "entityName": "Cut Short", "facts": {',
      });
      sec.file('/Archives/edgar/daily-index/xbrl/companyfacts.zip', zip);
      sec.json('/files/company_tickers_exchange.json', {
        fields: ['cik', 'name', 'ticker', 'exchange'],
        data: [[TAGSWITCH_CIK, 'Tagswitch Corp', 'TAGS', 'Nasdaq']],
      });
      sec.script('/Archives/edgar/daily-index/xbrl/companyfacts.zip', { status: 503, retryAfter: '5' });
      const reporter = new Collector();
      const summary = await syncSecBulk(h.context(reporter), { ...options(sec), clock: jumpingClock() });
      expect(summary).toMatchObject({ kind: 'sync-sec', skipped: 1 });
      expect(summary.bad[0].file).toMatch(/companyfacts\.zip:CIK0000003003\.json$/);
      expect(summary.bad[0].reason).toMatch(/^not valid JSON/);
      expect(summary.tables.us_companies).toBeGreaterThanOrEqual(3);
      expect(existsSync(join(h.t.config.dataDir, 'sec', 'companyfacts.zip'))).toBe(true);
      expect(existsSync(join(h.t.config.dataDir, 'sec', 'companyfacts.zip.part'))).toBe(false);
      expect(reporter.infos.some((l) => /companyfacts\.zip [\d.]+ MB of [\d.]+ MB \(100%\)/.test(l))).toBe(true);
      expect(await revenue2023()).toBe(550);
      const [january] = await h.query('SELECT title FROM us_companies WHERE cik = $1', [JANUARY_CIK]);
      expect(january.title).toBe('January Retail Inc');
    } finally {
      await sec.close();
    }
  });
});
