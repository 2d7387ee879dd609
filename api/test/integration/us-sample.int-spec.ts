import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { companyKpis, kpiTable, kpiValue } from '@credence/shared';
import { loadFacts } from '../../src/modules/us-equity/store/us-facts.repository.js';
import { US_SAMPLE_FIRST_CIK } from '../../src/modules/us-equity/seed/us-sample.js';
import { seedUsSample } from '../../src/modules/us-equity/seed/us-first-start.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

describe('the US sample: companies with eight years of SEC-style facts, labelled sample', () => {
  let t: TestContext;
  before(async () => {
    t = await startTestContext();
    await seedUsSample(t.dataSource, 8, 2024);
  });
  after(() => t.close());

  it('marks the companies sample and not verified, with tickers, sectors and fiscal year ends', async () => {
    const rows = await t.dataSource.query(
      'SELECT cik, ticker, sector, fiscal_year_end, sample, verified, facts_count FROM us_companies ORDER BY cik',
    );
    expect(rows).toHaveLength(8);
    for (const r of rows)
      expect(r).toMatchObject({ sample: true, verified: false, ticker: expect.stringMatching(/^[A-Z]{4}$/), sector: expect.any(String) });
    expect(new Set(rows.map((r: { ticker: string }) => r.ticker)).size).toBe(8);
    expect(rows.map((r: { fiscal_year_end: string }) => r.fiscal_year_end)).toEqual([
      '1231',
      '1231',
      '1231',
      '0131',
      '0630',
      '0930',
      '1231',
      '1231',
    ]);
  });

  it('gives eight fiscal years of revenue through the tag switch, and quarters whose sum is the year', async () => {
    const kpis = companyKpis(await loadFacts(t.dataSource, US_SAMPLE_FIRST_CIK), { fiscalYearEnd: '1231' });
    const annual = kpiTable(kpis, 'Income Statement', 'annual');
    expect(annual.periods.map((p) => p.key)).toEqual(['FY2017', 'FY2018', 'FY2019', 'FY2020', 'FY2021', 'FY2022', 'FY2023', 'FY2024']);
    const revenue = annual.table_data.find((r) => r.name === 'revenue')!;
    expect(revenue.cells.every((c) => c !== null && c.value > 0)).toBe(true);
    const concepts = new Set(annual.periods.map((p) => kpiValue(kpis, `revenue@${p.key}`)!.sources[0]!.concept));
    expect(concepts).toEqual(new Set(['us-gaap:SalesRevenueNet', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax']));
    for (const year of [2017, 2020, 2024]) {
      const quarters = [1, 2, 3, 4].map((k) => kpiValue(kpis, `revenue@${year}Q${k}`)!);
      expect(quarters.map((q) => q.derived)).toEqual([false, false, false, true]);
      expect(quarters.reduce((a, q) => a + q.value, 0)).toBe(kpiValue(kpis, `revenue@FY${year}`)!.value);
      // Cash flows are filed year to date only: Q2-Q4 are derived.
      expect([1, 2, 3, 4].map((k) => kpiValue(kpis, `operating_cash_flow@${year}Q${k}`)!.derived)).toEqual([false, true, true, true]);
    }
    expect(kpiValue(kpis, 'eps_diluted@2024Q4')).toBeNull();
  });

  it('names a January year end by the year it ends in', async () => {
    const kpis = companyKpis(await loadFacts(t.dataSource, US_SAMPLE_FIRST_CIK + 3), { fiscalYearEnd: '0131' });
    const periods = kpiTable(kpis, 'Income Statement', 'annual').periods;
    expect(periods.at(-1)).toMatchObject({ key: 'FY2025', fiscal_date: '2025-01-31', start: '2024-02-01' });
    expect(periods).toHaveLength(8);
  });
});
