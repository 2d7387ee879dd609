import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { POSTCODE_AREAS, postcodeArea, postcodeRegion } from '@credence/shared';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { refreshScreenerViews } from '../../src/platform/register/views/refresh-views.js';
import { company } from '../support/screener-data.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

/**
 * The screener's region comes from postcode_areas, a copy of shared POSTCODE_AREAS written by
 * migration 1764374400000: the two must stay equal (a change to one needs a migration for the
 * other), and the view must read a postcode's area as the shared rule does.
 */
describe('postcode areas: the migrated table is the shared list', () => {
  let t: TestContext;
  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('holds every area with its town and region, and nothing else', async () => {
    const rows = await t.dataSource.query(`SELECT area, town, region FROM postcode_areas ORDER BY area`);
    expect(rows).toEqual(
      [...POSTCODE_AREAS].sort((a, b) => (a.area < b.area ? -1 : 1)).map(({ area, town, region }) => ({ area, town, region })),
    );
  });

  it('gives each company the region and area of its postcode, as the shared rule reads them', async () => {
    const postcodes = ['LS11 5QT', 'ec1v 9hx', ' M3 4LY', 'SW1A 1AA', 'BT1 1AA', 'W1D 3QF', 'GY1 1AA', 'XX1 1AA', '', '12345'];
    const number = (i: number) => `PC${String(i).padStart(6, '0')}`;
    await t.dataSource.transaction((m) =>
      upsertRows(
        m,
        COMPANIES,
        postcodes.map((postcode, i) => company(number(i), `POSTCODE ${i} LIMITED`, { postcode })),
      ),
    );
    await refreshScreenerViews(t.dataSource);
    const rows: { company_number: string; postcode_area: string | null; region: string | null }[] = await t.dataSource.query(
      `SELECT company_number, postcode_area, region FROM screener_companies WHERE company_number LIKE 'PC%' ORDER BY company_number`,
    );
    expect(rows.map((r) => ({ area: r.postcode_area, region: r.region }))).toEqual(
      postcodes.map((postcode) => ({ area: postcodeArea(postcode), region: postcodeRegion(postcode) })),
    );
    expect(rows[0]).toMatchObject({ postcode_area: 'LS', region: 'Yorkshire and The Humber' });
  });
});
