/**
 * US equity pages (spec 3 section 2) in headless chromium against the real API with the 200
 * generated US sample companies: /us to the strategic indicators landing, the fuzzy company
 * search, a company's KPI tables (annual and quarterly, derived quarters marked), the KPI search,
 * the Excel download, a cell's source in /backlinker (the filing in a sandboxed frame with the
 * fact highlighted and in view; a derived quarter's operands), a company without data requested,
 * the 402 quota message, an unknown CIK, and /us/analysis in the equity mode.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { kpiTableView, US_EQUITY_TEXTS, type UsCompany, type UsKpiTable } from '@credence/shared';
import { runAdmin } from '../support/admin-cli.ts';
import { newPage, screenshot } from '../support/browser.ts';
import { createApprovedUser, http, loginToken } from '../support/http.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const suite = sampleDataSuite();
const FIRST_LOAD_MS = 30_000;
const LANDING = 'Search for US companies, explore KPIs, and get strategic insights!';

async function sampleCompany(): Promise<UsCompany> {
  const list = await http<UsCompany[]>(suite.api, 'GET', 'us/companies?limit=5', undefined, suite.token);
  assert.equal(list.status, 200);
  return list.body.find((c) => c.available && c.ticker)!;
}

async function apiTable(cik: string, table: string, category: 'annual' | 'quarterly'): Promise<UsKpiTable> {
  const q = new URLSearchParams({ company_id: cik, table_name: table, document_category: category });
  const answer = await http<UsKpiTable>(suite.api, 'GET', `us/get_kpi_values_by_table_name?${q}`, undefined, suite.token);
  assert.equal(answer.status, 200);
  return answer.body;
}

/** The table as the page shows it: a line per KPI row, its label and cell texts. */
async function shownRows(page: Page): Promise<string[]> {
  return page
    .locator('.us-table__row')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim()).join(' | ')));
}

const expectedRows = (table: UsKpiTable) =>
  kpiTableView(table).rows.map((r) => [r.label, ...r.cells.map((c) => c?.text ?? '—')].join(' | '));

