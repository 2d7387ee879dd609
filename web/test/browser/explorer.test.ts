/**
 * The UK explorer and the screeners in headless chromium against the real API on the embedded
 * database with generated sample data: sign in, search and open a company, walk its sections,
 * open a cited PDF page, filter the screener with a bad then a good value, page, sort, export,
 * expand a lender; screenshots of the main pages; the budgets of the issue measured on the way.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

let api: ApiServer;
let browser: Browser;
let token: string;
/** Figures for web/bench and docs/benchmarks.md, printed at the end. */
const figures: Record<string, number> = {};

before(async () => {
  [api, browser] = await Promise.all([startApi({ SAMPLE_COMPANIES: '400' }), launchBrowser({ pdfViewer: true })]);
  token = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
});

after(async () => {
  if (Object.keys(figures).length) console.log(`# budgets ${JSON.stringify(figures)}`);
  await browser?.close();
  await api?.stop();
});

async function signedIn(viewport?: { width: number; height: number }) {
  return signedInPage(browser, api.url, token, viewport);
}

describe('UK company explorer (/uk/)', () => {
  it('signs in, searches, opens a company, walks the sections and opens a cited PDF page', async () => {
    const { context, page, errors } = await newPage(browser, api.url);
    try {
      const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
      await page.goto('/uk/');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
      assert.deepEqual(await (await providers).json(), { google: null, microsoft: null });
      assert.equal(await page.getByRole('button', { name: /^Sign in with / }).count(), 0, 'no provider is configured: no provider button');
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/uk/');
      await page.getByRole('heading', { name: 'Suggested Companies' }).waitFor();
      await page.locator('.uk-suggested__item').first().waitFor();
      assert.equal(await page.locator('.uk-suggested__item').count(), 4);
      await screenshot(page, 'uk-landing');

      const search = page.getByRole('combobox', { name: 'Search UK companies' });
      await search.fill('Britannia Engineering');
      await page.getByRole('option', { name: /BRITANNIA ENGINEERING GROUP PLC/ }).waitFor();
      await search.press('Enter');
      await page.waitForURL(
        (url) => url.searchParams.get('companyNumber') === '00123456' && url.searchParams.get('category') === 'overview',
      );
      await page.getByRole('heading', { level: 1, name: 'BRITANNIA ENGINEERING GROUP PLC' }).waitFor();
      for (const title of ['Financial Summary', 'Company Profile', 'Leadership Overview', 'Regulatory Compliance Risk Tracker']) {
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
      }
      await page.locator('#financial-summary').getByText('Revenue', { exact: true }).waitFor();
      // Current Financials, Financial Summary tab: a bar chart per metric named with its values in millions
      const financials = page.locator('#key-financials');
      const chart = financials.getByRole('img', { name: /^Revenue \(.{1,4}m\): FY\d{4} / });
      await chart.waitFor();
      assert.equal(await chart.evaluate((el) => el.tagName.toLowerCase()), 'svg');
      const chartName = (await chart.getAttribute('aria-label')) ?? '';
      const columns = await financials.locator('table thead th').count(); // the lines, a column per year, the change
      assert.equal(chartName.match(/FY\d{4} /g)?.length, columns - 2, `one value per year in the table (${chartName})`);
      assert.match(chartName, /FY\d{4} (-?[\d,]+\.\d{2}|-)(,|$)/, 'amounts in millions with 2 decimals');
      assert.ok((await chart.locator('rect').count()) >= 1);
      await screenshot(page, 'uk-company');

      // the sidebar: a click scrolls to the section and writes it to the address
      await page.getByRole('link', { name: 'Compliance Tracker' }).click();
      await page.waitForURL((url) => url.searchParams.get('subCategory') === 'confirmation-statement');
      await page.waitForTimeout(300);
      const top = await page.locator('#confirmation-statement').evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(top < 200, `the section is at the top (${top})`);
      // scrolling back up moves the address with it (after the suppression window)
      await page.waitForTimeout(1700);
      await page.evaluate(() => document.getElementById('company-profile')!.scrollIntoView());
      await page.waitForURL((url) =>
        ['company-profile', 'financial-summary', 'business-overview'].includes(url.searchParams.get('subCategory') ?? ''),
      );

      // leadership tabs and the officers
      await page
        .locator('#officers')
        .getByRole('tab', { name: /^Active \(\d+\)$/ })
        .click();
      await page.locator('#officers .people__item').first().waitFor();

      // filings in the sidebar with the spec's 30-character labels
      const label = (await page.locator('.sidebar-filings__entry').first().textContent()) ?? '';
      assert.ok(label.length <= 33, `label "${label}" is cut at 30 characters`);

      // a cited figure opens its page in the PDF viewer; Escape closes it
      await page.evaluate(() => window.scrollTo(0, 0));
      const cited = page.locator('#financial-summary .source-link').first();
      await cited.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('canvas:not([hidden])').waitFor({ timeout: 15_000 });
      const size = await dialog.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width * c.height);
      assert.ok(size > 10_000, 'the page is rendered');
      await screenshot(page, 'uk-pdf-viewer');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // "Help & FAQ" in the sidebar opens the help widget's Help Center; closing it returns focus
      const helpEntry = page.locator('#explorer-sidebar').getByRole('button', { name: 'Help & FAQ', exact: true });
      await helpEntry.click();
      await page.getByRole('heading', { name: 'Help Center' }).waitFor();
      assert.equal(await page.locator('dialog.help-dialog[open]').count(), 1, 'the one help widget');
      await page.getByRole('button', { name: 'Close help' }).click();
      await page.getByRole('heading', { name: 'Help Center' }).waitFor({ state: 'hidden' });
      assert.equal(await helpEntry.evaluate((el) => el === document.activeElement), true);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('has the footer, the share capital chart and a content area for each other category', async () => {
    const { context, page, errors } = await signedIn();
    try {
      await page.goto('/uk/?companyNumber=00123456');
      await page.locator('#confirmation-statement').waitFor();

      // Share Capital (spec 2 2.8): three columns and a bar chart of issued capital by statement
      const capital = page.locator('#capital-overview');
      for (const column of ['Capital Overview', 'Activity & Impact', 'Timeline'])
        await capital.getByRole('heading', { level: 3, name: column }).waitFor();
      const chart = capital.getByRole('img', { name: /^Issued capital \(.{1,4}\): \d{2}\/\d{2}\/\d{4} SH\d{2} / });
      await chart.scrollIntoViewIfNeeded();
      assert.ok((await chart.locator('rect').count()) >= 2, 'a bar per statement');
      await screenshot(capital, 'uk-share-capital');

      // the footer (spec 2 2.4); "Report inaccurate data" opens Submit Feedback about this company
      const footer = page.locator('.explorer-footer');
      await footer.getByText(/© \d{4} Credence/).waitFor();
      await footer.getByText('Data last updated 30/06/2025').waitFor();
      await footer.getByRole('button', { name: 'Contact Us' }).click();
      await page.getByText('Available 24/7.').waitFor();
      await page.getByRole('button', { name: 'Close help' }).click();
      const report = footer.getByRole('button', { name: 'Report inaccurate data' });
      await report.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Submit Feedback' }).waitFor();
      assert.equal(await page.getByLabel('Subject').inputValue(), 'Inaccurate data: BRITANNIA ENGINEERING GROUP PLC (00123456)');
      assert.match(await page.getByLabel('Message').inputValue(), /page \/uk\/\?companyNumber=00123456/);
      await screenshot(page, 'uk-report-inaccurate-data');
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Submit Feedback' }).waitFor({ state: 'hidden' });
      assert.equal(await report.evaluate((el) => el === document.activeElement), true, 'focus returns to the button');

      // Filings: a document opens as an address in a new tab
      const views = page.getByRole('navigation', { name: 'Company views' });
      await views.getByRole('button', { name: 'Filings' }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'filings');
      const open = page
        .locator('#filings-title ~ .filings-group')
        .getByRole('button', { name: /^Open / })
        .first();
      const fetched = page.waitForResponse((r) => r.url().includes('/api/companies_house/get_filing_pdf'));
      const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
      assert.equal((await fetched).status(), 200);
      await Promise.race([tab.waitForURL(/^blob:/, { timeout: 10_000 }), tab.waitForEvent('download', { timeout: 10_000 })]);
      await tab.close();
      await screenshot(page, 'uk-filings');

      // KPIs, chosen with the keyboard: one statement as a table, another picked from the list
      await views.getByRole('button', { name: 'KPIs' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('category') === 'kpis');
      const grid = page.getByRole('region', { name: 'Key Financials table' });
      await grid.locator('tbody tr').nth(1).waitFor();
      assert.match((await grid.locator('thead th').nth(1).textContent()) ?? '', /^FY\d{4}$/);
      await page.getByRole('combobox', { name: 'Statement' }).selectOption('balance_sheet');
      await page.getByRole('region', { name: 'Balance Sheet table' }).locator('tbody tr').first().waitFor();
      await screenshot(page, 'uk-kpis');

      // Accounts: each accounts filing with its fiscal year
      await views.getByRole('button', { name: 'Accounts' }).click();
      const accounts = page.locator('#accounts-title ~ .table-scroll tbody tr');
      await accounts.first().waitFor();
      assert.match((await accounts.first().locator('td').first().textContent()) ?? '', /^FY\d{4}$/);

      // Financials, Charges and Search
      await views.getByRole('button', { name: 'Financials' }).click();
      await page.getByRole('tablist', { name: 'Statements' }).waitFor();
      await page.locator('#financials-title ~ .tabs table tbody tr').first().waitFor();
      await views.getByRole('button', { name: 'Charges' }).click();
      await page.getByRole('tab', { name: /^All \(\d+\)$/, selected: true }).waitFor();
      await views.getByRole('button', { name: 'Search' }).click();
      await page.getByLabel('Company name, number or registered postcode').fill('Britannia');
      await page.locator('.search-results__item', { hasText: 'BRITANNIA ENGINEERING GROUP PLC' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('renders a company overview with its officers counted (time recorded for the budget)', async () => {
    const { context, page } = await signedIn();
    try {
      await page.goto('/uk/');
      await page.getByRole('heading', { name: 'Suggested Companies' }).waitFor();
      const times: number[] = [];
      for (const number of ['03456789', '09876543', '00123456']) {
        const started = Date.now();
        await page.goto(`/uk/?companyNumber=${number}&category=overview`);
        await page.locator('#confirmation-statement').waitFor();
        await page
          .locator('#officers .tabs__tab')
          .nth(1)
          .filter({ hasText: /\(\d+\)/ })
          .waitFor();
        times.push(Date.now() - started);
      }
      const worst = Math.max(...times);
      // The 1.5 s budget is judged by `npm run bench:browser -w @credence/web` (a timed assertion here fails only on a busy machine).
      figures.companyOverviewMs = worst;
    } finally {
      await context.close();
    }
  });

  it('shows the error text and Return to search for an unknown company', async () => {
    const { context, page } = await signedIn();
    try {
      await page.goto('/uk/?companyNumber=99999998');
      await page.getByText('Company with number 99999998 not found.').waitFor();
      await page.getByRole('button', { name: 'Return to search' }).click();
      await page.waitForURL((url) => url.pathname === '/uk/' && !url.searchParams.has('companyNumber'));
      await page.getByRole('heading', { name: 'Suggested Companies' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps its layout from 1024 px down to 768 px', async () => {
    for (const width of [1024, 768]) {
      const { context, page } = await signedIn({ width, height: 900 });
      try {
        await page.goto('/uk/?companyNumber=00123456');
        await page.locator('#confirmation-statement').waitFor();
        await page.locator('#capital-overview svg.bar-chart').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 1, `no horizontal overflow at ${width} px (${overflow})`);
        await page.locator('.explorer-footer').getByRole('button', { name: 'Report inaccurate data' }).waitFor();
        await screenshot(page, `uk-company-${width}`);
        for (const category of ['kpis', 'filings', 'accounts']) {
          await page.goto(`/uk/?companyNumber=00123456&category=${category}`);
          await page.locator('.category-panel table tbody tr').first().waitFor();
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(wide <= 1, `no horizontal overflow of ${category} at ${width} px (${wide})`);
          await screenshot(page, `uk-${category}-${width}`);
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('companies screener (/companies-screener)', () => {
  it('filters with a bad then a good value, pages, sorts and exports what the filters select', async () => {
    const { context, page, errors } = await signedIn();
    try {
      await page.goto('/companies-screener');
      await page.getByRole('heading', { name: 'UK Company Screener' }).waitFor();
      const rows = page.locator('.data-table tbody tr');
      await rows.nth(5).waitFor();
      await screenshot(page, 'companies-screener');

      // a bad value: the popup says so and stays open
      await page.getByRole('button', { name: 'Filter Turnover' }).click();
      const popup = page.getByRole('dialog', { name: 'Filter Turnover' });
      await popup.getByLabel('Condition').selectOption('between');
      await popup.getByLabel('From').fill('abc');
      await popup.getByRole('button', { name: 'Apply' }).click();
      await popup.getByText('Please enter valid numbers for between filter').waitFor();
      // a good one
      await popup.getByLabel('Condition').selectOption('greaterThan');
      await popup.getByLabel('Value').fill('1m');
      await popup.getByRole('button', { name: 'Apply' }).click();
      await popup.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Filter Turnover (filtered)' }).waitFor();
      const total = Number(((await page.locator('.screener-header__total strong').textContent()) ?? '').replace(/\D/g, ''));
      assert.ok(total > 10 && total < 400, `the filter selects ${total} companies`);

      // page size, then the next page in under 300 ms
      await page.getByLabel('Rows per page').selectOption('10');
      await page.getByText(`Showing 1 to 10 of ${total.toLocaleString('en-GB')} entries`).waitFor();
      const first = await rows.first().textContent();
      const started = Date.now();
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText(`Showing 11 to 20 of`).waitFor();
      await page.waitForFunction((before) => document.querySelector('.data-table tbody tr')?.textContent !== before, first);
      figures.screenerPageChangeMs = Date.now() - started; // its 300 ms budget is judged by bench:browser
      // page jump: a bad value reverts, a good one goes there
      const jump = page.getByLabel('Go to page');
      await jump.fill('x');
      await jump.press('Enter');
      assert.equal(await jump.inputValue(), '2');
      await jump.fill('1');
      await jump.press('Enter');
      await page.getByText('Showing 1 to 10 of').waitFor();

      // sort: text columns ascending first
      await page.getByRole('button', { name: 'Company Name: sort' }).click();
      await page.locator('th[aria-sort="ascending"]', { hasText: 'Company Name' }).waitFor();
      await page.waitForFunction(() => {
        const names = [...document.querySelectorAll('.data-table tbody tr td:first-child')].map((td) => td.textContent ?? '');
        return names.length > 1 && names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0);
      });

      // a column is resized with the keyboard, never under 50 px
      const handle = page.getByRole('separator', { name: 'Resize Company Number' });
      await handle.focus();
      for (let i = 0; i < 12; i++) await handle.press('ArrowLeft');
      assert.equal(await handle.getAttribute('aria-valuenow'), '50');

      // export: the file holds what the filters select
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      const path = await download.path();
      const csv = readFileSync(path!, 'utf8').trim().split(/\r?\n/);
      assert.equal(csv.length - 1, total, `${download.suggestedFilename()} has ${csv.length - 1} rows`);
      assert.match(csv[0], /company_name|Company Name/);
      assert.match(download.suggestedFilename(), /\.csv$/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('creditors screener (/creditors-screener)', () => {
  it('expands one lender with its detail and switches tabs', async () => {
    const { context, page, errors } = await signedIn();
    try {
      await page.goto('/creditors-screener');
      await page.getByRole('heading', { name: 'Creditor Overview', level: 1 }).waitFor();
      const expand = page.getByRole('button', { name: /^Expand / }).first();
      await expand.click();
      const detail = page.locator('.lender-detail');
      await detail.getByText('Total charges').waitFor();
      await detail.getByRole('heading', { name: 'Recent charges' }).waitFor();
      assert.ok((await detail.locator('.activity-bar').count()) > 0);
      await screenshot(page, 'creditors-screener-lender');
      // a second lender closes the first
      await page
        .getByRole('button', { name: /^Expand / })
        .first()
        .click();
      // the second detail loads after the first closes: wait for exactly one, never a count taken mid-switch
      await page.waitForFunction(() => document.querySelectorAll('.lender-detail').length === 1);

      await page.getByRole('tab', { name: 'Charges Screener' }).click();
      await page.getByRole('heading', { name: 'Charges Screener', level: 1 }).waitFor();
      await page.locator('.data-table tbody tr').nth(3).waitFor();
      await page.getByLabel('Search charges').fill('bank');
      await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
      await page.getByRole('tab', { name: 'Company Aggregation' }).click();
      await page.getByRole('heading', { name: 'Company Charge Aggregation', level: 1 }).waitFor();
      await screenshot(page, 'creditors-screener');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('help widget (spec 2 2.13)', () => {
  it('validates, then posts a feature request and closes', async () => {
    const { context, page, errors } = await signedIn();
    try {
      await page.goto('/companies-screener');
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('heading', { name: 'Help Center' }).waitFor();
      await page.getByRole('button', { name: 'Contact Support' }).click();
      await page.getByText('Available 24/7.').waitFor();
      await page.getByRole('button', { name: '← Back' }).click();
      await page.getByRole('button', { name: 'Request a New Feature' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Subject is required').waitFor();
      await page.getByLabel('Subject').fill('Charts of charges');
      await page.getByLabel('Message').fill('A chart of charges per year on the company page.');
      const posted = page.waitForRequest((r) => r.url().endsWith('/api/help_requests') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Submit' }).click();
      const body = (await posted).postDataJSON();
      assert.equal(body.type, 'feature');
      assert.equal(body.feature.subject, 'Charts of charges');
      await page.getByRole('heading', { name: 'Help Center' }).waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
