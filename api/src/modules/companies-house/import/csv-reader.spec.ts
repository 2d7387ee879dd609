import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { CsvParser, parseCsv, readFirstLine, readTextChunks } from './csv-reader.js';

/** Feeds the text in pieces of `size` characters: every record must come out the same. */
function parseInPieces(text: string, size: number) {
  const records: { fields: string[]; line: number }[] = [];
  const problems: { line: number; reason: string }[] = [];
  const parser = new CsvParser(
    (fields, line) => records.push({ fields, line }),
    (line, reason) => problems.push({ line, reason }),
  );
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  parser.end();
  return { records, problems };
}

describe('CsvParser', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks (RFC 4180), numbering records by their first line', () => {
    const text = 'a,b,c\r\n"1, one","say ""hi""","x"\r\n"multi\r\nline\nfield",2,\r\n"",,"last"';
    const { records, problems } = parseCsv(text);
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { fields: ['a', 'b', 'c'], line: 1 },
      { fields: ['1, one', 'say "hi"', 'x'], line: 2 },
      { fields: ['multi\r\nline\nfield', '2', ''], line: 3 },
      { fields: ['', '', 'last'], line: 6 },
    ]);
  });

  it('gives the same records whatever the chunk boundaries (CRLF, quotes and BOM split anywhere)', () => {
    const text = '\uFEFFCompanyName, CompanyNumber\r\n"A ""B"", C LTD","00000001"\r\n"X\r\nY","SC000002"\r\n\r\n"Z","NI000003"\r\n';
    const whole = parseCsv(text);
    expect(whole.records.map((r) => r.fields)).toEqual([
      ['CompanyName', ' CompanyNumber'],
      ['A "B", C LTD', '00000001'],
      ['X\r\nY', 'SC000002'],
      ['Z', 'NI000003'],
    ]);
    expect(whole.records.map((r) => r.line)).toEqual([1, 2, 3, 6]);
    for (const size of [1, 2, 3, 5, 7, 16]) expect(parseInPieces(text, size)).toEqual(whole);
  });

  it('accepts LF and lone CR line ends, a missing final line end, unquoted fields and blank lines', () => {
    expect(parseCsv('a,b\nc,d').records).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['c', 'd'], line: 2 },
    ]);
    expect(parseCsv('a,b\rc,d\r').records.map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('\n\na\n\n"b"\n').records).toEqual([
      { fields: ['a'], line: 3 },
      { fields: ['b'], line: 5 },
    ]);
    expect(parseCsv('x,,\n').records[0].fields).toEqual(['x', '', '']);
    expect(parseCsv('').records).toEqual([]);
  });

  it('reports a record with text after a closing quote at its line, skips it and goes on with the next line', () => {
    const { records, problems } = parseCsv('"ok","1"\n"BROKEN "QUOTE" LTD","2"\n"fine","3"\n');
    expect(problems).toEqual([{ line: 2, reason: expect.stringContaining('text after the closing quote') }]);
    expect(records).toEqual([
      { fields: ['ok', '1'], line: 1 },
      { fields: ['fine', '3'], line: 3 },
    ]);
  });

  it('reports a quoted field never closed at the end of the input, keeping the records before it', () => {
    const { records, problems } = parseCsv('"a","1"\n"b","2\n');
    expect(records).toEqual([{ fields: ['a', '1'], line: 1 }]);
    expect(problems).toEqual([{ line: 2, reason: 'a quoted field is never closed (a " is missing)' }]);
  });

  it('stops a quoted field left open from swallowing the file: past the record limit it is reported and parsing resumes on the next line', () => {
    const records: string[][] = [];
    const problems: { line: number; reason: string }[] = [];
    const parser = new CsvParser(
      (fields) => records.push(fields),
      (line, reason) => problems.push({ line, reason }),
      50,
    );
    parser.push('"a","1"\n"open,2\n');
    for (let i = 0; i < 10; i++) parser.push('filler line without any quote\n');
    parser.push('"z","9"\n');
    parser.end();
    expect(problems).toEqual([{ line: 2, reason: expect.stringContaining('longer than 50 characters') }]);
    expect(records[0]).toEqual(['a', '1']);
    expect(records.at(-1)).toEqual(['z', '9']);
  });

  it('numbers lines right after a multi-line record and across chunks', () => {
    const text = ['h1,h2', '"a\nb\nc","1"', '"d","2"', '"e\r\nf","3"', '"g","4"'].join('\r\n');
    const expected = [1, 2, 5, 6, 8];
    expect(parseCsv(text).records.map((r) => r.line)).toEqual(expected);
    expect(parseInPieces(text, 4).records.map((r) => r.line)).toEqual(expected);
  });
});

describe('reading files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csv-reader-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('decodes UTF-8 whole even when a character straddles two chunks, and counts the bytes read', async () => {
    const path = join(dir, 'utf8.csv');
    const text = '"CAFÉ ROUGE LIMITED","Ærø — 東京"\n'.repeat(50);
    writeFileSync(path, text);
    let decoded = '';
    let bytes = 0;
    for await (const chunk of readTextChunks(path, 7)) {
      decoded += chunk.text;
      bytes = chunk.bytesRead;
    }
    expect(decoded).toBe(text);
    expect(bytes).toBe(Buffer.byteLength(text));
  });

  it('reads the first line without the BOM', async () => {
    const path = join(dir, 'bom.csv');
    writeFileSync(path, '\uFEFFCompanyName, CompanyNumber\r\n"A","1"\r\n');
    expect(await readFirstLine(path)).toBe('CompanyName, CompanyNumber');
  });
});
