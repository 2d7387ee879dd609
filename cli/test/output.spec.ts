import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, LENDER_STATS_COLUMNS, type ColumnSpec } from '@credence/shared';
import { formatCell, pageFooter, renderTable } from '../src/output/table.js';
import { countCsvRecords, jsonLinesToArray, jsonLinesToCsv, rowsToCsv } from '../src/output/rows.js';
import { detectMode } from '../src/runtime/mode.js';

const col = (id: string) => COMPANY_SCREENER_COLUMNS.find((c) => c.id === id) as ColumnSpec;

describe('table cells', () => {
  it('shows amounts in millions with 2 decimals, counts whole, ratios 2 decimals, a dash for empty', () => {
    expect(formatCell(col('turnover'), 12_345_678)).toBe('12.35');
    expect(formatCell(col('turnover'), null)).toBe('-');
    expect(formatCell(col('employee_count'), 1234)).toBe('1,234');
    expect(formatCell(col('filing_year'), 2025)).toBe('2025');
    expect(formatCell(col('debt_to_equity_ratio'), 0.4567)).toBe('0.46');
    expect(formatCell({ ...col('turnover'), id: 'd', format: 'date', kind: 'date' }, '2024-03-05')).toBe('05/03/2024');
  });

  it('fits the terminal width, right-aligns numbers and cuts long text with …', () => {
    const columns = [col('company_name'), col('turnover')];
    const rows = [
      { company_name: 'A VERY LONG COMPANY NAME THAT GOES ON AND ON LIMITED', turnover: 12_345_678 },
      { company_name: 'SHORT LTD', turnover: 1_000_000_000 },
    ];
    const lines = renderTable(columns, rows, 30);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(30);
    expect(lines[0]).toMatch(/^Company Name\s+Turnover \(£m\)$/);
    expect(lines[2]).toContain('…');
    expect(lines[2].endsWith('12.35')).toBe(true);
    expect(lines[3].endsWith('1,000.00')).toBe(true);
    expect(lines[3].indexOf('1,000.00') + 8).toBe(lines[2].indexOf('12.35') + 5);
  });

  it('drops trailing columns that cannot fit at all', () => {
    const lines = renderTable(LENDER_STATS_COLUMNS, [{ lender_name: 'HSBC', total_charges: 5 }], 24);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(24);
    expect(lines[0].startsWith('Lender')).toBe(true);
  });

  it('writes the page footer, with "about" for an estimated total', () => {
    expect(pageFooter({ page: 1, page_count: 120, total_count: 11_934 }, 'companies')).toBe('Page 1 of 120 · 11,934 companies');
    expect(pageFooter({ page: 2, page_count: 9_000, total_count: 900_000, total_is_estimate: true }, 'charges')).toBe(
      'Page 2 of 9,000 · about 900,000 charges',
    );
    expect(pageFooter({ page: 1, page_count: 0, total_count: 0 }, 'lenders')).toBe('Page 1 of 1 · 0 lenders');
  });
});

describe('csv and JSON output', () => {
  it('quotes csv fields and defuses formulas', () => {
    const csv = rowsToCsv(
      [col('company_name'), col('turnover')],
      [
        { company_name: 'Smith, "Jones"', turnover: 5 },
        { company_name: '=cmd', turnover: null },
      ],
    );
    expect(csv).toBe('company_name,turnover\r\n"Smith, ""Jones""",5\r\n\'=cmd,\r\n');
  });

  it('turns JSON Lines split across chunks into one JSON array and counts the rows', async () => {
    const counter = { rows: 0 };
    const enc = new TextEncoder();
    const chunks = [enc.encode('{"a":1}\n{"a"'), enc.encode(':"é"}\n'), enc.encode('\n')];
    let text = '';
    for await (const part of jsonLinesToArray(
      (async function* () {
        yield* chunks;
      })(),
      counter,
    ))
      text += part;
    expect(JSON.parse(text)).toEqual([{ a: 1 }, { a: 'é' }]);
    expect(counter.rows).toBe(2);
    let empty = '';
    for await (const part of jsonLinesToArray((async function* () {})(), { rows: 0 })) empty += part;
    expect(JSON.parse(empty)).toEqual([]);
  });

  it('counts csv records across chunks, not the line breaks inside quoted fields', async () => {
    const enc = new TextEncoder();
    const count = async (parts: string[]) => {
      const counter = { rows: 0 };
      let bytes = 0;
      for await (const chunk of countCsvRecords(
        (async function* () {
          for (const p of parts) yield enc.encode(p);
        })(),
        counter,
      ))
        bytes += chunk.byteLength;
      expect(bytes).toBe(enc.encode(parts.join('')).byteLength);
      return counter.rows;
    };
    expect(await count(['\uFEFFName,Amount\r\n', 'A,1\r\n"B\r', '\nC, ""quoted""",2\r\n', 'D,3'])).toBe(3);
    expect(await count(['Name,Amount\r\n'])).toBe(0);
    expect(await count([])).toBe(0);
    expect(await count(['h\n', 'a\n\n', 'b\n'])).toBe(2);
  });

  it('turns JSON Lines into csv with the chosen columns', async () => {
    let text = '';
    const source = (async function* () {
      yield '{"company_name":"=A, B","turnover":5,"x":1}\n{"company_name":"C"}\n';
    })();
    for await (const part of jsonLinesToCsv(source, [col('company_name'), col('turnover')])) text += part;
    expect(text).toBe('company_name,turnover\r\n"\'=A, B",5\r\nC,\r\n');
  });

  it('fails on a garbled line rather than writing a broken file', async () => {
    const run = async () => {
      for await (const _ of jsonLinesToArray(
        (async function* () {
          yield '{"a":1}\n{"a":';
        })(),
        { rows: 0 },
      ))
        void _;
    };
    await expect(run()).rejects.toThrow(SyntaxError);
  });
});

describe('mode', () => {
  const base = { env: {}, stdoutIsTTY: true, stdinIsTTY: true };
  it('is interactive with colours only on a terminal without --json, CI or NO_COLOR', () => {
    expect(detectMode(base)).toMatchObject({ interactive: true, color: true, json: false });
    expect(detectMode({ ...base, stdoutIsTTY: false })).toMatchObject({ interactive: false, color: false });
    expect(detectMode({ ...base, json: true })).toMatchObject({ interactive: false, color: false, json: true });
    expect(detectMode({ ...base, env: { CI: 'true' } })).toMatchObject({ interactive: false, color: false });
    expect(detectMode({ ...base, env: { NO_COLOR: '1' } })).toMatchObject({ interactive: true, color: false });
    expect(detectMode({ ...base, color: false })).toMatchObject({ color: false });
    expect(detectMode({ ...base, columns: 132 }).width).toBe(132);
  });
});
