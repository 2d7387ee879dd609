import { describe, it } from 'node:test';
import { HttpException } from '@nestjs/common';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS } from '@credence/shared';
import { errorBody } from '../errors/http-exception.filter.js';
import { assertExportSize, contentDisposition, exportColumns, exportFilename, keysetBatches } from './index.js';

function refusal(count: number | bigint | string, cap?: number, format?: 'csv' | 'xlsx'): HttpException {
  try {
    assertExportSize(count, cap, format);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpException);
    return error as HttpException;
  }
  throw new Error('expected the export to be refused');
}

describe('assertExportSize', () => {
  it('lets an export up to the cap through', () => {
    expect(() => assertExportSize(1_000_000, 1_000_000)).not.toThrow();
    expect(() => assertExportSize(0, 1)).not.toThrow();
  });

  it("takes pg's count(*) as it comes (text or bigint)", () => {
    expect(() => assertExportSize('1000000', 1_000_000)).not.toThrow();
    expect(refusal('1234567', 1_000_000).message).toContain('would hold 1,234,567 rows');
    expect(refusal(2_000_001n, 2_000_000).message).toContain('would hold 2,000,001 rows');
  });

  it('refuses a larger one with 413 and a message saying what to do', () => {
    const error = refusal(1_234_567, 1_000_000);
    const message = 'This export would hold 1,234,567 rows, over the limit of 1,000,000: narrow the filters or raise EXPORT_MAX_ROWS.';
    expect(error.getStatus()).toBe(413);
    expect(error.getResponse()).toEqual({ status: 'error', message, error: message, statusCode: 413 });
    // what the API's exception filter answers
    expect(errorBody(413, error.getResponse(), error.message)).toEqual({ status: 'error', message, error: message, statusCode: 413 });
  });

  it('defaults the cap to EXPORT_MAX_ROWS', () => {
    const saved = process.env.EXPORT_MAX_ROWS;
    process.env.EXPORT_MAX_ROWS = '10';
    try {
      expect(() => assertExportSize(10)).not.toThrow();
      expect(refusal(11).message).toContain('over the limit of 10:');
    } finally {
      if (saved === undefined) delete process.env.EXPORT_MAX_ROWS;
      else process.env.EXPORT_MAX_ROWS = saved;
    }
  });

  it('holds xlsx to the rows one Excel sheet can take', () => {
    expect(() => assertExportSize(2_000_000, 5_000_000, 'csv')).not.toThrow();
    expect(refusal(2_000_000, 5_000_000, 'xlsx').message).toBe(
      'This export would hold 2,000,000 rows, over the 1,048,575 an Excel sheet holds: narrow the filters or export csv or json.',
    );
  });
});

describe('file names and columns', () => {
  it('names the download as an attachment with the right extension and a header-safe name', () => {
    expect(contentDisposition('companies-screener-2026-11-22', 'csv')).toBe('attachment; filename="companies-screener-2026-11-22.csv"');
    expect(contentDisposition('lenders', 'json')).toBe('attachment; filename="lenders.jsonl"');
    expect(contentDisposition('a"b\r\nc/d', 'xlsx')).toBe('attachment; filename="a-b-c-d.xlsx"');
    expect(contentDisposition('""', 'csv')).toBe('attachment; filename="export.csv"');
    expect(exportFilename('companies-screener', new Date('2026-11-22T23:59:00Z'))).toBe('companies-screener-2026-11-22');
  });

  it('takes export columns from the shared screener columns', () => {
    expect(exportColumns(COMPANY_SCREENER_COLUMNS)).toHaveLength(COMPANY_SCREENER_COLUMNS.length);
    expect(exportColumns(COMPANY_SCREENER_COLUMNS, ['turnover', 'company_name', 'nope'])).toEqual([
      { id: 'turnover', label: 'Turnover', format: 'millions' },
      { id: 'company_name', label: 'Company Name', format: 'text' },
    ]);
  });
});

describe('keysetBatches', () => {
  it('fetches batch after batch from the last cursor until a short batch', async () => {
    const data = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const calls: (number | null)[] = [];
    const rows = keysetBatches(
      async (after: number | null, limit) => {
        calls.push(after);
        return data.filter((r) => r.id > (after ?? 0)).slice(0, limit);
      },
      (row) => row.id,
      3,
    );
    const seen: number[] = [];
    for await (const row of rows) seen.push(row.id);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([null, 3, 6]);
  });
});
