/**
 * The company explorer commands against the real API on the embedded database with the sample
 * data: search finds the suggested companies, every overview section prints, filings list, and a
 * filing's document downloads as a real PDF, atomically. Answers are checked against the routes
 * called directly with the same token.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMPANY_SECTION_IDS,
  DEFAULT_SAMPLE_COMPANY_NUMBER,
  SUGGESTED_COMPANIES,
  type CompanyOverview,
  type CompanySearchResult,
  type FilingsByCategory,
} from '@credence/shared';
import { credence, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';

const EMAIL = 'explorer.tester@example.com';
const PASSWORD = 'another long and unusual cli passphrase';
const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;

describe('credence search, company, filings and filing against the real API', () => {
  let api: ApiServer;
  let env: Record<string, string>;
  let token: string;
  let out: string;

  async function direct<T>(route: string, params: Record<string, string>): Promise<T> {
    const answer = await fetch(`${api.url}/api/companies_house/${route}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await answer.json()) as T;
    expect({ route, status: answer.status, body: answer.status === 200 ? null : body }).toEqual({ route, status: 200, body: null });
    return body;
  }

  before(async () => {
    api = await sharedApi();
    ({ env, token } = await signedInUser(api, { email: EMAIL, password: PASSWORD, name: 'Explorer Tester' }));
    out = mkdtempSync(join(tmpdir(), 'credence-explorer-e2e-'));
  });
  after(async () => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('finds every suggested sample company by name, as a table and as JSON', async () => {
    for (const suggested of SUGGESTED_COMPANIES) {
      const words = suggested.company_name.split(' ').slice(0, 2);
      const table = await credence(['search', ...words], env);
      expect({ words, code: table.code }).toEqual({ words, code: 0 });
      expect(table.stdout.split('\n')[0]).toMatch(/^Name\s+Number\s+Status\s+Exchange:Ticker\s+SIC$/);
      const row = table.stdout.split('\n').find((line) => line.startsWith(`${suggested.company_name}  `));
      expect({ words, row }).toEqual({
        words,
        row: expect.stringMatching(new RegExp(`^${suggested.company_name}\\s+${suggested.company_number}\\s+Active\\s`)),
      });
      expect(table.stderr).toContain('Sample data: generated for demonstration');
      const json = await credence(['search', ...words, '--json'], env);
      const results = JSON.parse(json.stdout) as CompanySearchResult[];
      expect(results).toEqual(await direct<CompanySearchResult[]>('search_companies', { query: words.join(' '), limit: '20' }));
      expect(results.map((r) => r.CompanyNumber)).toContain(suggested.company_number);
    }
    const listed = await credence(['search', 'britannia', 'engineering'], env);
    expect(listed.stdout).toMatch(/BRITANNIA ENGINEERING GROUP PLC\s+00123456\s+Active\s+LSE:BRIT\s+28990 - /);
  });

  it("shows the overview with the API's key figures and signals, within 80 columns, no colours in a pipe", async () => {
    const overview = await direct<CompanyOverview>('get_overview', { company_number: COMPANY });
    const result = await credence(['company', COMPANY], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`${overview.notice}\n`);
    expect(result.stdout).not.toContain('\u001b[');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(overview.company_profile.company_name);
    for (const line of lines) expect({ line, fits: Array.from(line).length <= 80 }).toEqual({ line, fits: true });
    const figures = overview.insights.key_figures!;
    expect(result.stdout).toMatch(
      new RegExp(` {2}Revenue\\s+(-?£[\\d,.]+M?|-)\\s+(-?£[\\d,.]+M?|-)\\s+${figures.turnover!.change.label.replace(/[+.]/g, '\\$&')}\\n`),
    );
    const leadership = overview.insights.leadership as { turnover: { level: string; reason: string } };
    expect(result.stdout).toContain(`Turnover signal    ${leadership.turnover.level.toUpperCase()} · ${leadership.turnover.reason}`);
    const compliance = overview.insights.confirmation_statement as { compliance: string };
    expect(result.stdout).toMatch(new RegExp(`Compliance health\\s+${compliance.compliance.toUpperCase()}: `));
    for (const title of [
      'Key Figures',
      'Company Profile',
      'Leadership',
      'Creditor and Charges',
      'Capital Overview',
      'Compliance Tracker',
      'Auditor',
    ]) {
      expect({ title, shown: result.stdout.includes(`── ${title}`) }).toEqual({ title, shown: true });
    }
    const json = await credence(['company', COMPANY, '--json'], env);
    const answer = JSON.parse(json.stdout) as CompanyOverview;
    expect(answer.company_profile).toEqual(overview.company_profile);
    expect(answer.insights.key_figures).toEqual(overview.insights.key_figures);
  });

  it('shows each section of each suggested company', async () => {
    for (const { company_number: number } of SUGGESTED_COMPANIES) {
      for (const section of COMPANY_SECTION_IDS) {
        const result = await credence(['company', number, '--section', section], env);
        expect({ number, section, code: result.code }).toEqual({ number, section, code: 0 });
        expect(result.stdout.split('\n')[1]).toMatch(new RegExp(`^${number} · `));
        if (section !== 'filings') {
          for (const line of result.stdout.trimEnd().split('\n'))
            expect({ number, section, line, fits: Array.from(line).length <= 80 }).toEqual({ number, section, line, fits: true });
        }
      }
    }
    const charges = await credence(['company', COMPANY, '--section', 'charges'], env);
    expect(charges.stdout).toMatch(/All \(\d+\) · Active \(\d+\) · Satisfied \(\d+\)\n {2}Created\s+Status\s+Type\s+Persons entitled/);
    const officers = await credence(['company', COMPANY, '--section', 'officers', '--json'], env);
    expect(JSON.parse(officers.stdout)).toEqual(await direct('officers', { company_number: COMPANY }));
  });

  it('puts the distress banner at the top of a company in administration, within 80 columns, and shows statuses in search', async () => {
    type Row = { company_number: string; company_name: string; company_status: string };
    const filters = JSON.stringify([
      { id: 'company_status', value: { type: 'is_one_of', values: ['In Administration', 'Administration Order'] } },
    ]);
    const answer = await direct<{ data: { companies: Row[] } }>('get-screener-info', {
      page: '1',
      page_size: '10',
      sort_by: 'company_number',
      sort_order: 'asc',
      filters,
    });
    const target = answer.data.companies[0];
    expect(target).toBeDefined();
    const result = await credence(['company', target.company_number], { ...env, COLUMNS: '80' });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(' IN ADMINISTRATION ');
    expect(lines[1]).toMatch(new RegExp(`^Companies House status: ${target.company_status}\\.`));
    const name = lines.indexOf(target.company_name);
    expect(name).toBeGreaterThan(1);
    expect(lines.slice(1, name).join(' ')).toMatch(/An administrator runs the company for its creditors\.$/);
    // its distress signals follow the header, the status first, each with the record it was read from (issue 27 §1)
    const signals = lines.findIndex((line) => /Distress signals \(\d+\)/.test(line));
    expect(signals).toBeGreaterThan(name);
    expect(lines[signals + 1]).toMatch(new RegExp(`^ {2}• Status on the register: ${target.company_status}`));
    expect(lines.slice(signals + 1, signals + 4).join(' ')).toContain('Register: company profile (status)');
    for (const line of lines) expect({ line, fits: Array.from(line).length <= 80 }).toEqual({ line, fits: true });
    // an active company has no banner
    const active = await credence(['company', COMPANY], { ...env, COLUMNS: '80' });
    expect(active.stdout.split('\n')[0]).not.toMatch(/^ [A-Z ]+ $/);

    const search = await credence(['search', target.company_number], env);
    expect(search.code).toBe(0);
    expect(search.stdout.split('\n')[0]).toMatch(/\bStatus\b/);
    expect(search.stdout).toMatch(new RegExp(`${target.company_number}\\s+${target.company_status}\\b`));
  });

  it("exits 1 with the API's words for an unknown company, 2 for a bad section", async () => {
    const unknown = await credence(['company', '99999999'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr.split('\n')[0]).toBe('credence: Company with number 99999999 not found.');
    const section = await credence(['company', COMPANY, '--section', 'directors'], env);
    expect(section).toMatchObject({ code: 2, stdout: '' });
    expect(section.stderr).toContain(COMPANY_SECTION_IDS.join(', '));
  });

  it('lists the filings by category with their transaction ids', async () => {
    const filings = await direct<FilingsByCategory>('get_filings_list', { company_number: COMPANY });
    const all = Object.values(filings).flat();
    const result = await credence(['filings', COMPANY], env);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + Object.keys(filings).length + all.length);
    for (const filing of all) expect(result.stdout).toContain(filing.transaction_id);
    const withDocument = all.filter((f) => f.document_id).length;
    expect(result.stderr).toContain(`${all.length} filings, ${withDocument} with a document`);
    const json = await credence(['filings', COMPANY, '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual(filings);
  });

  it("downloads a filing's document as a real PDF, atomically", async () => {
    const filings = await direct<FilingsByCategory>('get_filings_list', { company_number: COMPANY });
    const accounts = Object.values(filings)
      .flat()
      .find((f) => f.document_id)!;
    expect(accounts).toBeDefined();
    const dir = mkdtempSync(join(out, 'filing-'));
    const file = join(dir, 'x.pdf');
    const result = await credence(['filing', COMPANY, accounts.transaction_id, '--output', file], env);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(
      new RegExp(`^${accounts.type} of \\d\\d/\\d\\d/\\d{4}: [\\d,]+ bytes → ${file.replace(/[.]/g, '\\.')}\\n$`),
    );
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(readdirSync(dir)).toEqual(['x.pdf']); // no temp file left beside it
    const served = await fetch(
      `${api.url}/api/companies_house/get_filing_pdf?${new URLSearchParams({ company_number: COMPANY, file_name: `${accounts.document_id}.pdf` })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.length).toBe(Number(served.headers.get('content-length')));
    // Every sample filing carries its document; the refusal of one without (a paper filing) is
    // checked against recorded answers in explorer-commands.spec.
    expect(
      Object.values(filings)
        .flat()
        .filter((f) => !f.document_id)
        .map((f) => f.transaction_id),
    ).toEqual([]);
    const unknown = await credence(['filing', COMPANY, 'NoSuchTransaction', '--output', join(dir, 'y.pdf')], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(readdirSync(dir)).toEqual(['x.pdf']);
  });
});
