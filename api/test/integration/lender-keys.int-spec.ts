import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { LENDER_KEY_VERSION, lenderKey } from '@credence/shared';
import { refreshDerivedTables } from '../../src/modules/companies-house/store/derived-tables.js';
import { upsertCharges, upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { LenderDetailService } from '../../src/platform/register/views/lender-detail.service.js';
import { charge, company } from '../support/screener-data.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

/**
 * A database written before NatWest and National Westminster Bank were one lender holds the keys
 * the older normaliser made. The next refresh of the derived tables finds no current version
 * recorded, computes every key again from its raw name, and the creditors screener then counts
 * the lender once; a later refresh leaves the keys alone.
 */
describe('lender keys: recomputed by the refresh when the normaliser has changed', () => {
  let t: TestContext;
  const keys = async () =>
    (await t.dataSource.query(`SELECT raw_name, lender_key FROM charge_lenders ORDER BY raw_name`)) as {
      raw_name: string;
      lender_key: string;
    }[];

  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('merges the variants an older normaliser kept apart, once', async () => {
    await t.dataSource.transaction(async (m) => {
      await upsertRows(m, COMPANIES, [company('00000101', 'ALPHA LIMITED'), company('00000102', 'BETA LIMITED')]);
      await upsertCharges(m, [
        charge('C-1', '00000101', { persons_entitled: ['National Westminster Bank PLC'] }),
        charge('C-2', '00000102', { persons_entitled: ['NatWest'] }),
        charge('C-3', '00000102', { persons_entitled: ['Lloyds Bank PLC as Security Agent'] }),
      ]);
    });
    // What version 1 of lenderKey() wrote, and no version recorded (a database made before versions).
    await t.dataSource.query(`UPDATE charge_lenders SET lender_key = 'NATWEST' WHERE raw_name = 'NatWest'`);
    await t.dataSource.query(`UPDATE charge_lenders SET lender_key = 'LLOYDS BANK PLC AS SECURITY AGENT' WHERE charge_id = 'C-3'`);
    await t.dataSource.query(`DELETE FROM derived_versions`);

    await refreshDerivedTables(t.dataSource, 'all');
    for (const row of await keys()) expect(row.lender_key).toBe(lenderKey(row.raw_name));
    const [version] = await t.dataSource.query(`SELECT version FROM derived_versions WHERE name = 'lender_key'`);
    expect(Number(version.version)).toBe(LENDER_KEY_VERSION);

    const stats = await t.dataSource.query(`SELECT lender_key, total_charges, companies_count FROM lender_stats ORDER BY lender_key`);
    expect(stats).toEqual([
      { lender_key: 'LLOYDS BANK', total_charges: 1, companies_count: 1 },
      { lender_key: 'NATIONAL WESTMINSTER BANK', total_charges: 2, companies_count: 2 },
    ]);
    const detail = await new LenderDetailService(t.dataSource).detail('NatWest');
    expect(detail).toMatchObject({ total_charges: 2, unique_companies_count: 2 });

    // Current keys are left alone: a key set by hand survives the next refresh.
    await t.dataSource.query(`UPDATE charge_lenders SET lender_key = 'HAND SET' WHERE charge_id = 'C-3'`);
    await refreshDerivedTables(t.dataSource, 'all');
    expect((await keys()).find((row) => row.raw_name.startsWith('Lloyds'))!.lender_key).toBe('HAND SET');
  });
});
