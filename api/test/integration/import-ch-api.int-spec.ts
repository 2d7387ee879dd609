import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { importChApi } from '../../src/modules/companies-house/import/ch-api.importer.js';
import { ADMIN, run } from '../support/processes.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { companiesHouseFixtures } from '../support/fixtures.js';

const FIXTURES = companiesHouseFixtures('api');

describe(`import ch-api (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('credence-ch-api');
  const { context, query } = h;

  it('imports a directory of API documents (lists before their profile, JSON Lines, wrappers, file-name numbers)', async () => {
    const reporter = new Collector();
    const summary = await importChApi(context(reporter), [FIXTURES]);
    expect(reporter.bads).toEqual([]);
    expect(summary.files.map((f) => f.slice(FIXTURES.length + 1))).toEqual([
      '08123456-charges.json',
      '08123456-filing-history.json',
      '08123456-officers.json',
      '08123456-persons-with-significant-control.json',
      '08123456.json',
      'SC612345.jsonl',
    ]);
    expect(summary.tables).toEqual({ companies: 2, officers: 5, pscs: 4, charges: 3, filings: 10 });
    // 2 profiles + officers 4+1, PSCs 3, statements 1, charges 3+0, filings 8+2.
    expect(summary.read).toBe(24);
    expect(summary.skipped).toBe(0);

    const [company] = await query(
      `SELECT company_name, company_status, company_category, incorporation_date::text AS inc, address_line_1, post_town, postcode, sic_codes,
              accounts_ref_day, accounts_ref_month, accounts_next_due::text AS next_due, accounts_category, conf_stmt_next_due::text AS cs_due,
              previous_names, mortgages_total, mortgages_outstanding, mortgages_part_satisfied, mortgages_satisfied, source
         FROM companies WHERE company_number = '08123456'`,
    );
    expect(company).toEqual({
      company_name: 'HARBOUR LIGHT ANALYTICS LTD',
      company_status: 'Active',
      company_category: 'Private Limited Company',
      inc: '2012-06-27',
      address_line_1: 'Milburn House, Quayside',
      post_town: 'Newcastle Upon Tyne',
      postcode: 'NE1 3JE',
      sic_codes: ['62012', '63110'],
      accounts_ref_day: 31,
      accounts_ref_month: 3,
      next_due: '2025-12-31',
      accounts_category: 'SMALL',
      cs_due: '2025-07-11',
      previous_names: [{ name: 'HARBOUR LIGHT DATA LIMITED', effective_from: '2012-06-27', ceased_on: '2016-02-10' }],
      mortgages_total: 3,
      mortgages_outstanding: 1,
      mortgages_part_satisfied: 1,
      mortgages_satisfied: 1,
      source: 'api',
    });

    const officers = await query(
      `SELECT name, officer_role, appointed_on::text AS appointed_on, resigned_on::text AS resigned_on, birth_month, birth_year, appointments_link
         FROM officers WHERE company_number = '08123456' ORDER BY appointed_on`,
    );
    expect(officers).toEqual([
      {
        name: 'PATEL, Anita Ravi',
        officer_role: 'director',
        appointed_on: '2012-06-27',
        resigned_on: null,
        birth_month: 4,
        birth_year: 1979,
        appointments_link: '/officers/x2tXhH8Hm0oFUnkJDm4pqZRXYIU/appointments',
      },
      {
        name: 'FENWICK, Claire Louise',
        officer_role: 'director',
        appointed_on: '2014-03-03',
        resigned_on: '2022-11-30',
        birth_month: 8,
        birth_year: 1975,
        appointments_link: '/officers/Pw9Lc4Nx2Rb7Tq0Vm5Ky8Hs3Zd1/appointments',
      },
      {
        name: 'TYNE SECRETARIES LIMITED',
        officer_role: 'corporate-secretary',
        appointed_on: '2016-02-10',
        resigned_on: null,
        birth_month: null,
        birth_year: null,
        appointments_link: '/officers/Gm2Pq7Rt4Yx9Vc1Nb6Lk3Wz8Sd0/appointments',
      },
      {
        name: 'REID, Thomas James',
        officer_role: 'director',
        appointed_on: '2023-01-09',
        resigned_on: null,
        birth_month: 11,
        birth_year: 1986,
        appointments_link: '/officers/b8Rr5QmKc1YzT0vWn3LpX7eJdHs/appointments',
      },
    ]);

    const lenders = await query(
      `SELECT c.charge_number, c.status, c.contains_floating_charge, l.raw_name, l.lender_key
         FROM charges c JOIN charge_lenders l USING (charge_id) WHERE c.company_number = '08123456' ORDER BY c.charge_number, l.position`,
    );
    expect(lenders).toEqual([
      {
        charge_number: 1,
        status: 'fully-satisfied',
        contains_floating_charge: false,
        raw_name: 'Barclays Bank PLC',
        lender_key: 'BARCLAYS BANK',
      },
      {
        charge_number: 2,
        status: 'part-satisfied',
        contains_floating_charge: true,
        raw_name: 'Lloyds Bank PLC',
        lender_key: 'LLOYDS BANK',
      },
      {
        charge_number: 2,
        status: 'part-satisfied',
        contains_floating_charge: true,
        raw_name: 'Lloyds Bank Commercial Finance Limited',
        lender_key: expect.any(String),
      },
      { charge_number: 3, status: 'outstanding', contains_floating_charge: true, raw_name: 'Hsbc UK Bank PLC', lender_key: 'HSBC UK BANK' },
    ]);

    const [allotment] = await query(
      `SELECT category, type, description_values, document_id, pages FROM filings WHERE transaction_id = 'MzQzMjEwOTg3NmFkaXF6a2N4'`,
    );
    expect(allotment).toEqual({
      category: 'capital',
      type: 'SH01',
      description_values: { capital: [{ currency: 'GBP', figure: '1,250' }], date: '2021-03-01' },
      document_id: 'Bb2Cc4Dd6Ee8Ff0Gg2Hh4Ii6Jj8Kk0L',
      pages: 4,
    });
    const [termination] = await query(`SELECT description_values FROM filings WHERE type = 'TM01'`);
    expect(termination.description_values).toEqual({ officer_name: 'Claire Louise Fenwick', termination_date: '2022-11-30' });

    const pscs = await query(
      `SELECT company_number, kind, name, ceased_on::text AS ceased_on, statement FROM pscs ORDER BY company_number, notified_on, name`,
    );
    expect(pscs).toEqual([
      {
        company_number: '08123456',
        kind: 'individual-person-with-significant-control',
        name: 'Mrs Anita Ravi Patel',
        ceased_on: null,
        statement: null,
      },
      {
        company_number: '08123456',
        kind: 'individual-person-with-significant-control',
        name: 'Ms Claire Louise Fenwick',
        ceased_on: '2019-08-14',
        statement: null,
      },
      {
        company_number: '08123456',
        kind: 'corporate-entity-person-with-significant-control',
        name: 'North East Growth Capital Limited',
        ceased_on: null,
        statement: null,
      },
      {
        company_number: 'SC612345',
        kind: 'persons-with-significant-control-statement',
        name: null,
        ceased_on: null,
        statement: 'no-individual-or-entity-with-signficant-control',
      },
    ]);
    const [scottish] = await query(
      `SELECT company_name, country_of_origin, address_line_1, mortgages_total FROM companies WHERE company_number = 'SC612345'`,
    );
    expect(scottish).toEqual({
      company_name: 'CALEDONIAN TIDAL SYSTEMS LIMITED',
      country_of_origin: 'United Kingdom',
      address_line_1: 'Suite 4, Pentland House',
      mortgages_total: 0,
    });
  });

  it('is idempotent: the same import again changes nothing', async () => {
    const count = () =>
      query(
        `SELECT (SELECT count(*) FROM companies)::int AS c, (SELECT count(*) FROM officers)::int AS o, (SELECT count(*) FROM charge_lenders)::int AS l, (SELECT count(*) FROM filings)::int AS f, (SELECT count(*) FROM pscs)::int AS p`,
      );
    const before = await count();
    const reporter = new Collector();
    await importChApi(context(reporter), [FIXTURES, join(FIXTURES, '08123456.json')]);
    expect(reporter.bads).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it('replaces a whole list, updates from a partial one, and keeps PSC statements when the PSC list is replaced', async () => {
    const officers = JSON.parse(readFileSync(join(FIXTURES, '08123456-officers.json'), 'utf8'));
    officers.items = officers.items.filter((o: { name: string }) => !o.name.startsWith('REID'));
    officers.total_results = 3;
    writeFileSync(join(h.scratch, '08123456-officers.json'), JSON.stringify(officers));
    // PSC list of the Scottish company: one person now (its statement stays).
    const pscs = {
      active_count: 1,
      ceased_count: 0,
      items: [
        {
          kind: 'individual-person-with-significant-control',
          links: { self: '/company/SC612345/persons-with-significant-control/individual/Ab1' },
          name: 'Mr Iain Ruaridh Macleod',
          natures_of_control: ['ownership-of-shares-75-to-100-percent'],
          notified_on: '2024-02-01',
        },
      ],
      items_per_page: 25,
      links: { self: '/company/SC612345/persons-with-significant-control' },
      start_index: 0,
      total_results: 1,
    };
    writeFileSync(join(h.scratch, 'SC612345-persons-with-significant-control.json'), JSON.stringify(pscs));
    // Page 2 of a filing history (start_index 25 of 40): adds, removes nothing.
    const page2 = {
      items: [
        {
          category: 'address',
          date: '2024-11-02',
          description: 'change-registered-office-address-company-with-date-old-address-new-address',
          description_values: {
            change_date: '2024-11-02',
            old_address: 'Milburn House, Quayside, Newcastle Upon Tyne, NE1 3JE',
            new_address: '1 Sandhill, Newcastle Upon Tyne, NE1 3AF',
          },
          transaction_id: 'MzQ5OTk5OTk5OWFkaXF6a2N4',
          type: 'AD01',
          pages: 1,
          barcode: 'XDQ1W2E3',
        },
      ],
      items_per_page: 25,
      start_index: 25,
      total_count: 40,
    };
    writeFileSync(join(h.scratch, '08123456-filing-history.json'), JSON.stringify(page2));

    const reporter = new Collector();
    const summary = await importChApi(context(reporter), [h.scratch]);
    expect(reporter.bads).toEqual([]);
    expect(summary.tables).toEqual({ officers: 3, pscs: 1, filings: 1 });
    expect(reporter.infos).toEqual([
      'ch-api: filing history of 08123456 is partial (1 of 40 entries): stored entries were updated and added to, none removed',
    ]);
    expect(
      (await query(`SELECT name FROM officers WHERE company_number = '08123456' ORDER BY name`)).map((r: { name: string }) => r.name),
    ).toEqual(['FENWICK, Claire Louise', 'PATEL, Anita Ravi', 'TYNE SECRETARIES LIMITED']);
    expect(await query(`SELECT count(*)::int AS n FROM filings WHERE company_number = '08123456'`)).toEqual([{ n: 9 }]);
    expect(await query(`SELECT kind, name FROM pscs WHERE company_number = 'SC612345' ORDER BY kind`)).toEqual([
      { kind: 'individual-person-with-significant-control', name: 'Mr Iain Ruaridh Macleod' },
      { kind: 'persons-with-significant-control-statement', name: null },
    ]);
  });

  it('reports bad documents and lines with file:line and a reason, and keeps the good ones', async () => {
    // A .json file whose first line is a whole document: read as JSON Lines.
    const bad = join(h.scratch, 'mixed.json');
    const good = {
      company_number: '08123456',
      resource: 'officers',
      data: JSON.parse(readFileSync(join(FIXTURES, '08123456-officers.json'), 'utf8')),
    };
    const unknown = { company_number: '09999999', resource: 'charges', data: { items: [], total_count: 0 } };
    const brokenItem = {
      company_number: 'SC612345',
      resource: 'charges',
      data: {
        items: [{ links: { self: '/company/SC612345/charges/Zz9' }, status: 'outstanding', created_on: '2024-13-01' }],
        total_count: 1,
      },
    };
    writeFileSync(
      bad,
      [
        JSON.stringify(unknown),
        '{"company_number": "08123456", "resource": "officers", "data": {"items": [',
        JSON.stringify({ kind: 'search#companies', items: [] }),
        '',
        JSON.stringify(good),
        JSON.stringify(brokenItem),
      ].join('\n') + '\n',
    );
    writeFileSync(join(h.scratch, 'broken.json'), '{\n  "company_number": "08123456",\n  "company_name": "X"\n  "type": "ltd"\n}\n');
    const reporter = new Collector();
    const summary = await importChApi(context(reporter), [bad, join(h.scratch, 'broken.json'), join(h.scratch, 'missing.json')]);
    expect(reporter.bads.map((b) => `${b.file.slice(h.scratch.length + 1)}:${b.line}: ${b.reason}`)).toEqual([
      'missing.json:1: no such file or directory',
      expect.stringMatching(/^mixed\.json:2: not valid JSON: /),
      'mixed.json:3: search results (kind "search#companies") are not imported: fetch each company\'s profile (/company/{number}) instead',
      'mixed.json:6: charges item 1: created_on "2024-13-01" is not a date (YYYY-MM-DD)',
      expect.stringMatching(/^broken\.json:4: not valid JSON: /),
      'mixed.json:1: company 09999999 is not in the database: import its profile first (or put the profile in the same input)',
    ]);
    expect(summary.skipped).toBe(6);
    // The good officers list of line 5 is stored (REID is back), the damaged charges list removed nothing.
    expect(summary.tables.officers).toBe(4);
    expect(await query(`SELECT count(*)::int AS n FROM officers WHERE company_number = '08123456'`)).toEqual([{ n: 4 }]);
    expect(await query(`SELECT count(*)::int AS n FROM companies WHERE company_number = '09999999'`)).toEqual([{ n: 0 }]);
  });

  it('runs as credence-admin import ch-api: summary on stdout, FILE:LINE: REASON on stderr, exit 0 or 1', async () => {
    const ok = await run(ADMIN, ['import', 'ch-api', FIXTURES, '--quiet'], h.t.environment.env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Imported ch-api from 6 files: 24 rows read, \d+ written \(companies 2, .*\), 0 skipped as bad, in [\d.]+ s/,
    );

    writeFileSync(join(h.scratch, '07000001-officers.json'), JSON.stringify({ kind: 'officer-list', items: [], total_results: 0 }));
    const failed = await run(ADMIN, ['import', 'ch-api', join(h.scratch, '07000001-officers.json')], h.t.environment.env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      `${join(h.scratch, '07000001-officers.json')}:1: company 07000001 is not in the database: import its profile first`,
    );
    expect(failed.stdout).toMatch(/0 rows read, 0 written, 1 skipped as bad/);

    const help = await run(ADMIN, ['import', '--help'], h.t.environment.env);
    expect(help.stdout).toMatch(/ch-api\s+Companies House API JSON.*<number>-<resource>\.json/);
  });
});