describe('US strategic indicators and sources', () => {
  it('searches, opens a company, reads its annual and quarterly tables, downloads them, and traces a cell to its filing', async () => {
    const company = await sampleCompany();
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 860 });
    try {
      await page.goto('/us', { timeout: FIRST_LOAD_MS });
      await page.waitForURL((url) => url.pathname === '/us/equity_analysis/strategic-indicators');
      await page.getByRole('heading', { level: 1, name: LANDING }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Switch to UK Companies' }).getAttribute('href'), '/uk');
      await screenshot(page, 'us-landing');

      // a typo in the name still finds it (fuzzy, threshold 0.3)
      const search = page.getByRole('combobox', { name: 'Search US companies' });
      await search.fill(company.title.slice(0, 6) + company.title.slice(7, 14));
      const option = page.getByRole('option').filter({ hasText: company.title });
      await option.first().click();
      await page.waitForURL((url) => url.searchParams.get('cik') === company.cik_str);
      await page.getByRole('heading', { level: 1, name: new RegExp(company.title) }).waitFor();
      await page.locator('.us-header__ticker', { hasText: company.ticker! }).waitFor();
      assert.equal(await page.getByText('Sample data', { exact: true }).count(), 1, 'a sample company says so');
      assert.equal(await page.getByRole('link', { name: 'Analyze' }).getAttribute('href'), `/us/analysis?companyNumber=${company.cik_str}`);

      // the annual Income Statement, exactly as the shared view of the API's table reads
      await page.locator('.us-table__title', { hasText: 'Income Statement' }).waitFor();
      assert.deepEqual(await shownRows(page), expectedRows(await apiTable(company.cik_str, 'Income Statement', 'annual')));
      assert.equal(await page.getByRole('button', { name: 'Income Statement' }).getAttribute('aria-current'), 'page');
      await screenshot(page, 'us-strategic-indicators');

      // the workbook
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Excel download' }).click();
      const download = await downloading;
      assert.equal(download.suggestedFilename(), `${company.ticker}-kpis.xlsx`);
      const saved = await download.path();
      assert.equal(readFileSync(saved).subarray(0, 2).toString(), 'PK', 'an xlsx (zip) file');

      // quarterly: derived quarters marked, the note under the table
      await page.getByRole('radio', { name: 'Quarterly' }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'quarterly');
      await page.locator('.us-table__title', { hasText: 'quarterly' }).waitFor();
      const quarterly = await apiTable(company.cik_str, 'Income Statement', 'quarterly');
      assert.deepEqual(await shownRows(page), expectedRows(quarterly));
      const revenue = quarterly.table_data.find((r) => r.name === 'revenue')!;
      const q4 = quarterly.periods.findLastIndex((p) => p.ending_type === 'Q4');
      assert.equal(revenue.cells[q4]?.derived, true, 'Q4 = FY − 9M is derived');
      await page.getByText(/derived \(a quarter from year-to-date figures/).waitFor();

      // the KPI search opens its table and marks its row
      await page.getByRole('combobox', { name: 'Search KPIs' }).fill('net incme');
      await page
        .getByRole('option', { name: /Net income/ })
        .first()
        .waitFor();
      await page.getByRole('combobox', { name: 'Search KPIs' }).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('kpi_name') === 'net_income');
      await page.locator('.us-table__row--marked[data-kpi="net_income"]').waitFor();

      // a derived cell opens its source: the operands, the filing with the fact highlighted and in view
      const period = quarterly.periods[q4]!;
      await page.locator('.us-table__row[data-kpi="revenue"] td').nth(q4).getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/backlinker' && url.searchParams.get('kv_id') === revenue.cells[q4]!.kpi_value_id);
      assert.equal(new URL(page.url()).searchParams.get('doc_cg'), 'quarterly');
      await page.getByRole('heading', { level: 1, name: new RegExp(`Revenue · Q4 FY${period.fiscal_year}`) }).waitFor();
      await page.getByText('Derived', { exact: true }).first().waitFor();
      const operands = page.locator('.us-source__operand-table tbody tr');
      assert.deepEqual(
        (await operands.locator('td:first-child').allTextContents()).map((t) => t.trim()),
        ['+', '-', '='],
      );
      await checkFrame(page);
      await screenshot(page, 'us-backlinker-derived');

      // back to the table, then a reported annual figure: its tag and 10-K
      await page.goBack();
      await page.locator('.us-table__title', { hasText: 'quarterly' }).waitFor();
      await page.getByRole('radio', { name: 'Annual' }).click();
      await page.locator('.us-table__title', { hasText: 'annual' }).waitFor();
      await page.getByRole('button', { name: 'Income Statement' }).click();
      await page.locator('.us-table__row[data-kpi="revenue"] td').last().getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/backlinker' && url.searchParams.get('doc_cg') === 'annual');
      await page.getByText('Form 10-K').waitFor();
      await page
        .getByText(/us-gaap:/)
        .first()
        .waitFor();
      const highlighted = await checkFrame(page);
      const shown = await page.locator('.us-source__fact', { hasText: 'Value' }).locator('dd').innerText();
      assert.ok(
        highlighted.replace(/[^0-9]/g, '').length > 0,
        `the highlighted fact has digits (${highlighted}); the value reads ${shown}`,
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('requests a company without data, shows the quota message on 402, and sends an unknown CIK back to the search', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'us-web-tickers-'));
    try {
      const file = join(scratch, 'company_tickers.json');
      writeFileSync(file, JSON.stringify({ 0: { cik_str: 1652044, ticker: 'GOOGL', title: 'Alphabet Inc.' } }));
      await runAdmin(suite.api, ['import', 'sec-tickers', file]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    try {
      await page.goto('/us/equity_analysis/strategic-indicators', { timeout: FIRST_LOAD_MS });
      await page.getByRole('combobox', { name: 'Search US companies' }).fill('alphabet');
      await page.getByRole('option').filter({ hasText: 'no data yet' }).first().click();
      await page.waitForURL((url) => url.searchParams.get('cik') === '1652044');
      await page.getByText(US_EQUITY_TEXTS.noFacts('Alphabet Inc.')).waitFor();
      await page.getByRole('button', { name: 'Request' }).click();
      await page.getByText(US_EQUITY_TEXTS.requestStored('Alphabet Inc.')).waitFor();
      await page.getByRole('button', { name: 'Request' }).click();
      await page.getByText(US_EQUITY_TEXTS.requestExists('Alphabet Inc.')).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Excel download' }).count(), 0);

      await page.goto('/us/equity_analysis/strategic-indicators?cik=99999999');
      await page.waitForURL((url) => url.pathname === '/us/equity_analysis/search');
      await page.getByText(US_EQUITY_TEXTS.unknownCompany('99999999')).waitFor();
      await page.getByRole('heading', { level: 1, name: LANDING }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    // a user whose credits are spent gets the quota message and a way to get in touch
    const user = await createApprovedUser(suite.api, 'usquota');
    const spent = await http(suite.api, 'POST', 'admin/users/credits', { email: user.email, total_credits: 0 }, suite.token);
    assert.equal(spent.status, 200);
    const company = await sampleCompany();
    const quota = await signedInPage(suite.browser, suite.api.url, await loginToken(suite.api, user.email, user.password));
    try {
      await quota.page.goto(`/us/equity_analysis/strategic-indicators?cik=${company.cik_str}`);
      await quota.page.getByRole('alert').filter({ hasText: US_EQUITY_TEXTS.quotaExceeded }).waitFor();
      assert.match((await quota.page.getByRole('link', { name: 'Get In Touch' }).getAttribute('href')) ?? '', /^mailto:/);
      assert.equal(await quota.page.locator('.us-table').count(), 0);
      await screenshot(quota.page, 'us-quota');
    } finally {
      await quota.context.close();
    }

    // signed out: /login with the address to come back to
    const visitor = await newPage(suite.browser, suite.api.url);
    try {
      await visitor.page.goto(`/us/equity_analysis/strategic-indicators?cik=${company.cik_str}`);
      await visitor.page.waitForURL((url) => url.pathname === '/login');
      assert.equal(
        new URL(visitor.page.url()).searchParams.get('redirect'),
        `/us/equity_analysis/strategic-indicators?cik=${company.cik_str}`,
      );
    } finally {
      await visitor.context.close();
    }
  });

  it('/us/analysis is the chat in the equity mode: the US company named from its CIK, another chosen with the US search', async () => {
    const company = await sampleCompany();
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 860 });
    try {
      await page.goto(`/us/equity_analysis/strategic-indicators?cik=${company.cik_str}`, { timeout: FIRST_LOAD_MS });
      await page.getByRole('link', { name: 'Analyze' }).click();
      await page.waitForURL((url) => url.pathname === '/us/analysis' && url.searchParams.get('companyNumber') === company.cik_str);
      await page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor();
      await page.locator('.chat-input__company-name', { hasText: company.title }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Your question' }).isEnabled(), true);
      await page.getByRole('button', { name: 'Change company' }).click();
      await page.getByRole('combobox', { name: 'Choose a US company to ask about' }).fill(company.ticker!);
      await page.getByRole('option').filter({ hasText: company.title }).first().click();
      await page.locator('.chat-input__company-name', { hasText: company.title }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('US data insights', () => {
  it('opens from the company header with a fresh chatKey, runs a query through its stages, exports, and starts a new query', async () => {
    const company = await sampleCompany();
    const visitor = await newPage(suite.browser, suite.api.url);
    try {
      await visitor.page.goto(`/us/equity_analysis/data_insights?cik=${company.cik_str}`, { timeout: FIRST_LOAD_MS });
      await visitor.page.waitForURL((url) => url.pathname === '/signup');
      assert.equal(new URL(visitor.page.url()).searchParams.get('redirect'), `/us/equity_analysis/data_insights?cik=${company.cik_str}`);
    } finally {
      await visitor.context.close();
    }

    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 860 });
    try {
      await page.goto(`/us/equity_analysis/strategic-indicators?cik=${company.cik_str}`, { timeout: FIRST_LOAD_MS });
      await page.getByRole('navigation', { name: 'US equity analysis' }).getByRole('link', { name: 'Analysis' }).click();
      await page.waitForURL((url) => url.pathname === '/us/equity_analysis/data_insights' && url.searchParams.has('chatKey'));
      const firstKey = new URL(page.url()).searchParams.get('chatKey');
      await page.locator('.us-insights__company', { hasText: company.ticker! }).waitFor();
      for (const pane of ['Observations', 'Thought Process']) await page.getByRole('heading', { level: 2, name: pane }).waitFor();
      await page.getByText('The tables relevant to your query appear here.').waitFor();

      const query = page.getByPlaceholder('Add your search query here...');
      await query.fill('How did revenue and margins develop?');
      const asked = page.waitForResponse((r) => r.url().includes('/api/equity_analysis/generate_thought_process'));
      const saved = page.waitForResponse((r) => r.url().includes('/api/create_chat_history'));
      await query.press('Enter');
      const answer = await asked;
      assert.equal(answer.status(), 200);
      await page.locator('.us-insights[data-stage="4"]').waitFor({ timeout: 60_000 });
      assert.ok((await page.locator('.us-insights__pane ol li').count()) > 0, 'a thought process');
      const observations = await page.getByRole('region', { name: 'Observations' }).locator('li').allTextContents();
      assert.ok(
        observations.some((o) => /revenue/i.test(o) && /\$[\d,.]+/.test(o)),
        `an observation states revenue with its figure: ${JSON.stringify(observations)}`,
      );
      assert.ok((await page.getByRole('region', { name: 'Relevant tables' }).locator('option').count()) > 0, 'relevant tables offered');
      await screenshot(page, 'us-data-insights');

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      assert.equal((await downloading).suggestedFilename(), `${company.ticker}-kpis.xlsx`);

      // the observations' citations: numbered links, no raw markers, each opening its filing tag in /backlinker
      assert.equal((await saved).status(), 200);
      await followCitation(page, company);
      // back, the saved chat shows its observations with their citations again
      await page.goBack();
      await page.locator('.us-insights[data-stage="2"]').waitFor();
      await page.getByRole('region', { name: 'Observations' }).locator('a.citation-marker').first().waitFor();
      assert.doesNotMatch(await page.getByRole('region', { name: 'Observations' }).innerText(), /\[\^/);

      await page.getByRole('button', { name: 'New Query' }).click();
      await page.waitForURL((url) => url.searchParams.get('chatKey') !== firstKey);
      assert.equal(await query.inputValue(), '');
      assert.equal(await page.locator('.us-insights').getAttribute('data-stage'), '0');
      assert.deepEqual(
        errors.filter((e) => !/status of 404/.test(e)),
        [],
      );
    } finally {
      await context.close();
    }
  });
});

/**
 * A revenue observation's first citation: a numbered link (the raw `[^cN]` marker never shows)
 * that opens /backlinker at its tag, whose value is the figure the observation states.
 */
async function followCitation(page: Page, company: UsCompany): Promise<void> {
  const region = page.getByRole('region', { name: 'Observations' });
  assert.doesNotMatch(await region.innerText(), /\[\^/, 'no raw citation markers');
  const cited = region
    .locator('li')
    .filter({ hasText: /revenue/i })
    .filter({ has: page.locator('a.citation-marker') })
    .first();
  const statement = await cited.innerText();
  const marker = cited.locator('a.citation-marker').first();
  assert.match(await marker.innerText(), /^\d+$/, 'the marker reads as its footnote number');
  const href = new URL((await marker.getAttribute('href'))!, page.url());
  assert.equal(href.pathname, '/backlinker');
  assert.equal(href.searchParams.get('cik'), company.cik_str);
  const kvId = href.searchParams.get('kv_id')!;
  await region
    .getByRole('link', { name: /View filing/ })
    .first()
    .waitFor();
  await marker.click();
  await page.waitForURL((url) => url.pathname === '/backlinker' && url.searchParams.get('kv_id') === kvId);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const value = await page.locator('.us-source__fact', { hasText: 'Value' }).locator('dd').innerText();
  const figure = value.split(' (')[0]!.replace(/^\(|\)$/g, '');
  assert.ok(statement.includes(figure), `the observation "${statement}" states the cited value ${value}`);
  await screenshot(page, 'us-data-insights-citation');
}

/** The source frame: sandboxed without scripts, no script inside, the highlighted fact scrolled into view. Answers its text. */
async function checkFrame(page: Page): Promise<string> {
  const frame = page.locator('iframe.us-source__frame');
  await frame.waitFor();
  assert.equal(await frame.getAttribute('sandbox'), 'allow-same-origin', 'no allow-scripts');
  await page.locator('iframe.us-source__frame[data-scrolled="fact"]').waitFor();
  const inside = page.frameLocator('iframe.us-source__frame');
  const mark = inside.locator('.credence-highlight').first();
  await mark.waitFor();
  assert.equal(await inside.locator('script').count(), 0);
  const visible = await mark.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= (el.ownerDocument.defaultView?.innerHeight ?? 0);
  });
  assert.ok(visible, 'the highlighted fact is scrolled into view');
  return mark.innerText();
}
