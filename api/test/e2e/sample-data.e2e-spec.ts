import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEFAULT_SAMPLE_COMPANY_NUMBER, SAMPLE_DATA_NOTICE, SUGGESTED_COMPANIES } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { formatAmount } from '../../src/platform/register/documents/accounts-format.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { SIC_ACTIVITIES, sicActivity } from '../../src/modules/companies-house/seed/sic-activities.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const COMPANIES = 40;
const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };

async function pageText(pdf: ArrayBuffer, page: number): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const content = await (await document.getPage(page)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
  await document.destroy();
  return text.replace(/\s+/g, '');
}

describe('the sample dataset through the explorer API', () => {
  let t: TestApi;
  let token: string;
  let numbers: string[];

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await seedSampleData(t.api.dataSource, loadConfig(t.environment.env), { companies: COMPANIES, seed: 11, reporter: quiet });
    numbers = (await t.api.dataSource.query(`SELECT company_number FROM companies ORDER BY 1`)).map(
      (r: { company_number: string }) => r.company_number,
    );
  });
  after(() => t.close());

  const get = (path: string) => t.request('GET', path, { token });

  it('holds the suggested companies and the default company, labelled as sample data in search and overview', async () => {
    expect(numbers).toHaveLength(COMPANIES);
    for (const suggested of SUGGESTED_COMPANIES) {
      const search = await get(`/api/companies_house/search_companies?query=${encodeURIComponent(suggested.company_name)}`);
      expect(search.body[0]).toMatchObject({ CompanyName: suggested.company_name, CompanyNumber: suggested.company_number, sample: true });
    }
    const overview = await get(`/api/companies_house/get_overview?company_number=${DEFAULT_SAMPLE_COMPANY_NUMBER}`);
    expect(overview.body).toMatchObject({ sample: true, notice: SAMPLE_DATA_NOTICE });
  });

  it('gives most companies data for every overview section of spec 2 2.5-2.9', async () => {
    const has: Record<string, number> = {};
    const count = (section: string, present: unknown) => {
      if (present) has[section] = (has[section] ?? 0) + 1;
    };
    for (const number of numbers) {
      const { body: o, status } = await get(`/api/companies_house/get_overview?company_number=${number}`);
      expect(status).toBe(200);
      const { body: people } = await get(`/api/companies_house/officers?company_number=${number}`);
      const { body: filings } = await get(`/api/companies_house/get_filings_list?company_number=${number}`);
      count('company profile', o.company_profile.incorporation_date && o.company_profile.company_status);
      count('financial summary', o.financial_summary?.turnover?.length);
      count('business overview', o.document_summary?.businessOverview);
      count('risks', o.document_summary?.riskOverview?.length);
      count('key highlights', o.document_key_highlights.length);
      count('auditor', o.document_metadata.additionalDetails.auditor.name);
      count('officers', people.officers.data.length);
      count(
        'PSCs',
        Object.values(people.psc).some((list) => (list as unknown[]).length),
      );
      count('charges', o.charges.charges.length);
      count('capital', o.insights.capital);
      count('confirmation statements', o.insights.confirmation_statement.status !== 'unknown');
      count('filings', Object.keys(filings).length);
    }
    const share = Object.fromEntries(Object.entries(has).map(([section, n]) => [section, n / numbers.length]));
    // Dormant, dissolved and newly incorporated companies rightly lack some sections; most have each
    // (the auditor section names the accountants of audit-exempt companies, as their accounts do).
    for (const section of [
      'company profile',
      'financial summary',
      'business overview',
      'risks',
      'key highlights',
      'auditor',
      'officers',
      'PSCs',
      'charges',
      'capital',
      'confirmation statements',
      'filings',
    ]) {
      expect({ section, mostHaveIt: (share[section] ?? 0) > 0.5 }).toEqual({ section, mostHaveIt: true });
    }
  });

  it('serves the accounts PDF whose cited page shows the figure the financial summary gives', async () => {
    for (const { company_number } of SUGGESTED_COMPANIES) {
      const { body } = await get(`/api/companies_house/get_overview?company_number=${company_number}`);
      const turnover = body.financial_summary.turnover.at(-1);
      expect(turnover.pageNumber).toBeGreaterThan(0);
      const response = await fetch(
        `${t.url}/api/companies_house/get_filing_pdf?company_number=${company_number}&filing_type=AA&file_name=${turnover.document_id}.pdf`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const page = await pageText(await response.arrayBuffer(), turnover.pageNumber);
      expect(page).toContain(formatAmount(turnover.value).replace(/\s+/g, ''));
    }
  });
  it('labels every sample company as sample data, in its overview and in search', async () => {
    for (const number of numbers) {
      const { body } = await get(`/api/companies_house/get_overview?company_number=${number}`);
      expect({ number, sample: body.sample, notice: body.notice }).toEqual({ number, sample: true, notice: SAMPLE_DATA_NOTICE });
      const search = await get(`/api/companies_house/search_companies?query=${number}`);
      expect(search.body[0]).toMatchObject({ CompanyNumber: number, sample: true });
    }
  });

  it("describes each company's business by its main SIC code", async () => {
    let checked = 0;
    for (const number of numbers) {
      const { body } = await get(`/api/companies_house/get_overview?company_number=${number}`);
      const overview: string | undefined = body.document_summary?.businessOverview;
      const code: string = body.company_profile.sic_codes?.[0] ?? '';
      const phrases = SIC_ACTIVITIES[code] ?? [sicActivity(code, 0)];
      if (!overview || !phrases[0] || /did not trade/.test(overview)) continue;
      expect({ number, code, matches: phrases.some((p) => overview.includes(p)) }).toEqual({ number, code, matches: true });
      checked++;
    }
    expect(checked).toBeGreaterThan(COMPANIES / 2);
  });

  it('opens the document of a filing of every category, not only accounts', async () => {
    const opened = new Set<string>();
    for (const number of numbers) {
      const { body: groups } = await get(`/api/companies_house/get_filings_list?company_number=${number}`);
      for (const [category, filings] of Object.entries(groups as Record<string, { s3_path: string | null; type: string }[]>)) {
        if (!Array.isArray(filings)) continue;
        for (const filing of filings)
          expect({ number, category, type: filing.type, s3_path: filing.s3_path }).toMatchObject({ s3_path: expect.any(String) });
        if (opened.has(category) || filings.length === 0) continue;
        const filing = filings[0];
        const file = filing.s3_path!.split('/').pop()!;
        const response = await fetch(`${t.url}/api/companies_house/get_filing_pdf?company_number=${number}&file_name=${file}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect({ category, status: response.status, type: response.headers.get('content-type') }).toEqual({
          category,
          status: 200,
          type: 'application/pdf',
        });
        const first = await pageText(await response.arrayBuffer(), 1);
        expect(first).toMatch(/SAMPLEDATA|Sampledata/);
        opened.add(category);
      }
    }
    expect([...opened].sort()).toEqual(
      expect.arrayContaining(['accounts', 'confirmation-statement', 'officers', 'persons-with-significant-control']),
    );
  });
});
