/**
 * Issue 27 acceptance: an analyst's questions (distress, recovery, ratios, compound and partial
 * questions, typos, out-of-scope) over sample companies that include a liquidation, an
 * administration, a loss-maker and a company with no accounts, asked through the real HTTP API
 * with the built-in analyst. Each gets the analysis it asks for, or the parts it can answer and
 * one line per part it cannot; never a neighbouring answer.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expect } from 'expect';
import { DEFAULT_SAMPLE_COMPANY_NUMBER } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
type Role = 'liquidation' | 'administration' | 'lossMaker' | 'noAccounts' | 'healthy';

interface Answer {
  text: string;
  citations: { id: string; verified?: boolean }[];
  declined: boolean;
}

/** The sections of an answer ("## Distress Signals" → "Distress Signals"). */
const sections = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());

interface Case {
  role: Role;
  q: string;
  /** Sections the answer must have (prefixes). */
  has?: string[];
  /** Sections it must not have: the neighbouring answers. */
  not?: string[];
  /** Text it must contain (one line per missing part...). */
  says?: (string | RegExp)[];
  declined?: boolean;
}

const DISTRESS = 'Distress Signals';
const RECOVERY = 'Recovery Estimate';
const SALARY = 'Salary: not in the register or the accounts we hold';

const CASES: Case[] = [
  // Distress: paraphrases over the insolvent companies.
  {
    role: 'liquidation',
    q: 'What are the main distress signals?',
    has: [DISTRESS],
    says: [/Status on the register: Liquidation/, /Insolvency filing/],
  },
  { role: 'liquidation', q: 'Is this company in trouble?', has: [DISTRESS] },
  { role: 'liquidation', q: 'Any red flags?', has: [DISTRESS] },
  { role: 'liquidation', q: 'has it gone into liquidaton?', has: [DISTRESS] },
  { role: 'administration', q: 'Is it in administration?', has: [DISTRESS], says: [/administration/i] },
  { role: 'administration', q: 'What are the warning signs for this company?', has: [DISTRESS] },
  { role: 'lossMaker', q: 'Is the company struggling?', has: [DISTRESS], says: [/Loss for the year|Operating loss/] },
  { role: 'noAccounts', q: 'Any distress signals?', has: [DISTRESS], says: ['No accounts with figures are on file'] },
  { role: 'healthy', q: 'Show me the distress signals', has: [DISTRESS] },
  // Recovery: an estimate, labelled, with its method; never the lenders list alone.
  {
    role: 'liquidation',
    q: 'What are the main distress signals and how likely is a recovery for unsecured creditors?',
    has: [DISTRESS, RECOVERY],
    not: ['Lenders'],
    says: ['Method: Estimate at book value'],
  },
  { role: 'liquidation', q: 'What would unsecured creditors recover?', has: [RECOVERY], not: ['Lenders'], says: [/Estimate/] },
  { role: 'administration', q: 'pence in the pound for unsecured creditors?', has: [RECOVERY], not: ['Lenders'] },
  { role: 'administration', q: 'How do the charges rank?', has: [RECOVERY] },
  { role: 'healthy', q: 'recovry for unsecured credtors?', has: [RECOVERY], not: ['Lenders'] },
  { role: 'noAccounts', q: 'What would creditors recover?', says: [/Estimate not possible|No accounts|not on file/i] },
  // Ratios: exactly the ratios named, a line for each the accounts cannot give.
  {
    role: 'healthy',
    q: 'free cash flow and interest cover?',
    has: ['Ratios'],
    not: ['Performance'],
    says: ['Free cash flow: not computed from the accounts we hold'],
  },
  { role: 'healthy', q: 'What is the interest cover?', has: ['Ratios'], says: [/Interest cover/] },
  { role: 'healthy', q: 'gearing and net debt?', has: ['Ratios'], says: [/Gearing/, /Net debt/] },
  { role: 'healthy', q: 'whats the currnt ratio', has: ['Ratios'], says: [/Current ratio/] },
  {
    role: 'lossMaker',
    q: 'What is the quick ratio?',
    says: ['Quick ratio: not computed from the accounts we hold'],
    not: ['Balance Sheet'],
  },
  { role: 'noAccounts', q: 'What is the interest cover?', not: ['Performance'], says: [/Interest cover: no accounts with figures/] },
  // Compound and partial questions: each part answered, or a line for it.
  {
    role: 'healthy',
    q: "CEO's salary and top shareholders?",
    has: ['Leadership'],
    says: [SALARY, /Top shareholders: a full shareholder list/],
  },
  {
    role: 'healthy',
    q: 'What is the share price and the turnover?',
    has: ['Performance'],
    says: ['Share price: not in the register or the accounts we hold'],
  },
  { role: 'healthy', q: "Directors' remuneration?", says: [SALARY] },
  {
    role: 'lossMaker',
    q: 'What are the margins and the market cap?',
    has: ['Profitability'],
    says: ['Market capitalisation: not in the register'],
  },
  { role: 'liquidation', q: 'Who are the directors and what are the distress signals?', has: [DISTRESS, 'Leadership'] },
  {
    role: 'administration',
    q: 'Which charges are outstanding, and is the company insolvent?',
    has: [DISTRESS],
    says: [/No charges are registered against|## Charges/],
  },
  // Summary sheet: Key Findings open with the insolvency.
  {
    role: 'liquidation',
    q: 'Create a summary sheet',
    has: ['Key Findings', 'Summary Sheet'],
    says: [/Key Findings\n\n- Status on the register: Liquidation/],
  },
  { role: 'administration', q: 'Create a summary sheet', says: [/Key Findings\n\n- Status on the register: (In )?Administration/] },
  // Typos on other analyses.
  { role: 'healthy', q: 'who are the dirctors?', has: ['Leadership'] },
  { role: 'healthy', q: 'how profitble is it?', has: ['Profitability'] },
  // Out of scope: declined, listing what it can answer.
  { role: 'healthy', q: 'What is the weather in Leeds?', declined: true, says: [/distress signals/, /a recovery estimate/] },
  {
    role: 'healthy',
    q: 'What is the share price?',
    declined: true,
    says: ['Share price: not in the register or the accounts we hold', /I can answer/],
  },
];

describe('analyst questions over sample companies, end to end over HTTP (issue 27 §1, §3)', () => {
  let t: TestApi;
  let token: string;
  const companies = {} as Record<Role, string>;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await seedSampleData(t.api.dataSource, loadConfig(t.environment.env), {
      companies: 40,
      seed: 5,
      referenceDate: '2026-06-15',
      reporter: quiet,
    });
    const pick = async (sql: string): Promise<string> => {
      const [row] = await t.api.dataSource.query(sql);
      return row?.company_number;
    };
    const withAccounts = `EXISTS (SELECT 1 FROM financial_statements f WHERE f.company_number = c.company_number AND f.total_assets IS NOT NULL)`;
    companies.liquidation = await pick(
      `SELECT company_number FROM companies c WHERE company_status = 'Liquidation' AND ${withAccounts} ORDER BY 1 LIMIT 1`,
    );
    companies.administration = await pick(
      `SELECT company_number FROM companies c WHERE company_status ILIKE '%administration%' AND ${withAccounts} ORDER BY 1 LIMIT 1`,
    );
    companies.lossMaker = await pick(
      `SELECT c.company_number FROM companies c JOIN LATERAL (SELECT net_profit_loss FROM financial_statements f WHERE f.company_number = c.company_number ORDER BY period_end DESC LIMIT 1) l ON true
        WHERE c.company_status = 'Active' AND l.net_profit_loss < 0 ORDER BY 1 LIMIT 1`,
    );
    companies.noAccounts = await pick(
      `SELECT company_number FROM companies c WHERE NOT EXISTS (SELECT 1 FROM financial_statements f WHERE f.company_number = c.company_number) ORDER BY 1 LIMIT 1`,
    );
    companies.healthy = DEFAULT_SAMPLE_COMPANY_NUMBER;
  });
  after(() => t.close());

  async function ask(company: string, query: string): Promise<Answer> {
    const stream = await openSse(`${t.url}/api/research/ask`, { body: { query, company_number: company }, token });
    expect(stream.status).toBe(200);
    const events = await stream.finished(60_000);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    return { text: done.data.answer.text, citations: done.data.answer.citations, declined: Boolean(done.data.answer.declined) };
  }

  it('the sample holds a liquidation, an administration, a loss-maker and a company with no accounts', () => {
    for (const role of ['liquidation', 'administration', 'lossMaker', 'noAccounts'] as const)
      expect({ role, n: companies[role] }).toEqual({ role, n: expect.any(String) });
  });

  it('the overview gives the same distress signals, the status first, each naming its record', async () => {
    const { body, status } = await t.request('GET', `/api/companies_house/get_overview?company_number=${companies.liquidation}`, { token });
    expect(status).toBe(200);
    const signals = body.insights.distress_signals;
    expect(signals[0]).toMatchObject({ kind: 'status', severity: 'high', ref: { record: 'profile', field: 'company_status' } });
    expect(signals.some((s: { kind: string }) => s.kind === 'insolvency-event')).toBe(true);
    const healthy = await t.request('GET', `/api/companies_house/get_overview?company_number=${companies.healthy}`, { token });
    // Overdue dates depend on today's clock against the sample's reference date: only the status and insolvency are fixed.
    expect(healthy.body.insights.distress_signals.filter((s: { kind: string }) => ['status', 'insolvency-event'].includes(s.kind))).toEqual(
      [],
    );
  });

  it(`asks ${CASES.length} questions`, () => expect(CASES.length).toBeGreaterThanOrEqual(30));

  for (const c of CASES)
    it(`${c.role}: "${c.q}"`, async () => {
      const a = await ask(companies[c.role], c.q);
      const got = sections(a.text);
      if (process.env.DUMP) console.log(`\n=== ${companies[c.role]} ${c.q}\n${a.text}`);
      const problems: string[] = [];
      for (const s of c.has ?? []) if (!got.some((g) => g.startsWith(s))) problems.push(`no section ${s}`);
      for (const s of c.not ?? []) if (got.some((g) => g.startsWith(s))) problems.push(`a neighbouring section ${s}`);
      for (const s of c.says ?? [])
        if (!(typeof s === 'string' ? a.text.includes(s) : s.test(a.text))) problems.push(`does not say ${String(s)}`);
      if (c.declined !== undefined && a.declined !== c.declined) problems.push(`declined: ${a.declined}`);
      assert.deepEqual(problems, [], `${companies[c.role]} "${c.q}" → sections ${JSON.stringify(got)}\n${a.text.slice(0, 2500)}`);
      // Every citation a figure stands on was confirmed against its record or page.
      expect(a.citations.filter((x) => x.verified === false)).toEqual([]);
    });
});
