import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  COMPANY_SCREENER_COLUMNS,
  LENDER_STATS_COLUMNS,
  SCREENER_ROUTES,
  type ColumnSpec,
} from '@credence/shared';
import { charge, company, loadScreenerData, screenerPath, statement } from '../support/screener-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Screener exports over HTTP (issue 4 "Exports", spec 2 section 9 formats): csv (RFC 4180, read
 * back by a strict parser), xlsx (opened with exceljs: named sheet, bold frozen header,
 * autofilter, number formats, real dates) and JSON Lines, for every tab; every matching row, in
 * the list's order, as many as the list's total_count; formula-like text escaped in csv and xlsx;
 * EXPORT_MAX_ROWS enforced with 413. The cap here is 8: each tab holds 9 or more rows unfiltered.
 */

const CAP = 8;
type Row = Record<string, any>;
const today = /\d{4}-\d{2}-\d{2}/.source;

const FORMULA = '09700001';
const NAMES: Record<string, string> = {
  [FORMULA]: '=SUM(A1:A9) TRADING LTD',
  '09700002': '+44 VENTURES LTD',
  '09700003': '-MINUS HOLDINGS LTD',
  '09700004': '@HOME SERVICES LTD',
  '09700005': '\tTAB INDENT LTD',
  '09700006': '\rCARRIAGE RETURN LTD',
  '09700007': 'SMITH, JONES & "PARTNERS" LLP',
  '09700008': 'PLAIN TRADING LIMITED',
  '09700009': 'ZED DORMANT LIMITED',
};
const ESCAPED: Record<string, string> = Object.fromEntries(
  Object.entries(NAMES).map(([n, name]) => [n, /^[=+\-@\t\r]/.test(name) ? `'${name}` : name]),
);
const TURNOVER: Record<string, [number, string]> = {
  '09700002': [5_000_000, 'USD'],
  '09700003': [750_000, 'EUR'],
  '09700004': [1, 'GBP'],
  '09700005': [2_000_000, 'GBP'],
  '09700006': [3_000_000, 'GBP'],
  '09700007': [4_000_000, 'GBP'],
  '09700008': [6_000_000, 'GBP'],
};
/** [company, status, delivered_on, lenders] of charges 2..11 (charge 1 is written out below). */
const MORE_CHARGES: [string, string, string, string[]][] = [
  [FORMULA, 'fully-satisfied', '2016-02-29', ['HSBC UK BANK P.L.C.']],
  ['09700002', 'outstanding', '2023-01-10', ['Barclays Bank PLC']],
  ['09700003', 'part-satisfied', '2022-06-30', ['Lloyds Bank PLC']],
  ['09700004', 'outstanding', '2021-11-11', ['Santander UK PLC']],
  ['09700005', 'outstanding', '2025-01-02', ['Metro Bank PLC']],
  ['09700006', 'outstanding', '2024-12-24', ['Allica Bank Limited']],
  ['09700007', 'outstanding', '2020-03-03', ['OakNorth Bank PLC']],
  ['09700007', 'fully-satisfied', '2018-08-08', ['Shawbrook Bank Limited']],
  ['09700008', 'outstanding', '2019-09-09', ['Close Brothers Limited']],
  ['09700009', 'fully-satisfied', '2017-07-07', ['Paragon Bank PLC']],
];

const DATA = {
  companies: Object.entries(NAMES).map(([number, name]) => company(number, name, { sic_codes: ['62012'] })),
  statements: [
    statement(FORMULA, 2024, {
      turnover: 12_345_678,
      operating_profit: -250_000,
      net_profit_loss: -1_000.5,
      employees: 42,
      earnings_per_share: 0.5,
      debt_to_equity_ratio: 1.25,
    }),
    ...Object.entries(TURNOVER).map(([number, [turnover, currency]]) => statement(number, 2023, { turnover, currency })),
  ],
  charges: [
    charge('EX-1', FORMULA, {
      charge_number: 1,
      charge_code: '097000010001',
      created_on: '2024-04-28',
      delivered_on: '2024-05-01',
      classification_description: 'A registered charge',
      particulars_description: 'Line one\r\nline two, with "quotes"',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      persons_entitled: ['HSBC UK Bank PLC', '=EVIL LENDER LTD'],
    }),
    ...MORE_CHARGES.map(([number, status, delivered_on, persons_entitled], i) =>
      charge(`EX-${i + 2}`, number, {
        charge_number: i + 2,
        status,
        delivered_on,
        created_on: delivered_on,
        persons_entitled,
        satisfied_on: status === 'fully-satisfied' ? '2024-01-31' : null,
      }),
    ),
  ],
};

