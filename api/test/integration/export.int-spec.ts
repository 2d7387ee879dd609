import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Controller, Get, Module, Query, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { COMPANY_SCREENER_COLUMNS, type ExportFormat } from '@credence/shared';
import { HttpExceptionFilter } from '../../src/core/errors/http-exception.filter.js';
import { assertExportSize, exportColumns, sendExport, type ExportColumn } from '../../src/core/export/index.js';

/** The companies screener's 25 columns plus a date, a flag and a list, as the creditors tabs have. */
const COLUMNS: ExportColumn[] = [
  ...exportColumns(COMPANY_SCREENER_COLUMNS),
  { id: 'latest_charge_date', label: 'Latest Charge', format: 'date' },
  { id: 'contains_floating_charge', label: 'Floating Charge', format: 'boolean' },
  { id: 'lenders', label: 'Lenders', format: 'list' },
];
const ROWS = 10_000;

function companyRow(i: number): Record<string, unknown> {
  const tricky = [
    '=cmd|"/C calc"!A1',
    'Smith, Jones & "Partners" LLP',
    'Line one\r\nline two Ltd',
    '+44 Holdings',
    '-Minus Ltd',
    '@Home Ltd',
  ];
  return {
    company_name: i % 100 >= 1 && i % 100 <= tricky.length ? tricky[(i % 100) - 1] : `COMPANY ${i} LIMITED`,
    company_number: String(i).padStart(8, '0'),
    ticker: null,
    industry_group: 'Manufacture of food products',
    industry_sector: 'Manufacturing',
    sic_code: '10710',
    currency: 'GBP',
    filing_year: 2020 + (i % 6),
    turnover: i * 1_000 + 0.5,
    operating_profit: -(i * 10),
    net_profit_loss: i % 7 === 0 ? null : String(i * 3), // pg returns numeric as text
    EBITDA: i * 20,
    total_assets: i * 5_000,
    total_liabilities: i * 2_500,
    net_asset: i * 2_500,
    cash: i * 100,
    employee_count: i % 500,
    earnings_per_share: 0.125,
    debt_to_equity_ratio: -1.5,
    total_charges: i % 9,
    outstanding: i % 4,
    fixed: i % 3,
    floating: i % 2,
    negative_pledge: 0,
    part_satisfied: 1,
    document_id: `doc-${i}`,
    details: { page_numbers: { turnover: 4 } },
    latest_charge_date: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
    contains_floating_charge: i % 2 === 0,
    lenders: ['HSBC UK Bank PLC', 'Barclays Bank PLC'],
  };
}

/** What the server side of one export did. */
interface Source {
  pulled: number;
  closed: boolean;
  /** Settles when the rows' generator has finished: from then on it can yield no more rows. */
  done: Promise<void>;
}
const sources: Source[] = [];

function source(total: number, failAt = -1): AsyncIterable<Record<string, unknown>> {
  let finished!: () => void;
  const state: Source = { pulled: 0, closed: false, done: new Promise<void>((resolve) => (finished = resolve)) };
  sources.push(state);
  return (async function* () {
    try {
      for (let i = 1; i <= total; i++) {
        if (i === failAt) throw new Error('database went away');
        state.pulled++;
        yield companyRow(i);
        if (i % 2000 === 0) await sleep(0); // a keyset batch boundary
      }
    } finally {
      state.closed = true;
      finished();
    }
  })();
}

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) throw new Error('the file does not end with CRLF');
  return records;
}

/** The last export's source, once the export has let go of it (or a failure after 10 s). */
async function lastSource(): Promise<Source> {
  const state = sources.at(-1)!;
  const timeout = AbortSignal.timeout(10_000);
  await Promise.race([
    state.done,
    once(timeout, 'abort').then(() => Promise.reject(new Error('the export kept its source open for 10 s'))),
  ]);
  return state;
}

