import { describe, it } from 'node:test';
import { expect } from 'expect';
import { companyKpis } from './kpi-values.js';
import { isKpiTableName, kpiItems, kpiTable, kpiValue, parseDocumentCategory, parseKpiValueId } from './kpi-tables.js';
import { US_KPI_CATALOGUE, US_KPI_TABLES, catalogueConcepts } from './kpi-catalogue.js';
import { calendarYear, fact } from './testing.js';

/** Two years: revenue moves from SalesRevenueNet (2022) to RevenueFromContract... (2023). */
function company() {
  return [
    ...calendarYear('SalesRevenueNet', 2022, 90, 190, 300, 420),
    ...calendarYear('RevenueFromContractWithCustomerExcludingAssessedTax', 2023, 100, 210, 330, 460),
    ...calendarYear('GrossProfit', 2023, 40, 84, 132, 184),
    ...calendarYear('NetIncomeLoss', 2022, 9, 19, 30, 42),
    ...calendarYear('NetIncomeLoss', 2023, 10, 21, 33, -46),
    ...calendarYear('EarningsPerShareDiluted', 2023, 0.1, 0.21, 0.33, 0.46, 'USD/shares'),
    fact({ concept: 'StockholdersEquity', end: '2023-12-31', val: 1000, filed: '2024-02-15', form: '10-K' }),
    fact({ concept: 'StockholdersEquity', end: '2023-09-30', val: 950, filed: '2023-11-01' }),
    // An 8-K recast of the year, to ignore.
    fact({
      concept: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      start: '2023-01-01',
      end: '2023-12-31',
      val: 999,
      filed: '2024-04-01',
      form: '8-K',
    }),
  ];
}

describe('the KPI catalogue', () => {
  it('covers the six tables, each KPI named once, formulas only over KPIs defined before them', () => {
    expect(new Set(US_KPI_CATALOGUE.map((k) => k.table_name))).toEqual(new Set(US_KPI_TABLES));
    const names = US_KPI_CATALOGUE.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    US_KPI_CATALOGUE.forEach((k, i) => {
      if (k.kind !== 'concept') for (const of of k.of) expect(names.slice(0, i)).toContain(of);
    });
    expect(catalogueConcepts().has('us-gaap:SalesRevenueNet')).toBe(true);
  });
});