/** RFC 4180, strictly: every record ends with CRLF, quotes only around whole fields, "" inside them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
        if (![',', '\r', undefined].includes(text[i + 1])) throw new Error(`text after a closing quote at ${i}`);
      } else {
        field += c;
      }
    } else if (c === '"') {
      if (field !== '' || wasQuoted) throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = wasQuoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
      i++;
    } else if (c === '\r' || c === '\n') {
      throw new Error(`a line break outside quotes that is not CRLF at ${i}`);
    } else {
      field += c;
    }
  }
  if (quoted || field !== '' || row.length) throw new Error('the file does not end with a whole record and CRLF');
  return rows;
}

const TABS: {
  name: string;
  route: string;
  exportRoute: string;
  rowsKey: string;
  sheet: string;
  file: string;
  columns: readonly ColumnSpec[];
  filters: unknown[];
  rowId: (r: Row) => string;
}[] = [
  {
    name: 'companies screener',
    route: SCREENER_ROUTES.companies,
    exportRoute: SCREENER_ROUTES.companiesExport,
    rowsKey: 'companies',
    sheet: 'Companies',
    file: 'companies-screener',
    columns: COMPANY_SCREENER_COLUMNS,
    filters: [{ id: 'turnover', value: { type: 'notEmpty' } }],
    rowId: (r) => r.company_number,
  },
  {
    name: 'charges',
    route: SCREENER_ROUTES.charges,
    exportRoute: SCREENER_ROUTES.chargesExport,
    rowsKey: 'charges',
    sheet: 'Charges',
    file: 'charges',
    columns: CHARGE_SCREENER_COLUMNS,
    filters: [{ id: 'status', operator: 'is_one_of', values: ['outstanding'] }],
    rowId: (r) => `${r.company_number}/${r.charge_number}`,
  },
  {
    name: 'lenders',
    route: SCREENER_ROUTES.lenders,
    exportRoute: SCREENER_ROUTES.lendersExport,
    rowsKey: 'lender_stats',
    sheet: 'Lenders',
    file: 'lenders',
    columns: LENDER_STATS_COLUMNS,
    filters: [{ id: 'lender_name', operator: 'contains', value: 'bank' }],
    rowId: (r) => r.lender_name,
  },
  {
    name: 'company aggregation',
    route: SCREENER_ROUTES.chargeCompanies,
    exportRoute: SCREENER_ROUTES.chargeCompaniesExport,
    rowsKey: 'company_stats',
    sheet: 'Companies',
    file: 'charge-companies',
    columns: COMPANY_CHARGE_STATS_COLUMNS,
    filters: [{ id: 'total_charges', operator: 'equals', value: 1 }],
    rowId: (r) => r.company_number,
  },
];

/** A spreadsheet column's letters: 1 → A, 26 → Z, 27 → AA, 33 → AG. */
function columnLetters(n: number): string {
  return n <= 0 ? '' : columnLetters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));
}

