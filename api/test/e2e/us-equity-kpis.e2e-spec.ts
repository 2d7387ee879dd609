/**
 * US equity over HTTP: SEC files imported with the real importers, then the company list and
 * search, the KPI list (402 when the credits are used up), KPI tables, one value traced to its
 * filings, company requests and the Excel download.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import { US_EQUITY_TEXTS, type UsCompany, type UsKpiItem, type UsKpiTable, type UsKpiValue } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secSubmissionsImporter } from '../../src/modules/us-equity/import/submissions.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import { JANUARY_CIK, TAGSWITCH_CIK, accn, januaryFacts, submissions, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };

describe('US equity KPIs over HTTP', () => {
  let t: TestApi;
  let token: string;
  let scratch: string;
  const get = <T = any>(path: string, as = token) => t.request<T>('GET', path, { token: as });

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    scratch = mkdtempSync(join(tmpdir(), 'us-kpis-'));
    const context = { dataSource: t.api.dataSource, config: loadConfig(t.environment.env), reporter: quiet, batchSize: 50_000 };
    await secTickersImporter.run(context, [
      writeJson(scratch, 'company_tickers.json', {
        0: { cik_str: 1652044, ticker: 'GOOGL', title: 'Alphabet Inc.' },
        1: { cik_str: TAGSWITCH_CIK, ticker: 'TSW', title: 'Tagswitch Corp' },
        2: { cik_str: JANUARY_CIK, ticker: 'JANR', title: 'January Retail Inc' },
      }),
    ]);
    await secCompanyFactsImporter.run(context, [
      writeJson(scratch, 'a.json', tagswitchFacts()),
      writeJson(scratch, 'b.json', januaryFacts()),
    ]);
    const filing = {
      accession: accn(TAGSWITCH_CIK, '2024-02-14', 14),
      form: '10-K',
      filed: '2024-02-14',
      report: '2023-12-31',
      doc: 'tsw-20231231.htm',
    };
    await secSubmissionsImporter.run(context, [
      writeJson(scratch, 'CIK0000001001.json', submissions(TAGSWITCH_CIK, 'Tagswitch Corp', ['TSW'], [filing], { fiscalYearEnd: '1231' })),
    ]);
    const jan = submissions(JANUARY_CIK, 'January Retail Inc', ['JANR'], [], {
      fiscalYearEnd: '0131',
      sic: '5311',
      sicDescription: 'Retail-Department Stores',
    });
    await secSubmissionsImporter.run(context, [writeJson(scratch, 'CIK0000002002.json', jan)]);
  });
  after(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('needs a session', async () => {
    expect((await t.request('GET', '/api/get_kpis_list?company_id=1001')).status).toBe(401);
    expect((await t.request('GET', '/api/us/companies')).status).toBe(401);
  });

  it('lists the US companies with the spec fields, those with data first, and searches fuzzily over name, ticker and CIK', async () => {
    const list = await get<UsCompany[]>('/api/us/companies');
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.ticker)).toEqual(['JANR', 'TSW', 'GOOGL']);
    expect(list.body[0]).toEqual({
      title: 'January Retail Inc',
      cik_str: '2002',
      ticker: 'JANR',
      industry: 'Retail-Department Stores',
      sector: 'Retail Trade',
      logo_url: null,
      available: true,
      verified: true,
      exchange: 'Nasdaq',
      fiscal_year_end: '0131',
    });
    expect(list.body[2]).toMatchObject({ title: 'Alphabet Inc.', available: false });
    const typo = await get<UsCompany[]>('/api/us/companies?search=tagswich');
    expect(typo.body.map((c) => c.cik_str)).toEqual(['1001']);
    expect((await get<UsCompany[]>('/api/us/companies?search=googl')).body[0]!.ticker).toBe('GOOGL');
    expect((await get<UsCompany[]>('/api/us/companies?search=0000002002')).body[0]!.ticker).toBe('JANR');
    expect((await get('/api/us/companies?limit=0')).status).toBe(400);
    expect((await get<UsCompany>('/api/us/company?company=tsw')).body.cik_str).toBe('1001');
    expect((await get('/api/us/company?company=NOPE')).status).toBe(404);
  });

  it('lists the KPIs holding values per category', async () => {
    const res = await get<UsKpiItem[]>('/api/get_kpis_list?company_id=0000001001');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({
      name: 'revenue',
      table_name: 'Income Statement',
      group_name: 'Revenue',
      row_header_name: 'Revenue',
      category: 'quarterly',
    });
    expect(res.body.some((i) => i.name === 'total_assets' && i.category === 'annual')).toBe(true);
    expect((await get<UsKpiItem[]>('/api/get_kpis_list?company_id=1652044')).body).toEqual([]);
    const bad = await get('/api/get_kpis_list?company_id=apple');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('company_id must be an SEC CIK');
    const unknown = await get('/api/get_kpis_list?company_id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(US_EQUITY_TEXTS.unknownCompany('999999'));
  });

  it('answers 402 with the quota message on the KPI list when the research credits are used up', async () => {
    const user = await t.activeUser('quota.us@example.com');
    const set = await t.request('POST', '/api/admin/users/credits', { token, body: { email: 'quota.us@example.com', total_credits: 0 } });
    expect(set.status).toBe(200);
    const res = await get('/api/get_kpis_list?company_id=1001', user);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('You have exceeded your quota!');
  });

  it('answers a KPI table: one revenue series through the tag switch, derived quarters marked', async () => {
    const annual = await get<UsKpiTable>(
      '/api/us/get_kpi_values_by_table_name?company_id=1001&document_category=annual&table_name=Income%20Statement',
    );
    expect(annual.status).toBe(200);
    expect(annual.body).toMatchObject({ table_name: 'Income Statement', table_unit: 'USD', category: 'annual' });
    expect(annual.body.periods.map((p) => p.key)).toEqual(['FY2022', 'FY2023']);
    const revenue = annual.body.table_data.find((r) => r.name === 'revenue')!;
    expect(revenue.cells.map((c) => c && [c.kpi_value_id, c.value, c.derived])).toEqual([
      ['revenue@FY2022', 455, false],
      ['revenue@FY2023', 540, false],
    ]);
    const quarterly = await get<UsKpiTable>(
      '/api/us/get_kpi_values_by_table_name?company_id=1001&document_category=10-Q&table_name=Income%20Statement',
    );
    const q = quarterly.body.table_data.find((r) => r.name === 'revenue')!;
    expect(q.cells.map((c) => [c?.value, c?.derived])).toEqual([
      [100, false],
      [110, true],
      [120, true],
      [125, true],
      [120, false],
      [130, true],
      [140, true],
      [150, true],
    ]);
    const jan = await get<UsKpiTable>(
      '/api/us/get_kpi_values_by_table_name?company_id=2002&document_category=quarterly&table_name=Income%20Statement',
    );
    expect(jan.body.periods.map((p) => [p.label, p.fiscal_date])).toEqual([
      ['Q1 FY2024', '2023-04-30'],
      ['Q2 FY2024', '2023-07-31'],
      ['Q3 FY2024', '2023-10-31'],
      ['Q4 FY2024', '2024-01-31'],
    ]);
  });

  it('refuses an unknown table, a bad category and a company without facts, saying what to send', async () => {
    const table = await get('/api/us/get_kpi_values_by_table_name?company_id=1001&table_name=Cash');
    expect(table.status).toBe(400);
    expect(table.body.error).toContain('Unknown table_name "Cash": use one of Income Statement, Balance Sheet');
    const category = await get('/api/us/get_kpi_values_by_table_name?company_id=1001&table_name=Growth&document_category=AA');
    expect(category.status).toBe(400);
    expect(category.body.error).toContain('document_category must be annual or quarterly');
    const missing = await get('/api/us/get_kpi_values_by_table_name?company_id=1001');
    expect(missing.status).toBe(400);
    const empty = await get('/api/us/get_kpi_values_by_table_name?company_id=1652044&table_name=Growth');
    expect(empty.status).toBe(404);
    expect(empty.body.error).toBe(US_EQUITY_TEXTS.noFacts('Alphabet Inc.'));
  });

  it('traces a value: a derived Q4 with its operands and their filings, a reported one with its fact', async () => {
    const res = await get<UsKpiValue>('/api/get_kpi_value_by_id?cik=1001&doc_cg=quarterly&kv_id=revenue@2022Q4');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kpi_value_id: 'revenue@2022Q4',
      value: 125,
      derived: true,
      formula: 'FY − 9M',
      ending_type: 'Q4',
      fiscal_date: '2022-12-31',
    });
    expect(res.body.operands.map((o) => [o.role, o.value, o.source?.concept, o.source?.accn, o.source?.form])).toEqual([
      ['+', 455, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', accn(TAGSWITCH_CIK, '2024-02-14', 14), '10-K'],
      ['-', 330, 'us-gaap:SalesRevenueNet', accn(TAGSWITCH_CIK, '2022-11-01', 13), '10-Q'],
    ]);
    const reported = await get<UsKpiValue>('/api/get_kpi_value_by_id?cik=1001&kv_id=revenue@FY2023');
    expect(reported.body).toMatchObject({ derived: false, form_type: '10-K', filing_report_date: '2024-02-14' });
    expect(reported.body.sources).toEqual([
      expect.objectContaining({ concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', value: 540, frame: 'CY2023' }),
    ]);
    const mismatch = await get('/api/get_kpi_value_by_id?cik=1001&doc_cg=annual&kv_id=revenue@2022Q4');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('kv_id revenue@2022Q4 is a quarterly value: doc_cg must be quarterly');
    expect((await get('/api/get_kpi_value_by_id?cik=1001&kv_id=revenue@FY2015')).status).toBe(404);
    expect((await get("/api/get_kpi_value_by_id?cik=1001&kv_id=revenue'--")).status).toBe(400);
  });

  it('stores a request for a company without data once per user; admins list the requests', async () => {
    const user = await t.activeUser('requester.us@example.com');
    const first = await t.request('POST', '/api/requests?cik_str=1652044', { token: user });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(US_EQUITY_TEXTS.requestStored('Alphabet Inc.'));
    const again = await t.request('POST', '/api/requests?cik_str=1652044', { token: user });
    expect(again.body.msg).toBe(US_EQUITY_TEXTS.requestExists('Alphabet Inc.'));
    const has = await t.request('POST', '/api/requests?cik_str=1001', { token: user });
    expect(has.status).toBe(409);
    expect(has.body.error).toBe(US_EQUITY_TEXTS.alreadyAvailable('Tagswitch Corp'));
    expect((await t.request('POST', '/api/requests', { token: user })).status).toBe(400);
    expect((await get('/api/requests', user)).status).toBe(403);
    const listed = await get('/api/requests');
    expect(listed.body).toEqual([expect.objectContaining({ cik_str: '1652044', title: 'Alphabet Inc.', requests: 1 })]);
  });

  it('downloads the KPI tables as an xlsx workbook, a sheet per table and category', async () => {
    const res = await fetch(`${t.url}/api/download_excel?cik=1001&company_ticker=TSW`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="TSW-kpis-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toContain('Income Statement quarterly');
    const sheet = book.getWorksheet('Income Statement annual')!;
    const revenueRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 'Revenue')!;
    expect([revenueRow.getCell(3).value, revenueRow.getCell(4).value]).toEqual([455, 540]);
    const q = book.getWorksheet('Income Statement quarterly')!;
    const qRow = q.getRows(2, q.rowCount - 1)!.find((r) => r.getCell(1).value === 'Revenue')!;
    expect(qRow.getCell(6).font?.italic).toBe(true);
    expect((await get('/api/download_excel?cik=1652044')).status).toBe(404);
  });
});
