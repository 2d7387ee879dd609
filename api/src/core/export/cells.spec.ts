import { describe, it } from 'node:test';
import { expect } from 'expect';
import { csvHeader, csvLine, jsonLine, xlsxHeader, xlsxValue, type ExportColumn } from './cells.js';

const columns: ExportColumn[] = [
  { id: 'company_name', label: 'Company Name', format: 'text' },
  { id: 'turnover', label: 'Turnover', format: 'millions' },
  { id: 'debt_to_equity_ratio', label: 'Debt to Equity', format: 'ratio' },
  { id: 'employee_count', label: 'Employees', format: 'integer' },
  { id: 'delivered_on', label: 'Delivered On', format: 'date' },
  { id: 'contains_fixed_charge', label: 'Fixed', format: 'boolean' },
  { id: 'lenders', label: 'Lenders', format: 'list' },
];

describe('export cells', () => {
  it('escapes formulas in xlsx text but not in JSON, which is data', () => {
    expect(xlsxValue('millions', -1_250_000)).toBe(-1_250_000);
    expect(xlsxValue('text', '@cmd')).toBe(`'@cmd`);
    expect(JSON.parse(jsonLine(columns, { company_name: '=1+1' })).company_name).toBe('=1+1');
  });

  it('writes csv through the shared cell rule: ";" and tabs are quoted so ;-separated locales keep the cell', () => {
    expect(csvLine(columns, { company_name: 'Smith; Jones', lenders: ['HSBC', 'Barclays'] })).toBe(
      '"Smith; Jones",,,,,,"HSBC; Barclays"\r\n',
    );
  });

  it('says in the header that amounts are full amounts, not millions', () => {
    expect(csvHeader(columns[1])).toBe('Turnover (full amount)');
    expect(csvHeader(columns[0])).toBe('Company Name');
    expect(xlsxHeader(columns[1])).toBe('Turnover (m)');
  });

  it('gives xlsx real dates at UTC midnight, numbers from numeric strings, and booleans', () => {
    expect(xlsxValue('date', '2024-03-05')).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(xlsxValue('millions', '12500000.50')).toBe(12_500_000.5);
    expect(xlsxValue('boolean', false)).toBe(false);
    expect(xlsxValue('integer', null)).toBeNull();
    expect((xlsxValue('text', 'x'.repeat(40_000)) as string).length).toBe(32_767);
  });
});

describe('JSON Lines', () => {
  it('writes one object per row keyed by column id, values typed as the API returns them', () => {
    const line = jsonLine(columns, {
      company_name: 'ACME',
      turnover: '12500000',
      employee_count: null,
      delivered_on: new Date(Date.UTC(2024, 0, 2)),
      contains_fixed_charge: false,
      lenders: ['HSBC'],
      details: { page_numbers: {} },
    });
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({
      company_name: 'ACME',
      turnover: 12_500_000,
      debt_to_equity_ratio: null,
      employee_count: null,
      delivered_on: '2024-01-02',
      contains_fixed_charge: false,
      lenders: ['HSBC'],
    });
  });
});
