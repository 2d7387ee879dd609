import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { UsKpiItem, UsKpiTable, UsKpiValue } from '../../contracts/us-equity.js';
import { kpiCellText, kpiPeriodTitle, kpiTableView, kpiValueFacts, operandRows, searchKpis } from './kpi-view.js';

const table: UsKpiTable = {
  table_name: 'Income Statement',
  category: 'quarterly',
  table_unit: 'USD',
  periods: [
    { key: '2023Q3', label: 'Q3 2023', ending_type: 'Q3', fiscal_year: 2023, fiscal_date: '2023-09-30', start: '2023-07-01' },
    { key: '2023Q4', label: 'Q4 2023', ending_type: 'Q4', fiscal_year: 2023, fiscal_date: '2023-12-31', start: '2023-10-01' },
  ],
  table_data: [
    {
      name: 'revenue',
      group_name: 'Revenue',
      row_header_name: 'Revenue',
      unit: 'USD',
      cells: [
        { kpi_value_id: 'revenue@2023Q3', value: 1_500_000, derived: false },
        { kpi_value_id: 'revenue@2023Q4', value: 2_250_000, derived: true },
      ],
    },
    { name: 'cost_of_revenue', group_name: 'Revenue', row_header_name: 'Cost of revenue', unit: 'USD', cells: [null, null] },
    {
      name: 'net_income',
      group_name: 'Profit',
      row_header_name: 'Net income',
      unit: 'USD',
      cells: [{ kpi_value_id: 'net_income@2023Q3', value: -400_000, derived: false }, null],
    },
  ],
};

describe('KPI views', () => {
  it('writes cells as statements print them, derived ones marked, missing ones as a dash', () => {
    expect(kpiCellText(table.table_data[0]!.cells[1], 'USD')).toBe('2.3*');
    expect(kpiCellText(table.table_data[2]!.cells[0], 'USD')).toBe('(0.40)');
    expect(kpiCellText(null, 'USD')).toBe('—');
    expect(kpiPeriodTitle({ ending_type: 'FY', fiscal_year: 2023 })).toBe('FY2023');
    expect(kpiPeriodTitle({ ending_type: 'Q4', fiscal_year: 2023 })).toBe('Q4 FY2023');
  });

  it('shows a table with its groups and unit, narrowed to the KPIs kept', () => {
    const view = kpiTableView(table);
    expect(view.unitLabel).toBe('USD millions');
    expect(view.hasDerived).toBe(true);
    expect(view.rows.map((r) => [r.label, r.firstOfGroup])).toEqual([
      ['Revenue', true],
      ['Cost of revenue', false],
      ['Net income', true],
    ]);
    expect(view.rows[0]!.cells.map((c) => c?.kpi_value_id)).toEqual(['revenue@2023Q3', 'revenue@2023Q4']);
    const kept = kpiTableView(table, new Set(['net_income']));
    expect(kept.rows.map((r) => r.name)).toEqual(['net_income']);
    expect(kept.hasDerived).toBe(false);
  });

  it('finds KPIs by label, name or group, with a typo', () => {
    const items: UsKpiItem[] = table.table_data.map((r) => ({
      name: r.name,
      table_name: 'Income Statement',
      group_name: r.group_name,
      row_header_name: r.row_header_name,
      category: 'annual',
    }));
    expect(searchKpis(items, 'net incme').map((i) => i.name)).toEqual(['net_income']);
    expect(searchKpis(items, 'cost').map((i) => i.name)).toEqual(['cost_of_revenue']);
    expect(searchKpis(items, '  ')).toHaveLength(3);
  });

  it("lists a derived value's facts and operands", () => {
    const value: UsKpiValue = {
      kpi_value_id: 'revenue@2023Q4',
      name: 'revenue',
      table_name: 'Income Statement',
      group_name: 'Revenue',
      row_header_name: 'Revenue',
      table_unit: 'USD',
      value: 2_250_000,
      unit: 'USD',
      ending_type: 'Q4',
      fiscal_date: '2023-12-31',
      fiscal_year: 2023,
      derived: true,
      formula: 'FY − 9M',
      form_type: '10-K',
      filing_report_date: '2023-12-31',
      sources: [],
      operands: [
        {
          label: 'Revenue FY2023',
          role: '+',
          value: 6_000_000,
          unit: 'USD',
          derived: false,
          start: '2023-01-01',
          end: '2023-12-31',
          source: {
            concept: 'us-gaap:Revenues',
            unit: 'USD',
            start: '2023-01-01',
            end: '2023-12-31',
            value: 6_000_000,
            accn: '0000001001-24-000014',
            form: '10-K',
            filed: '2024-02-14',
            frame: 'CY2023',
          },
        },
        { label: 'Revenue 9M 2023', role: '-', value: 3_750_000, unit: 'USD', derived: false, start: '2023-01-01', end: '2023-09-30' },
      ],
    };
    expect(kpiValueFacts(value)).toEqual([
      ['Value', '2.3 (USD: 2250000)'],
      ['Period ends', '2023-12-31'],
      ['Derived', 'FY − 9M'],
    ]);
    expect(operandRows(value).map((o) => [o.role, o.value, o.period, o.source])).toEqual([
      ['+', '6.0', '2023-01-01 to 2023-12-31', 'Revenues · 10-K 0000001001-24-000014'],
      ['-', '3.8', '2023-01-01 to 2023-09-30', 'derived'],
    ]);
  });
});
