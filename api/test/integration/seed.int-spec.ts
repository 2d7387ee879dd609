import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import {
  DEFAULT_SAMPLE_COMPANY_NUMBER,
  identityVerificationState,
  lenderKey,
  SUGGESTED_COMPANIES,
  type IdentityVerificationDetails,
} from '@credence/shared';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { STATUSES } from '../../src/modules/companies-house/seed/companies.js';
import { LENDERS } from '../../src/modules/companies-house/seed/lenders.js';
import { seedSampleData, type SeedSummary } from '../../src/modules/companies-house/seed/seed.js';
import { DeferredIndexes, restoreDeferredCompanyIndexes } from '../../src/modules/companies-house/import/companies-csv.bulk-load.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const REFERENCE_DATE = '2026-06-15';
const SILENT = { progress: () => undefined, bad: () => undefined, info: () => undefined };

/** Every table the generator writes, in a stable order, without ids and timestamps the database assigns. */
const DUMPS: Record<string, string> = {
  companies: `SELECT * FROM companies ORDER BY company_number`,
  officers: `SELECT company_number, officer_key, name, officer_role, appointed_on::text, resigned_on::text, nationality, occupation, country_of_residence, birth_month, birth_year, person_number, appointments_link, address FROM officers ORDER BY company_number, officer_key`,
  pscs: `SELECT company_number, psc_key, kind, name, notified_on::text, ceased_on::text, natures_of_control, nationality, country_of_residence, statement, data FROM pscs ORDER BY company_number, psc_key`,
  charges: `SELECT * FROM charges ORDER BY charge_id`,
  charge_lenders: `SELECT * FROM charge_lenders ORDER BY charge_id, position`,
  filings: `SELECT * FROM filings ORDER BY transaction_id`,
  financial_statements: `SELECT * FROM financial_statements ORDER BY company_number, period_end`,
  document_summaries: `SELECT * FROM document_summaries ORDER BY company_number, document_id`,
  sic_codes: `SELECT * FROM sic_codes ORDER BY code`,
};

async function dump(t: TestContext): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(DUMPS)) {
    const rows = await t.dataSource.query(sql);
    out[table] = rows.map((row: Record<string, unknown>) => {
      const { updated_at: _updated, ...rest } = row;
      return JSON.parse(JSON.stringify(rest));
    });
  }
  return out;
}

/** The foreign keys under companies (as set aside by a seed), each with whether its rows were checked. */
const FOREIGN_KEYS = `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition, convalidated AS checked
  FROM pg_constraint WHERE contype = 'f' AND confrelid IN ('companies'::regclass, 'charges'::regclass) ORDER BY 1, 2`;
const tableComment = async (t: TestContext): Promise<string | null> =>
  (await t.dataSource.query(`SELECT obj_description('companies'::regclass, 'pg_class') AS comment`))[0].comment;

const count = async (t: TestContext, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await t.dataSource.query(sql, params))[0].n);

