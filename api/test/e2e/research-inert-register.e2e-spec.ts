/**
 * Text from the register and from filings, quoted in a research answer, is shown as the characters
 * it is (issue 24 section 4): a company, officer, PSC, chargeholder or charge named with markdown,
 * a filing description, a risk heading and a printed line label carrying a link, all stay text in
 * the answer as the web renders it (CommonMark + GFM); only the engine's own markdown is markup.
 * The same for a US company's SEC name in the equity analyst's answer.
 */
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'expect';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { DEFAULT_SAMPLE_COMPANY_NUMBER } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import { TAGSWITCH_CIK, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;
const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
/** A link a third party could put in a name the register or a filing holds. */
const link = (words: string) => `[${words}](https://evil.example/${words.toLowerCase().replace(/\W+/g, '-')})`;
const COMPANY_NAME = `${link('Verify your login')} **HOLDINGS** PLC`;

/** The answer's markdown as the web renders it. */
const html = (markdown: string) => micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });

function expectInert(markdown: string): string {
  const rendered = html(markdown);
  expect(rendered).not.toMatch(/<a\s|href=|<img/);
  expect(rendered).not.toContain('<strong>HOLDINGS</strong>');
  return rendered;
}

describe('research answers quote register and filing text as text, never markup', () => {
  let t: TestApi;
  let token: string;
  let scratch: string;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    const config = loadConfig(t.environment.env);
    await seedSampleData(t.api.dataSource, config, { companies: 8, seed: 5, referenceDate: '2026-06-15', reporter: quiet });
    const q = (sql: string, ...params: unknown[]) => t.api.dataSource.query(sql, [COMPANY, ...params]);
    await q(`UPDATE companies SET company_name = $2 WHERE company_number = $1`, COMPANY_NAME);
    await q(`UPDATE officers SET name = $2 || ' ' || name WHERE company_number = $1`, link('Director portal'));
    await q(
      `UPDATE pscs SET name = $2 || ' ' || coalesce(name, ''), natures_of_control = ARRAY[$3::text] WHERE company_number = $1`,
      link('Owner portal'),
      `${link('Control portal')} ownership`,
    );
    await q(
      `UPDATE charges SET persons_entitled = ARRAY[$2 || ' Bank PLC'], classification_description = $2 || ' debenture' WHERE company_number = $1`,
      link('Lender portal'),
    );
    // a label as the accounts print it (the sample accounts' "terms")
    await q(
      `UPDATE financial_statements SET terms = terms || jsonb_build_object('totalLiabilities', $2::text) WHERE company_number = $1`,
      link('Label portal'),
    );
    await q(`UPDATE filings SET description = $2 WHERE company_number = $1`, link('Filing portal'));
    await q(
      `UPDATE document_summaries SET risks = jsonb_set(risks, '{0,riskCategory}', to_jsonb($2::text)) WHERE company_number = $1`,
      link('Risk portal'),
    );

    scratch = mkdtempSync(join(tmpdir(), 'inert-us-'));
    const context = { dataSource: t.api.dataSource, config, reporter: quiet, batchSize: 50_000 };
    await secTickersImporter.run(context, [
      writeJson(scratch, 'company_tickers.json', { 0: { cik_str: TAGSWITCH_CIK, ticker: 'TSW', title: `${link('SEC portal')} Corp` } }),
    ]);
    await secCompanyFactsImporter.run(context, [writeJson(scratch, 'a.json', tagswitchFacts())]);
  });
  after(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const ask = async (body: Record<string, unknown>): Promise<string> => {
    const stream = await openSse(`${t.url}/api/research/ask`, { body, token });
    expect(stream.status).toBe(200);
    const events = await stream.finished(60_000);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    return done.data.answer.text as string;
  };

  const QUESTIONS = [
    'Create a summary sheet',
    'Capital structure analysis',
    'Covenant summary',
    'Leadership and control',
    'Who are the lenders?',
    'Charges and security',
    'Does the company file on time?',
    'What risks does the company face?',
    'Show the filing history',
    'Who are its peers?',
  ];
  for (const [i, question] of QUESTIONS.entries()) {
    it(`"${question}": names and words from the register and the filings show as their characters, with no link`, async () => {
      expectInert(await ask({ query: question, company_number: COMPANY, chat_id: `inert-${i}` }));
    });
  }

  it('the planted company name, officer, PSC and lender read as written', async () => {
    const leadership = html(await ask({ query: 'Leadership and control', company_number: COMPANY }));
    expect(leadership).toContain(`${link('Verify your login')} **HOLDINGS** PLC`);
    expect(leadership).toContain(link('Owner portal'));
    const lenders = html(await ask({ query: 'Who are the lenders?', company_number: COMPANY }));
    expect(lenders).toContain('evil.example/lender-portal');
  });

  it("a US company's SEC name in the equity analyst's answer stays text", async () => {
    const text = await ask({ query: 'What was revenue and net income?', cik: String(TAGSWITCH_CIK) });
    expect(expectInert(text)).toContain(`${link('SEC portal')} Corp`);
  });
});
