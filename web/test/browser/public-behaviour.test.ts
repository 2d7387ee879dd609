/**
 * How the public site behaves in headless chromium against the real API (issue 18): the header's
 * menus and scroll style, the mobile menu, the typing effect and counters (and reduced motion),
 * the FAQ's one-open rule, the cookie banner's delay and memory (on the page's fake clock), the
 * ROI calculator against shared's formula, and every message of the sales forms.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { formatCounter, roiAssumptions, roiEstimate, ROI_DEPARTMENTS, ROI_MESSAGES } from '@credence/shared';
import { startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { createApprovedUser, loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

let api: ApiServer;
let browser: Browser;

before(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await api?.stop();
});

/** A visitor who already answered the cookie banner (newPage's default: it would cover the forms at 375 px). */
function visitor(viewport?: { width: number; height: number }) {
  return newPage(browser, api.url, viewport);
}

/** Opens a public page and waits until it runs (its server-rendered HTML shows before that). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('html[data-live="true"]', { state: 'attached' });
}

describe('public header', () => {
  it('opens and closes its menus by mouse and keyboard, and takes its solid style past 20 px', async () => {
    const { context, page, errors } = await visitor({ width: 1366, height: 700 });
    try {
      await open(page, '/pricing');
      const header = page.locator('header.site-header');
      await page.locator('h1').waitFor();
      assert.doesNotMatch((await header.getAttribute('class')) ?? '', /scrolled/);
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForSelector('header.site-header--scrolled');
      await page.evaluate(() => window.scrollTo(0, 10));
      await page.waitForSelector('header.site-header:not(.site-header--scrolled)');

      const products = page.getByRole('button', { name: 'Products' });
      await products.click();
      assert.equal(await products.getAttribute('aria-expanded'), 'true');
      const main = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Search', 'Discover', 'Monitor', 'Deep Insights']) await main.getByRole('link', { name, exact: true }).waitFor();
      await page.keyboard.press('Escape');
      assert.equal(await products.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Products▾');

      const company = page.getByRole('button', { name: 'Company' });
      await company.focus();
      await page.keyboard.press('Enter');
      await main.getByRole('link', { name: 'Careers' }).click();
      await page.waitForURL((url) => url.pathname === '/company' && url.hash === '#careers');
      await page.getByRole('heading', { name: 'Careers' }).waitFor();
      assert.ok(await page.getByRole('heading', { name: 'Careers' }).isVisible());
      assert.equal(await company.getAttribute('aria-expanded'), 'false');
      assert.equal(
        await page.getByRole('link', { name: 'Apply Now for Senior Engineer' }).getAttribute('href'),
        'mailto:careers@credence.example?subject=Senior%20Engineer',
      );
      await main.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('folds into a menu below 1024 px', async () => {
    const { context, page } = await visitor({ width: 375, height: 740 });
    try {
      await open(page, '/');
      await page.locator('h1').waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      assert.equal(await page.getByRole('link', { name: 'Talk to sales' }).isVisible(), false);
      await menu.click();
      await page.getByRole('link', { name: 'Talk to sales' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Talk to sales' }).waitFor({ state: 'hidden' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')),
        'site-nav',
        'focus back on the menu button',
      );
      await menu.click();
      await page.getByRole('button', { name: 'Products' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Monitor', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/products/monitor');
      await page.getByRole('heading', { level: 1, name: 'Hear about it the day it is filed' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), 'false');
    } finally {
      await context.close();
    }
  });

  it('offers a signed-in visitor the way into the app instead of Log in', async () => {
    const user = await createApprovedUser(api, 'publicvisitor');
    const token = await loginToken(api, user.email, user.password);
    const { context, page, errors } = await signedInPage(browser, api.url, token);
    try {
      await open(page, '/');
      await page.getByRole('link', { name: 'Open Credence' }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goBack();
      await page.locator('h1').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Log in' }).count(), 0);
      // the build's HTML is a signed-out visitor's: hydration takes it over first, then switches
      assert.deepEqual(errors, [], 'no hydration mismatch for a signed-in visitor');
    } finally {
      await context.close();
    }
  });
});

describe('landing motion', () => {
  it('types the lead and counts from zero once the counters scroll into view', async () => {
    const context = await browser.newContext({ baseURL: api.url, viewport: { width: 375, height: 700 }, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    try {
      await open(page, '/');
      const typed = page.locator('.hero__lead .typing-text');
      const full = (await page.locator('.hero__lead .visually-hidden').textContent())!;
      const first = (await typed.evaluate((el) => el.firstChild?.textContent ?? ''))!;
      assert.ok(first.length < full.length, `typing starts short ("${first}")`);
      await page.waitForFunction(
        (text) => document.querySelector('.hero__lead .typing-text')?.getAttribute('data-done') === 'true' && text.length > 0,
        full,
      );

      const values = page.locator('.landing .counter__value');
      assert.deepEqual(await values.allTextContents(), ['0+', '0+', '0+']);
      await page.locator('.landing .stats').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.landing .counter')].every((c) => c.getAttribute('data-done') === 'true'),
      );
      assert.deepEqual(await values.allTextContents(), [formatCounter(100_000), formatCounter(10_000_000), formatCounter(15)]);
    } finally {
      await context.close();
    }
  });

  it('shows the final text and values at once with reduced motion', async () => {
    const { context, page } = await visitor({ width: 375, height: 700 });
    try {
      await open(page, '/');
      await page.locator('h1').waitFor();
      assert.deepEqual(await page.locator('.landing .counter__value').allTextContents(), ['100K+', '10M+', '15+']);
      assert.equal(await page.locator('.hero__lead .typing-text').getAttribute('data-done'), 'true');
    } finally {
      await context.close();
    }
  });
});

describe('security FAQ', () => {
  it('keeps one answer open at a time, by mouse or keyboard', async () => {
    const { context, page } = await visitor();
    try {
      await open(page, '/security');
      const questions = page.locator('.faq__question button');
      assert.equal(await questions.count(), 5);
      const expanded = async () => questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded') === 'true'));
      assert.deepEqual(await expanded(), [false, false, false, false, false]);
      await questions.nth(0).click();
      assert.deepEqual(await expanded(), [true, false, false, false, false]);
      await page.getByText('Nothing you ask, upload or receive is used to train').waitFor();
      await questions.nth(2).click();
      assert.deepEqual(await expanded(), [false, false, true, false, false]);
      assert.equal(await page.getByText('Nothing you ask, upload or receive is used to train').isVisible(), false);
      await questions.nth(2).click();
      assert.deepEqual(await expanded(), [false, false, false, false, false]);
      await questions.nth(4).focus();
      await page.keyboard.press('Enter');
      assert.deepEqual(await expanded(), [false, false, false, false, true]);
    } finally {
      await context.close();
    }
  });
});

describe('public footer', () => {
  it("links spec 1's pages, demo, e-mail and social accounts, and stacks below 768 px", async () => {
    for (const width of [1366, 375]) {
      const { context, page } = await visitor({ width, height: 800 });
      try {
        await open(page, '/security');
        const footer = page.locator('footer.site-footer');
        const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        for (const href of [
          '/products/search',
          '/products/discover',
          '/products/monitor',
          '/products/deep-insights',
          '/company#team',
          '/company#careers',
          '/contact-us',
          '/privacy-policy',
          '/contact-sales',
          'mailto:hello@credence.example',
          'https://www.linkedin.com/',
        ])
          assert.ok(hrefs.includes(href), `${href} in the footer (${hrefs.join(' ')})`);
        assert.equal(await footer.getByRole('link', { name: 'Get a Demo' }).getAttribute('href'), '/contact-sales');
        await footer.getByText(/© \d{4} Credence\./).waitFor();
        const top = (selector: string) =>
          footer
            .locator(selector)
            .first()
            .evaluate((el) => el.getBoundingClientRect().top);
        const [brand, products] = [await top('.site-footer__brand'), await top('nav[aria-label="Products"]')];
        if (width >= 768) assert.equal(products, brand, 'one row at 1366 px');
        else assert.ok(products > brand, 'the brand above the link columns at 375 px');
      } finally {
        await context.close();
      }
    }
  });
});

describe('landing video section', () => {
  it('is 160vh tall (spec 1 section 9) at a desktop and a phone width, its tour kept in view as it scrolls', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 375, height: 700 },
    ]) {
      const { context, page } = await visitor(viewport);
      try {
        await open(page, '/');
        const section = page.locator('#demo');
        const height = await section.evaluate((el) => el.getBoundingClientRect().height);
        assert.ok(height >= viewport.height * 1.6 - 1, `${viewport.width} px: ${height} px tall for a ${viewport.height} px window`);
        if (viewport.width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('link', { name: 'Watch Demo' }).click();
        await page.waitForURL((url) => url.hash === '#demo');
        await page.getByRole('heading', { name: 'See Credence at work' }).waitFor();
        assert.ok(await page.getByRole('heading', { name: 'See Credence at work' }).isVisible());
      } finally {
        await context.close();
      }
    }
  });
});

describe('cookie banner', () => {
  /** A first visit (no choice stored) on the page's fake clock, paused so the test moves time itself. */
  async function firstVisit() {
    const { context, page, errors } = await newPage(browser, api.url, undefined, { consent: null });
    await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-05T09:00:01Z'));
    return { context, page, errors, banner: page.getByRole('region', { name: 'Cookie consent' }) };
  }

  it('appears 1.5 s after the page opens, then remembers Accept and Decline', async () => {
    for (const [choice, stored] of [
      ['Accept', 'true'],
      ['Decline', 'false'],
    ] as const) {
      const { context, page, banner } = await firstVisit();
      try {
        await open(page, '/security');
        await page.locator('h1').waitFor();
        await page.clock.runFor(1490);
        assert.equal(await banner.count(), 0, 'not before 1.5 s');
        await page.clock.runFor(20);
        await banner.waitFor();
        await banner.getByRole('button', { name: choice }).click();
        await banner.waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => localStorage.getItem('cookie-consent')), stored);
        await page.reload();
        await page.locator('h1').waitFor();
        await page.clock.runFor(60_000);
        assert.equal(await banner.count(), 0, `${choice} is remembered`);
      } finally {
        await context.close();
      }
    }
  });

  it("shows on the app's pages too, and a choice made on one page holds on every other", async () => {
    const { context, page, errors, banner } = await firstVisit();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    try {
      // the sign-in page is the app's, not the marketing site's: the banner is there too
      // (the delay itself is the test above; React reveals the lazy page on a timer, so time moves first)
      await page.goto('/login');
      await page.clock.runFor(1510);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await banner.waitFor();
      // nothing that needs consent has run: no cookie, and no request has left the site
      assert.deepEqual(await context.cookies(), []);
      assert.equal(await page.evaluate(() => document.cookie), '');
      const origin = new URL(api.url).origin;
      assert.deepEqual(
        requests.filter((url) => new URL(url).origin !== origin),
        [],
      );

      // moving within the site (no reload) keeps the banner until a choice is made
      await banner.getByRole('link', { name: 'Privacy policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Accept' }).click();
      await banner.waitFor({ state: 'detached' });

      for (const path of ['/', '/pricing', '/blogs', '/us/integrations', '/signup']) {
        await page.goto(path);
        await page.clock.runFor(1000); // (the lazy sign-up page is revealed on a timer)
        await page.locator('h1, h2').first().waitFor();
        await page.clock.runFor(60_000);
        assert.equal(await banner.count(), 0, `no banner again on ${path}`);
      }
      assert.equal(await page.evaluate(() => localStorage.getItem('cookie-consent')), 'true');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

/** Spec 1 section 9 worked by hand for a team of 7 (salaries 95,000, 150,000 and 120,000). */
const SPEC_SAVINGS_FOR_7: Record<string, number> = { Consulting: 290_000, Investment: 444_000, Advisory: 360_000 };

describe('ROI calculator', () => {
  it('gives each department the formula of spec 1 section 9, checks its fields and starts over', async () => {
    const { context, page } = await visitor();
    try {
      await open(page, '/pricing');
      const calculate = page.getByRole('button', { name: 'Calculate ROI' });
      await calculate.click();
      await page.getByText('Please complete all required fields').waitFor();
      await page.getByLabel('Department').selectOption('Consulting');
      await page.getByLabel('Team size').fill('0');
      await calculate.click();
      await page.getByText('Please enter a valid team size').waitFor();
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
      for (const department of ROI_DEPARTMENTS) {
        await page.getByLabel('Department').selectOption(department);
        await page.getByLabel('Team size').fill('7');
        await calculate.click();
        const expected = roiEstimate(department, 7);
        // and against spec 1 section 9's own figures, in case the shared rule drifted: 7 people
        // save round(7 x salary x 0.4 + 24000) a year and round(1760 x 7 x 0.4) = 4,928 hours
        assert.equal(expected.yearlySavings, SPEC_SAVINGS_FOR_7[department], department);
        assert.equal(expected.yearlyHoursSaved, 4928, department);
        assert.equal(await page.getByTestId('roi-savings').textContent(), money.format(expected.yearlySavings), department);
        assert.equal(await page.getByTestId('roi-hours').textContent(), expected.yearlyHoursSaved.toLocaleString('en-US'), department);
        // beside the result, what it assumes: the department's salary, 40%, the working year, the fixed amount
        const assumptions = (await page.getByTestId('roi-assumptions').locator('div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
        assert.deepEqual(
          assumptions,
          roiAssumptions(department).map((a) => `${a.label} ${a.value}`),
          department,
        );
        assert.ok(assumptions.some((line) => line.includes('40%')) && assumptions.some((line) => line.includes('$24,000')));
        await page.getByRole('button', { name: 'Recalculate' }).click();
        assert.equal(await page.getByLabel('Team size').inputValue(), '');
        assert.equal(await page.getByLabel('Department').inputValue(), '');
      }
      // 99,999,999,999 people is no team: the calculator says its limit instead of a figure in the quadrillions
      await page.getByLabel('Department').selectOption('Investment');
      await page.getByLabel('Team size').fill('99999999999');
      await calculate.click();
      await page.getByText(ROI_MESSAGES.teamTooLarge).waitFor();
      assert.equal(await page.getByTestId('roi-savings').count(), 0);
      assert.match(ROI_MESSAGES.teamTooLarge, /10,000/);
    } finally {
      await context.close();
    }
  });
});

async function alerts(page: Page): Promise<string[]> {
  return (await page.locator('form.sales-form [role="alert"]').allTextContents()).map((t) => t.trim());
}

async function fill(page: Page, values: { name: string; email: string; company: string; role: string }) {
  await page.getByLabel('Full Name').fill(values.name);
  await page.getByLabel('Business Email').fill(values.email);
  await page.getByLabel('Company Name').fill(values.company);
  await page.getByLabel('Job Role').fill(values.role);
}

describe('sales forms', () => {
  it('pricing: every field checked at once, then success, a duplicate and a failed answer', async () => {
    const { context, page } = await visitor();
    const sent: any[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/pricing_requests')) sent.push(request.postDataJSON());
    });
    try {
      await open(page, '/pricing');
      const submit = page.getByRole('button', { name: 'Get Pricing' });
      await submit.click();
      assert.deepEqual(await alerts(page), [
        'Full Name is required',
        'Business Email is required',
        'Company Name is required',
        'Job Role is required',
      ]);
      await page.getByLabel('Business Email').fill('not-an-address');
      await submit.click();
      assert.ok((await alerts(page)).includes('Please enter a valid business email'));
      assert.equal(sent.length, 0, 'nothing sent while a field fails');

      const email = `pricing-${Date.now()}@example.com`;
      await fill(page, { name: 'Ada Analyst', email, company: 'Example Capital', role: 'Director' });
      await submit.click();
      await page.getByText('Thank you! Your pricing request has been submitted. A team member will reach out soon.').waitFor();
      assert.equal(await page.getByLabel('Full Name').inputValue(), '');
      assert.deepEqual(Object.keys(sent[0].sales_metadata).sort(), [
        'clientTimestamp',
        'language',
        'pageUrl',
        'referrer',
        'screenResolution',
        'userAgent',
        'windowSize',
      ]);
      assert.equal(sent[0].sales_metadata.windowSize, '1280x860');

      await fill(page, { name: 'Ada Analyst', email, company: 'Example Capital', role: 'Director' });
      await submit.click();
      await page.getByText('A request with this e-mail might already exist').waitFor();

      await page.route('**/api/pricing_requests', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html>proxy</html>' }),
      );
      await submit.click();
      await page.getByText(/^Request failed: (Bad Gateway|502)$/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('free trial: success goes to the landing page; duplicates, lost connections and other statuses say so', async () => {
    const { context, page } = await visitor();
    try {
      await open(page, '/contact-sales');
      await page.getByRole('heading', { name: 'Try Credence For Free' }).waitFor();
      const submit = page.getByRole('button', { name: 'Request Free Trial' });
      await submit.click();
      assert.equal((await alerts(page)).length, 4);
      const email = `trial-${Date.now()}@example.com`;
      await fill(page, { name: 'Bo Banker', email, company: 'Example Bank', role: 'Associate' });
      await submit.click();
      await page.getByText('Thank you! Your free trial request has been submitted.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');

      await open(page, '/contact-us');
      assert.equal(await page.getByRole('button', { name: 'Contact Us' }).getAttribute('aria-expanded'), 'true');
      await fill(page, { name: 'Bo Banker', email, company: 'Example Bank', role: 'Associate' });
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByText('A request with this email has already been submitted.').waitFor();

      await page.route('**/api/contact_sales', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByText('Could not connect to the server. Please check your network connection.').waitFor();
      await page.unroute('**/api/contact_sales');
      await page.route('**/api/contact_sales', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: '' }));
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.getByText('Request failed with status code 503').waitFor();

      await page.getByRole('button', { name: 'Contact Us' }).click();
      await page.getByRole('button', { name: 'Start Free Trial' }).waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});

/** Presses Tab until the focused element is the one `label` names (keyboard only, as a visitor would). */
async function tabTo(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return `${labelled}|${el.textContent ?? ''}`.trim();
    });
    if (name.split('|').some((part) => part.trim().startsWith(label))) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

describe('keyboard alone', () => {
  it('fills and sends the pricing form, runs the ROI calculator and folds the Contact Us section', async () => {
    const { context, page } = await visitor({ width: 1366, height: 900 });
    try {
      await open(page, '/pricing');
      await tabTo(page, 'Full Name');
      await page.keyboard.type('Kay Board');
      await page.keyboard.press('Tab');
      await page.keyboard.type(`keys-${Date.now()}@example.com`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Example Partners');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Analyst');
      await page.keyboard.press('Enter');
      await page.getByText('Thank you! Your pricing request has been submitted. A team member will reach out soon.').waitFor();

      await tabTo(page, 'Department');
      await page.keyboard.press('ArrowDown');
      const department = await page.getByLabel('Department').inputValue();
      assert.ok((ROI_DEPARTMENTS as readonly string[]).includes(department), `a department chosen by arrow key (${department})`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('3');
      await tabTo(page, 'Calculate ROI');
      await page.keyboard.press('Enter');
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
      await page.getByTestId('roi-savings').waitFor();
      assert.equal(await page.getByTestId('roi-savings').textContent(), money.format(roiEstimate(department, 3).yearlySavings));

      await open(page, '/contact-us');
      await tabTo(page, 'Contact Us');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')), 'true');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Start Free Trial' }).waitFor({ state: 'hidden' });
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Start Free Trial' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('blog and integrations', () => {
  it('filters posts by category, opens an article with a way back, and says so for an unknown one', async () => {
    const { context, page } = await visitor();
    try {
      await open(page, '/blogs');
      const titles = page.locator('.blog__list h2');
      const all = await titles.allTextContents();
      assert.ok(all.includes('Introducing Credence') && all.includes('Reading a charge register before the lenders call'), all.join(' | '));
      for (const soon of ['Trends', 'Investing', 'Banking', 'Assets', 'Business', 'Product'])
        assert.equal(await page.getByRole('button', { name: `${soon} (coming soon)` }).isDisabled(), true, soon);
      await page.getByRole('button', { name: 'Markets', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'Markets');
      // the address changes before the list is drawn again
      await titles.filter({ hasText: 'Introducing Credence' }).waitFor({ state: 'detached' });
      const markets = await titles.allTextContents();
      assert.ok(markets.length > 0 && markets.length < all.length && !markets.includes('Introducing Credence'), markets.join(' | '));
      await page.getByRole('link', { name: 'Reading a charge register before the lenders call' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reading a charge register before the lenders call' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Three patterns worth a second look' }).waitFor();
      assert.equal(await page.title(), 'Reading a charge register before the lenders call · Credence blog');
      await page.getByRole('link', { name: '← Back to the blog' }).click();
      await page.waitForURL((url) => url.pathname === '/blogs');
      await open(page, '/blogs/no-such-post');
      await page.getByText('Article not found or could not be loaded. Please check the URL or try again later.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('lists integrations with their category and availability, without signing in', async () => {
    const { context, page } = await visitor();
    try {
      await open(page, '/us/integrations');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Companies House' }) });
      await card.getByText('Data source').waitFor();
      await card.getByText('Available').waitFor();
      const slack = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Slack alerts' }) });
      await slack.getByText('Coming soon').waitFor();
      assert.equal(new URL(page.url()).pathname, '/us/integrations');
    } finally {
      await context.close();
    }
  });
});
