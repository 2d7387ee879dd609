import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  csvCell,
  csvField,
  csvHeader,
  csvLine,
  escapeFormula,
  jsonLine,
  numberText,
  toDay,
  xlsxHeader,
  xlsxValue,
  type ExportColumn,
} from './cells.js';

const columns: ExportColumn[] = [
  { id: 'company_name', label: 'Company Name', format: 'text' },
  { id: 'turnover', label: 'Turnover', format: 'millions' },
  { id: 'debt_to_equity_ratio', label: 'Debt to Equity', format: 'ratio' },
  { id: 'employee_count', label: 'Employees', format: 'integer' },
  { id: 'delivered_on', label: 'Delivered On', format: 'date' },
  { id: 'contains_fixed_charge', label: 'Fixed', format: 'boolean' },
  { id: 'lenders', label: 'Lenders', format: 'list' },
];

describe('formula injection', () => {
  it('prefixes a quote to text a spreadsheet would run or strip', () => {
    for (const text of ['=1+1', '+44 20 7946 0000', '-2+3', '@SUM(A1)', '\tcmd', '\r=1']) {
      expect(escapeFormula(text)).toBe(`'${text}`);
    }
    expect(escapeFormula('ACME LTD')).toBe('ACME LTD');
    expect(escapeFormula('a=b')).toBe('a=b');
    expect(escapeFormula('')).toBe('');
  });

  it('leaves numbers as numbers, negative ones included, and escapes text in any column', () => {
    expect(csvCell('millions', -1_250_000)).toBe('-1250000');
    expect(csvCell('ratio', '-0.75')).toBe('-0.75');
    expect(xlsxValue('millions', -1_250_000)).toBe(-1_250_000);
    expect(csvCell('text', '=HYPERLINK("http://x","click")')).toBe(`'=HYPERLINK("http://x","click")`);
    expect(xlsxValue('text', '@cmd')).toBe(`'@cmd`);
    expect(csvCell('millions', '=1+1')).toBe(`'=1+1`); // not a number: treated as text
    expect(csvCell('list', ['-Bank', 'HSBC'])).toBe(`'-Bank; HSBC`);
  });

  it('does not touch JSON: it is data, never run as a formula', () => {
    expect(JSON.parse(jsonLine(columns, { company_name: '=1+1' })).company_name).toBe('=1+1');
  });
});

describe('csv', () => {
  it('quotes fields holding a comma, quote, CR or LF and doubles quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('ACME, Ltd')).toBe('"ACME, Ltd"');
    expect(csvField('The "Best" Co')).toBe('"The ""Best"" Co"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('writes a row with CRLF, whole-unit amounts, ISO dates, TRUE/FALSE and joined lists', () => {
    const row = {
      company_name: 'Smith, Jones & "Co"',
      turnover: 12_345_678,
      debt_to_equity_ratio: 1.23456,
      employee_count: '250',
      delivered_on: '2024-03-05',
      contains_fixed_charge: true,
      lenders: ['HSBC UK Bank PLC', 'Barclays'],
    };
    expect(csvLine(columns, row)).toBe('"Smith, Jones & ""Co""",12345678,1.23456,250,2024-03-05,TRUE,HSBC UK Bank PLC; Barclays\r\n');
    expect(csvLine(columns, {})).toBe(',,,,,,\r\n');
  });

  it('says in the header that amounts are full amounts, not millions', () => {
    expect(csvHeader(columns[1])).toBe('Turnover (full amount)');
    expect(csvHeader(columns[0])).toBe('Company Name');
    expect(xlsxHeader(columns[1])).toBe('Turnover (m)');
  });
});

describe('numbers and dates', () => {
  it('writes plain digits, never exponent notation, and keeps big integers from pg exactly', () => {
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(0.0000001)).toBe('0.0000001');
    expect(numberText(12n ** 20n)).toBe('3833759992447475122176');
    expect(numberText('90071992547409931')).toBe('90071992547409931');
    expect(numberText(Number.NaN)).toBeNull();
    expect(csvCell('integer', Number.POSITIVE_INFINITY)).toBe('');
  });

  it('reads ISO days and Dates as calendar days and rejects impossible ones', () => {
    expect(toDay('2024-02-29')).toEqual([2024, 2, 29]);
    expect(toDay('2024-02-29T23:30:00Z')).toEqual([2024, 2, 29]);
    expect(toDay(new Date(Date.UTC(2023, 11, 31)))).toEqual([2023, 12, 31]);
    expect(toDay('2023-02-29')).toBeNull();
    expect(toDay('31/12/2023')).toBeNull();
    expect(csvCell('date', 'not a date')).toBe('not a date');
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
