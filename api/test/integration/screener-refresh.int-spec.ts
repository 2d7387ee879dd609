import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { refreshScreenerViews } from '../../src/platform/register/views/refresh-views.js';
import { SCREENER_VIEWS } from '../../src/platform/register/views/screener-views.sql.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const company = (company_number: string, company_name: string) => ({
  company_number,
  company_name,
  company_status: 'Active',
  source: 'csv',
});
const EXPECTED = SCREENER_VIEWS.flatMap((view) => view.indexes.map((statement) => /INDEX (\w+) ON/.exec(statement)![1])).sort();

describe('screener view refresh', () => {
  let t: TestContext;
  const indexes = async (): Promise<string[]> =>
    (
      await t.dataSource.query(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY 1`, [
        SCREENER_VIEWS.map((view) => view.name),
      ])
    ).map((row: { indexname: string }) => row.indexname);
  const generation = async (view: string) =>
    Number((await t.dataSource.query(`SELECT generation FROM screener_view_generations WHERE view_name = $1`, [view]))[0]?.generation ?? 0);

  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('fills the views, with every index of every view in place afterwards, and raises each generation', async () => {
    await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [company('00000001', 'ACME WIDGETS LIMITED'), company('00000002', 'ZEBRA LTD')]),
    );
    // Migrations that rebuild a view count a generation of their own: the refreshes count from there.
    const migrated = await generation('screener_companies');
    await refreshScreenerViews(t.dataSource);
    expect(await indexes()).toEqual(EXPECTED);
    expect(
      (await t.dataSource.query(`SELECT company_number FROM screener_companies ORDER BY 1`)).map(
        (r: { company_number: string }) => r.company_number,
      ),
    ).toEqual(['00000001', '00000002']);
    expect(await generation('screener_companies')).toBe(migrated + 1);
    await refreshScreenerViews(t.dataSource);
    expect(await generation('screener_companies')).toBe(migrated + 2);
  });

  it('builds again an index that an interrupted first fill left unbuilt', async () => {
    await t.dataSource.query(`DROP INDEX screener_companies_turnover_idx`);
    await t.dataSource.query(`DROP INDEX screener_charges_lenders_trgm_idx`);
    await refreshScreenerViews(t.dataSource);
    expect(await indexes()).toEqual(EXPECTED);
  });
});
