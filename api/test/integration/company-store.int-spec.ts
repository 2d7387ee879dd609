import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { supportsCopy } from '../../src/core/database/bulk-insert.js';
import { insertCharges, insertRows, upsertCharges, upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES, FILINGS } from '../../src/modules/companies-house/store/tables.js';
import type { CompanyRow } from '../../src/platform/register/rows.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const company = (n: string, name: string, extra: Partial<CompanyRow> = {}): CompanyRow => ({
  company_number: n,
  company_name: name,
  company_status: 'Active',
  incorporation_date: '2001-02-03',
  sic_codes: ['62012'],
  sic_texts: ['62012 - Business and domestic software development'],
  previous_names: [{ name: 'OLD "QUOTED" NAME\\WITH\tTAB', effective_from: '1999-01-01' }],
  source: 'csv',
  ...extra,
});

describe(`company store (${process.env.DATABASE_URL ? 'COPY on server Postgres' : 'unnest on embedded Postgres'})`, () => {
  let t: TestContext;
  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('uses COPY exactly when the database is a server', () => {
    expect(supportsCopy(t.dataSource)).toBe(Boolean(process.env.DATABASE_URL));
  });

  it('inserts, then updates on re-import without duplicating, keeping awkward text intact', async () => {
    await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [company('00000001', 'ACME LIMITED'), company('SC000002', 'TAB\tAND\nNEWLINE LTD')]),
    );
    const written = await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [
        company('00000001', 'ACME HOLDINGS LIMITED', { sic_codes: ['64209', '70100'] }),
        company('00000001', 'ACME GROUP LIMITED'),
      ]),
    );
    expect(written).toBe(1);
    const rows = await t.dataSource.query(
      `SELECT company_number, company_name, sic_codes, previous_names, incorporation_date::text AS inc FROM companies ORDER BY 1`,
    );
    expect(rows).toEqual([
      {
        company_number: '00000001',
        company_name: 'ACME GROUP LIMITED',
        sic_codes: ['62012'],
        previous_names: [{ name: 'OLD "QUOTED" NAME\\WITH\tTAB', effective_from: '1999-01-01' }],
        inc: '2001-02-03',
      },
      expect.objectContaining({ company_number: 'SC000002', company_name: 'TAB\tAND\nNEWLINE LTD' }),
    ]);
  });

  it('updates only the columns a source knows', async () => {
    await t.dataSource.transaction((m) =>
      upsertRows(
        m,
        COMPANIES,
        [{ company_number: '00000001', company_name: 'ACME GROUP LIMITED', exchange: 'LSE', ticker: 'ACM', source: 'api' }],
        ['company_name', 'exchange', 'ticker'],
      ),
    );
    const [row] = await t.dataSource.query(`SELECT exchange, ticker, sic_codes, source FROM companies WHERE company_number = '00000001'`);
    expect(row).toEqual({ exchange: 'LSE', ticker: 'ACM', sic_codes: ['62012'], source: 'csv' });
  });

  it('rolls the whole batch back when one row breaks a constraint', async () => {
    await expect(
      t.dataSource.transaction((m) => upsertRows(m, COMPANIES, [company('00000003', 'GOOD LTD'), company('bad', 'BAD LTD')])),
    ).rejects.toThrow();
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM companies WHERE company_number = '00000003'`);
    expect(count).toBe(0);
  });

  it('writes charges with one lender row per entitled person, keyed by the normalised name', async () => {
    await t.dataSource.transaction((m) =>
      upsertCharges(m, [
        {
          charge_id: 'abc',
          company_number: '00000001',
          status: 'outstanding',
          persons_entitled: ['HSBC UK Bank PLC', 'Hsbc Uk Bank P.L.C.'],
        },
        {
          charge_id: 'def',
          company_number: 'SC000002',
          status: 'fully-satisfied',
          persons_entitled: ['Lloyds Bank PLC'],
          contains_floating_charge: true,
        },
      ]),
    );
    await t.dataSource.transaction((m) =>
      upsertCharges(m, [
        { charge_id: 'abc', company_number: '00000001', status: 'part-satisfied', persons_entitled: ['Barclays Bank PLC'] },
      ]),
    );
    const lenders = await t.dataSource.query(`SELECT charge_id, raw_name, lender_key FROM charge_lenders ORDER BY charge_id, position`);
    expect(lenders).toEqual([
      { charge_id: 'abc', raw_name: 'Barclays Bank PLC', lender_key: 'BARCLAYS BANK' },
      { charge_id: 'def', raw_name: 'Lloyds Bank PLC', lender_key: 'LLOYDS BANK' },
    ]);
    const [charge] = await t.dataSource.query(`SELECT status, contains_fixed_charge FROM charges WHERE charge_id = 'abc'`);
    expect(charge).toEqual({ status: 'part-satisfied', contains_fixed_charge: false });
  });

  it('stores JSON columns as JSON and absent ones as their empty default', async () => {
    await t.dataSource.transaction((m) =>
      upsertRows(m, FILINGS, [
        {
          transaction_id: 'MzAx',
          company_number: '00000001',
          category: 'officers',
          type: 'AP01',
          date: '2024-05-01',
          description: 'appoint-person-director-company-with-name-date',
          description_values: { officer_name: 'Mr John Smith', appointment_date: '2024-04-30' },
        },
      ]),
    );
    const [row] = await t.dataSource.query(`SELECT description_values, annotations, paper_filed FROM filings`);
    expect(row).toEqual({
      description_values: { officer_name: 'Mr John Smith', appointment_date: '2024-04-30' },
      annotations: [],
      paper_filed: false,
    });
  });

  it('inserts rows straight in, and upserts the batch instead when a key is there already (the sample seed)', async () => {
    const fresh = await t.dataSource.transaction((m) => insertRows(m, COMPANIES, [company('00000010', 'NEW ONE LTD')]));
    expect(fresh).toEqual({ written: 1, upserted: false });
    // One key already stored and one twice in the batch: the outcome is upsertRows's, last row wins.
    const again = await t.dataSource.transaction((m) =>
      insertRows(m, COMPANIES, [company('00000010', 'RENAMED LTD'), company('00000011', 'FIRST LTD'), company('00000011', 'SECOND LTD')]),
    );
    expect(again).toEqual({ written: 2, upserted: true });
    const rows = await t.dataSource.query(
      `SELECT company_number, company_name FROM companies WHERE company_number IN ('00000010', '00000011') ORDER BY 1`,
    );
    expect(rows).toEqual([
      { company_number: '00000010', company_name: 'RENAMED LTD' },
      { company_number: '00000011', company_name: 'SECOND LTD' },
    ]);
    await expect(
      t.dataSource.transaction((m) => insertRows(m, COMPANIES, [company('00000012', 'GOOD LTD'), company('bad', 'BAD LTD')])),
    ).rejects.toThrow();
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM companies WHERE company_number = '00000012'`);
    expect(count).toBe(0);
  });

  it('inserts charges with their lenders, and replaces the lenders of a charge stored already', async () => {
    await t.dataSource.transaction((m) =>
      insertCharges(m, [
        { charge_id: 'ghi', company_number: '00000010', status: 'outstanding', persons_entitled: ['HSBC UK Bank PLC', 'Lloyds Bank PLC'] },
      ]),
    );
    await t.dataSource.transaction((m) =>
      insertCharges(m, [{ charge_id: 'ghi', company_number: '00000010', status: 'outstanding', persons_entitled: ['Barclays Bank PLC'] }]),
    );
    const lenders = await t.dataSource.query(`SELECT raw_name, lender_key FROM charge_lenders WHERE charge_id = 'ghi' ORDER BY position`);
    expect(lenders).toEqual([{ raw_name: 'Barclays Bank PLC', lender_key: 'BARCLAYS BANK' }]);
  });
});