describe('companyKpis and the KPI tables', () => {
  const kpis = companyKpis(company());

  it('keeps one revenue series through the tag switch, annual and quarterly, ignoring the 8-K', () => {
    const table = kpiTable(kpis, 'Income Statement', 'annual');
    expect(table.periods.map((p) => p.key)).toEqual(['FY2022', 'FY2023']);
    const revenue = table.table_data.find((r) => r.name === 'revenue')!;
    expect(revenue.cells.map((c) => c?.value)).toEqual([420, 460]);
    expect(table.table_unit).toBe('USD');
    const quarterly = kpiTable(kpis, 'Income Statement', 'quarterly');
    expect(quarterly.periods.map((p) => p.label)).toEqual([
      'Q1 FY2022',
      'Q2 FY2022',
      'Q3 FY2022',
      'Q4 FY2022',
      'Q1 FY2023',
      'Q2 FY2023',
      'Q3 FY2023',
      'Q4 FY2023',
    ]);
    const q = quarterly.table_data.find((r) => r.name === 'revenue')!;
    expect(q.cells.map((c) => [c?.value, c?.derived])).toEqual([
      [90, false],
      [100, true],
      [110, true],
      [120, true],
      [100, false],
      [110, true],
      [120, true],
      [130, true],
    ]);
  });

  it('computes margins and growth from the same periods, and returns only over whole years', () => {
    const margins = kpiTable(kpis, 'Margins and Returns', 'annual');
    expect(margins.table_unit).toBe('%');
    const row = (name: string) => margins.table_data.find((r) => r.name === name)?.cells.map((c) => c?.value ?? null);
    expect(row('gross_margin')).toEqual([null, 40]);
    expect(row('net_margin')).toEqual([10, -10]);
    expect(row('return_on_equity')).toEqual([null, -4.6]);
    const quarterlyMargins = kpiTable(kpis, 'Margins and Returns', 'quarterly');
    expect(quarterlyMargins.table_data.map((r) => r.name)).not.toContain('return_on_equity');
    const growth = kpiTable(kpis, 'Growth', 'annual');
    // The first year has no prior year: the column is left out.
    expect(growth.periods.map((p) => p.key)).toEqual(['FY2023']);
    expect(growth.table_data.find((r) => r.name === 'revenue_growth')!.cells[0]!.value).toBeCloseTo(9.5238, 3);
    expect(growth.table_data.find((r) => r.name === 'net_income_growth')!.cells[0]!.value).toBeCloseTo(-209.5238, 3);
  });

  it('shows balance-sheet instants at the period ends and never a per-share Q4', () => {
    const bs = kpiTable(kpis, 'Balance Sheet', 'quarterly');
    expect(bs.periods.map((p) => p.key)).toEqual(['2023Q3', '2023Q4']);
    const ps = kpiTable(kpis, 'Per Share', 'quarterly');
    expect(ps.periods.map((p) => p.key)).toEqual(['2023Q1']);
    expect(ps.table_unit).toBe('USD per share');
  });

  it('traces a derived Q4 to its operands and their filings', () => {
    const v = kpiValue(kpis, 'revenue@2023Q4')!;
    expect(v).toMatchObject({
      value: 130,
      derived: true,
      formula: 'FY − 9M',
      ending_type: 'Q4',
      fiscal_date: '2023-12-31',
      form_type: '10-K',
      filing_report_date: '2024-02-15',
    });
    expect(v.operands.map((o) => [o.source?.concept, o.source?.form, o.value])).toEqual([
      ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', '10-K', 460],
      ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', '10-Q', 330],
    ]);
    const reported = kpiValue(kpis, 'revenue@FY2022')!;
    expect(reported).toMatchObject({ derived: false, value: 420, form_type: '10-K' });
    expect(reported.sources.map((s) => s.concept)).toEqual(['us-gaap:SalesRevenueNet']);
    const margin = kpiValue(kpis, 'gross_margin@FY2023')!;
    expect(margin.operands.map((o) => [o.kpi_value_id, o.role])).toEqual([
      ['gross_profit@FY2023', '+'],
      ['revenue@FY2023', '/'],
    ]);
    expect(kpiValue(kpis, 'revenue@FY2019')).toBeNull();
    expect(kpiValue(kpis, 'nonsense')).toBeNull();
  });

  it('lists the KPIs holding values per category', () => {
    const items = kpiItems(kpis);
    expect(items).toContainEqual({
      name: 'revenue',
      table_name: 'Income Statement',
      group_name: 'Revenue',
      row_header_name: 'Revenue',
      category: 'annual',
    });
    expect(items.filter((i) => i.name === 'return_on_equity').map((i) => i.category)).toEqual(['annual']);
    expect(items.some((i) => i.name === 'inventory')).toBe(false);
  });
});

describe('request parsing', () => {
  it('reads value ids, categories and table names strictly', () => {
    expect(parseKpiValueId('revenue@2023Q4')).toEqual({ kpi: 'revenue', key: '2023Q4', category: 'quarterly' });
    expect(parseKpiValueId('revenue@FY2023')).toEqual({ kpi: 'revenue', key: 'FY2023', category: 'annual' });
    expect(parseKpiValueId("revenue@FY2023' OR 1=1")).toBeNull();
    expect(parseDocumentCategory('10-Q')).toBe('quarterly');
    expect(parseDocumentCategory(undefined)).toBe('annual');
    expect(parseDocumentCategory('AA')).toBeNull();
    expect(isKpiTableName('Cash Flow')).toBe(true);
    expect(isKpiTableName('cash')).toBe(false);
  });
});
