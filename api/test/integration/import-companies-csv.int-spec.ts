import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import pg from 'pg';
import { companiesCsvImporter, createCompaniesCsvImporter } from '../../src/modules/companies-house/import/companies-csv.importer.js';
import { parseCsv } from '../../src/modules/companies-house/import/csv-reader.js';
import { REFRESH_LOCK, requestRefresh } from '../../src/modules/companies-house/store/derived-tables.js';
import { ADMIN, run, startServer } from '../support/processes.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { companiesHouseFixtures } from '../support/fixtures.js';

const FIXTURES = companiesHouseFixtures('csv');
/** 30 companies in the published format (CRLF, every field quoted, one address with a line break). */
const CSV = join(FIXTURES, 'BasicCompanyData-2026-11-01-part1_1.csv');
/** 12 records: 3 good, 9 bad in different ways. */
const BAD = join(FIXTURES, 'BasicCompanyData-bad.csv');
const server = Boolean(process.env.DATABASE_URL);

const quote = (fields: string[]) => fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',');

describe(`import companies-csv (${server ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('companies-csv');
  const { context, query } = h;
  const count = async () => (await query('SELECT count(*)::int AS n FROM companies'))[0].n as number;
  const company = async (number: string) =>
    (
      await query(`SELECT *, incorporation_date::text AS inc, dissolution_date::text AS dis FROM companies WHERE company_number = $1`, [
        number,
      ])
    )[0];
  const indexes = async () =>
    (await query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'companies' ORDER BY indexname`)) as {
      indexname: string;
      indexdef: string;
    }[];
  const comment = async () => (await query(`SELECT obj_description('companies'::regclass, 'pg_class') AS c`))[0].c as string | null;
  const empty = () => query('TRUNCATE companies CASCADE');
  const fixture = parseCsv(readFileSync(CSV, 'utf8')).records.map((r) => r.fields);

  it('imports a file in the published format: every row, values as published', async () => {
    const reporter = new Collector();
    const summary = await companiesCsvImporter.run(context(reporter), [CSV]);
    expect(summary).toMatchObject({
      kind: 'companies-csv',
      files: [CSV],
      read: 30,
      written: 30,
      tables: { companies: 30 },
      skipped: 0,
      bad: [],
    });
    expect(reporter.bads).toEqual([]);
    expect(await count()).toBe(30);
    // Progress by bytes, ending at the file's size.
    const size = readFileSync(CSV).length;
    expect(reporter.progresses.at(-1)).toEqual([30, size, size]);

    expect(await company('00445790')).toMatchObject({
      company_name: 'TESCO PLC',
      company_category: 'Public Limited Company',
      company_status: 'Active',
      inc: '1947-11-27',
      address_line_1: 'TESCO HOUSE, SHIRE PARK',
      address_line_2: 'KESTREL WAY',
      post_town: 'WELWYN GARDEN CITY',
      postcode: 'AL7 1GA',
      sic_codes: ['47110'],
      sic_texts: ['47110 - Retail sale in non-specialised stores with food, beverages or tobacco predominating'],
      accounts_ref_day: 24,
      accounts_ref_month: 2,
      accounts_category: 'GROUP',
      mortgages_total: 12,
      mortgages_outstanding: 0,
      mortgages_satisfied: 12,
      previous_names: [],
      uri: 'http://business.data.gov.uk/id/company/00445790',
      source: 'csv',
    });
    expect(await company('09145694')).toMatchObject({
      sic_codes: ['62012', '62020'],
      previous_names: [
        { name: 'ACORN WEB DESIGN LIMITED', effective_from: '2016-09-02', ceased_on: '2019-03-15' },
        { name: 'ACORN DIGITAL LIMITED', effective_from: '2014-07-24', ceased_on: '2016-09-02' },
      ],
    });
    expect(await company('04127351')).toMatchObject({
      company_name: 'SMITH, JONES & PARTNERS LIMITED',
      address_care_of: 'HARRIS & CO ACCOUNTANTS',
      address_line_2: 'MILL LANE, ALTON',
      mortgages_total: 2,
      mortgages_outstanding: 1,
      mortgages_part_satisfied: 0,
      mortgages_satisfied: 1,
    });
    expect(await company('11873452')).toMatchObject({
      company_name: 'THE "OLD" BAKERY (WHITBY) LTD',
      company_status: 'Active - Proposal to Strike off',
    });
    expect(await company('OC301234')).toMatchObject({
      company_category: 'Limited Liability Partnership',
      sic_codes: [],
      sic_texts: ['None Supplied'],
    });
    expect(await company('LP012345')).toMatchObject({
      accounts_ref_day: null,
      accounts_ref_month: null,
      accounts_next_due: null,
      accounts_category: 'NO ACCOUNTS FILED',
    });
    expect(await company('08765432')).toMatchObject({ company_status: 'Dissolved', dis: '2025-01-14' });
    expect(await company('12456789')).toMatchObject({ company_name: 'CAFÉ ROUGE CORNWALL LIMITED', address_po_box: 'PO BOX 27' });
    expect(await company('09876543')).toMatchObject({ address_line_1: 'THE STUDIO\n14 BACK LANE', post_town: 'CHESTER' });
    expect(await company('FC031234')).toMatchObject({ country_of_origin: 'IRELAND', company_category: 'Other company type' });
    expect(await company('02345678')).toMatchObject({ sic_codes: ['64910', '64921', '64999', '66190'] });
    const statuses = (await query('SELECT DISTINCT company_status AS s FROM companies ORDER BY 1')).map((r: { s: string }) => r.s);
    expect(statuses).toEqual([
      'Active',
      'Active - Proposal to Strike off',
      'Dissolved',
      'In Administration',
      'Liquidation',
      'Receivership Action',
      'Voluntary Arrangement',
    ]);
    // Searchable: by name prefix, and by a misspelt name (trigrams).
    expect(await query(`SELECT company_number FROM companies WHERE lower(company_name) LIKE 'tesco%'`)).toEqual([
      { company_number: '00445790' },
    ]);
    expect(
      await query(
        `SELECT company_number FROM companies ORDER BY similarity(lower(company_name), 'calidonian marine engineering') DESC LIMIT 1`,
      ),
    ).toEqual([{ company_number: 'SC123456' }]);
  });

  it('re-imports idempotently: the same rows updated in place, never duplicated', async () => {
    // The listing comes from another source: a re-import keeps it.
    await query(`UPDATE companies SET exchange = 'LSE', ticker = 'TSCO' WHERE company_number = '00445790'`);
    const before = await company('00445790');
    const changed = join(h.scratch, 'BasicCompanyData-2026-12-01-part1_1.csv');
    writeFileSync(
      changed,
      readFileSync(CSV, 'utf8').replace('"KESTREL WAY"', '"KESTREL WAY NORTH"').replace('"Active - Proposal to Strike off"', '"Active"'),
    );
    for (let i = 0; i < 2; i++) {
      const summary = await companiesCsvImporter.run(context(new Collector()), [changed]);
      expect(summary).toMatchObject({ read: 30, written: 30, skipped: 0 });
      expect(await count()).toBe(30);
    }
    const after = await company('00445790');
    expect(after).toMatchObject({ address_line_2: 'KESTREL WAY NORTH', exchange: 'LSE', ticker: 'TSCO' });
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect((await company('11873452')).company_status).toBe('Active');
  });

  it('reports each bad row with its file, line and what is wrong, and keeps every good row', async () => {
    await empty();
    const reporter = new Collector();
    const summary = await companiesCsvImporter.run(context(reporter), [BAD]);
    const expected = [
      { file: BAD, line: 3, reason: 'expected 55 fields as in the header, found 53 (a field or a comma missing?)' },
      { file: BAD, line: 4, reason: 'unparsable date "31/02/2020" in IncorporationDate (expected DD/MM/YYYY)' },
      { file: BAD, line: 5, reason: 'missing company number (CompanyNumber is empty)' },
      { file: BAD, line: 7, reason: 'text after the closing quote of a field (a quote inside a quoted field must be doubled: "")' },
      { file: BAD, line: 8, reason: 'company number "ABC123" is not 8 letters and digits' },
      { file: BAD, line: 9, reason: 'Mortgages.NumMortCharges "two" is not a whole number' },
      { file: BAD, line: 11, reason: 'SIC "Software" in SICCode.SicText_1 is not "<code> - <description>" or "None Supplied"' },
      { file: BAD, line: 12, reason: 'unparsable date "2019-03-15" in PreviousName_1.CONDATE (expected DD/MM/YYYY)' },
      { file: BAD, line: 13, reason: 'a quoted field is never closed (a " is missing)' },
    ];
    expect(reporter.bads).toEqual(expected);
    expect(summary).toMatchObject({ read: 12, written: 3, skipped: 9, bad: expected });
    const names = await query('SELECT company_name FROM companies ORDER BY company_number');
    expect(names).toEqual([
      { company_name: 'AVON VALLEY CIDER LIMITED' },
      { company_name: 'THE "QUOTED" COMPANY, LIMITED' },
      { company_name: 'GOOD AGAIN LIMITED' },
    ]);
  });

  it('reports a row the database refuses despite the checks (a NUL character) at its line, writing the rest of its batch', async () => {
    await empty();
    const file = join(h.scratch, 'BasicCompanyData-nul.csv');
    const [header, ...rows] = fixture;
    writeFileSync(file, [header, rows[0], ['NUL\u0000 LIMITED', ...rows[1].slice(1)], rows[2]].map(quote).join('\n'));
    const reporter = new Collector();
    const summary = await companiesCsvImporter.run(context(reporter), [file]);
    expect(reporter.bads).toEqual([{ file, line: 3, reason: expect.stringMatching(/^the database refused the row: .*0x00/) }]);
    expect(summary).toMatchObject({ read: 3, written: 2, skipped: 1 });
    expect(await count()).toBe(2);
  });

  it('imports the multi-part set from a directory in part order, the later row winning', async () => {
    await empty();
    const dir = join(h.scratch, 'parts');
    mkdirSync(dir);
    const [header, ...rows] = fixture;
    const parts = [rows.slice(0, 10), rows.slice(10, 20), [...rows.slice(20), ['TESCO STORES PLC', ...rows[0].slice(1)]]];
    // Part 10 sorts after part 2: natural order. (Only parts 1, 2 and 10 of 10: the others are reported missing.)
    const names = [
      'BasicCompanyData-2026-11-01-part1_10.csv',
      'BasicCompanyData-2026-11-01-part2_10.csv',
      'BasicCompanyData-2026-11-01-part10_10.csv',
    ];
    parts.forEach((part, i) => writeFileSync(join(dir, names[i]), [header, ...part].map(quote).join('\r\n') + '\r\n'));
    writeFileSync(join(dir, 'README.txt'), 'not a part');
    const reporter = new Collector();
    const summary = await companiesCsvImporter.run(context(reporter, { batchSize: 4 }), [dir]);
    expect(summary.files).toEqual(names.map((name) => join(dir, name)));
    expect(summary).toMatchObject({ read: 31, written: 31, skipped: 0 });
    expect(await count()).toBe(30);
    expect((await company('00445790')).company_name).toBe('TESCO STORES PLC');
    expect(reporter.infos).toContainEqual(expect.stringContaining('part 3 of 10, part 4 of 10'));
  });

  it('refuses a file whose header is not the published one before writing anything, naming the missing columns', async () => {
    await empty();
    const wrong = join(h.scratch, 'wrong-header.csv');
    const [header, first] = fixture;
    const keep = header.map((name, i) => i).filter((i) => !['IncorporationDate', ' CompanyNumber'].includes(header[i]));
    writeFileSync(wrong, [keep.map((i) => header[i]), keep.map((i) => first[i])].map(quote).join('\n'));
    await expect(companiesCsvImporter.run(context(new Collector()), [CSV, wrong])).rejects.toThrow(
      `${wrong}: not a BasicCompanyData CSV (Companies House Free Company Data Product): its header lacks 2 columns: CompanyNumber, IncorporationDate.`,
    );
    expect(await count()).toBe(0);
    await expect(companiesCsvImporter.run(context(new Collector()), [join(h.scratch, 'nowhere.csv')])).rejects.toThrow(
      /nowhere\.csv: no such file or directory/,
    );
  });

  it('stops after the current batch when asked to, and a re-run finishes the import', async () => {
    await empty();
    const controller = new AbortController();
    const reporter = new Collector(() => controller.abort());
    const summary = await companiesCsvImporter.run(context(reporter, { batchSize: 7, signal: controller.signal }), [CSV]);
    expect(summary.written).toBe(7);
    expect(await count()).toBe(7);
    const rerun = await companiesCsvImporter.run(context(new Collector(), { batchSize: 7 }), [CSV]);
    expect(rerun).toMatchObject({ read: 30, written: 30 });
    expect(await count()).toBe(30);
  });

  it('runs as credence-admin import companies-csv: summary on stdout, FILE:LINE: REASON on stderr, exit 0, 1 or 2', async () => {
    await empty();
    const env = h.t.environment.env;
    const ok = await run(ADMIN, ['import', 'companies-csv', CSV, '--quiet'], env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Imported companies-csv from 1 file: 30 rows read, 30 written \(companies 30\), 0 skipped as bad, in [\d.]+ s \([\d,]+ rows\/s\)\.\n$/,
    );

    const json = await run(ADMIN, ['import', 'companies-csv', CSV, '--json'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'companies-csv', read: 30, written: 30, skipped: 0, tables: { companies: 30 } });

    const bad = await run(ADMIN, ['import', 'companies-csv', BAD, '--quiet'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${BAD}:4: unparsable date "31/02/2020" in IncorporationDate (expected DD/MM/YYYY)\n`);
    expect(bad.stderr).toContain(`${BAD}:13: a quoted field is never closed (a " is missing)\n`);
    expect(bad.stderr).toContain('companies-csv: 9 bad row(s) skipped (the good rows are imported).');
    expect(bad.stdout).toMatch(/12 rows read, 3 written \(companies 3\), 9 skipped as bad/);
    expect((await run(ADMIN, ['import', 'companies-csv', BAD, '--quiet', '--max-bad', '9'], env)).code).toBe(0);

    const unknown = await run(ADMIN, ['import', 'companies-xml', CSV], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown import kind "companies-xml"');

    const zip = join(h.scratch, 'BasicCompanyDataAsOneFile-2026-11-01.zip');
    writeFileSync(zip, 'PK');
    const zipped = await run(ADMIN, ['import', 'companies-csv', zip], env);
    expect(zipped.code).toBe(1);
    expect(zipped.stderr).toContain('is a zip archive: unzip it first');
  });

  // The bulk path exists only on server Postgres (COPY); the embedded run reports it skipped.
  describe('bulk load into an empty table (server Postgres)', { skip: server ? false : 'needs DATABASE_URL (server PostgreSQL)' }, () => {
    /** A file of `rows` companies (about 500 bytes each) in the published format. */
    const bigFile = (rows: number) => {
      const path = join(h.scratch, `BasicCompanyData-big-${rows}.csv`);
      const [header, ...templates] = fixture;
      const lines = [quote(header)];
      for (let i = 0; i < rows; i++) {
        const fields = [...templates[i % templates.length]];
        fields[1] = `ZZ${String(i).padStart(6, '0')}`;
        lines.push(quote(fields));
      }
      writeFileSync(path, lines.join('\r\n') + '\r\n');
      return path;
    };

    it('sets the search indexes aside and builds the same ones at the end', async () => {
      await empty();
      const before = await indexes();
      expect(before.map((i) => i.indexname)).toEqual(
        expect.arrayContaining([
          'companies_name_prefix_idx',
          'companies_name_trgm_idx',
          'companies_pkey',
          'companies_postcode_idx',
          'companies_sic_codes_idx',
        ]),
      );
      const reporter = new Collector();
      const summary = await createCompaniesCsvImporter({ bulkMinBytes: 0 }).run(context(reporter, { batchSize: 10 }), [CSV]);
      expect(summary).toMatchObject({ read: 30, written: 30, skipped: 0 });
      expect(reporter.infos).toContainEqual(
        expect.stringContaining('bulk load into an empty table: 4 search indexes are built once at the end'),
      );
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
      // Not empty any more: the next import keeps the indexes in place.
      const next = new Collector();
      await createCompaniesCsvImporter({ bulkMinBytes: 0 }).run(context(next), [CSV]);
      expect(next.infos).toEqual([]);
    });

    it('copies into the empty table, and a company number met twice in the file (one batch, or two) ends as its later row', async () => {
      await empty();
      const before = await indexes();
      const file = join(h.scratch, 'BasicCompanyData-twice.csv');
      const [header, ...rows] = fixture;
      const tesco = rows.findIndex((fields) => fields[1] === '00445790');
      const second = rows[(tesco + 1) % rows.length];
      const records = [
        rows[tesco],
        second,
        // The same company twice in the first batch of 8...
        ['RENAMED IN THE SAME BATCH LIMITED', ...second.slice(1)],
        ...rows.filter((fields) => fields !== rows[tesco] && fields !== second),
        // ...and again in the last batch, while the first may still be in flight.
        ['TESCO STORES PLC', ...rows[tesco].slice(1)],
      ];
      writeFileSync(file, [header, ...records].map(quote).join('\r\n') + '\r\n');
      const reporter = new Collector();
      const summary = await createCompaniesCsvImporter({ bulkMinBytes: 0 }).run(context(reporter, { batchSize: 8 }), [file]);
      expect(reporter.infos).toContainEqual(expect.stringContaining('bulk load into an empty table'));
      expect(reporter.bads).toEqual([]);
      // Rows written as with the indexes in place: the repeat within a batch once, the later one as an update.
      expect(summary).toMatchObject({ read: 32, written: 31, skipped: 0 });
      expect(await count()).toBe(30);
      expect((await company('00445790')).company_name).toBe('TESCO STORES PLC');
      expect((await company(second[1])).company_name).toBe('RENAMED IN THE SAME BATCH LIMITED');
      expect(await company('09145694')).toMatchObject({ sic_codes: ['62012', '62020'] });
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
    });

    const screened = async () => (await query('SELECT count(*)::int AS n FROM screener_companies'))[0].n as number;
    const owed = async () => (await query('SELECT pending_since FROM derived_refresh'))[0]?.pending_since ?? null;
    const exited = async (pid: number) => {
      for (let tries = 0; tries < 600; tries++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the background refresh (pid ${pid}) is still running after a minute`);
    };

    it('a first load answers once the rows are in; the indexes and derived tables follow in the background, and credence-admin refresh waits for them', async () => {
      await empty();
      await run(ADMIN, ['refresh', '--force', '--quiet'], h.t.environment.env);
      const before = await indexes();
      const imported = await run(ADMIN, ['import', 'companies-csv', bigFile(40_000), '--json', '--quiet'], h.t.environment.env);
      expect(imported.code).toBe(0);
      const summary = JSON.parse(imported.stdout);
      const log = join(h.t.environment.env.DATA_DIR, 'refresh.log');
      expect(summary).toMatchObject({ read: 40_000, written: 40_000, skipped: 0, finishing: { pid: expect.any(Number), log } });
      expect([...summary.indexesSetAside].sort()).toEqual([
        'companies_name_prefix_idx',
        'companies_name_trgm_idx',
        'companies_postcode_idx',
        'companies_sic_codes_idx',
      ]);
      // The rows are there at once.
      expect(await count()).toBe(40_000);

      const refresh = await run(ADMIN, ['refresh', '--json'], h.t.environment.env);
      expect(refresh.code).toBe(0);
      const outcome = JSON.parse(refresh.stdout);
      // It waited for the background refresh, or (had it started first) did the work itself.
      expect(outcome.waited || outcome.refreshed).toBe(true);
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
      expect(await screened()).toBe(40_000);
      const words = await query(`SELECT word FROM company_name_words WHERE word = lower(split_part($1, ' ', 1))`, [fixture[1][0]]);
      expect(words).toHaveLength(1);
      expect(await owed()).toBeNull();
      await exited(summary.finishing.pid);
      expect(readFileSync(log, 'utf8')).toMatch(/credence-admin refresh, started by an import[\s\S]*(Refreshed|up to date)/);

      const nothing = await run(ADMIN, ['refresh'], h.t.environment.env);
      expect(nothing.code).toBe(0);
      expect(nothing.stdout).toBe('Everything derived from the register is up to date (--force refreshes it anyway).\n');
    });

    it("a refresh owed with none running (its process killed): the server's start says so, and credence-admin refresh does it", async () => {
      await requestRefresh(h.t.dataSource, 'import companies-csv of 40,000 rows');
      // Another database on the same cluster refreshing (a second install) holds its own lock, not this one's.
      const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await elsewhere.connect();
      await elsewhere.query('SELECT pg_advisory_lock($1)', [REFRESH_LOCK]);
      const server = await startServer({ ...h.t.environment.env, PORT: '0' }).finally(() => elsewhere.end());
      try {
        expect(server.output()).toMatch(
          /Search words, statistics and screener views are owed a refresh since \S+ \(import companies-csv of 40,000 rows\) and none is running: run `credence-admin refresh`/,
        );
      } finally {
        await server.stop();
      }
      const refresh = await run(ADMIN, ['refresh', '--json'], h.t.environment.env);
      expect(refresh.code).toBe(0);
      expect(JSON.parse(refresh.stdout)).toMatchObject({
        waited: false,
        refreshed: true,
        indexes: [],
        requestedBy: 'import companies-csv of 40,000 rows',
      });
      expect(await owed()).toBeNull();
    });

    it('Ctrl-C stops credence-admin refresh at once (exit 130) and the refresh stays owed', async () => {
      await requestRefresh(h.t.dataSource, 'a test');
      const child = spawn(process.execPath, [ADMIN, 'refresh'], { env: { PATH: process.env.PATH!, ...h.t.environment.env } });
      let stderr = '';
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (d) => {
          stderr += d;
          if (stderr.includes('refresh: search words, statistics and screener views')) resolve();
        });
        void exited.then(() => reject(new Error(`exited before refreshing:\n${stderr}`)));
      });
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toContain('refresh: stopped; what is still owed stays recorded: run the command again to finish.');
      expect(await owed()).not.toBeNull();
      expect((await run(ADMIN, ['refresh', '--quiet'], h.t.environment.env)).stdout).toMatch(
        /^Refreshed: search words, statistics and screener views, in [\d.]+ s \(owed by a test\)\.\n$/,
      );
      expect(await owed()).toBeNull();
    });

    it('--wait: a first load builds its indexes and refreshes the derived tables before it exits', async () => {
      await empty();
      await run(ADMIN, ['refresh', '--force', '--quiet'], h.t.environment.env);
      const before = await indexes();
      const imported = await run(ADMIN, ['import', 'companies-csv', bigFile(40_000), '--json', '--wait'], h.t.environment.env);
      expect(imported.code).toBe(0);
      const summary = JSON.parse(imported.stdout);
      expect(summary.finishing).toBeUndefined();
      expect(imported.stderr).toContain('search indexes built in');
      expect(await indexes()).toEqual(before);
      expect(await screened()).toBe(40_000);
      expect(await owed()).toBeNull();
    });

    /** Starts the real command and answers once it has set the indexes aside. */
    const startBulk = async (file: string) => {
      const child = spawn(process.execPath, [ADMIN, 'import', 'companies-csv', file, '--batch-size', '2000'], {
        env: { PATH: process.env.PATH!, ...h.t.environment.env },
      });
      let stderr = '';
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (d) => {
          stderr += d;
          if (stderr.includes('bulk load into an empty table')) resolve();
        });
        void exited.then(() => reject(new Error(`exited before the bulk load started:\n${stderr}`)));
      });
      return { child, exited, output: () => ({ stdout, stderr }) };
    };

    it('Ctrl-C: stops after the current batch, builds the indexes, keeps what was written (exit 1)', async () => {
      await empty();
      const before = await indexes();
      const file = bigFile(40_000);
      const bulk = await startBulk(file);
      bulk.child.kill('SIGINT');
      expect(await bulk.exited).toBe(1);
      expect(bulk.output().stderr).toContain('companies-csv: stopped before the end; what was written is kept.');
      expect(bulk.output().stderr).toContain('search indexes built in');
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
      const written = await count();
      expect(written).toBeGreaterThanOrEqual(2000);
      expect(written).toBeLessThan(40_000);
    });

    it('killed outright: the table comment says what was set aside, and the next import rebuilds it', async () => {
      await empty();
      const before = await indexes();
      const bulk = await startBulk(bigFile(40_000));
      bulk.child.kill('SIGKILL');
      await bulk.exited;
      expect(await comment()).toMatch(/^Search indexes set aside by a bulk `credence-admin import companies-csv`/);
      expect((await indexes()).map((i) => i.indexname)).toEqual(['companies_pkey']);

      const next = await run(ADMIN, ['import', 'companies-csv', CSV], h.t.environment.env);
      expect(next.code).toBe(0);
      expect(next.stderr).toContain('an earlier bulk load was interrupted: its 4 search indexes are rebuilt at the end of this one');
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
    });

    it("killed outright: credence-admin migrate and the server's start bring the search indexes back", async () => {
      const killed = async () => {
        await empty();
        const bulk = await startBulk(bigFile(40_000));
        bulk.child.kill('SIGKILL');
        await bulk.exited;
        expect((await indexes()).map((i) => i.indexname)).toEqual(['companies_pkey']);
      };
      const before = await indexes();
      await killed();
      const migrate = await run(ADMIN, ['migrate'], h.t.environment.env);
      expect(migrate.code).toBe(0);
      expect(migrate.stderr).toContain('an earlier bulk load was interrupted: rebuilding the 4 search indexes it set aside');
      expect(await indexes()).toEqual(before);
      expect(await comment()).toBeNull();
      // Nothing to do the second time.
      expect((await run(ADMIN, ['migrate'], h.t.environment.env)).stderr).toBe('');

      await killed();
      const server = await startServer({ ...h.t.environment.env, PORT: '0' });
      try {
        expect(server.output()).toContain('rebuilding the 4 search indexes it set aside');
        expect(await indexes()).toEqual(before);
        expect(await comment()).toBeNull();
      } finally {
        await server.stop();
      }
    });
  });
});
