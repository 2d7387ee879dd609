/**
 * The signed-in pages at a phone (390 px), a tablet (768 px) and a laptop (1366 px) width (issue 27
 * §7), in headless chromium against the real API with the sample companies: no horizontal scroll,
 * no two interactive elements drawn over each other, every control clickable at some scroll
 * position (the help button and the sticky bars never sit on one for good), and the cookie banner
 * (spec 3: shown to every visitor, in the app too) inside the window with its buttons uncovered.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.ts';
import { layoutProblems } from '../support/layout-checks.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const suite = sampleDataSuite();
const WIDTHS = [390, 768, 1366] as const;
const HEIGHT = { 390: 844, 768: 1024, 1366: 768 } as const;

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'analysis',
    path: '/analysis',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor(),
  },
  {
    name: 'restructuring',
    path: '/us/restructuring',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Capital Restructuring' }).waitFor(),
  },
  { name: 'ec2-monitoring', path: '/ec2-monitoring', ready: (page) => page.getByRole('heading', { name: 'EC2 Monitoring' }).waitFor() },
  { name: 'company', path: '/uk/?companyNumber=00123456', ready: (page) => page.locator('#confirmation-statement').waitFor() },
  {
    name: 'companies-screener',
    path: '/companies-screener',
    ready: (page) => page.locator('.data-table tbody tr').nth(5).waitFor(),
  },
  { name: 'watchlists', path: '/watchlists', ready: (page) => page.getByRole('heading', { level: 1, name: 'Watchlists' }).waitFor() },
  {
    name: 'creditors-screener',
    path: '/creditors-screener',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Expand / })
        .first()
        .waitFor(),
  },
];

async function settle(page: Page, ready: (page: Page) => Promise<unknown>) {
  await ready(page);
  await page.getByRole('button', { name: 'Help', exact: true }).waitFor();
  // Not 'networkidle': the header's alerts bell keeps its live stream open. The bell is the last
  // lazy piece of the signed-in header; with it and the fonts in, the layout is final.
  await page.getByRole('button', { name: /^Alerts:/ }).waitFor();
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** What is wrong at one page and width, one line each (none when it fits). */
function findings(where: string, problems: Awaited<ReturnType<typeof layoutProblems>>): string[] {
  return [
    ...(problems.scrollWidth > problems.width
      ? [`${where}: the page is ${problems.scrollWidth} px wide in a ${problems.width} px window (${problems.wide.join('; ')})`]
      : []),
    ...problems.overlaps.map((overlap) => `${where}: drawn over each other: ${overlap}`),
    ...problems.covered.map((control) => `${where}: never clickable: ${control}`),
  ];
}

describe('signed-in pages at 390, 768 and 1366 px', () => {
  for (const width of WIDTHS) {
    it(`fit a ${width} px window: no horizontal scroll, no overlap, every control reachable`, async () => {
      const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token, { width, height: HEIGHT[width] });
      try {
        const wrong: string[] = [];
        for (const { name, path, ready } of PAGES) {
          await page.goto(path);
          await settle(page, ready);
          const found = findings(`${path} at ${width} px`, await layoutProblems(page));
          if (found.length) await screenshot(page, `layout-${name}-${width}`);
          wrong.push(...found);
        }
        assert.deepEqual(wrong, []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the cookie banner inside the window, its buttons uncovered by the help button, at every width', async () => {
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(
        suite.browser,
        suite.api.url,
        suite.token,
        { width, height: HEIGHT[width] },
        { consent: null },
      );
      try {
        for (const { path, ready } of [PAGES[0], PAGES[4]]) {
          await page.goto(path);
          await settle(page, ready);
          const banner = page.getByRole('region', { name: /cookie/i });
          await banner.waitFor();
          const box = await banner.boundingBox();
          assert.ok(box, 'the banner is drawn');
          assert.ok(box.x >= 0 && box.x + box.width <= width, `${path} at ${width} px: the banner spans ${box.x}-${box.x + box.width} px`);
          assert.ok(
            box.y >= 0 && box.y + box.height <= HEIGHT[width],
            `${path} at ${width} px: the banner's bottom is ${box.y + box.height} px`,
          );
          const found = findings(`${path} at ${width} px with the cookie banner`, await layoutProblems(page));
          if (found.length) await screenshot(page, `layout-banner-${path.slice(1)}-${width}`);
          assert.deepEqual(found, []);
        }
        // Accept is reachable by a real click, and the banner goes
        await page
          .getByRole('region', { name: /cookie/i })
          .getByRole('button', { name: 'Accept' })
          .click({ trial: false });
        await page.getByRole('region', { name: /cookie/i }).waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });
});
