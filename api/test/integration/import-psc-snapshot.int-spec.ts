import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import { companiesCsvImporter } from '../../src/modules/companies-house/import/companies-csv.importer.js';
import { pscSnapshotImporter } from '../../src/modules/companies-house/import/psc-snapshot.importer.js';
import { ADMIN, run } from '../support/processes.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { companiesHouseFixtures } from '../support/fixtures.js';

const COMPANIES = join(companiesHouseFixtures('csv'), 'BasicCompanyData-2026-11-01-part1_1.csv');
/** 13 records (10 PSCs of every kind, 2 statements, 1 exemptions record) and the totals trailer. */
const SNAPSHOT = join(companiesHouseFixtures('psc'), 'persons-with-significant-control-snapshot-2026-11-22.txt');
/** CRLF; good lines 1 and 8, bad ones between, a blank line 7 and a trailer whose totals do not match. */
const BAD = join(companiesHouseFixtures('psc'), 'psc-snapshot-bad.txt');

describe(`import psc-snapshot (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('psc-snapshot');
  const { context, query } = h;
  const count = async () => (await query('SELECT count(*)::int AS n FROM pscs'))[0].n as number;
  const lines = readFileSync(SNAPSHOT, 'utf8').trimEnd().split('\n');

  before(async () => {
    await companiesCsvImporter.run(context(new Collector()), [COMPANIES]);
  });

  it('imports every kind of record, keyed by the id at the end of links.self, and checks the totals', async () => {
    const reporter = new Collector();
    const summary = await pscSnapshotImporter.run(context(reporter), [SNAPSHOT]);
    expect(summary).toMatchObject({ kind: 'psc-snapshot', read: 13, written: 12, tables: { pscs: 12 }, skipped: 0, bad: [] });
    expect(reporter.infos).toEqual(['psc-snapshot: 1 exemptions record(s) read and not stored (they are no PSCs).']);
    const kinds = await query('SELECT kind, count(*)::int AS n FROM pscs GROUP BY kind ORDER BY kind');
    expect(kinds).toEqual([
      { kind: 'corporate-entity-person-with-significant-control', n: 2 },
      { kind: 'individual-person-with-significant-control', n: 6 },
      { kind: 'legal-person-person-with-significant-control', n: 1 },
      { kind: 'persons-with-significant-control-statement', n: 2 },
      { kind: 'super-secure-person-with-significant-control', n: 1 },
    ]);
    const [wilde] = await query(
      `SELECT company_number, name, notified_on::text, ceased_on, natures_of_control, nationality, country_of_residence, statement, data->'date_of_birth' AS dob, data->>'etag' AS etag
         FROM pscs WHERE psc_key = 'bIhuKnMFctSnjrDjUG8n3NgOrlU'`,
    );
    expect(wilde).toEqual({
      company_number: '09145694',
      name: 'Mrs Nadia Thanh Wilde',
      notified_on: '2016-04-06',
      ceased_on: null,
      natures_of_control: ['ownership-of-shares-50-to-75-percent', 'voting-rights-50-to-75-percent'],
      nationality: 'Vietnamese',
      country_of_residence: 'England',
      statement: null,
      dob: { month: 2, year: 1977 },
      etag: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(
      await query(
        `SELECT company_number, statement, name FROM pscs WHERE kind = 'persons-with-significant-control-statement' ORDER BY company_number`,
      ),
    ).toEqual([
      { company_number: '00445790', statement: 'no-individual-or-entity-with-signficant-control', name: null },
      { company_number: 'OC301234', statement: 'psc-exists-but-not-identified', name: null },
    ]);
    expect(await query(`SELECT name, data->>'description' AS description FROM pscs WHERE kind LIKE 'super-secure%'`)).toEqual([
      { name: null, description: 'super-secure-persons-with-significant-control' },
    ]);
    expect(await query(`SELECT name, ceased_on::text FROM pscs WHERE company_number = '02345678'`)).toEqual([
      { name: 'Mr Édouard Lefèvre', ceased_on: '2022-12-31' },
    ]);
  });

  it('re-imports idempotently: updated in place, never duplicated', async () => {
    const changed = join(h.scratch, 'persons-with-significant-control-snapshot-2026-11-23.txt');
    writeFileSync(
      changed,
      readFileSync(SNAPSHOT, 'utf8').replace('"notified_on":"2020-02-17"', '"notified_on":"2020-02-17","ceased_on":"2026-11-20"'),
    );
    for (let i = 0; i < 2; i++) {
      expect(await pscSnapshotImporter.run(context(new Collector()), [changed])).toMatchObject({ read: 13, written: 12, skipped: 0 });
      expect(await count()).toBe(12);
    }
    expect(await query(`SELECT ceased_on::text FROM pscs WHERE company_number = '08123456'`)).toEqual([{ ceased_on: '2026-11-20' }]);
  });

  it('reports bad lines with file, line and reason; PSCs of companies not imported; totals that do not add up', async () => {
    await query('DELETE FROM pscs');
    const reporter = new Collector();
    const summary = await pscSnapshotImporter.run(context(reporter), [BAD]);
    const expected = [
      { file: BAD, line: 2, reason: expect.stringMatching(/^malformed JSON: /) },
      { file: BAD, line: 3, reason: 'missing company number ("company_number")' },
      { file: BAD, line: 4, reason: 'unknown kind "alien-with-significant-control"' },
      { file: BAD, line: 5, reason: 'unparsable date "2016-02-30" in notified_on (expected YYYY-MM-DD)' },
      { file: BAD, line: 6, reason: 'company 07777777 is not in the database: import the companies first (companies-csv)' },
      {
        file: BAD,
        line: 9,
        reason:
          'the totals trailer counts 6 PSCs, 1 statements and 0 exemptions, but the files held 4 PSCs, 1 statements and 0 exemptions ' +
          '(and 2 unreadable lines): the snapshot is incomplete (a part missing or a file cut short?)',
      },
    ];
    expect(reporter.bads).toEqual(expected);
    expect(summary).toMatchObject({ read: 7, written: 2, skipped: 6 });
    expect(await query('SELECT company_number, kind FROM pscs ORDER BY company_number')).toEqual([
      { company_number: '00445790', kind: 'persons-with-significant-control-statement' },
      { company_number: '09145694', kind: 'individual-person-with-significant-control' },
    ]);
  });

  it('reads the parts of the snapshot from a directory and checks the trailer of the last against them all', async () => {
    await query('DELETE FROM pscs');
    const dir = join(h.scratch, 'parts');
    mkdirSync(dir);
    writeFileSync(join(dir, 'psc-snapshot-2026-11-22_1of2.txt'), lines.slice(0, 7).join('\n') + '\n');
    writeFileSync(join(dir, 'psc-snapshot-2026-11-22_2of2.txt'), lines.slice(7).join('\n') + '\n');
    const reporter = new Collector();
    const summary = await pscSnapshotImporter.run(context(reporter, { batchSize: 3 }), [dir]);
    expect(summary).toMatchObject({ read: 13, written: 12, skipped: 0 });
    expect(summary.files.map((f) => f.slice(dir.length + 1))).toEqual([
      'psc-snapshot-2026-11-22_1of2.txt',
      'psc-snapshot-2026-11-22_2of2.txt',
    ]);
    expect(await count()).toBe(12);

    // Only the first part: no trailer to check against, and said so.
    const first = new Collector();
    await pscSnapshotImporter.run(context(first), [join(dir, 'psc-snapshot-2026-11-22_1of2.txt')]);
    expect(first.infos).toContainEqual(
      'psc-snapshot: no totals trailer (the last line of the last part): the snapshot was not checked for completeness.',
    );
  });

  it('runs as credence-admin import psc-snapshot: summary on stdout, FILE:LINE: REASON on stderr, exit 0 or 1', async () => {
    const env = h.t.environment.env;
    const ok = await run(ADMIN, ['import', 'psc-snapshot', SNAPSHOT, '--quiet'], env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^Imported psc-snapshot from 1 file: 13 rows read, 12 written \(pscs 12\), 0 skipped as bad, in [\d.]+ s/);

    const bad = await run(ADMIN, ['import', 'psc-snapshot', BAD, '--quiet'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${BAD}:6: company 07777777 is not in the database: import the companies first (companies-csv)\n`);
    expect(bad.stderr).toContain(`${BAD}:3: missing company number ("company_number")\n`);
    expect(bad.stdout).toMatch(/7 rows read, 2 written \(pscs 2\), 6 skipped as bad/);
    expect((await run(ADMIN, ['import', 'psc-snapshot', BAD, '--quiet', '--max-bad', '6'], env)).code).toBe(0);
  });
});
