import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ExportFormat } from '@credence/shared';
import { keysetBatches, sendExport, type ExportColumn } from '../../src/core/export/index.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const TOTAL = 50_000;
const BATCH = 500;
const COLUMNS: ExportColumn[] = [
  { id: 'id', label: 'Id', format: 'integer' },
  { id: 'name', label: 'Name', format: 'text' },
  { id: 'amount', label: 'Amount', format: 'millions' },
  { id: 'big', label: 'Big', format: 'integer' },
  { id: 'filed', label: 'Filed', format: 'date' },
  { id: 'flag', label: 'Flag', format: 'boolean' },
];

/** Starts a download, reads its first bytes, then drops the connection (a closed tab, a killed curl). */
async function startAndDrop(url: string): Promise<void> {
  const request = http.get(url);
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  await once(response, 'data');
  request.destroy();
}

/** Exports straight from Postgres (embedded or server) in keyset batches, as the screeners do. */
describe('exports from Postgres in keyset batches', () => {
  let ctx: TestContext;
  let server: FastifyInstance;
  let base: string;
  let queries = 0;
  /** Settles when the last export's rows have ended (read to the end, or given up by the export). */
  let rowsEnded: Promise<void> = Promise.resolve();

  before(async () => {
    ctx = await startTestContext();
    // wide rows: 50,000 of them (~12 MB of csv) outgrow the loopback socket's buffers
    await ctx.dataSource.query(
      `CREATE TABLE export_probe (id int PRIMARY KEY, name text, amount numeric, big bigint, filed date, flag boolean)`,
    );
    await ctx.dataSource.query(
      `INSERT INTO export_probe
       SELECT i, CASE WHEN i % 1000 = 1 THEN '=SUM(A1:A9)' ELSE rpad('COMPANY ' || i || ' LIMITED', 200, ' AND SONS') END,
              i * 1000.25, 9007199254740993 + i, DATE '2020-01-01' + (i % 1500), i % 2 = 0
       FROM generate_series(1, ${TOTAL}) AS i`,
    );
    server = Fastify();
    server.get<{ Querystring: { format: ExportFormat; limit?: string } }>('/export', async (request, reply) => {
      const limit = Number(request.query.limit ?? TOTAL);
      let ended!: () => void;
      rowsEnded = new Promise<void>((resolve) => (ended = resolve));
      const batches = keysetBatches(
        async (after: number | null, size) => {
          queries++;
          return ctx.dataSource.query(
            `SELECT id, name, amount, big, filed::text AS filed, flag FROM export_probe WHERE id > $1 AND id <= $2 ORDER BY id LIMIT $3`,
            [after ?? 0, limit, size],
          ) as Promise<Record<string, unknown>[]>;
        },
        (row) => row.id as number,
        BATCH,
      );
      const rows = (async function* () {
        try {
          yield* batches;
        } finally {
          ended();
        }
      })();
      await sendExport(reply, { format: request.query.format, filename: 'probe', sheetName: 'Probe', columns: COLUMNS, rows });
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/export`;
  });

  after(async () => {
    await server?.close();
    await ctx?.close();
  });

  it('turns pg numeric and bigint text into numbers, keeping integers past 2^53 exact', async () => {
    const lines = (await (await fetch(`${base}?format=json&limit=3000`)).text()).trim().split('\n');
    expect(lines).toHaveLength(3000);
    expect(JSON.parse(lines[0])).toEqual({
      id: 1,
      name: '=SUM(A1:A9)',
      amount: 1000.25,
      big: '9007199254740994',
      filed: '2020-01-02',
      flag: false,
    });
    const csv = Buffer.from(await (await fetch(`${base}?format=csv&limit=3000`)).arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(csv[0]).toBe('\uFEFFId,Name,Amount (full amount),Big,Filed,Flag');
    expect(csv[1]).toBe(`1,'=SUM(A1:A9),1000.25,9007199254740994,2020-01-02,FALSE`);
    expect(csv).toHaveLength(3002); // header, rows, and the empty string after the last CRLF
  });

  it('writes xlsx cells as numbers and real dates from what pg returns', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await fetch(`${base}?format=xlsx&limit=3000`)).arrayBuffer());
    const sheet = workbook.getWorksheet('Probe')!;
    expect(sheet.rowCount).toBe(3001);
    const row = sheet.getRow(3001);
    expect(row.getCell(1).value).toBe(3000);
    expect(row.getCell(3).value).toBe(3_000_750);
    expect(row.getCell(5).value).toEqual(new Date(Date.UTC(2020, 0, 1)));
    expect(row.getCell(6).value).toBe(true);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a client that leaves stops the queries`, async () => {
      queries = 0;
      await startAndDrop(`${base}?format=${format}`);
      // Once the rows' generator has ended it runs no more queries: what it made by then is all it makes.
      const timeout = AbortSignal.timeout(10_000);
      await Promise.race([rowsEnded, once(timeout, 'abort').then(() => Promise.reject(new Error('the export kept querying for 10 s')))]);
      expect(queries).toBeLessThan(TOTAL / BATCH / 2);
    });
  }
});
