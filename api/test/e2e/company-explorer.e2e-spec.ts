import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { keyFigures } from '@credence/shared';
import { upsertCharges, upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import {
  COMPANIES,
  DOCUMENTS,
  DOCUMENT_SUMMARIES,
  FILINGS,
  FINANCIAL_STATEMENTS,
  OFFICERS,
  PSCS,
} from '../../src/modules/companies-house/store/tables.js';
import type { CompanyRow } from '../../src/platform/register/rows.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const company = (company_number: string, company_name: string, extra: Partial<CompanyRow> = {}): CompanyRow => ({
  company_number,
  company_name,
  company_status: 'Active',
  company_category: 'Private Limited Company',
  country_of_origin: 'United Kingdom',
  incorporation_date: '2010-05-04',
  address_line_1: '1 Wellington Street',
  post_town: 'Leeds',
  postcode: 'LS1 4AB',
  sic_codes: ['62012'],
  sic_texts: ['62012 - Business and domestic software development'],
  source: 'csv',
  ...extra,
});

const line = (key: string, label: string, value: number, pageNumber: number) => ({
  key,
  label,
  value,
  currency: 'GBP',
  pageNumber,
  term: key,
});

describe('UK company explorer API', () => {
  let t: TestApi;
  let token: string;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await t.api.dataSource.transaction(async (m) => {
      await upsertRows(m, COMPANIES, [
        company('00445790', 'TESCO PLC', { company_category: 'Public Limited Company', exchange: 'LSE', ticker: 'TSCO' }),
        company('00000101', 'TESCO STORES LIMITED'),
        company('00000102', 'TESCO STORES (DISSOLVED) LIMITED', { company_status: 'Dissolved' }),
        company('00000103', 'OLD TESCO TRADING LIMITED', { company_status: 'Dissolved' }),
        company('00000104', 'NORTHERN LIGHT SOFTWARE LTD', { postcode: 'M1 1AE', post_town: 'Manchester' }),
        company('SC123456', 'CALEDONIAN RENEWABLES LIMITED', {
          postcode: 'EH1 1YZ',
          post_town: 'Edinburgh',
          sic_texts: ['35110 - Production of electricity'],
          sic_codes: ['35110'],
        }),
      ]);
      await upsertRows(m, OFFICERS, [
        {
          company_number: '00445790',
          officer_key: 'a',
          name: 'SMITH, John',
          officer_role: 'director',
          appointed_on: '2015-01-01',
          nationality: 'British',
          appointments_link: '/officers/abc/appointments',
        },
        {
          company_number: '00445790',
          officer_key: 'b',
          name: 'JONES, Ann',
          officer_role: 'secretary',
          appointed_on: '2012-01-01',
          resigned_on: '2020-06-30',
        },
      ]);
      await upsertRows(m, PSCS, [
        {
          company_number: '00445790',
          psc_key: 'p1',
          kind: 'individual-person-with-significant-control',
          name: 'Mr John Smith',
          notified_on: '2016-04-06',
          natures_of_control: ['ownership-of-shares-75-to-100-percent'],
        },
        {
          company_number: '00445790',
          psc_key: 'p2',
          kind: 'persons-with-significant-control-statement',
          statement: 'no-individual-or-entity-with-signficant-control',
        },
      ]);
      await upsertRows(m, FILINGS, [
        {
          transaction_id: 'T1',
          company_number: '00445790',
          category: 'officers',
          type: 'AP01',
          date: '2024-03-02',
          description: 'appoint-person-director-company-with-name-date',
          description_values: { officer_name: 'Mr John Smith', appointment_date: '2024-03-01' },
        },
        {
          transaction_id: 'T2',
          company_number: '00445790',
          category: 'accounts',
          type: 'AA',
          date: '2023-09-01',
          description: 'accounts-with-accounts-type-full',
          description_values: { made_up_date: '2023-02-28' },
          document_id: 'DOC2023',
          pages: 6,
        },
        {
          transaction_id: 'T3',
          company_number: '00445790',
          category: 'accounts',
          type: 'AA',
          date: '2022-09-01',
          description: 'accounts-with-accounts-type-full',
          description_values: { made_up_date: '2022-02-28' },
          document_id: 'DOC2022',
        },
      ]);
      await upsertRows(m, FINANCIAL_STATEMENTS, [
        {
          company_number: '00445790',
          period_end: '2022-02-28',
          fiscal_year: 2022,
          currency: 'GBP',
          document_id: 'DOC2022',
          source: 'sample',
          turnover: 1_000_000,
          total_assets: 500_000,
          page_numbers: { turnover: 3 },
          income_statement: [line('turnover', 'Turnover', 1_000_000, 3)],
        },
        {
          company_number: '00445790',
          period_end: '2023-02-28',
          fiscal_year: 2023,
          currency: 'GBP',
          document_id: 'DOC2023',
          source: 'sample',
          turnover: 1_250_000,
          employees: 42,
          page_numbers: { turnover: 3, employeeCount: 6 },
          terms: { turnover: 'TurnoverRevenue' },
          income_statement: [line('turnover', 'Turnover', 1_250_000, 3), line('operating_profit', 'Operating profit', 90_000, 3)],
        },
      ]);
      await upsertRows(m, DOCUMENT_SUMMARIES, [
        {
          company_number: '00445790',
          document_id: 'DOC2023',
          fiscal_year: 2023,
          business_overview: 'A grocer.',
          auditor_name: 'Ernst & Young LLP',
          auditor_opinion: 'Unqualified',
          key_highlights: [{ highlight: 'Sales up 25%', pageNumbers: [2] }],
        },
      ]);
      await upsertCharges(m, [
        {
          charge_id: 'C1',
          company_number: '00445790',
          charge_number: 1,
          status: 'outstanding',
          created_on: '2019-01-01',
          persons_entitled: ['HSBC UK Bank PLC'],
          contains_floating_charge: true,
        },
      ]);
    });
  });
  after(() => t.close());

  const get = (path: string) => t.request('GET', path, { token });

  describe('search_companies', () => {
    it('needs a signed-in user', async () => {
      const reply = await t.request('GET', '/api/companies_house/search_companies?query=tesco');
      expect(reply.status).toBe(401);
    });

    it('ranks exact name, then prefix (active before dissolved), then similar names', async () => {
      const reply = await get('/api/companies_house/search_companies?query=tesco%20plc');
      expect(reply.status).toBe(200);
      expect(reply.body[0]).toEqual({
        CompanyName: 'TESCO PLC',
        CompanyNumber: '00445790',
        'Exchange:Ticker': 'LSE:TSCO',
        SICCode_SicText_1: '62012 - Business and domestic software development',
        SICCode_SicText_2: null,
        company_status: 'Active',
        address: '1 Wellington Street, Leeds, LS1 4AB',
        sample: false,
      });
      const prefix = await get('/api/companies_house/search_companies?query=Tesco');
      expect(prefix.body.map((r: { CompanyNumber: string }) => r.CompanyNumber)).toEqual(['00445790', '00000101', '00000102', '00000103']);
    });

    it('finds a number typed without its leading zeros or with a space, first', async () => {
      for (const query of ['445790', '00445790', 'sc 123456']) {
        const reply = await get(`/api/companies_house/search_companies?query=${encodeURIComponent(query)}`);
        expect(reply.body[0].CompanyNumber).toBe(query.startsWith('sc') ? 'SC123456' : '00445790');
      }
    });

    it('finds a fragment from the middle of a name and a misspelt name', async () => {
      const fragment = await get('/api/companies_house/search_companies?query=light%20software');
      expect(fragment.body[0].CompanyName).toBe('NORTHERN LIGHT SOFTWARE LTD');
      // Pieces of words (no name holds them whole) are still looked for inside names.
      const pieces = await get('/api/companies_house/search_companies?query=ight%20softw');
      expect(pieces.body[0].CompanyName).toBe('NORTHERN LIGHT SOFTWARE LTD');
      const misspelt = await get('/api/companies_house/search_companies?query=caledonain%20renewables');
      expect(misspelt.body[0].CompanyName).toBe('CALEDONIAN RENEWABLES LIMITED');
    });

    it('finds companies by registered postcode, with or without the space, or by outward code', async () => {
      for (const query of ['EH1 1YZ', 'eh11yz', 'EH1']) {
        const reply = await get(`/api/companies_house/search_companies?query=${encodeURIComponent(query)}`);
        expect(reply.body.map((r: { CompanyNumber: string }) => r.CompanyNumber)).toEqual(['SC123456']);
      }
    });

    it('answers an empty list for blank text, and 400 naming the field for a bad limit', async () => {
      expect((await get('/api/companies_house/search_companies?query=%20')).body).toEqual([]);
      const bad = await get('/api/companies_house/search_companies?query=tesco&limit=1000');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('limit must be a whole number from 1 to 100');
    });

    it('treats LIKE wildcards as text', async () => {
      expect((await get('/api/companies_house/search_companies?query=%25')).body).toEqual([]);
    });
  });

  describe('company views', () => {
    it("answers 404 with the spec's message for an unknown company and 400 for a malformed number", async () => {
      const missing = await get('/api/companies_house/get_overview?company_number=01234567');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Company with number 01234567 not found.');
      const malformed = await get('/api/companies_house/get_overview?company_number=12-34');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toBe('company_number must be a Companies House company number such as 00445790 or SC123456');
      const absent = await get('/api/companies_house/get_filings_list');
      expect(absent.status).toBe(400);
      expect(absent.body.error).toBe('company_number is required');
    });

    it('answers the overview with profile, financial summary, document summary, charges and filing details', async () => {
      const reply = await get('/api/companies_house/get_overview?company_number=445790');
      expect(reply.status).toBe(200);
      const overview = reply.body;
      expect(overview.company_profile).toMatchObject({
        company_name: 'TESCO PLC',
        company_number: '00445790',
        incorporation_date: '2010-05-04',
        company_status: 'Active',
      });
      expect(JSON.parse(overview.company_profile.registered_address)).toMatchObject({
        AddressLine1: '1 Wellington Street',
        PostCode: 'LS1 4AB',
      });
      expect(JSON.parse(overview.company_profile.company_metadata)['SICCode.SicText_1']).toBe(
        '62012 - Business and domestic software development',
      );
      expect(overview.financial_summary.turnover).toEqual([
        { year: 2022, value: 1_000_000, currency: 'GBP', pageNumber: 3, term: null, document_id: 'DOC2022' },
        { year: 2023, value: 1_250_000, currency: 'GBP', pageNumber: 3, term: 'TurnoverRevenue', document_id: 'DOC2023' },
      ]);
      expect(overview.financial_summary.employeeCount).toEqual([
        { year: 2023, value: 42, currency: '', pageNumber: 6, term: null, document_id: 'DOC2023' },
      ]);
      expect(overview.document_summary).toMatchObject({ businessOverview: 'A grocer.', auditorOpinion: { value: 'Unqualified' } });
      expect(overview.document_metadata.additionalDetails.auditor.name).toBe('Ernst & Young LLP');
      expect(overview.document_key_highlights).toEqual([{ highlight: 'Sales up 25%', pageNumbers: [2] }]);
      expect(overview.filing_details).toEqual({
        company_number: '00445790',
        document_category: 'AA',
        s3_path: '00445790/DOC2023.pdf',
        document_id: 'DOC2023',
      });
      expect(overview.charges.charges).toEqual([
        expect.objectContaining({
          charge_id: 'C1',
          status: 'outstanding',
          persons_entitled: [{ name: 'HSBC UK Bank PLC' }],
          particulars: expect.objectContaining({ contains_floating_charge: true }),
        }),
      ]);
      expect(overview.sample).toBe(false);
    });

    it('includes the computed insights: key figures with year-over-year change, charges, compliance, leadership', async () => {
      const { insights, financial_summary } = (await get('/api/companies_house/get_overview?company_number=00445790')).body;
      // the terminal reads these key figures, the web computes them from financial_summary: the same shared rule
      expect(insights.key_figures).toEqual(keyFigures(financial_summary));
      expect(insights.key_figures.turnover).toMatchObject({
        year: 2023,
        value: 1_250_000,
        previous: 1_000_000,
        change: { label: '+25.0%', good: true },
      });
      expect(insights.key_figures.cash.change.label).toBe('N/A');
      expect(insights.charges).toMatchObject({ total: 1, active: 1 });
      expect(insights.confirmation_statement.status).toBe('unknown');
      // A PSC statement is not a person: the PSCs tab counts the one individual.
      expect(insights.leadership.tabs).toEqual({ active: 1, resigned: 1, pscs: 1 });
      expect(insights.capital).toBeNull();
      expect(insights.distress).toBeNull(); // an active company: no banner
    });

    it('groups filings by category, newest first, with the description in words and the document path', async () => {
      const reply = await get('/api/companies_house/get_filings_list?company_number=00445790');
      expect(Object.keys(reply.body)).toEqual(['accounts', 'officers']);
      expect(reply.body.accounts.map((f: { transaction_id: string }) => f.transaction_id)).toEqual(['T2', 'T3']);
      expect(reply.body.accounts[0]).toMatchObject({
        s3_path: '00445790/DOC2023.pdf',
        pages: 6,
        long_description: 'Full accounts made up to 28 February 2023',
      });
      expect(reply.body.officers[0].long_description).toBe('Appointment of Mr John Smith as a director on 1 March 2024');
    });

    it("answers officers and PSCs in the spec's groups", async () => {
      const reply = await get('/api/companies_house/officers?company_number=00445790');
      expect(reply.body.officers.data.map((o: { name: string; resigned_on: string | null }) => [o.name, o.resigned_on])).toEqual([
        ['SMITH, John', null],
        ['JONES, Ann', '2020-06-30'],
      ]);
      expect(reply.body.officers.data[0].links).toEqual({ officer: { appointments: '/officers/abc/appointments' } });
      expect(reply.body.psc.individuals).toHaveLength(1);
      expect(reply.body.psc.statements[0].statement).toBe('no-individual-or-entity-with-signficant-control');
      expect(reply.body.psc.corporate_entities).toEqual([]);
      expect(reply.body.psc.legal_persons).toEqual([]);
    });

    it('answers financial statements by year, the company dates and a KPI table', async () => {
      const financials = await get('/api/companies_house/get_aggregated_financials_data?company_number=00445790&document_category=AA');
      expect(financials.body.standardized_income_statement.map((y: { year: number }) => y.year)).toEqual([2022, 2023]);
      expect(financials.body.filing_details.s3_path).toBe('00445790/DOC2023.pdf');
      const oneYear = await get('/api/companies_house/get_aggregated_financials_data?company_number=00445790&file_name=DOC2022.pdf');
      expect(oneYear.body.financial_summary.turnover).toHaveLength(1);
      const dates = await get('/api/companies_house/get_company_dates?company_id=00445790');
      expect(dates.body.map((d: { date: string }) => d.date)).toEqual(['2023-02-28', '2022-02-28']);
      const kpis = await get('/api/get_kpi_values_by_table_name?company_id=00445790&document_category=AA&table_name=income_statement');
      expect(kpis.body.table_data.dataRows).toEqual([
        {
          rowLabel: 'Turnover',
          columns: [
            { columnLabel: 'FY2022', value: 1_000_000 },
            { columnLabel: 'FY2023', value: 1_250_000 },
          ],
        },
        {
          rowLabel: 'Operating profit',
          columns: [
            { columnLabel: 'FY2022', value: null },
            { columnLabel: 'FY2023', value: 90_000 },
          ],
        },
      ]);
      expect(kpis.body.table_data.tableMetadata).toMatchObject({
        tableName: 'income_statement',
        currency: 'GBP',
        pageNumber: 3,
        pdfName: 'DOC2023.pdf',
      });
      const badTable = await get('/api/get_kpi_values_by_table_name?company_id=00445790&table_name=secrets');
      expect(badTable.status).toBe(400);
      expect(badTable.body.error).toMatch(/^table_name must be one of balance_sheet/);
    });

    it('serves a stored filing document inline, and 404 for one that does not exist or escapes DATA_DIR', async () => {
      const folder = join(t.environment.dataDir, 'documents', '00445790');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'Prod223_0001_00445790_20230228.html'), '<html><body>Turnover 1,250,000</body></html>');
      writeFileSync(join(t.environment.dataDir, 'secret.txt'), 'not a document');
      await t.api.dataSource.transaction((m) =>
        upsertRows(m, DOCUMENTS, [
          {
            document_id: 'Prod223_0001_00445790_20230228',
            company_number: '00445790',
            content_type: 'application/xhtml+xml',
            storage_path: 'documents/00445790/Prod223_0001_00445790_20230228.html',
          },
          { document_id: 'ESCAPE', company_number: '00445790', content_type: 'text/plain', storage_path: 'documents/../secret.txt' },
        ]),
      );
      const response = await fetch(
        `${t.url}/api/companies_house/get_filing_pdf?company_number=00445790&filing_type=AA&file_name=Prod223_0001_00445790_20230228.pdf`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xhtml+xml');
      expect(response.headers.get('content-disposition')).toBe('inline; filename="Prod223_0001_00445790_20230228.html"');
      expect(await response.text()).toContain('Turnover 1,250,000');
      const escape = await get('/api/companies_house/get_filing_pdf?company_number=00445790&file_name=ESCAPE.pdf');
      expect(escape.status).toBe(404);
      const missing = await get('/api/companies_house/get_filing_pdf?company_number=00445790&file_name=NOPE.pdf');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('No document NOPE.pdf for company 00445790.');
      const traversal = await get('/api/companies_house/get_filing_pdf?company_number=00445790&file_name=..%2Fsecret.txt');
      expect(traversal.status).toBe(400);
    });

    it("refreshes a company's search entry, and says so; 404 for an unknown one", async () => {
      const ok = await t.request('POST', '/api/companies_house/index-to-opensearch', { token, body: { company_id: '00445790' } });
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe('success');
      const missing = await t.request('POST', '/api/companies_house/index-to-opensearch', { token, body: { company_id: '09999999' } });
      expect(missing.status).toBe(404);
    });

    it("learns the words of a refreshed company's name, and corrects a typo in the first letters to them", async () => {
      const words = () =>
        t.api.dataSource.query(`SELECT word FROM company_name_words WHERE word IN ('caledonian', 'renewables') ORDER BY word`);
      await t.request('POST', '/api/companies_house/index-to-opensearch', { token, body: { company_id: 'SC123456' } });
      expect(await words()).toEqual([{ word: 'caledonian' }, { word: 'renewables' }]);
      const typo = await get('/api/companies_house/search_companies?query=acledonian%20renewables');
      expect(typo.body[0].CompanyName).toBe('CALEDONIAN RENEWABLES LIMITED');
    });

    it('lists the largest active companies for the default list', async () => {
      const reply = await get('/api/companies_house/get_company_list');
      expect(reply.status).toBe(200);
      expect(reply.body.companies[0].CompanyNumber).toBe('00445790');
    });
  });
});
