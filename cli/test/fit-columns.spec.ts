import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_COLUMN_PRIORITY, COMPANY_SCREENER_COLUMNS } from '@credence/shared';
import { fitColumns, READABLE_NAME } from '../src/output/fit-columns.js';
import { renderTable } from '../src/output/table.js';
import { textWidth } from '../src/output/text.js';

const visible = COMPANY_SCREENER_COLUMNS.filter((c) => c.visible);
const rows = [
  {
    company_name: 'BRITANNIA ENGINEERING GROUP PLC',
    company_number: '00123456',
    company_status: 'Active',
    turnover: 123_456_789,
    net_profit_loss: -1_234_567,
    net_asset: 45_600_000,
    region: 'North West',
  },
  { company_name: 'NORTHERN LIGHTS SOFTWARE LIMITED', company_number: 'SC234567', company_status: 'Liquidation', turnover: 2_345_678 },
];

describe('the screener table fitted to the terminal width', () => {
  it('at 80 columns shows the most telling columns, short headers, the name readable and the number whole', () => {
    const fitted = fitColumns(visible, rows, 80, COMPANY_COLUMN_PRIORITY);
    expect(fitted.columns.map((c) => c.id)).toEqual(['company_name', 'company_number', 'company_status', 'turnover', 'net_profit_loss']);
    expect(fitted.headers).toEqual(['Company Name', 'Number', 'Status', 'Turnover £m', 'Net P/L £m']);
    const lines = renderTable(fitted.columns, rows, 80, fitted.headers);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[2]).toMatch(/^BRITANNIA ENGINEERING GRO.*\s+00123456\s+Active\s+123\.46\s+-1\.23$/);
    expect(lines[2].indexOf('00123456')).toBeGreaterThanOrEqual(READABLE_NAME);
  });

  it('shows more of them as the width grows, and every column with its full header when all fit', () => {
    expect(fitColumns(visible, rows, 120, COMPANY_COLUMN_PRIORITY).columns.length).toBeGreaterThan(5);
    const few = visible.slice(0, 3);
    expect(fitColumns(few, rows, 120, COMPANY_COLUMN_PRIORITY)).toEqual({
      columns: few,
      headers: ['Company Name', 'Company Number', 'Status'],
    });
  });

  it('keeps the name and the number however narrow', () => {
    expect(fitColumns(visible, rows, 30, COMPANY_COLUMN_PRIORITY).columns.map((c) => c.id)).toEqual(['company_name', 'company_number']);
  });
});
