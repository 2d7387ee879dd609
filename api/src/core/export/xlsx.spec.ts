import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { buffer } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import type { ExportColumn } from './cells.js';
import { sheetTitle, xlsxExport } from './xlsx.js';

const columns: ExportColumn[] = [
  { id: 'company_name', label: 'Company Name', format: 'text' },
  { id: 'turnover', label: 'Turnover', format: 'millions' },
  { id: 'debt_to_equity_ratio', label: 'Debt to Equity', format: 'ratio' },
  { id: 'employee_count', label: 'Employees', format: 'integer' },
  { id: 'delivered_on', label: 'Delivered On', format: 'date' },
  { id: 'contains_fixed_charge', label: 'Fixed', format: 'boolean' },
  { id: 'lenders', label: 'Lenders', format: 'list' },
];

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function workbookOf(rows: Record<string, unknown>[], sheetName = 'Companies'): Promise<ExcelJS.Worksheet> {
  const xlsx = await xlsxExport(sheetName, columns, from(rows));
  const [bytes] = await Promise.all([buffer(xlsx.stream), xlsx.done]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

describe('xlsx export', () => {
  it('writes a named sheet with a bold, frozen, filterable header and readable widths', async () => {
    const sheet = await workbookOf([{ company_name: 'ACME LTD' }, { company_name: 'BETA PLC' }]);
    expect(sheet.name).toBe('Companies');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Company Name',
      'Turnover (m)',
      'Debt to Equity',
      'Employees',
      'Delivered On',
      'Fixed',
      'Lenders',
    ]);
    sheet.getRow(1).eachCell((cell) => expect(cell.font?.bold).toBe(true));
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:G3');
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(30);
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps amounts as real values shown in millions, ratios to 2 places, integers grouped, real dates', async () => {
    const sheet = await workbookOf([
      {
        company_name: 'ACME LTD',
        turnover: 12_345_678,
        debt_to_equity_ratio: 0.4567,
        employee_count: 1234,
        delivered_on: '2024-03-05',
        contains_fixed_charge: true,
        lenders: ['HSBC', 'Barclays'],
      },
      {
        company_name: 'LOSS LTD',
        turnover: '-2500000',
        debt_to_equity_ratio: null,
        employee_count: null,
        delivered_on: null,
        contains_fixed_charge: false,
      },
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe(12_345_678);
    expect(row.getCell(2).numFmt).toBe('#,##0.00,,');
    expect(row.getCell(3).value).toBe(0.4567);
    expect(row.getCell(3).numFmt).toBe('0.00');
    expect(row.getCell(4).value).toBe(1234);
    expect(row.getCell(4).numFmt).toBe('#,##0');
    expect(row.getCell(5).value).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(6).value).toBe(true);
    expect(row.getCell(7).value).toBe('HSBC; Barclays');
    const loss = sheet.getRow(3);
    expect(loss.getCell(2).value).toBe(-2_500_000); // a negative number stays a number
    expect(loss.getCell(3).value).toBeNull();
    expect(loss.getCell(6).value).toBe(false);
  });

  it('escapes formula-like text and drops characters XML cannot hold', async () => {
    const sheet = await workbookOf([{ company_name: '=HYPERLINK("http://evil","x")' }, { company_name: 'Bell\u0007 Ltd' }]);
    expect(sheet.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(sheet.getRow(2).getCell(1).formula).toBeUndefined();
    expect(sheet.getRow(3).getCell(1).value).toBe('Bell Ltd');
  });

  it('keeps carriage returns exactly as they were (an XML reader would turn a raw CR into LF)', async () => {
    const sheet = await workbookOf([{ company_name: 'Line one\r\nline two' }, { company_name: '\rCR LTD' }]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Line one\r\nline two');
    expect(sheet.getRow(3).getCell(1).value).toBe("'\rCR LTD");
  });

  it('writes a header-only sheet when nothing matches, and makes any sheet name valid', async () => {
    const sheet = await workbookOf([], 'Lenders: [all]/2026 and a very long tail of words');
    expect(sheet.rowCount).toBe(1);
    expect(sheet.name).toBe(sheetTitle('Lenders: [all]/2026 and a very long tail of words'));
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    expect(sheet.name).not.toMatch(/[[\]:*?/\\]/);
    expect(sheetTitle("'")).toBe('Export');
  });

  it('stops pulling rows while nobody reads, and closes the source when the reader leaves', async () => {
    let pulled = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          pulled++;
          // random names compress poorly, so the few buffers between rows and reader fill quickly
          yield { company_name: randomBytes(24).toString('hex'), turnover: pulled * 1000, lenders: [randomBytes(8).toString('hex')] };
        }
      } finally {
        closed = true;
      }
    }
    const xlsx = await xlsxExport('Companies', columns, endless());
    let last = -1;
    for (let i = 0; i < 50 && pulled !== last; i++) {
      last = pulled;
      await sleep(250);
    }
    expect(pulled).toBe(last); // stalled: no reader, no more rows
    expect(pulled).toBeLessThan(200_000); // the buffers between rows and reader: a few MB, not the file
    xlsx.stream.destroy();
    await xlsx.done;
    expect(closed).toBe(true);
  });
});
