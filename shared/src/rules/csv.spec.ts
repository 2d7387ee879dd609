import { describe, it } from 'node:test';
import { expect } from 'expect';
import { csvCell, csvField, csvLineWriter, csvRecord, escapeFormula, numberText, toDay } from './csv.js';
import type { ColumnFormat } from '../filters/types.js';

const columns: { id: string; format: ColumnFormat }[] = [
  { id: 'company_name', format: 'text' },
  { id: 'turnover', format: 'millions' },
  { id: 'debt_to_equity_ratio', format: 'ratio' },
  { id: 'employee_count', format: 'integer' },
  { id: 'delivered_on', format: 'date' },
  { id: 'contains_fixed_charge', format: 'boolean' },
  { id: 'lenders', format: 'list' },
];
const csvLine = (row: Record<string, unknown>) => csvLineWriter(columns)(row);

/** Splits one csv record as a spreadsheet with the given separator would (quotes respected). */
function splitAs(record: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const c = record[i];
    if (quoted) {
      if (c === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell.replace(/\r\n$/, '')];
}

describe('csv quoting', () => {
  it('quotes fields holding a comma, semicolon, quote, tab, CR or LF and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('ACME, Ltd')).toBe('"ACME, Ltd"');
    expect(csvField('ACME; Ltd')).toBe('"ACME; Ltd"');
    expect(csvField('The "Best" Co')).toBe('"The ""Best"" Co"');
    expect(csvField('tab\there')).toBe('"tab\there"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('keeps a cell with ";" whole for a spreadsheet that splits on ";" (continental locales)', () => {
    const record = csvLine({ company_name: 'Smith; Jones Ltd', turnover: 5, lenders: ['HSBC UK Bank PLC', 'Barclays'] });
    const cells = splitAs(record, ';');
    expect(cells).toHaveLength(1); // the whole record is one ;-cell: the ; inside quotes do not split it
    const commaCells = splitAs(record, ',');
    expect(commaCells[0]).toBe('Smith; Jones Ltd');
    expect(commaCells[6]).toBe('HSBC UK Bank PLC; Barclays');
  });

  it('writes a record with CRLF', () => {
    expect(csvRecord(['a', 'b;c', 'd'])).toBe('a,"b;c",d\r\n');
  });
});

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
    expect(csvCell('text', '=HYPERLINK("http://x","click")')).toBe(`'=HYPERLINK("http://x","click")`);
    expect(csvCell('millions', '=1+1')).toBe(`'=1+1`); // not a number: treated as text
    expect(csvCell('list', ['-Bank', 'HSBC'])).toBe(`'-Bank; HSBC`);
    // escaped, then quoted: the tab is inside the quotes
    expect(csvLine({ company_name: '\t=1' }).split(',')[0]).toBe(`"'\t=1"`);
  });
});

describe('csv cells', () => {
  it('writes a row with whole-unit amounts, ISO dates, TRUE/FALSE and joined lists', () => {
    const row = {
      company_name: 'Smith, Jones & "Co"',
      turnover: 12_345_678,
      debt_to_equity_ratio: 1.23456,
      employee_count: '250',
      delivered_on: '2024-03-05',
      contains_fixed_charge: true,
      lenders: ['HSBC UK Bank PLC', 'Barclays'],
    };
    expect(csvLine(row)).toBe('"Smith, Jones & ""Co""",12345678,1.23456,250,2024-03-05,TRUE,"HSBC UK Bank PLC; Barclays"\r\n');
    expect(csvLine({})).toBe(',,,,,,\r\n');
  });

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
});