describe('streaming exports over HTTP', () => {
  let server: FastifyInstance;
  let base: string;

  before(async () => {
    server = Fastify();
    server.get<{ Querystring: { format: ExportFormat; rows?: string; fail?: string } }>('/export', async (request, reply) => {
      const { format, rows, fail } = request.query;
      await sendExport(reply, {
        format,
        filename: 'companies-screener-2026-11-22',
        sheetName: 'Companies',
        columns: COLUMNS,
        rows: source(Number(rows ?? ROWS), Number(fail ?? -1)),
      });
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('csv: every row, RFC 4180, UTF-8 with BOM, labelled header, escaped formulas, numbers as numbers', async () => {
    const response = await fetch(`${base}/export?format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="companies-screener-2026-11-22.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(bytes.toString('utf8').slice(1));
    expect(records).toHaveLength(ROWS + 1);
    expect(records.every((r) => r.length === COLUMNS.length)).toBe(true);
    const header = records[0];
    // the registry's order (shared/src/filters/company-columns.ts): the hidden ticker follows the status
    expect(header.slice(0, 3)).toEqual(['Company Name', 'Company Number', 'Status']);
    expect(header).toContain('Ticker');
    expect(header[header.indexOf('Turnover (full amount)')]).toBeDefined();
    const col = (name: string) => header.indexOf(name);
    const row1 = records[1];
    expect(row1[col('Company Name')]).toBe(`'=cmd|"/C calc"!A1`);
    expect(records[2][col('Company Name')]).toBe('Smith, Jones & "Partners" LLP');
    expect(records[3][col('Company Name')]).toBe('Line one\r\nline two Ltd');
    expect(records[4][col('Company Name')]).toBe(`'+44 Holdings`);
    expect(row1[col('Company Number')]).toBe('00000001');
    expect(row1[col('Turnover (full amount)')]).toBe('1000.5');
    expect(row1[col('Operating Profit (full amount)')]).toBe('-10');
    expect(row1[col('Debt to Equity (as stated)')]).toBe('-1.5');
    expect(records[7][col('Net Profit/Loss (full amount)')]).toBe('');
    expect(records[8][col('Net Profit/Loss (full amount)')]).toBe('24');
    expect(row1[col('Latest Charge')]).toBe('2011-02-11');
    expect(row1[col('Floating Charge')]).toBe('FALSE');
    expect(row1[col('Lenders')]).toBe('HSBC UK Bank PLC; Barclays Bank PLC');
    expect(records[ROWS][col('Company Number')]).toBe(String(ROWS).padStart(8, '0'));
    expect((await lastSource()).closed).toBe(true);
  });

  it('json: JSON Lines, one object per row keyed by column id, data unescaped', async () => {
    const response = await fetch(`${base}/export?format=json`);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="companies-screener-2026-11-22.jsonl"');
    const lines = (await response.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(ROWS);
    const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(objects[0])).toEqual(COLUMNS.map((c) => c.id));
    expect(objects[0]).toMatchObject({
      company_name: '=cmd|"/C calc"!A1',
      turnover: 1000.5,
      operating_profit: -10,
      latest_charge_date: '2011-02-11',
      contains_floating_charge: false,
    });
    expect(objects[7].net_profit_loss).toBe(24);
    expect(objects[6].net_profit_loss).toBeNull();
    expect(objects[0].lenders).toEqual(['HSBC UK Bank PLC', 'Barclays Bank PLC']);
  });

  it('xlsx: named sheet, bold frozen header with autofilter, number formats, real dates, every row', async () => {
    const response = await fetch(`${base}/export?format=xlsx`);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="companies-screener-2026-11-22.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Companies')!;
    expect(sheet).toBeDefined();
    expect(sheet.rowCount).toBe(ROWS + 1);
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('Company Name');
    header.eachCell((cell) => expect(cell.font?.bold).toBe(true));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The filter spans every exported column (33 and more since the credit columns: past Z).
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(COLUMNS.length).letter}${ROWS + 1}`);
    const at = (row: number, id: string) => sheet.getRow(row).getCell(COLUMNS.findIndex((c) => c.id === id) + 1);
    expect(header.getCell(COLUMNS.findIndex((c) => c.id === 'turnover') + 1).value).toBe('Turnover (m)');
    expect(at(2, 'company_name').value).toBe(`'=cmd|"/C calc"!A1`);
    expect(at(2, 'turnover').value).toBe(1000.5);
    expect(at(2, 'turnover').numFmt).toBe('#,##0.00,,');
    expect(at(2, 'operating_profit').value).toBe(-10);
    expect(at(2, 'debt_to_equity_ratio').numFmt).toBe('0.00');
    expect(at(2, 'employee_count').numFmt).toBe('#,##0');
    expect(at(9, 'net_profit_loss').value).toBe(24);
    expect(at(2, 'latest_charge_date').value).toEqual(new Date(Date.UTC(2011, 1, 11)));
    expect(at(2, 'latest_charge_date').numFmt).toBe('dd/mm/yyyy');
    expect(at(3, 'contains_floating_charge').value).toBe(true);
    expect(at(ROWS + 1, 'company_number').value).toBe(String(ROWS).padStart(8, '0'));
  });

  for (const format of ['csv', 'xlsx', 'json'] as const) {
    it(`${format}: a client that disconnects mid-export stops the rows and closes the source`, async () => {
      const total = 2_000_000;
      const request = http.get(`${base}/export?format=${format}&rows=${total}`);
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      await once(response, 'data');
      request.destroy(); // as a closed tab or a killed curl
      // Its generator has finished, so what it pulled by now is all it ever pulls.
      const state = await lastSource();
      expect(state.closed).toBe(true);
      expect(state.pulled).toBeLessThan(total / 4);
    });
  }

  it('a reader that stops reading holds the export back instead of buffering it', async () => {
    const request = http.get(`${base}/export?format=csv&rows=2000000`);
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    expect(response.statusCode).toBe(200);
    response.pause(); // and never read
    await sleep(700);
    const state = sources.at(-1)!;
    expect(state.pulled).toBeLessThan(200_000); // socket and stream buffers only, a few MB
    request.destroy();
    expect((await lastSource()).closed).toBe(true);
  });

  it('a failure mid-export cuts the transfer, so a truncated file never reads as complete', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await fetch(`${base}/export?format=${format}&rows=50000&fail=30000`);
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    }
  });

  it('a failure before the first row still answers an error, not a file', async () => {
    const response = await fetch(`${base}/export?format=csv&fail=1`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-disposition')).toBeNull();
  });
});

@Controller()
class ExportController {
  @Get('companies_house/screener-export')
  async export(@Query('format') format: ExportFormat, @Query('count') count: string, @Res() reply: FastifyReply): Promise<void> {
    assertExportSize(Number(count), 5_000, format);
    await sendExport(reply, {
      format,
      filename: 'companies-screener-2026-11-22',
      sheetName: 'Companies',
      columns: COLUMNS,
      rows: source(Number(count)),
    });
  }
}

@Module({ controllers: [ExportController] })
class ExportTestModule {}

describe('exports from a Nest controller (Fastify adapter, @Res())', () => {
  let app: NestFastifyApplication;
  let base: string;

  before(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ExportTestModule, new FastifyAdapter(), { logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new HttpExceptionFilter());
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/companies_house/screener-export`;
  });
  after(() => app.close());

  it('streams the file through the controller', async () => {
    for (const format of ['csv', 'json', 'xlsx'] as const) {
      const response = await fetch(`${base}?format=${format}&count=3000`);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (format === 'csv') expect(parseCsv(bytes.toString('utf8').slice(1))).toHaveLength(3001);
      if (format === 'json') expect(bytes.toString('utf8').trim().split('\n')).toHaveLength(3000);
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
        expect(workbook.getWorksheet('Companies')?.rowCount).toBe(3001);
      }
    }
  });

  it('answers 400 for an unknown format, before any file starts', async () => {
    const response = await fetch(`${base}?format=pdf&count=10`);
    expect(response.status).toBe(400);
    const message = 'format must be one of csv, xlsx, json (got "pdf").';
    expect(await response.json()).toEqual({ status: 'error', message, error: message, statusCode: 400 });
  });

  it('refuses an export over the cap with 413 and what to do', async () => {
    const response = await fetch(`${base}?format=csv&count=1234567`);
    expect(response.status).toBe(413);
    const message = 'This export would hold 1,234,567 rows, over the limit of 5,000: narrow the filters or raise EXPORT_MAX_ROWS.';
    expect(await response.json()).toEqual({ status: 'error', message, error: message, statusCode: 413 });
  });
});
