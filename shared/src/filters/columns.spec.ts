import { describe, it } from 'node:test';
import { expect } from 'expect';
import { columnHeader, COMPANY_SCREENER_COLUMNS, findColumn, LENDER_STATS_COLUMNS } from './columns.js';

describe('column headers', () => {
  it('name the unit of money columns and leave counts, ratios and text alone', () => {
    const header = (id: string) => columnHeader(findColumn(COMPANY_SCREENER_COLUMNS, id)!);
    expect(header('turnover')).toBe('Turnover (£m)');
    expect(header('total_liabilities')).toBe('Total Liabilities (£m)');
    expect(header('employee_count')).toBe('Employees');
    expect(header('debt_to_equity_ratio')).toBe('Debt to Equity (as stated)');
    expect(header('company_name')).toBe('Company Name');
    expect(LENDER_STATS_COLUMNS.map(columnHeader)).toEqual(LENDER_STATS_COLUMNS.map((c) => c.label));
  });

  it('gives every money column of the companies screener a unit', () => {
    for (const column of COMPANY_SCREENER_COLUMNS.filter((c) => c.format === 'millions')) expect(columnHeader(column)).toMatch(/ \(£m\)$/);
  });
});
