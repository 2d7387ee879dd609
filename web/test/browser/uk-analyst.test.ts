/**
 * The UK area as an analyst meets it (issue 13 section 5), at 1366 and 768 px, in chromium against
 * the real API with sample data: screener state in the address (reload, Back, a shared link),
 * the sticky name column and headers with units, filings that keep their date and are scrolled
 * to, statement tables in one unit, the explorer bar under the app header, and no 404 anywhere
 * the app's own navigation leads.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.ts';
import { http } from '../support/http.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const WIDTHS = [1366, 768] as const;
const COMPANY = '00123456';
const suite = sampleDataSuite(400, { pdfViewer: true });

async function open(width: number) {
  const opened = await signedInPage(suite.browser, suite.api.url, suite.token, { width, height: 900 });
  opened.context.setDefaultTimeout(20_000); // first loads of a fresh browser on a shared, busy machine
  return opened;
}
/** The page itself never scrolls sideways (wide tables scroll inside their own frame). */
async function assertNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `${what}: the page scrolls sideways by ${overflow} px`);
}
const query = (page: Page) => new URL(page.url()).searchParams;
const showing = (page: Page) => page.locator('.pagination__showing');
const historyLength = (page: Page) => page.evaluate(() => history.length);

describe('companies screener: state in the address', () => {
  for (const width of WIDTHS) {
    it(`survives reload, Back and a shared link at ${width} px`, async () => {
      const { context, page, errors } = await open(width);
      try {
        await page.goto('/companies-screener');
        await page.locator('.data-table tbody tr').nth(5).waitFor();
        assert.equal(page.url(), `${suite.api.url}/companies-screener`, 'the default view has a plain address');

        // a filter (pushed), a sort (pushed), a page size and a page (pushed)
        await page.getByRole('button', { name: 'Filter Turnover' }).click();
        const popup = page.getByRole('dialog', { name: 'Filter Turnover' });
        await popup.getByLabel('Condition').selectOption('greaterThan');
        await popup.getByLabel('Value').fill('1m');
        await popup.getByRole('button', { name: 'Apply' }).click();
        await page.waitForURL((url) => url.searchParams.getAll('filter').includes('turnover>1000000'));
        await page.getByRole('button', { name: 'Turnover (£m): sort' }).click();
        await page.waitForURL((url) => url.searchParams.get('sort') === 'turnover:desc');
        await page.getByLabel('Rows per page').selectOption('10');
        await page.waitForURL((url) => url.searchParams.get('size') === '10');
        await page.getByRole('button', { name: 'Next page' }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2');
        await showing(page)
          .getByText(/^Showing 11 to 20 of /)
          .waitFor();

        // a search applied on page 2 goes back to page 1: a new entry
        const search = page.getByLabel('Search companies');
        await search.fill('lt');
        await page.waitForURL((url) => url.searchParams.get('search') === 'lt' && !url.searchParams.has('page'));
        await showing(page)
          .getByText(/^Showing 1 to 10 of /)
          .waitFor();
        // refining it and typing a question replace that entry: Back does not step through letters
        const entries = await historyLength(page);
        // the address is written as soon as 'ltd' is applied, before its rows arrive: wait for them
        const ltdRows = page.waitForResponse(
          (response) => response.url().includes('get-screener-info') && decodeURIComponent(response.url()).includes('ltd'),
        );
        await search.pressSequentially('d', { delay: 30 });
        await page.waitForURL((url) => url.searchParams.get('search') === 'ltd');
        await ltdRows;
        await page.locator('.screener-table__scroll[aria-busy="false"]').waitFor();
        await page.getByLabel('Describe the companies you want').fill('profitable builders');
        await page.waitForURL((url) => url.searchParams.get('q') === 'profitable builders');
        assert.equal(await historyLength(page), entries, 'typing adds no history entries');
        const address = page.url();
        const rows = await page.locator('.data-table tbody tr td:first-child').allTextContents();
        assert.ok(rows.length > 0);

        // reload: the same rows, filters, sort, size, search and query
        await page.reload();
        await page.locator('.data-table tbody tr td:first-child').first().waitFor();
        await page.waitForFunction(
          (expected) =>
            [...document.querySelectorAll('.data-table tbody tr td:first-child')].map((td) => td.textContent).join('|') === expected,
          rows.join('|'),
        );
        assert.equal(page.url(), address);
        assert.equal(await page.getByLabel('Search companies').inputValue(), 'ltd');
        assert.equal(await page.getByLabel('Describe the companies you want').inputValue(), 'profitable builders');
        await page.getByRole('button', { name: 'Filter Turnover (filtered)' }).waitFor();
        await page.locator('th[aria-sort="descending"]', { hasText: 'Turnover (£m)' }).waitFor();
        assert.equal(await page.getByLabel('Rows per page').inputValue(), '10');

        // Back: the page before the search was typed (page 2 of the filtered, sorted list)
        await page.goBack();
        await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('search'));
        await showing(page)
          .getByText(/^Showing 11 to 20 of /)
          .waitFor();
        assert.equal(await page.getByLabel('Search companies').inputValue(), '');
        await page.goBack();
        await page.waitForURL((url) => !url.searchParams.has('page') && url.searchParams.get('size') === '10');
        await showing(page)
          .getByText(/^Showing 1 to 10 of /)
          .waitFor();
        await page.goForward();
        await showing(page)
          .getByText(/^Showing 11 to 20 of /)
          .waitFor();

        // a shared link: another analyst's fresh browser shows the same rows
        const other = await open(width);
        try {
          await other.page.goto(address);
          await other.page.waitForFunction(
            (expected) =>
              [...document.querySelectorAll('.data-table tbody tr td:first-child')].map((td) => td.textContent).join('|') === expected,
            rows.join('|'),
          );
          assert.equal(other.page.url(), address);
        } finally {
          await other.context.close();
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('a natural-language query writes its filters and the query itself into the address', async () => {
    const { context, page } = await open(1366);
    try {
      await page.goto('/companies-screener');
      await page.locator('.data-table tbody tr').nth(2).waitFor();
      await page.getByLabel('Describe the companies you want').fill('turnover over 5m');
      await page.getByRole('button', { name: 'Ask AI' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'turnover over 5m' && url.searchParams.getAll('filter').length > 0);
      assert.ok(
        query(page)
          .getAll('filter')
          .some((f) => f.startsWith('turnover')),
        query(page).toString(),
      );
      await page.reload();
      assert.equal(await page.getByLabel('Describe the companies you want').inputValue(), 'turnover over 5m');
      await page.getByRole('button', { name: 'Filter Turnover (filtered)' }).waitFor();
      // Back: before the query was asked, no filters
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.getAll('filter').length === 0);
      await page.getByRole('button', { name: 'Filter Turnover', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('companies screener: the name stays in view, headers carry their unit', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px`, async () => {
      const { context, page } = await open(width);
      try {
        await page.goto('/companies-screener');
        await page.locator('.data-table tbody tr').nth(3).waitFor();
        const headers = (await page.locator('.data-table thead th').allTextContents()).map((t) => t.replace(/[▲▼↕]/g, '').trim());
        for (const header of ['Turnover (£m)', 'Total Liabilities (£m)', 'Net Assets (£m)', 'Employees', 'Company Name'])
          assert.ok(headers.includes(header), `"${header}" in ${JSON.stringify(headers)}`);
        const scroller = page.locator('.screener-table__scroll');
        const sideways = await scroller.evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
          return el.scrollLeft;
        });
        assert.ok(sideways > 200, `the table scrolls sideways (${sideways} px)`);
        await assertNoSidewaysScroll(page, `companies screener at ${width} px`);
        await screenshot(page, `companies-screener-scrolled-${width}`, { fullPage: false });
        // the first row's name is on screen and is what a click there reaches
        const name = page.locator('.data-table tbody tr').first().locator('td').first().getByRole('link');
        const hit = await name.evaluate((link) => {
          const box = link.getBoundingClientRect();
          const frame = link.closest('.screener-table__scroll')!.getBoundingClientRect();
          const at = document.elementFromPoint(box.left + 5, box.top + box.height / 2);
          return { inside: box.left >= frame.left - 1 && box.left < frame.right, reached: at === link || link.contains(at) };
        });
        assert.deepEqual(hit, { inside: true, reached: true });
        const header = page.locator('.data-table thead th').first();
        const headerBox = await header.evaluate(
          (th) => th.getBoundingClientRect().left - th.closest('.screener-table__scroll')!.getBoundingClientRect().left,
        );
        assert.ok(Math.abs(headerBox) <= 1, `the name header stays at the left edge (${headerBox})`);
        await name.click();
        await page.waitForURL((url) => url.pathname === '/uk/' && url.searchParams.has('companyNumber'));
      } finally {
        await context.close();
      }
    });
  }
});

describe('creditors screener: tab and search in the address', () => {
  for (const width of WIDTHS) {
    it(`survive reload, Back and a shared link at ${width} px`, async () => {
      const { context, page, errors } = await open(width);
      try {
        await page.goto('/creditors-screener');
        await page.getByRole('heading', { name: 'Creditor Overview', level: 1 }).waitFor();
        await page.getByRole('tab', { name: 'Charges Screener' }).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === 'charges');
        await page.locator('.data-table tbody tr').nth(2).waitFor();
        await page.getByLabel('Search charges').fill('bank');
        await page.waitForURL((url) => url.searchParams.get('search') === 'bank');
        await page.getByRole('button', { name: 'Status: sort' }).click();
        await page.waitForURL((url) => url.searchParams.get('sort') === 'status:asc');
        const address = page.url();

        await page.reload();
        await page.getByRole('heading', { name: 'Charges Screener', level: 1 }).waitFor();
        assert.equal(await page.getByRole('tab', { name: 'Charges Screener' }).getAttribute('aria-selected'), 'true');
        assert.equal(await page.getByLabel('Search charges').inputValue(), 'bank');
        await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
        await page.locator('th[aria-sort="ascending"]', { hasText: 'Status' }).waitFor();

        await page.goBack(); // before the sort
        await page.waitForURL((url) => url.searchParams.get('tab') === 'charges' && !url.searchParams.has('sort'));
        await page.goBack(); // before the tab (the search was typed into the tab's entry)
        await page.getByRole('heading', { name: 'Creditor Overview', level: 1 }).waitFor();
        assert.equal(new URL(page.url()).search, '');
        await page.goForward();
        await page.getByRole('heading', { name: 'Charges Screener', level: 1 }).waitFor();
        assert.equal(await page.getByLabel('Search charges').inputValue(), 'bank');

        const other = await open(width);
        try {
          await other.page.goto(address);
          await other.page.getByRole('heading', { name: 'Charges Screener', level: 1 }).waitFor();
          assert.equal(await other.page.getByLabel('Search charges').inputValue(), 'bank');
          await other.page.locator('th[aria-sort="ascending"]', { hasText: 'Status' }).waitFor();
        } finally {
          await other.context.close();
        }
        await assertNoSidewaysScroll(page, `creditors screener at ${width} px`);
        await screenshot(page, `creditors-screener-address-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('creditors screener: history across tabs', () => {
  it('a jump back over a tab switch lands on that entry and keeps the entries after it', async () => {
    const { context, page } = await open(1366);
    try {
      await page.goto('/creditors-screener');
      await showing(page)
        .getByText(/^Showing 1 to 50 of /)
        .waitFor();
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByRole('tab', { name: 'Charges Screener' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'charges');
      await page.evaluate(() => history.go(-2));
      await page.waitForURL((url) => url.search === '');
      await showing(page)
        .getByText(/^Showing 1 to 50 of /)
        .waitFor();
      await page.getByRole('heading', { name: 'Creditor Overview', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).search, '', 'the entry is not rewritten on the way');
      await page.evaluate(() => history.go(2));
      await page.waitForURL((url) => url.searchParams.get('tab') === 'charges');
      await page.getByRole('heading', { name: 'Charges Screener', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('creditors screener: an expanded lender', () => {
  for (const width of WIDTHS) {
    it(`shows its whole detail within the visible table at ${width} px`, async () => {
      const { context, page } = await open(width);
      try {
        await page.goto('/creditors-screener');
        await page
          .getByRole('button', { name: /^Expand / })
          .first()
          .click();
        const detail = page.locator('.lender-detail');
        await detail.getByRole('heading', { name: 'Top companies' }).waitFor();
        const fit = await detail.evaluate((el) => {
          const frame = el.closest('.screener-table__scroll')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const top = [...el.querySelectorAll('h3')].find((h) => h.textContent === 'Top companies')!.getBoundingClientRect();
          return { left: box.left - frame.left, right: frame.right - box.right, topCompanies: frame.right - top.right };
        });
        assert.ok(fit.left >= -1 && fit.right >= -1 && fit.topCompanies >= 0, `the detail fits the visible table (${JSON.stringify(fit)})`);
        await page.locator('.screener-table__scroll').evaluate((el) => (el.scrollLeft = el.scrollWidth));
        const after = await detail.evaluate(
          (el) => el.getBoundingClientRect().left - el.closest('.screener-table__scroll')!.getBoundingClientRect().left,
        );
        // within its 16 px padding: the frame's width as the container query sees it may differ by the scrollbar's few pixels
        assert.ok(Math.abs(after) <= 4, `it stays in view when the table scrolls sideways (${after})`);
        await screenshot(page, `creditors-lender-${width}`, { fullPage: false });
      } finally {
        await context.close();
      }
    });
  }
});

/** The filings of the sample company, straight from the API. */
async function sampleFilings(): Promise<{ transaction_id: string; category: string; document_id: string | null }[]> {
  const answer = await http<Record<string, { transaction_id: string; category: string; document_id: string | null }[]>>(
    suite.api,
    'GET',
    `companies_house/get_filings_list?company_number=${COMPANY}`,
    undefined,
    suite.token,
  );
  assert.equal(answer.status, 200);
  return Object.entries(answer.body).flatMap(([category, list]) => list.map((f) => ({ ...f, category: f.category || category })));
}

async function assertFocusedRow(page: Page, transactionId: string) {
  const row = page.locator(`[id="filing-${transactionId}"]`);
  await page.waitForFunction((id) => document.activeElement?.id === `filing-${id}`, transactionId);
  const box = await row.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: innerHeight };
  });
  assert.ok(box.top >= 0 && box.bottom <= box.height, `the chosen filing is in view (${JSON.stringify(box)})`);
  assert.equal(await row.getAttribute('aria-current'), 'true');
}

describe('filings', () => {
  it('keep their date under their category, and a chosen filing is scrolled to and focused (1366 px)', async () => {
    const { context, page, errors } = await open(1366);
    try {
      await page.goto(`/uk/?companyNumber=${COMPANY}&category=overview`);
      const entries = page.locator('.sidebar-filings__entry');
      await entries.first().waitFor();
      const labels = await entries.allTextContents();
      for (const label of labels) assert.match(label, /^(\d{2}\/\d{2}\/\d{4}|N\/A|-) - /, `"${label}" starts with its date`);
      const categories = await page.locator('.sidebar-filings__category').allTextContents();
      assert.ok(categories.length >= 2, `grouped under category headings (${categories.join(', ')})`);
      // a filing far down the list: the row is scrolled to and focused in the filings view
      const last = entries.last();
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'filings' && url.searchParams.has('filing'));
      const chosen = query(page).get('filing')!;
      await assertFocusedRow(page, chosen);
      await screenshot(page, 'uk-filing-chosen-1366', { fullPage: false });
      // choosing it again after scrolling away brings it back
      await page.evaluate(() => window.scrollTo(0, 0));
      await last.click();
      await assertFocusedRow(page, chosen);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('an address naming a filing opens with it scrolled to and focused (768 px)', async () => {
    const filings = await sampleFilings();
    assert.ok(filings.length > 5);
    const target = filings.at(-1)!;
    const { context, page } = await open(768);
    try {
      await page.goto(`/uk/?companyNumber=${COMPANY}&category=filings&filing=${encodeURIComponent(target.transaction_id)}`);
      await assertFocusedRow(page, target.transaction_id);
      await screenshot(page, 'uk-filing-chosen-768', { fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('every filing with a document offers it, whatever its category, and it opens', async () => {
    const filings = await sampleFilings();
    const withDocument = filings.filter((f) => f.document_id);
    assert.ok(withDocument.length > 0);
    const { context, page } = await open(1366);
    try {
      await page.goto(`/uk/?companyNumber=${COMPANY}&category=filings`);
      await page.locator('.filings-group').first().waitFor();
      for (const filing of filings) {
        const row = page.locator(`[id="filing-${filing.transaction_id}"]`);
        assert.equal(
          await row.getByRole('button', { name: /^Open / }).count(),
          filing.document_id ? 1 : 0,
          `${filing.category} ${filing.transaction_id}`,
        );
      }
      // one document of each category that has any opens in a new tab
      const categories = [...new Set(withDocument.map((f) => f.category))];
      for (const category of categories) {
        const filing = withDocument.find((f) => f.category === category)!;
        const fetched = page.waitForResponse((r) => r.url().includes('/api/companies_house/get_filing_pdf'));
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          page
            .locator(`[id="filing-${filing.transaction_id}"]`)
            .getByRole('button', { name: /^Open / })
            .click(),
        ]);
        assert.equal((await fetched).status(), 200, `${category} document`);
        await tab.waitForURL(/^blob:/, { timeout: 10_000 });
        await tab.close();
      }
    } finally {
      await context.close();
    }
  });
});

describe('statement tables', () => {
  for (const width of WIDTHS) {
    it(`show one unit, negatives in parentheses and liabilities coloured the right way at ${width} px`, async () => {
      const { context, page } = await open(width);
      try {
        await page.goto(`/uk/?companyNumber=${COMPANY}&category=financials`);
        const checked: string[] = [];
        for (const tab of ['Key Financials', 'Balance Sheet', 'Income Statement', 'Cash Flow']) {
          await page.getByRole('tab', { name: tab }).click();
          const table = page.locator('.category-panel table.statement-table');
          await table.locator('tbody tr').first().waitFor();
          const unit = (await table.getAttribute('data-unit')) ?? '';
          assert.match(unit, /^(£|€|\$)(m|k)?$/);
          assert.equal(((await table.locator('thead th').first().textContent()) ?? '').trim(), `Amounts in ${unit}`);
          const cells = await table.locator('tbody td:not(.statement-change)').allTextContents();
          for (const cell of cells)
            assert.match(cell.trim(), /^(-|\(?[\d,]+(\.\d+)?\)?)$/, `${tab}: "${cell}" is a bare figure in the table's unit`);
          checked.push(`${tab} (${unit})`);
          for (const row of await table.locator('tbody tr').all()) {
            const label = (await row.locator('th').textContent()) ?? '';
            const change = row.locator('td.statement-change');
            const text = ((await change.textContent()) ?? '').trim();
            const tone = await change.getAttribute('data-tone');
            if (/liabilit|creditor|borrowing|debt/i.test(label) && text !== 'N/A') {
              assert.equal(tone, text.startsWith('+') ? 'bad' : text.startsWith('-') ? 'good' : 'flat', `${tab}: ${label} ${text}`);
              checked.push(`${label} ${text} ${tone}`);
            }
          }
        }
        assert.ok(
          checked.some((c) => /liabilit/i.test(c)),
          `a liabilities line was checked: ${checked.join('; ')}`,
        );
        await screenshot(page, `uk-financials-${width}`);
        // the overview's Financial Summary reads the same way
        await page.goto(`/uk/?companyNumber=${COMPANY}&category=overview`);
        const summary = page.locator('#key-financials table.statement-table');
        await summary.locator('tbody tr').first().waitFor();
        const row = summary.locator('tbody tr', { has: page.getByRole('rowheader', { name: 'Total Liabilities' }) });
        const text = ((await row.locator('td.statement-change').textContent()) ?? '').trim();
        const tone = await row.locator('td.statement-change').getAttribute('data-tone');
        if (text.startsWith('+')) assert.equal(tone, 'bad');
        if (text.startsWith('-')) assert.equal(tone, 'good');
      } finally {
        await context.close();
      }
    });
  }

  it('shows negative figures in parentheses', async () => {
    // a loss-making sample company: a negative figure somewhere in its statements
    const answer = await http<{ data: { companies: { company_number: string }[] } }>(
      suite.api,
      'GET',
      `companies_house/get-screener-info?page=1&page_size=10&filters=${encodeURIComponent(JSON.stringify([{ id: 'net_profit_loss', value: { type: 'lessThan', value: 0 } }]))}`,
      undefined,
      suite.token,
    );
    const number = answer.body.data.companies[0]?.company_number;
    assert.ok(number, 'the sample data has a loss-making company');
    const { context, page } = await open(1366);
    try {
      await page.goto(`/uk/?companyNumber=${number}&category=financials`);
      await page.getByRole('tab', { name: 'Income Statement' }).click();
      const table = page.locator('.category-panel table.statement-table');
      await table.locator('tbody tr').first().waitFor();
      const cells = await table.locator('tbody td:not(.statement-change)').allTextContents();
      assert.ok(
        cells.some((c) => /^\([\d,.]+\)$/.test(c.trim())),
        `a negative in parentheses among ${cells.join(' ')}`,
      );
      assert.ok(!cells.some((c) => /^-\d/.test(c.trim())), 'no minus signs');
    } finally {
      await context.close();
    }
  });
});

describe('the explorer bar and the app header', () => {
  for (const width of WIDTHS) {
    it(`never covers the header or the user menu when scrolled at ${width} px`, async () => {
      const { context, page } = await open(width);
      try {
        await page.goto(`/uk/?companyNumber=${COMPANY}&category=overview`);
        await page.locator('#confirmation-statement').waitFor();
        await page.evaluate(() => window.scrollTo(0, 1600));
        await page.waitForFunction(() => window.scrollY > 1000);
        const boxes = await page.evaluate(() => {
          const header = document.querySelector('.shell__header')!.getBoundingClientRect();
          const bar = document.querySelector('.explorer__bar')!.getBoundingClientRect();
          const sidebar = document.querySelector('.explorer__sidebar')!.getBoundingClientRect();
          return { headerTop: header.top, headerBottom: header.bottom, barTop: bar.top, barBottom: bar.bottom, sidebarTop: sidebar.top };
        });
        assert.equal(boxes.headerTop, 0, 'the header stays at the top');
        assert.ok(Math.abs(boxes.barTop - boxes.headerBottom) <= 1, `the bar sticks right under the header (${JSON.stringify(boxes)})`);
        assert.ok(Math.abs(boxes.sidebarTop - boxes.barBottom) <= 1, `the sidebar sticks right under the bar (${JSON.stringify(boxes)})`);
        const toggle = page.getByRole('button', { name: /^Account: / });
        const reached = await toggle.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return at === el || el.contains(at);
        });
        assert.ok(reached, 'the user menu button is not covered');
        await toggle.click();
        const logout = page.getByRole('button', { name: 'Log out' });
        await logout.waitFor();
        const covered = await logout.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(at === el || el.contains(at));
        });
        assert.equal(covered, false, 'the open menu lies over the explorer bar');
        await screenshot(page, `uk-scrolled-user-menu-${width}`, { fullPage: false });
        // a sidebar section link still lands below the bar, not under it
        if (width === 1366) {
          await page.keyboard.press('Escape');
          await page.getByRole('link', { name: 'Company Profile' }).click();
          await page.waitForTimeout(400);
          const gap = await page.evaluate(
            () =>
              document.getElementById('company-profile')!.getBoundingClientRect().top -
              document.querySelector('.explorer__bar')!.getBoundingClientRect().bottom,
          );
          assert.ok(gap >= 0 && gap < 60, `the section starts just below the bar (${gap} px)`);
        }
      } finally {
        await context.close();
      }
    });
  }
});

/** Same-origin links of the app's navigation on the page (header, sidebars, menus, landing, company header). */
async function navigationLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scopes =
      '.shell__header, .user-menu, aside, nav, .uk-landing, .company-header, .explorer__bar, .explorer-footer, .panel--centered';
    const links = [...document.querySelectorAll<HTMLAnchorElement>(`:is(${scopes}) a[href]`)].filter((a) => !a.closest('table'));
    return links
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin && !(url.pathname === location.pathname && url.hash))
      .map((url) => url.pathname + url.search);
  });
}

async function assertNotMissing(page: Page, path: string) {
  await page.goto(path);
  // the page's own heading, or the not-found page's: whichever comes, the page has rendered
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`${path}: no page heading (${error.message.split('\n')[0]})`);
    });
  assert.equal(await page.getByRole('heading', { name: 'Page not found' }).count(), 0, `${path} ends on the not-found page`);
}

describe('no link of the app ends on a 404', () => {
  // Where a link leads does not depend on the width; which links the header and menus show does.
  // Each width collects its links, and opens those no width before it has opened.
  const opened = new Set<string>();
  for (const width of WIDTHS) {
    it(`crawls the header, sidebars, menus and the database selector at ${width} px`, async () => {
      const { context, page } = await open(width);
      try {
        const seen = new Set<string>();
        for (const start of [
          '/home',
          '/uk/',
          `/uk/?companyNumber=${COMPANY}&category=overview`,
          '/companies-screener',
          '/creditors-screener',
        ]) {
          await page.goto(start);
          await page.locator('h1').first().waitFor();
          if (start.includes('companyNumber')) await page.locator('.sidebar-nav').first().waitFor();
          await page.getByRole('button', { name: /^Account: / }).click();
          for (const link of await navigationLinks(page)) seen.add(link);
        }
        for (const expected of ['/analysis', '/us', '/companies-screener', '/creditors-screener', '/home', '/uk/'])
          assert.ok(
            [...seen].some((s) => s.split('?')[0] === expected),
            `${expected} among ${[...seen].join(', ')}`,
          );
        for (const link of seen) {
          if (opened.has(link)) continue;
          await assertNotMissing(page, link);
          opened.add(link);
        }
      } finally {
        await context.close();
      }
    });
  }

  // the pages a link does not name but an address or a card reaches; where they lead does not depend on the width
  it('the chat, the US page, the old explorer address and every card of the database selector open a page (1366 px)', async () => {
    const { context, page } = await open(1366);
    try {
      // /analysis is the research chat (its own suite: research.test.ts); /us the US strategic indicators (us-equity.test.ts)
      await page.goto(`/analysis?companyNumber=${COMPANY}`);
      await page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor();
      await page.goto('/us');
      await page.getByRole('heading', { level: 1, name: 'Search for US companies, explore KPIs, and get strategic insights!' }).waitFor();

      // /home/companies-house (spec 2 2.1): the explorer with the company and the view asked for
      await page.goto(`/home/companies-house?companyNumber=${COMPANY}&category=filings`);
      await page.waitForURL((url) => url.pathname === '/uk/' && url.searchParams.get('category') === 'filings');
      await page.locator('.filings-group').first().waitFor();
      await page.goto('/home/companies-house');
      await page.getByRole('heading', { name: 'Suggested Companies' }).waitFor();

      // every card of the database selector opens a page
      await page.goto('/home');
      await page
        .getByRole('button', { name: /^Explore / })
        .first()
        .waitFor();
      const cards = await page.getByRole('button', { name: /^Explore / }).count();
      assert.ok(cards >= 6);
      for (let i = 0; i < cards; i++) {
        await page.goto('/home');
        const button = page.getByRole('button', { name: /^Explore / }).nth(i);
        await button.waitFor();
        const name = await button.getAttribute('aria-label');
        await button.click();
        await page.waitForURL((url) => url.pathname !== '/home' || url.searchParams.has('database'), { timeout: 5_000 });
        await page.locator('h1').first().waitFor();
        assert.equal(await page.getByRole('heading', { name: 'Page not found' }).count(), 0, `${name} ends on the not-found page`);
      }
    } finally {
      await context.close();
    }
  });
});