describe(`sample data generator (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  let t: TestContext;
  let first: Record<string, unknown[]>;
  let summary: SeedSummary;
  const N = 50;

  before(async () => {
    t = await startTestContext();
    summary = await seedSampleData(t.dataSource, t.config, { companies: N, seed: 7, reporter: SILENT, referenceDate: REFERENCE_DATE });
    first = await dump(t);
  });
  after(() => t.close());

  it('reports what it wrote', async () => {
    expect(summary.companies).toBe(N);
    expect(summary.tables.companies).toBe(N);
    for (const table of ['officers', 'pscs', 'charges', 'charge_lenders', 'filings', 'financial_statements', 'document_summaries']) {
      expect(summary.tables[table]).toBeGreaterThan(0);
      expect(await count(t, `SELECT count(*) AS n FROM ${table}`)).toBe(summary.tables[table]);
    }
    expect(summary.tables.sic_codes).toBe(731);
  });

  it('is deterministic: the same seed and date give identical tables, another seed differs', async () => {
    await seedSampleData(t.dataSource, t.config, { companies: N, seed: 7, reporter: SILENT, referenceDate: REFERENCE_DATE });
    expect(await dump(t)).toEqual(first);
    await seedSampleData(t.dataSource, t.config, { companies: N, seed: 8, reporter: SILENT, referenceDate: REFERENCE_DATE });
    const other = await dump(t);
    expect(other.companies).not.toEqual(first.companies);
    expect(other.filings).not.toEqual(first.filings);
    // Back to seed 7 for the checks below.
    await seedSampleData(t.dataSource, t.config, { companies: N, seed: 7, reporter: SILENT, referenceDate: REFERENCE_DATE });
  });

  // Worker threads write with COPY, on server Postgres only; the embedded run has no such path and reports it skipped.
  it(
    'writes the same data from worker threads (server Postgres, large runs) as from one thread',
    { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL (server PostgreSQL)' },
    async () => {
      await seedSampleData(t.dataSource, t.config, {
        companies: N,
        seed: 7,
        reporter: SILENT,
        referenceDate: REFERENCE_DATE,
        workers: 2,
        batchSize: 7,
      });
      expect(await dump(t)).toEqual(first);
    },
  );

  it(
    'sets the search indexes and foreign keys aside during a large seed and restores them at its end (server Postgres), the data the same',
    { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL (server PostgreSQL)' },
    async () => {
      const searchIndexes = `SELECT indexname FROM pg_indexes WHERE tablename = 'companies' AND indexname <> 'companies_pkey' ORDER BY 1`;
      const before = await t.dataSource.query(searchIndexes);
      expect(before.length).toBeGreaterThanOrEqual(4);
      const keys = await t.dataSource.query(FOREIGN_KEYS);
      expect(keys.map((k: { table: string }) => k.table)).toEqual(expect.arrayContaining(['officers', 'filings', 'charge_lenders']));
      const lines: string[] = [];
      await seedSampleData(t.dataSource, t.config, {
        companies: N,
        seed: 7,
        referenceDate: REFERENCE_DATE,
        deferIndexesFrom: N,
        reporter: { ...SILENT, info: (line) => lines.push(line) },
      });
      expect(lines).toEqual([
        `seed: bulk load into empty tables: ${before.length} search indexes and ${keys.length} foreign keys are built and checked once at the end.`,
        `seed: building ${before.length} search indexes and checking ${keys.length} foreign keys...`,
        expect.stringMatching(/^seed: search indexes built and foreign keys checked in [\d.]+ s\.$/),
      ]);
      expect(await t.dataSource.query(searchIndexes)).toEqual(before);
      expect(await t.dataSource.query(FOREIGN_KEYS)).toEqual(keys);
      expect((await tableComment(t)) ?? '').not.toContain('set aside');
      expect(await dump(t)).toEqual(first);
    },
  );

  it('labels every company as sample data', async () => {
    expect(await count(t, `SELECT count(*) AS n FROM companies WHERE source <> 'sample'`)).toBe(0);
    expect(await count(t, `SELECT count(*) AS n FROM financial_statements WHERE source <> 'sample'`)).toBe(0);
  });

  it('has the suggested companies and the default sample company, fully populated', async () => {
    const numbers = SUGGESTED_COMPANIES.map((c) => c.company_number);
    expect(numbers).toContain(DEFAULT_SAMPLE_COMPANY_NUMBER);
    for (const suggested of SUGGESTED_COMPANIES) {
      const n = suggested.company_number;
      const [company] = await t.dataSource.query(`SELECT * FROM companies WHERE company_number = $1`, [n]);
      expect(company).toMatchObject({ company_name: suggested.company_name, company_status: 'Active', source: 'sample' });
      expect(company.sic_codes.length).toBeGreaterThan(0);
      expect(company.previous_names.length).toBeGreaterThan(0);
      expect(
        await count(
          t,
          `SELECT count(*) AS n FROM officers WHERE company_number = $1 AND resigned_on IS NULL AND officer_role = 'director'`,
          [n],
        ),
      ).toBeGreaterThanOrEqual(2);
      // Officer activity within the 12 months before the reference date.
      expect(
        await count(
          t,
          `SELECT count(*) AS n FROM filings WHERE company_number = $1 AND category = 'officers' AND action_date > $2::date - 365`,
          [n, REFERENCE_DATE],
        ),
      ).toBeGreaterThan(0);
      expect(await count(t, `SELECT count(*) AS n FROM pscs WHERE company_number = $1`, [n])).toBeGreaterThan(0);
      const statuses = (await t.dataSource.query(`SELECT DISTINCT status FROM charges WHERE company_number = $1`, [n])).map(
        (r: { status: string }) => r.status,
      );
      expect(statuses).toEqual(expect.arrayContaining(['outstanding', 'fully-satisfied', 'part-satisfied']));
      expect(
        await count(t, `SELECT count(*) AS n FROM filings WHERE company_number = $1 AND category = 'capital'`, [n]),
      ).toBeGreaterThanOrEqual(3);
      expect(await count(t, `SELECT count(*) AS n FROM filings WHERE company_number = $1 AND type = 'CS01'`, [n])).toBeGreaterThanOrEqual(
        5,
      );
      expect(await count(t, `SELECT count(*) AS n FROM financial_statements WHERE company_number = $1`, [n])).toBeGreaterThanOrEqual(5);
      expect(
        await count(t, `SELECT count(*) AS n FROM document_summaries WHERE company_number = $1 AND auditor_name IS NOT NULL`, [n]),
      ).toBeGreaterThanOrEqual(5);
    }
    const [britannia] = await t.dataSource.query(
      `SELECT exchange, ticker, company_category FROM companies WHERE company_number = '00123456'`,
    );
    expect(britannia).toEqual({ exchange: 'LSE', ticker: 'BRIT', company_category: 'Public Limited Company' });
  });

  it('gives most companies officers, filings, financials and summaries', async () => {
    const share = async (table: string) => (await count(t, `SELECT count(DISTINCT company_number) AS n FROM ${table}`)) / N;
    expect(await share('officers')).toBeGreaterThan(0.75);
    expect(await share('filings')).toBeGreaterThan(0.9);
    expect(await share('financial_statements')).toBeGreaterThan(0.6);
    expect(await share('document_summaries')).toBeGreaterThan(0.6);
    expect(await share('pscs')).toBeGreaterThan(0.6);
    expect(await share('charges')).toBeGreaterThan(0.15);
    // Leadership insights need recent officer activity for a good share.
    const recent = await count(
      t,
      `SELECT count(DISTINCT company_number) AS n FROM filings WHERE category = 'officers' AND action_date > $1::date - 365`,
      [REFERENCE_DATE],
    );
    expect(recent / N).toBeGreaterThan(0.2);
  });

  it('shows every status, category, officer role, PSC kind, charge status and section 4 filing type', async () => {
    const distinct = async (sql: string) => (await t.dataSource.query(sql)).map((r: { v: string }) => r.v);
    expect(await distinct(`SELECT DISTINCT company_status AS v FROM companies`)).toEqual(expect.arrayContaining([...STATUSES]));
    expect(await distinct(`SELECT DISTINCT company_category AS v FROM companies`)).toEqual(
      expect.arrayContaining([
        'Private Limited Company',
        'Public Limited Company',
        'Limited Liability Partnership',
        'Limited Partnership',
        'Private Unlimited Company',
        'Community Interest Company',
        'Registered Society',
        'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)',
      ]),
    );
    expect(await distinct(`SELECT DISTINCT officer_role AS v FROM officers`)).toEqual(
      expect.arrayContaining(['director', 'secretary', 'llp-designated-member']),
    );
    expect(await distinct(`SELECT DISTINCT kind AS v FROM pscs`)).toEqual(
      expect.arrayContaining([
        'individual-person-with-significant-control',
        'corporate-entity-person-with-significant-control',
        'legal-person-person-with-significant-control',
        'persons-with-significant-control-statement',
      ]),
    );
    expect(await distinct(`SELECT DISTINCT status AS v FROM charges`)).toEqual(
      expect.arrayContaining(['outstanding', 'part-satisfied', 'fully-satisfied']),
    );
    const types = await distinct(`SELECT DISTINCT type AS v FROM filings`);
    expect(types).toEqual(
      expect.arrayContaining([
        'AP01',
        'TM01',
        'CH01',
        'AP03',
        'TM02',
        'CH03',
        'PSC01',
        'PSC02',
        'PSC03',
        'PSC04',
        'PSC05',
        'PSC06',
        'PSC07',
        'PSC08',
        'PSC09',
        'SH01',
        'SH02',
        'SH03',
        'SH06',
        'SH08',
        'SH10',
        'SH19',
        'CS01',
        'AA',
        'MR01',
        'MR04',
        'NEWINC',
        'AD01',
      ]),
    );
  });

  it('gives current directors and individual PSCs every identity verification state on the reference date', async () => {
    const people: { who: string; details: IdentityVerificationDetails | null }[] = await t.dataSource.query(
      `SELECT 'director' AS who, identity_verification AS details FROM officers WHERE officer_role = 'director' AND resigned_on IS NULL
       UNION ALL
       SELECT 'psc', identity_verification FROM pscs WHERE kind LIKE 'individual%' AND ceased_on IS NULL`,
    );
    for (const who of ['director', 'psc']) {
      const states = new Set(people.filter((p) => p.who === who).map((p) => identityVerificationState(p.details, REFERENCE_DATE).state));
      expect({ who, states: [...states].sort() }).toEqual({ who, states: ['due', 'overdue', 'verified'] });
    }
    // Resigned directors and secretaries have nothing to verify: the register says nothing of them.
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM officers WHERE identity_verification IS NOT NULL AND (resigned_on IS NOT NULL OR officer_role <> 'director')`,
      ),
    ).toBe(0);
  });

  it("writes filings with the register's description keys and values", async () => {
    const [ap01] = await t.dataSource.query(
      `SELECT category, subcategory, description, description_values FROM filings WHERE type = 'AP01' LIMIT 1`,
    );
    expect(ap01).toMatchObject({
      category: 'officers',
      subcategory: 'appointments',
      description: 'appoint-person-director-company-with-name-date',
    });
    expect(ap01.description_values).toEqual({
      officer_name: expect.stringMatching(/^(Mr|Mrs|Ms|Miss|Dr|Professor|Sir) /),
      appointment_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const [tm01] = await t.dataSource.query(`SELECT description, description_values FROM filings WHERE type = 'TM01' LIMIT 1`);
    expect(tm01.description).toBe('termination-director-company-with-name-termination-date');
    expect(Object.keys(tm01.description_values).sort()).toEqual(['officer_name', 'termination_date']);
    const [psc07] = await t.dataSource.query(`SELECT description, description_values FROM filings WHERE type = 'PSC07' LIMIT 1`);
    expect(psc07.description).toBe('cessation-of-a-person-with-significant-control');
    expect(psc07.description_values).toMatchObject({ psc_name: expect.any(String), cessation_date: expect.any(String) });
    const [sh01] = await t.dataSource.query(`SELECT description, description_values FROM filings WHERE type = 'SH01' LIMIT 1`);
    expect(sh01.description).toBe('capital-allotment-shares');
    expect(sh01.description_values.capital[0]).toEqual({
      figure: expect.stringMatching(/^\d{1,3}(,\d{3})*(\.\d{2})?$/),
      currency: expect.stringMatching(/^(GBP|EUR|USD)$/),
    });
    const csDescriptions = await t.dataSource.query(`SELECT DISTINCT description FROM filings WHERE type = 'CS01'`);
    expect(csDescriptions.map((r: { description: string }) => r.description).sort()).toEqual([
      'confirmation-statement-with-no-updates',
      'confirmation-statement-with-updates',
    ]);
    expect(
      await count(t, `SELECT count(*) AS n FROM filings WHERE category = 'confirmation-statement' AND jsonb_array_length(annotations) > 0`),
    ).toBeGreaterThan(0);
    const aa = await t.dataSource.query(`SELECT DISTINCT description FROM filings WHERE type = 'AA'`);
    for (const { description } of aa)
      expect(description).toMatch(
        /^accounts-with-accounts-type-(micro-entity|total-exemption-full|unaudited-abridged|small|medium|full|group|dormant)$/,
      );
    const [mr01] = await t.dataSource.query(
      `SELECT f.description_values, c.charge_code FROM filings f JOIN charges c ON c.company_number = f.company_number AND c.charge_code = f.description_values->>'charge_number' WHERE f.type = 'MR01' LIMIT 1`,
    );
    expect(mr01.charge_code).toMatch(/^[A-Z0-9]{8}\d{4}$/);
  });

  it('uses real SIC codes, company number formats and lender names', async () => {
    const sections = (await t.dataSource.query(`SELECT DISTINCT section FROM sic_codes ORDER BY 1`)).map(
      (r: { section: string }) => r.section,
    );
    expect(sections).toEqual([...'ABCDEFGHIJKLMNOPQRSTU'.split(''), 'X']);
    const [sic] = await t.dataSource.query(`SELECT * FROM sic_codes WHERE code = '62012'`);
    expect(sic).toMatchObject({ description: 'Business and domestic software development', section: 'J', division: '62' });
    expect(
      await count(t, `SELECT count(*) AS n FROM companies c, unnest(c.sic_codes) AS code WHERE code NOT IN (SELECT code FROM sic_codes)`),
    ).toBe(0);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM companies c, unnest(c.sic_texts) AS text WHERE text NOT IN (SELECT code || ' - ' || description FROM sic_codes)`,
      ),
    ).toBe(0);
    const numbers = (await t.dataSource.query(`SELECT company_number FROM companies`)).map(
      (r: { company_number: string }) => r.company_number,
    );
    for (const n of numbers) expect(n).toMatch(/^(\d{8}|(SC|NI|OC|SO|NC|LP|SL|RS)\d{6})$/);
    const known = new Set(Object.values(LENDERS).flatMap((w) => w.items.flatMap((l) => [l.name, ...l.variants])));
    const lenders = await t.dataSource.query(`SELECT DISTINCT raw_name, lender_key FROM charge_lenders`);
    for (const { raw_name, lender_key } of lenders) {
      expect(known.has(raw_name)).toBe(true);
      expect(lender_key).toBe(lenderKey(raw_name));
    }
  });

  it('keeps every figure consistent with the filings that cite it', async () => {
    expect(await count(t, `SELECT count(*) AS n FROM financial_statements WHERE net_assets <> total_assets - total_liabilities`)).toBe(0);
    // Every filing opens a document: accounts with figures render from them, any other (dormant accounts too) from its particulars.
    expect(await count(t, `SELECT count(*) AS n FROM filings WHERE document_id IS NULL`)).toBe(0);
    expect(await count(t, `SELECT count(DISTINCT category) AS n FROM filings WHERE document_id LIKE '%-form'`)).toBeGreaterThanOrEqual(5);
    // Every accounts filing with a rendered accounts document has the financial statement and the summary of that document, and back.
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM filings f WHERE f.type = 'AA' AND f.document_id IS NOT NULL AND f.document_id NOT LIKE '%-form' AND NOT EXISTS (SELECT 1 FROM financial_statements s WHERE s.document_id = f.document_id AND s.company_number = f.company_number AND s.period_end = (f.description_values->>'made_up_date')::date)`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM financial_statements s WHERE NOT EXISTS (SELECT 1 FROM filings f WHERE f.document_id = s.document_id AND f.type = 'AA')`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM document_summaries d WHERE NOT EXISTS (SELECT 1 FROM financial_statements s WHERE s.document_id = d.document_id)`,
      ),
    ).toBe(0);
    // Each company's latest accounts document has its summary (the suggested companies': every one).
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM financial_statements s WHERE (s.company_number IN ('00123456', '03456789', 'SC234567', '09876543') OR s.period_end = (SELECT max(period_end) FROM financial_statements l WHERE l.company_number = s.company_number))
           AND NOT EXISTS (SELECT 1 FROM document_summaries d WHERE d.document_id = s.document_id)`,
      ),
    ).toBe(0);
    // The register's accounts, confirmation statement and mortgage fields agree with the filings and charges.
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM companies c WHERE c.accounts_last_made_up IS DISTINCT FROM (SELECT max((f.description_values->>'made_up_date')::date) FROM filings f WHERE f.company_number = c.company_number AND f.type = 'AA') AND EXISTS (SELECT 1 FROM filings f WHERE f.company_number = c.company_number AND f.type = 'AA')`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM companies c WHERE c.conf_stmt_last_made_up IS DISTINCT FROM (SELECT max(f.action_date) FROM filings f WHERE f.company_number = c.company_number AND f.type IN ('CS01', 'LLCS01')) AND EXISTS (SELECT 1 FROM filings f WHERE f.company_number = c.company_number AND f.type IN ('CS01', 'LLCS01'))`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM companies c WHERE c.mortgages_total <> (SELECT count(*) FROM charges h WHERE h.company_number = c.company_number) OR c.mortgages_outstanding <> (SELECT count(*) FROM charges h WHERE h.company_number = c.company_number AND h.status = 'outstanding')`,
      ),
    ).toBe(0);
    // Statement lines cite pages; the summary metrics cite theirs.
    const [row] = await t.dataSource.query(
      `SELECT page_numbers, terms, balance_sheet, income_statement FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC LIMIT 1`,
    );
    expect(Object.keys(row.page_numbers).sort()).toEqual([
      'EBITDA',
      'cash',
      'employeeCount',
      'netAssets',
      'netProfitLoss',
      'operatingProfit',
      'totalAssets',
      'totalLiabilities',
      'turnover',
    ]);
    expect(Object.keys(row.terms).sort()).toEqual(Object.keys(row.page_numbers).sort());
    for (const line of [...row.balance_sheet, ...row.income_statement])
      expect(line).toEqual({
        key: expect.any(String),
        label: expect.any(String),
        value: expect.any(Number),
        currency: expect.any(String),
        pageNumber: expect.any(Number),
        term: line.term === null ? null : expect.any(String),
      });
    // Charges link to their filings.
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM charges h, jsonb_array_elements(h.transactions) AS tx WHERE NOT EXISTS (SELECT 1 FROM filings f WHERE '/company/' || h.company_number || '/filing-history/' || f.transaction_id = tx->'links'->>'filing')`,
      ),
    ).toBe(0);
  });

  it('re-seeding replaces sample data and never touches imported companies', async () => {
    const [victim] = await t.dataSource.query(
      `SELECT company_number FROM companies WHERE company_number NOT IN ('00123456', '03456789', 'SC234567', '09876543') ORDER BY company_number LIMIT 1 OFFSET 5`,
    );
    // Imported data: one company with a number the generator also makes, one other.
    await t.dataSource.query(`DELETE FROM companies WHERE company_number = $1`, [victim.company_number]);
    await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [
        { company_number: victim.company_number, company_name: 'IMPORTED COLLIDING LIMITED', company_status: 'Active', source: 'csv' },
        { company_number: '99999998', company_name: 'IMPORTED ONLY LIMITED', company_status: 'Active', source: 'api' },
      ]),
    );
    const again = await seedSampleData(t.dataSource, t.config, { companies: N, seed: 7, reporter: SILENT, referenceDate: REFERENCE_DATE });
    expect(again.companies).toBe(N - 1);
    const imported = await t.dataSource.query(
      `SELECT company_number, company_name, source FROM companies WHERE source <> 'sample' ORDER BY 1`,
    );
    expect(imported).toEqual(
      [
        { company_number: victim.company_number, company_name: 'IMPORTED COLLIDING LIMITED', source: 'csv' },
        { company_number: '99999998', company_name: 'IMPORTED ONLY LIMITED', source: 'api' },
      ].sort((a, b) => (a.company_number < b.company_number ? -1 : 1)),
    );
    expect(await count(t, `SELECT count(*) AS n FROM officers WHERE company_number = $1`, [victim.company_number])).toBe(0);
    expect(await count(t, `SELECT count(*) AS n FROM companies WHERE source = 'sample'`)).toBe(N - 1);
    // And a smaller re-seed leaves no earlier sample companies behind.
    await seedSampleData(t.dataSource, t.config, { companies: 10, seed: 7, reporter: SILENT, referenceDate: REFERENCE_DATE });
    expect(await count(t, `SELECT count(*) AS n FROM companies WHERE source = 'sample'`)).toBe(10);
    expect(await count(t, `SELECT count(*) AS n FROM companies WHERE source <> 'sample'`)).toBe(2);
    expect(
      await count(
        t,
        `SELECT count(*) AS n FROM filings f WHERE NOT EXISTS (SELECT 1 FROM companies c WHERE c.company_number = f.company_number)`,
      ),
    ).toBe(0);
  });
});

describe(
  'a large seed stopped outright (server Postgres)',
  { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL (server PostgreSQL)' },
  () => {
    let t: TestContext;
    before(async () => {
      t = await startTestContext();
    });
    after(() => t.close());

    it("leaves its foreign keys in the table's comment; the next start adds them back, checked, and reports rows that lost their company", async () => {
      const keys = await t.dataSource.query(FOREIGN_KEYS);
      expect(keys.every((k: { checked: boolean }) => k.checked)).toBe(true);
      // What a killed seed leaves: the keys and indexes dropped, the marker written, the lock let go.
      const deferred = await DeferredIndexes.begin(t.dataSource, {
        totalBytes: 1,
        minBytes: 0,
        reporter: SILENT,
        label: 'seed',
        foreignKeys: true,
      });
      expect(deferred).not.toBeNull();
      await deferred!.release();
      expect(await t.dataSource.query(FOREIGN_KEYS)).toEqual([]);
      expect(await tableComment(t)).toContain('"foreignKeys"');
      // Meanwhile a filing arrives for a company that is not there, and one that is.
      await t.dataSource.transaction((m) =>
        upsertRows(m, COMPANIES, [
          { company_number: '01000001', company_name: 'PRESENT LIMITED', company_status: 'Active', source: 'csv' },
        ]),
      );
      const filing = `INSERT INTO filings (transaction_id, company_number, category, type, description, date) VALUES ($1, $2, 'accounts', 'AA', 'accounts', '2026-01-01')`;
      await t.dataSource.query(filing, ['ORPHAN1', '09999999']);
      await t.dataSource.query(filing, ['KEPT1', '01000001']);

      const lines: string[] = [];
      const restored = await restoreDeferredCompanyIndexes(t.dataSource, { ...SILENT, info: (line) => lines.push(line) });
      expect(restored.length).toBeGreaterThanOrEqual(4);
      expect(lines[0]).toBe(
        `companies-csv: an earlier bulk load was interrupted: rebuilding the ${restored.length} search indexes and ${keys.length} foreign keys it set aside...`,
      );
      expect(lines).toContain(
        'companies-csv: foreign key filings_company_number_fkey of filings: rows were written without the row they point at while it was set aside; it holds for new rows (find the old ones with ALTER TABLE filings VALIDATE CONSTRAINT filings_company_number_fkey)',
      );
      expect(await tableComment(t)).toBeNull();
      // Every key is back; the one with an orphan row holds for new rows, unchecked for the old.
      const back = await t.dataSource.query(FOREIGN_KEYS);
      const unchecked = (k: { name: string; definition: string }) =>
        k.name === 'filings_company_number_fkey' ? { ...k, definition: `${k.definition} NOT VALID`, checked: false } : k;
      expect(back).toEqual(keys.map(unchecked));
      await expect(t.dataSource.query(filing, ['ORPHAN2', '09999998'])).rejects.toThrow(/filings_company_number_fkey/);
      // Nothing left to do the next time.
      expect(await restoreDeferredCompanyIndexes(t.dataSource, SILENT)).toEqual([]);
    });
  },
);
