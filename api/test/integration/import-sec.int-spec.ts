import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { companyKpis, kpiTable, kpiValue } from '@credence/shared';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secSubmissionsImporter } from '../../src/modules/us-equity/import/submissions.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import { loadFacts } from '../../src/modules/us-equity/store/us-facts.repository.js';
import { UsCompaniesRepository } from '../../src/modules/us-equity/store/us-companies.repository.js';
import { storedCompanyKpis } from '../../src/modules/us-equity/kpis-cache.js';
import { ADMIN, run } from '../support/processes.js';
import {
  JANUARY_CIK,
  TAGSWITCH_CIK,
  accn,
  companyFacts,
  januaryFacts,
  submissions,
  tagswitchFacts,
  writeJson,
  writeZip,
  type RawFact,
} from '../support/sec-data.js';
import { Collector, importHarness } from '../support/import-harness.js';

describe(`import sec-companyfacts, sec-submissions, sec-tickers (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('sec-import');
  const { context, query } = h;

  it('imports a directory of companyfacts files (integer and padded CIKs), names the bad files and keeps the good ones', async () => {
    const dir = join(h.scratch, 'facts');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir);
    writeJson(dir, 'CIK0000001001.json', tagswitchFacts());
    writeJson(dir, 'CIK0000002002.json', januaryFacts());
    writeJson(dir, 'CIK0000003003.json', '{"cik": 3003, "entityName": "Cut Short", "facts": {');
    writeJson(dir, 'CIK0000004004.json', { entityName: 'No Cik Inc', facts: {} });
    const reporter = new Collector();
    const summary = await secCompanyFactsImporter.run(context(reporter), [dir]);
    expect(summary).toMatchObject({ read: 4, skipped: 2 });
    expect(summary.tables.us_companies).toBe(2);
    expect(reporter.bads.map((b) => [b.file.split('/').pop(), b.reason.split(' (')[0]])).toEqual([
      ['CIK0000003003.json', 'not valid JSON'],
      ['CIK0000004004.json', 'cik is missing or not a CIK'],
    ]);
    const companies = await query('SELECT cik, title, facts_count FROM us_companies ORDER BY cik');
    expect(companies.map((c: { cik: number; title: string }) => [c.cik, c.title])).toEqual([
      [TAGSWITCH_CIK, 'Tagswitch Corp'],
      [JANUARY_CIK, 'January Retail Inc'],
    ]);
    const forms = await query('SELECT DISTINCT form FROM us_facts ORDER BY form');
    expect(forms.map((r: { form: string }) => r.form)).toEqual(['10-K', '10-Q']);
    expect((await query(`SELECT count(*)::int AS n FROM us_facts WHERE concept LIKE 'dei:%'`))[0].n).toBe(0);
  });

  it('keeps the latest filed copy of a restated period, traced to its filing', async () => {
    const rows = await query(
      `SELECT concept, val::float8 AS val, accn, form, to_char(filed, 'YYYY-MM-DD') AS filed FROM us_facts
       WHERE cik = $1 AND period_start = '2022-01-01' AND period_end = '2022-12-31' ORDER BY concept`,
      [TAGSWITCH_CIK],
    );
    expect(rows).toEqual([
      {
        concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
        val: 455,
        accn: accn(TAGSWITCH_CIK, '2024-02-14', 14),
        form: '10-K',
        filed: '2024-02-14',
      },
      { concept: 'us-gaap:SalesRevenueNet', val: 460, accn: accn(TAGSWITCH_CIK, '2023-02-15', 14), form: '10-K', filed: '2023-02-15' },
    ]);
  });

  it('reads one revenue series through the tag switch and the January year end from the stored facts', async () => {
    const tag = companyKpis(await loadFacts(h.t.dataSource, TAGSWITCH_CIK));
    const annual = kpiTable(tag, 'Income Statement', 'annual').table_data.find((r) => r.name === 'revenue')!;
    expect(annual.cells.map((c) => c?.value)).toEqual([455, 540]);
    expect(kpiValue(tag, 'revenue@2022Q4')).toMatchObject({ value: 125, derived: true, formula: 'FY − 9M' });
    expect(kpiValue(tag, 'revenue@2023Q4')).toMatchObject({ value: 150, derived: true });
    const jan = companyKpis(await loadFacts(h.t.dataSource, JANUARY_CIK), { fiscalYearEnd: '0131' });
    const quarters = kpiTable(jan, 'Income Statement', 'quarterly').table_data[0]!;
    expect(quarters.cells.map((c) => [c?.value, c?.derived])).toEqual([
      [1000, false],
      [1100, false],
      [1200, false],
      [1500, true],
    ]);
    expect(kpiTable(jan, 'Income Statement', 'annual').periods.map((p) => p.key)).toEqual(['FY2024']);
  });

  it('re-runs update: a changed figure replaces the stored one and nothing is duplicated', async () => {
    const before = (await query('SELECT count(*)::int AS n FROM us_facts'))[0].n;
    // the KPI pages and research keep a company's KPIs computed: read them once before the re-import
    const kpisOf = async () => storedCompanyKpis(h.t.dataSource, (await new UsCompaniesRepository(h.t.dataSource).byCik(TAGSWITCH_CIK))!);
    expect(kpiValue(await kpisOf(), 'revenue@FY2023')).toMatchObject({ value: 540 });
    const file = writeJson(h.scratch, 'CIK0000001001.json', tagswitchFacts(545));
    await secCompanyFactsImporter.run(context(new Collector()), [file]);
    expect((await query('SELECT count(*)::int AS n FROM us_facts'))[0].n).toBe(before);
    const [row] = await query(
      `SELECT val::float8 AS val FROM us_facts WHERE cik = $1 AND period_start = '2023-01-01' AND period_end = '2023-12-31' AND concept LIKE '%RevenueFromContract%'`,
      [TAGSWITCH_CIK],
    );
    expect(row.val).toBe(545);
    expect(kpiValue(await kpisOf(), 'revenue@FY2023')).toMatchObject({ value: 545 });
  });

  it('streams the entries of companyfacts.zip and skips what is not JSON', async () => {
    await query('DELETE FROM us_companies');
    const zip = await writeZip(join(h.scratch, 'companyfacts.zip'), {
      'CIK0000001001.json': tagswitchFacts(),
      'CIK0000002002.json': januaryFacts(),
      'README.txt': 'not a company',
    });
    const reporter = new Collector();
    const summary = await secCompanyFactsImporter.run(context(reporter), [zip]);
    expect(summary).toMatchObject({ read: 2, skipped: 0 });
    expect(reporter.progressCalls).toBe(2);
    expect((await query('SELECT count(*)::int AS n FROM us_companies'))[0].n).toBe(2);
  });

  it('a re-run skips the files unchanged since their last import and re-imports the changed one', async () => {
    const path = join(h.scratch, 'companyfacts.zip');
    const again = new Collector();
    const same = await secCompanyFactsImporter.run(context(again), [path]);
    expect(same).toMatchObject({ read: 2, skipped: 0, written: 0 });
    expect(again.infos.join('\n')).toContain('2 file(s) unchanged since their last import');
    await writeZip(path, { 'CIK0000001001.json': tagswitchFacts(777), 'CIK0000002002.json': januaryFacts() });
    const changed = new Collector();
    expect((await secCompanyFactsImporter.run(context(changed), [path])).tables.us_companies).toBe(1);
    expect(changed.infos.join('\n')).toContain('1 file(s) unchanged');
    const [row] = await query(
      `SELECT val::float8 AS val FROM us_facts WHERE cik = $1 AND period_start = '2023-01-01' AND period_end = '2023-12-31' AND concept LIKE '%RevenueFromContract%'`,
      [TAGSWITCH_CIK],
    );
    expect(row.val).toBe(777);
  });

  it('writes every kept fact of every file exactly once over many batches, in-process and through credence-admin alike', async () => {
    await query('DELETE FROM us_facts');
    await query('DELETE FROM us_companies');
    // 90 companies of 1 to 5 fiscal years, each year filed in its 10-K and restated in the next
    // year's comparative copy (the later one, framed, must win); read in batches of 7 companies.
    const annual = (cik: number, year: number, val: number, filed: string, frame?: string): RawFact => ({
      concept: 'Revenues',
      start: `${year}-01-01`,
      end: `${year}-12-31`,
      val,
      accn: accn(cik, filed, 14),
      fy: Number(filed.slice(0, 4)) - 1,
      fp: 'FY',
      form: '10-K',
      filed,
      ...(frame ? { frame } : {}),
    });
    const files: Record<string, unknown> = {};
    const expected: Record<number, number> = {};
    for (let k = 0; k < 90; k++) {
      const cik = 7000 + k;
      const facts: RawFact[] = [];
      for (let year = 2015; year < 2016 + (k % 5); year++) {
        const frame = k === 0 ? 'odd\tframe \\ end' : `CY${year}`;
        facts.push(annual(cik, year, 1000 + k, `${year + 1}-02-14`), annual(cik, year, 2000 + k, `${year + 2}-02-14`, frame));
      }
      expected[cik] = 1 + (k % 5);
      files[`CIK${String(cik).padStart(10, '0')}.json`] = companyFacts(k % 2 ? cik : String(cik).padStart(10, '0'), `Many ${k}`, facts);
    }
    const zip = await writeZip(join(h.scratch, 'many.zip'), files);
    // The same company again after the archive, with one year: read last, it counts.
    const later = writeJson(
      mkdtempSync(join(h.scratch, 'later-')),
      'CIK0000007003.json',
      companyFacts(7003, 'Many 3', [annual(7003, 2020, 5, '2021-02-14')]),
    );
    expected[7003] = 1;
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    const stored = async () => {
      const counts = await query('SELECT cik, count(*)::int AS n FROM us_facts GROUP BY cik ORDER BY cik');
      expect(Object.fromEntries(counts.map((r: { cik: number; n: number }) => [r.cik, r.n]))).toEqual(expected);
      const twice = await query('SELECT cik FROM us_facts GROUP BY cik, concept, unit, period_start, period_end HAVING count(*) > 1');
      expect(twice).toEqual([]);
      const vals = await query('SELECT DISTINCT cik, val::float8 AS val FROM us_facts ORDER BY cik');
      expect(vals).toEqual(Object.keys(expected).map((c) => ({ cik: Number(c), val: Number(c) === 7003 ? 5 : 2000 + Number(c) - 7000 })));
      return query(
        `SELECT cik, concept, unit, period_start::text, period_end::text, val::text, accn, form, filed::text, frame, fy, fp
         FROM us_facts ORDER BY cik, period_end`,
      );
    };
    const reporter = new Collector();
    const summary = await secCompanyFactsImporter.run(context(reporter, { batchSize: 7 }), [zip, later]);
    expect(summary).toMatchObject({ read: 91, skipped: 0 });
    expect(summary.tables.us_facts).toBe(total + 5 - 1);
    expect(reporter.progressCalls).toBe(91);
    const inProcess = await stored();
    expect(inProcess.filter((r: { frame: string }) => r.frame === 'odd\tframe \\ end')).toHaveLength(1);
    // credence-admin: COPY on server Postgres; on the embedded database this process serves, the
    // rows travel over the socket (the other path of the writer). The same rows either way.
    await query('DELETE FROM us_facts');
    await query('DELETE FROM us_companies');
    const cli = await run(ADMIN, ['import', 'sec-companyfacts', zip, later, '--batch-size', '7', '--json'], h.t.environment.env);
    expect(cli.code).toBe(0);
    expect(await stored()).toEqual(inProcess);
  });

  it('stops on the signal: the files read so far are written, the rest are not read', async () => {
    await query('DELETE FROM us_facts');
    await query('DELETE FROM us_companies');
    const zip = join(h.scratch, 'many.zip');
    const controller = new AbortController();
    const reporter = new Collector(() => {
      if (reporter.progressCalls === 3) controller.abort();
    });
    const summary = await secCompanyFactsImporter.run(context(reporter, { signal: controller.signal }), [zip]);
    expect(summary.read).toBe(3);
    expect((await query('SELECT cik FROM us_companies ORDER BY cik')).map((r: { cik: number }) => r.cik)).toEqual([7000, 7001, 7002]);
    expect((await query('SELECT count(*)::int AS n FROM us_facts'))[0].n).toBe(1 + 2 + 3);
  });

  it('imports submissions: the company, its SIC industry and sector, and its periodic filings (older pages too)', async () => {
    const dir = join(h.scratch, 'subs');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir);
    const f = (seq: number, form: string, filed: string) => ({
      accession: accn(TAGSWITCH_CIK, filed, seq),
      form,
      filed,
      report: filed,
      doc: `ts-${seq}.htm`,
    });
    writeJson(
      dir,
      'CIK0000001001.json',
      submissions(
        TAGSWITCH_CIK,
        'Tagswitch Corporation',
        ['TSW'],
        [f(14, '10-K', '2024-02-14'), f(2, '8-K', '2024-01-30'), f(13, '10-Q', '2023-11-01')],
      ),
    );
    const page = submissions(TAGSWITCH_CIK, 'x', [], [f(9, '10-K', '2019-02-14')]) as { filings: { recent: unknown } };
    writeJson(dir, 'CIK0000001001-submissions-001.json', page.filings.recent);
    writeJson(dir, 'CIK0000009009.json', submissions(9009, 'A Person', [], []));
    const reporter = new Collector();
    const summary = await secSubmissionsImporter.run(context(reporter), [dir]);
    expect(summary).toMatchObject({ read: 3, skipped: 0 });
    expect(reporter.infos.join('\n')).toContain('1 filer(s) with no ticker and no periodic report not kept');
    const [company] = await query('SELECT title, ticker, industry, sector, fiscal_year_end FROM us_companies WHERE cik = $1', [
      TAGSWITCH_CIK,
    ]);
    expect(company).toEqual({
      title: 'Tagswitch Corporation',
      ticker: 'TSW',
      industry: 'Electronic Computers',
      sector: 'Manufacturing',
      fiscal_year_end: '1231',
    });
    const filings = await query('SELECT form, primary_document FROM us_filings WHERE cik = $1 ORDER BY filing_date', [TAGSWITCH_CIK]);
    expect(filings).toEqual([
      { form: '10-K', primary_document: 'ts-9.htm' },
      { form: '10-Q', primary_document: 'ts-13.htm' },
      { form: '10-K', primary_document: 'ts-14.htm' },
    ]);
    expect((await query('SELECT count(*)::int AS n FROM us_companies WHERE cik = 9009'))[0].n).toBe(0);
  });

  it('imports both ticker files: several tickers of one company, the exchange, bad records named', async () => {
    const plain = writeJson(h.scratch, 'company_tickers.json', {
      0: { cik_str: 1652044, ticker: 'GOOGL', title: 'Alphabet Inc.' },
      1: { cik_str: 1652044, ticker: 'GOOG', title: 'Alphabet Inc.' },
      2: { cik_str: 'x', ticker: 'BAD', title: 'Bad' },
      3: { cik_str: TAGSWITCH_CIK, ticker: 'tsw', title: 'TAGSWITCH CORP' },
    });
    const exchange = writeJson(h.scratch, 'company_tickers_exchange.json', {
      fields: ['cik', 'name', 'ticker', 'exchange'],
      data: [
        [1652044, 'Alphabet Inc.', 'GOOGL', 'Nasdaq'],
        [2002, 'January Retail Inc', 'JANR', ''],
      ],
    });
    const reporter = new Collector();
    const summary = await secTickersImporter.run(context(reporter), [plain, exchange]);
    expect(summary).toMatchObject({ read: 6, skipped: 1 });
    expect(reporter.bads[0]).toMatchObject({ line: 3, reason: 'record 3: cik is not a CIK' });
    const rows = await query('SELECT cik, ticker, tickers, exchange FROM us_companies WHERE cik = ANY($1::int[]) ORDER BY cik', [
      [2002, 1652044],
    ]);
    expect(rows).toEqual([
      { cik: 2002, ticker: 'JANR', tickers: ['JANR'], exchange: null },
      { cik: 1652044, ticker: 'GOOGL', tickers: ['GOOGL', 'GOOG'], exchange: 'Nasdaq' },
    ]);
  });

  it('credence-admin import sec-companyfacts names a bad file on stderr and exits 1, the summary on stdout', async () => {
    const dir = mkdtempSync(join(h.scratch, 'cli-'));
    writeJson(dir, 'CIK0000001001.json', tagswitchFacts());
    writeJson(dir, 'CIK0000005005.json', '[1, 2]');
    const result = await run(ADMIN, ['import', 'sec-companyfacts', dir, '--json'], h.t.environment.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CIK0000005005.json:1: not a companyfacts document');
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ kind: 'sec-companyfacts', read: 2, skipped: 1 });
    const missing = await run(ADMIN, ['import', 'sec-companyfacts', join(dir, 'nope.json')], h.t.environment.env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('nope.json: no such file or directory');
  });
});