describe('screener exports (csv, xlsx, JSON Lines)', () => {
  let t: TestApi;
  let token: string;

  const download = async (route: string, query: Record<string, unknown>) => {
    const response = await fetch(t.url + screenerPath(route, query), { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, text: body.toString('utf8') };
  };
  const list = async (route: string, query: Record<string, unknown>) => {
    const reply = await t.request('GET', screenerPath(route, { page_size: 100, ...query }), { token });
    if (reply.status !== 200) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };
  const workbook = async (body: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    return book;
  };
  const jsonLines = (text: string) => {
    expect(text === '' || text.endsWith('\n')).toBe(true);
    return text
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Row);
  };

  before(async () => {
    t = await startTestApi({ EXPORT_MAX_ROWS: String(CAP) });
    token = await t.adminToken();
    await loadScreenerData(t, DATA);
  });
  after(() => t.close());

  it('needs a signed-in user', async () => {
    const response = await fetch(t.url + screenerPath(SCREENER_ROUTES.companiesExport, { format: 'csv' }));
    expect(response.status).toBe(401);
  });

  describe('every tab in every format holds exactly the rows the list counts, in its order', () => {
    for (const tab of TABS) {
      it(tab.name, async () => {
        const listed = await list(tab.route, { filters: tab.filters });
        const rows: Row[] = listed[tab.rowsKey];
        expect(listed.total_count).toBe(rows.length);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(CAP);
        const ids = rows.map(tab.rowId);
        // Paging parameters do not cut an export to one page.
        const query = { filters: tab.filters, page: 2, page_size: 10 };

        const csv = await download(tab.exportRoute, { ...query, format: 'csv' });
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${tab.file}-${today}\\.csv"$`));
        expect(csv.text.startsWith('\uFEFF')).toBe(true);
        const records = parseCsv(csv.text.slice(1));
        expect(records[0]).toEqual(tab.columns.map((c) => (c.format === 'millions' ? `${c.label} (full amount)` : c.label)));
        expect(records.slice(1)).toHaveLength(listed.total_count);
        expect(records.every((r) => r.length === tab.columns.length)).toBe(true);

        const xlsx = await download(tab.exportRoute, { ...query, format: 'xlsx' });
        expect(xlsx.status).toBe(200);
        expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(xlsx.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${tab.file}-${today}\\.xlsx"$`));
        const book = await workbook(xlsx.body);
        expect(book.worksheets.map((w) => w.name)).toEqual([tab.sheet]);
        const sheet = book.worksheets[0];
        expect(sheet.rowCount).toBe(listed.total_count + 1);
        const header = sheet.getRow(1);
        expect(tab.columns.map((_, i) => header.getCell(i + 1).value)).toEqual(
          tab.columns.map((c) => (c.format === 'millions' ? `${c.label} (m)` : c.label)),
        );
        expect(tab.columns.every((_, i) => header.getCell(i + 1).font?.bold === true)).toBe(true);
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        const lastColumn = columnLetters(tab.columns.length);
        expect(sheet.autoFilter).toBe(`A1:${lastColumn}${listed.total_count + 1}`);

        const json = await download(tab.exportRoute, { ...query, format: 'json' });
        expect(json.status).toBe(200);
        expect(json.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
        expect(json.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${tab.file}-${today}\\.jsonl"$`));
        const objects = jsonLines(json.text);
        expect(objects.map((o) => Object.keys(o))).toEqual(objects.map(() => tab.columns.map((c) => c.id)));
        // JSON Lines carry the values as the list answers them, in the list's order.
        expect(objects.map(tab.rowId)).toEqual(ids);
        expect(objects).toEqual(rows.map((r) => Object.fromEntries(tab.columns.map((c) => [c.id, r[c.id]]))));
      });
    }
  });

  describe('companies export contents', () => {
    let listed: Row[];
    const query = { filters: [{ id: 'turnover', value: { type: 'notEmpty' } }], sort_by: 'turnover', sort_order: 'desc' };
    before(async () => {
      listed = (await list(SCREENER_ROUTES.companies, query)).companies;
    });

    it('csv: amounts in full, negative numbers as numbers, formula-like names escaped, quotes and commas quoted', async () => {
      const csv = await download(SCREENER_ROUTES.companiesExport, { ...query, format: 'csv' });
      const [header, ...records] = parseCsv(csv.text.slice(1));
      const at = (name: string) => header.indexOf(name);
      expect(records.map((r) => r[at('Company Number')])).toEqual(listed.map((r) => r.company_number));
      expect(records.map((r) => r[at('Company Name')])).toEqual(listed.map((r) => ESCAPED[r.company_number]));
      const formula = records.find((r) => r[at('Company Number')] === FORMULA)!;
      expect(formula[at('Company Name')]).toBe("'=SUM(A1:A9) TRADING LTD");
      expect(formula[at('Turnover (full amount)')]).toBe('12345678');
      expect(formula[at('Operating Profit (full amount)')]).toBe('-250000');
      expect(formula[at('Net Profit/Loss (full amount)')]).toBe('-1000.5');
      expect(formula[at('Employees')]).toBe('42');
      expect(formula[at('EPS')]).toBe('0.5');
      expect(formula[at('Ticker')]).toBe('');
      expect(formula[at('Industry Group')]).toBe('Computer programming, consultancy and related activities');
      expect(formula[at('Filing Year')]).toBe('2024');
      // The raw text: the escaped names sit in the file as written, quoted where a comma, ";", quote,
      // tab, CR or LF would otherwise split the cell (RFC 4180 quoting, plus ";" and tab for other locales).
      expect(csv.text).toContain("\r\n'=SUM(A1:A9) TRADING LTD,09700001,");
      expect(csv.text).toContain('\r\n"SMITH, JONES & ""PARTNERS"" LLP",09700007,');
      expect(csv.text).toContain('\r\n"\'\rCARRIAGE RETURN LTD",09700006,');
      expect(csv.text).toContain('\r\n"\'\tTAB INDENT LTD",09700005,');
    });

    it('xlsx: numbers, formats in millions, escaped text that is not a formula', async () => {
      const book = await workbook((await download(SCREENER_ROUTES.companiesExport, { ...query, format: 'xlsx' })).body);
      const sheet = book.getWorksheet('Companies')!;
      const col = (id: string) => COMPANY_SCREENER_COLUMNS.findIndex((c) => c.id === id) + 1;
      const rows = listed.map((_, i) => sheet.getRow(i + 2));
      expect(rows.map((r) => r.getCell(col('company_number')).value)).toEqual(listed.map((r) => r.company_number));
      const formula = rows[listed.findIndex((r) => r.company_number === FORMULA)];
      for (const r of rows) {
        const name = r.getCell(col('company_name'));
        expect(name.type).toBe(ExcelJS.ValueType.String);
        // XML reads a CR in text as a line feed (XML 1.0 end-of-line handling); the quote stays first.
        expect(name.value).toBe(ESCAPED[r.getCell(col('company_number')).value as string]);
      }
      expect(formula.getCell(col('turnover'))).toMatchObject({ value: 12_345_678, numFmt: '#,##0.00,,' });
      expect(formula.getCell(col('operating_profit'))).toMatchObject({ value: -250_000, numFmt: '#,##0.00,,' });
      expect(formula.getCell(col('employee_count'))).toMatchObject({ value: 42, numFmt: '#,##0' });
      expect(formula.getCell(col('debt_to_equity_ratio'))).toMatchObject({ value: 1.25, numFmt: '0.00' });
      expect(formula.getCell(col('filing_year')).value).toBe(2024);
      expect(formula.getCell(col('ticker')).value).toBeNull();
      // Every cell of the sheet: nothing is a formula.
      sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    });

    it('json: the names as stored (JSON is data, not escaped)', async () => {
      const objects = jsonLines((await download(SCREENER_ROUTES.companiesExport, { ...query, format: 'json' })).text);
      expect(objects.map((o) => o.company_name)).toEqual(listed.map((r) => NAMES[r.company_number]));
      expect(objects.find((o) => o.company_number === FORMULA)).toMatchObject({
        company_name: '=SUM(A1:A9) TRADING LTD',
        turnover: 12_345_678,
        net_profit_loss: -1000.5,
        ticker: null,
        total_charges: 2,
      });
    });
  });

  describe('charges export contents', () => {
    let listed: Row[];
    before(async () => {
      listed = (await list(SCREENER_ROUTES.charges, { filters: [{ id: 'company_number', operator: 'equals', value: FORMULA }] })).charges;
    });
    const query = { filters: [{ id: 'company_number', operator: 'equals', value: FORMULA }], format: 'csv' };

    it('csv: dates as YYYY-MM-DD, flags TRUE/FALSE, lenders joined and escaped, line breaks quoted', async () => {
      const csv = (await download(SCREENER_ROUTES.chargesExport, query)).text;
      const [header, ...records] = parseCsv(csv.slice(1));
      const at = (label: string) => header.indexOf(label);
      // "; " joins the lenders: quoted, so a spreadsheet that splits on ";" keeps them in one cell.
      expect(csv).toContain(',"HSBC UK Bank PLC; =EVIL LENDER LTD",');
      expect(records.map((r) => r[at('Charge Number')])).toEqual(listed.map((r) => String(r.charge_number)));
      expect(records[0][at('Delivered On')]).toBe('2024-05-01');
      expect(records[0][at('Lenders')]).toBe('HSBC UK Bank PLC; =EVIL LENDER LTD');
      expect(records[0][at('Particulars')]).toBe('Line one\r\nline two, with "quotes"');
      expect(records[0][at('Fixed')]).toBe('TRUE');
      expect(records[0][at('Negative Pledge')]).toBe('FALSE');
      expect(records[0][at('Satisfied On')]).toBe('');
      expect(records[1][at('Delivered On')]).toBe('2016-02-29');
      expect(records[1][at('Status')]).toBe('fully-satisfied');
    });

    it('xlsx: real dates with a date format, booleans as booleans', async () => {
      const book = await workbook((await download(SCREENER_ROUTES.chargesExport, { ...query, format: 'xlsx' })).body);
      const sheet = book.getWorksheet('Charges')!;
      const col = (id: string) => CHARGE_SCREENER_COLUMNS.findIndex((c) => c.id === id) + 1;
      const first = sheet.getRow(2);
      const delivered = first.getCell(col('delivered_on'));
      expect(delivered.value).toBeInstanceOf(Date);
      expect((delivered.value as Date).toISOString()).toBe('2024-05-01T00:00:00.000Z');
      expect(delivered.numFmt).toBe('dd/mm/yyyy');
      expect((sheet.getRow(3).getCell(col('delivered_on')).value as Date).toISOString()).toBe('2016-02-29T00:00:00.000Z');
      expect(first.getCell(col('contains_fixed_charge')).value).toBe(true);
      expect(first.getCell(col('contains_negative_pledge')).value).toBe(false);
      expect(first.getCell(col('lenders')).value).toBe('HSBC UK Bank PLC; =EVIL LENDER LTD');
      expect(first.getCell(col('particulars_description')).value).toBe('Line one\r\nline two, with "quotes"');
      expect(first.getCell(col('charge_number'))).toMatchObject({ value: 1, numFmt: '#,##0' });
    });

    it('json: dates as ISO text, lenders as a list', async () => {
      const [first] = jsonLines((await download(SCREENER_ROUTES.chargesExport, { ...query, format: 'json' })).text);
      expect(first).toEqual({
        company_name: '=SUM(A1:A9) TRADING LTD',
        company_number: FORMULA,
        status: 'outstanding',
        delivered_on: '2024-05-01',
        lenders: ['HSBC UK Bank PLC', '=EVIL LENDER LTD'],
        charge_code: '097000010001',
        classification_description: 'A registered charge',
        particulars_description: 'Line one\r\nline two, with "quotes"',
        charge_number: 1,
        contains_fixed_charge: true,
        contains_floating_charge: true,
        contains_negative_pledge: false,
        created_on: '2024-04-28',
        satisfied_on: null,
      });
    });

    it('escapes a formula-like lender name in the lender statistics', async () => {
      const filters = [{ id: 'lender_name', operator: 'startsWith', value: '=' }];
      const [header, ...records] = parseCsv((await download(SCREENER_ROUTES.lendersExport, { filters, format: 'csv' })).text.slice(1));
      expect(header[0]).toBe('Lender');
      expect(records).toEqual([["'=EVIL LENDER LTD", '1', '1', '0', '1', '1', '1', '0']]);
      const book = await workbook((await download(SCREENER_ROUTES.lendersExport, { filters, format: 'xlsx' })).body);
      expect(book.getWorksheet('Lenders')!.getRow(2).getCell(1).value).toBe("'=EVIL LENDER LTD");
    });
  });

  describe('limits and errors', () => {
    it('refuses an export over EXPORT_MAX_ROWS with 413 and a message saying what to do, on every tab and format', async () => {
      const totals: Record<string, number> = {};
      for (const tab of TABS) totals[tab.name] = (await list(tab.route, {})).total_count;
      expect(Object.values(totals).every((n) => n > CAP)).toBe(true);
      for (const tab of TABS) {
        for (const format of ['csv', 'xlsx', 'json']) {
          const reply = await t.request('GET', screenerPath(tab.exportRoute, { format }), { token });
          const message = `This export would hold ${totals[tab.name]} rows, over the limit of ${CAP}: narrow the filters or raise EXPORT_MAX_ROWS.`;
          expect({ tab: tab.name, format, status: reply.status, body: reply.body }).toEqual({
            tab: tab.name,
            format,
            status: 413,
            body: { status: 'error', message, error: message, statusCode: 413 },
          });
        }
      }
    });

    it('lets an export of exactly EXPORT_MAX_ROWS rows through', async () => {
      const filters = TABS[0].filters;
      expect((await list(SCREENER_ROUTES.companies, { filters })).total_count).toBe(CAP);
      const csv = await download(SCREENER_ROUTES.companiesExport, { filters, format: 'csv' });
      expect(csv.status).toBe(200);
      expect(parseCsv(csv.text.slice(1))).toHaveLength(CAP + 1);
    });

    it('answers a header-only file when nothing matches', async () => {
      const filters = [{ id: 'company_name', value: { type: 'contains', value: 'nothing like this' } }];
      const csv = await download(SCREENER_ROUTES.companiesExport, { filters, format: 'csv' });
      expect(csv.status).toBe(200);
      expect(parseCsv(csv.text.slice(1))).toHaveLength(1);
      const json = await download(SCREENER_ROUTES.companiesExport, { filters, format: 'json' });
      expect(json.text).toBe('');
      const book = await workbook((await download(SCREENER_ROUTES.companiesExport, { filters, format: 'xlsx' })).body);
      expect(book.getWorksheet('Companies')!.rowCount).toBe(1);
    });

    it('refuses a missing or unknown format, and reads one in any case', async () => {
      const missing = await t.request('GET', screenerPath(SCREENER_ROUTES.chargesExport), { token });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        status: 'error',
        message: 'format must be one of csv, xlsx, json',
        error: 'format must be one of csv, xlsx, json',
        statusCode: 400,
      });
      const pdf = await t.request('GET', screenerPath(SCREENER_ROUTES.lendersExport, { format: 'pdf' }), { token });
      expect(pdf.status).toBe(400);
      expect(pdf.body.message).toBe('format must be one of csv, xlsx, json (got "pdf")');
      const upper = await download(SCREENER_ROUTES.companiesExport, { format: 'CSV', filters: TABS[0].filters });
      expect(upper.status).toBe(200);
      expect(upper.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    });

    it("answers a bad filter or sort with the list's 400, before any file starts", async () => {
      const bad = await t.request(
        'GET',
        screenerPath(SCREENER_ROUTES.companiesExport, {
          format: 'xlsx',
          filters: [{ id: 'turnover', value: { type: 'between', value: '1m' } }],
        }),
        { token },
      );
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ status: 'error', message: 'turnover: Please enter valid numbers for between filter' });
      const sort = await t.request('GET', screenerPath(SCREENER_ROUTES.chargesExport, { format: 'csv', sort_by: 'lenders' }), { token });
      expect(sort.status).toBe(400);
      expect(sort.body.message).toMatch(/^sort_by "lenders" is not a sortable column/);
      const date = await t.request(
        'GET',
        screenerPath(SCREENER_ROUTES.chargeCompaniesExport, {
          format: 'json',
          filters: [{ id: 'latest_charge_date', operator: 'after', value: '2024-13-01' }],
        }),
        { token },
      );
      expect(date.status).toBe(400);
      expect(date.body.message).toBe('latest_charge_date: Please enter a valid date in DD/MM/YYYY format');
    });
  });
});
