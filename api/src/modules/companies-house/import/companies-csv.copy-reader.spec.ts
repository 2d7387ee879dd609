import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { CompanyCopyReader } from './companies-csv.copy-reader.js';
import { companyCopyMapper, indexHeader, PUBLISHED_COLUMNS } from './companies-csv.mapper.js';
import { CsvParser, parseCsv } from './csv-reader.js';
import { companiesHouseFixtures } from '../../../../test/support/fixtures.js';

type Outcome = [line: number, text: string];

/** The reference: CsvParser and companyCopyMapper on the text, as the embedded path reads it. */
function byText(text: string, maxRecordChars?: number): Outcome[] {
  const out: Outcome[] = [];
  let map: ((fields: string[]) => { text: string; key: string } | string) | null = null;
  const parser = new CsvParser(
    (fields, line) => {
      if (map === null) {
        map = companyCopyMapper(indexHeader(fields, 'f.csv'), fields.length);
        return;
      }
      const mapped = map(fields);
      out.push([line, typeof mapped === 'string' ? `bad: ${mapped}` : `${mapped.key} ${mapped.text}`]);
    },
    (line, reason) => out.push([line, `bad: ${reason}`]),
    maxRecordChars,
  );
  // In chunks, as files are read: the length limit applies to what is buffered.
  for (let at = 0; at < text.length; at += 512) parser.push(text.slice(at, at + 512));
  parser.end();
  return out;
}

/** The same bytes through CompanyCopyReader, cut into chunks of the given sizes (repeating). */
function byBytes(bytes: Buffer, sizes: number[] = [1 << 20], maxRecordBytes?: number): Outcome[] {
  const out: Outcome[] = [];
  const reader = new CompanyCopyReader(
    'f.csv',
    (row, line) => out.push([line, `${row.key} ${row.text}`]),
    (line, reason) => out.push([line, `bad: ${reason}`]),
    maxRecordBytes,
  );
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length]);
    reader.push(Buffer.from(bytes.subarray(at, at + size)));
    at += size;
  }
  reader.end();
  return out;
}

const FIXTURES = companiesHouseFixtures('csv');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const GOOD = fixture('BasicCompanyData-2026-11-01-part1_1.csv');
const BAD = fixture('BasicCompanyData-bad.csv');
const [HEADER, ...ROWS] = parseCsv(GOOD.toString('utf8')).records.map((r) => r.fields);
const column = (name: string) => HEADER.findIndex((h) => h.trim() === name);
const quote = (fields: string[]) => fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',');
const csv = (records: string[][], end = '\r\n') => Buffer.from([HEADER, ...records].map(quote).join(end) + end, 'utf8');

/** Values that each take a different turn in the mapper, or in the plain path's checks. */
const TRICKY = [
  '',
  ' ',
  'X',
  ' X',
  'X ',
  'A\\B',
  'A\tB',
  'A\nB',
  'A\r\nB',
  'CAFÉ LIMITED',
  'Ünïcödé',
  '"QUOTED" NAME',
  'a,b',
  '31/02/2020',
  '29/02/2024',
  '29/02/2023',
  '29/02/1900',
  '29/02/2000',
  '1/1/2020',
  '01/01/0000',
  '00/01/2020',
  '01/13/2020',
  '12/11/2021',
  ' 12/11/2021',
  '2021-11-12',
  '0',
  '00',
  '007',
  '7',
  '31',
  '32',
  '12',
  '13',
  '2147483647',
  '2147483648',
  '99999999999',
  '-1',
  '+3',
  ' 5',
  'None Supplied',
  '62012 - Business and domestic software development',
  '62012',
  '6201 - Short code',
  'abc - x',
  '99999 - Other',
  ' 62020 - Padded',
  '12345678',
  'SC123456',
  'sc123456',
  '1234567',
  '123456789',
  'AB12 3CD',
];

describe('CompanyCopyReader (companies-csv bytes → COPY lines)', () => {
  it("gives the text path's lines for the published fixture and the bad-rows fixture", () => {
    for (const bytes of [GOOD, BAD]) {
      const expected = byText(bytes.toString('utf8'));
      expect(expected.length).toBeGreaterThan(5);
      expect(byBytes(bytes)).toEqual(expected);
    }
  });

  it('gives the same line or reason as the text path for every tricky value in every column', () => {
    const records: string[][] = [];
    for (const name of PUBLISHED_COLUMNS) {
      for (const value of TRICKY) {
        const fields = [...ROWS[records.length % ROWS.length]];
        fields[column(name)] = value;
        records.push(fields);
      }
    }
    // Several SICs, and previous names (the mapper's path).
    const several = [...ROWS[0]];
    several[column('SICCode.SicText_2')] = '62020 - Information technology consultancy activities';
    several[column('SICCode.SicText_3')] = '62012 - Business and domestic software development';
    const renamed = [...ROWS[1]];
    renamed[column('PreviousName_1.CONDATE')] = '01/02/2010';
    renamed[column('PreviousName_1.CompanyName')] = 'OLD NAME LIMITED';
    records.push(several, several, renamed, [...ROWS[2]].slice(0, 20), [...ROWS[3], 'extra']);
    const bytes = csv(records);
    const expected = byText(bytes.toString('utf8'));
    expect(expected.filter(([, text]) => text.startsWith('bad: ')).length).toBeGreaterThan(100);
    expect(expected.filter(([, text]) => !text.startsWith('bad: ')).length).toBeGreaterThan(1000);
    expect(byBytes(bytes)).toEqual(expected);
  });

  it('gives the same result wherever the chunks are cut, whatever the line ends, with a byte order mark', () => {
    const sample = ROWS.slice(0, 12);
    for (const end of ['\r\n', '\n', '\r']) {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(sample, end), Buffer.from(end + end + quote(ROWS[0]))]);
      const expected = byText(bytes.toString('utf8'));
      expect(expected).toHaveLength(13);
      for (const sizes of [[1], [2, 3], [7], [97, 13], [500]]) expect(byBytes(bytes, sizes)).toEqual(expected);
    }
  });

  it('hands the rest of the file to the text path after a record that breaks the format, with the same reports and lines', () => {
    const good = quote(ROWS[0]);
    const cases = [
      // Text after a closing quote, then good records.
      [good, `"BROKEN" LIMITED",${quote(ROWS[1].slice(1))}`, good, good],
      // A quoted field never closed, at the end.
      [good, good, `"NEVER CLOSED,${quote(ROWS[1].slice(1))}`],
      // Unquoted fields and a blank line.
      [good, ROWS[2].map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(','), '', good],
    ];
    for (const lines of cases) {
      const bytes = Buffer.from([quote(HEADER), ...lines].join('\r\n') + '\r\n');
      const expected = byText(bytes.toString('utf8'));
      for (const sizes of [[1 << 20], [5], [64, 1]]) expect(byBytes(bytes, sizes)).toEqual(expected);
    }
  });

  it('reports a record past the length limit as the text path does', () => {
    const long = [...ROWS[0]];
    long[column('RegAddress.AddressLine1')] = 'X'.repeat(3000);
    const bytes = csv([ROWS[1], long, ROWS[2]]);
    const expected = byText(bytes.toString('utf8'), 2000);
    expect(expected.map(([line, text]) => [line, text.slice(0, 40)])).toContainEqual([3, 'bad: the record is longer than 2,000 cha']);
    expect(byBytes(bytes, [512], 2000)).toEqual(expected);
  });
});
