/**
 * Distress is unmissable (issue 13 section 5): a company in administration, receivership,
 * liquidation or a voluntary arrangement shows a red banner beside its name, in view without
 * scrolling, at 1366 and 768 px; an active company shows none; search results show the status.
 * Against the real API with generated sample data (which holds each of those statuses).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { http, loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

let api: ApiServer;
let browser: Browser;
let token: string;

before(async () => {
  [api, browser] = await Promise.all([startApi({ SAMPLE_COMPANIES: '400' }), launchBrowser()]);
  token = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
});

after(async () => {
  await browser?.close();
  await api?.stop();
});

interface Row {
  company_name: string;
  company_number: string;
  company_status: string;
}

/** The first sample company with one of these statuses (the companies screener's status filter). */
async function companyWithStatus(statuses: string[]): Promise<Row> {
  const filters = JSON.stringify([{ id: 'company_status', value: { type: 'is_one_of', values: statuses } }]);
  const answer = await http<{ data: { companies: Row[] } }>(
    api,
    'GET',
    `companies_house/get-screener-info?page=1&page_size=10&sort_by=company_number&sort_order=asc&filters=${encodeURIComponent(filters)}`,
    undefined,
    token,
  );
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const row = answer.body.data.companies[0];
  assert.ok(row, `a sample company with status ${statuses.join(' or ')}`);
  return row;
}

describe('distress banner and status in search', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    it(`a company in administration has a red banner beside its name at ${viewport.width} px; an active one has none`, async () => {
      const distressed = await companyWithStatus(['In Administration', 'Administration Order']);
      const { context, page, errors } = await signedInPage(browser, api.url, token, viewport);
      try {
        await page.goto(`/uk/?companyNumber=${distressed.company_number}`);
        const name = page.getByRole('heading', { level: 1, name: distressed.company_name });
        await name.waitFor();
        const banner = page.locator('.company-header .distress-banner');
        await banner.waitFor();
        assert.equal(await banner.getAttribute('role'), 'alert');
        assert.match((await banner.textContent()) ?? '', /In administration/i);
        assert.match((await banner.textContent()) ?? '', new RegExp(`Companies House status: ${distressed.company_status}`));
        // red, and in view beside (or, when the name fills the line, right under) the name without scrolling
        const colour = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
        const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
        assert.ok(r > 150 && g < 80 && b < 80, `red background, not ${colour}`);
        const nameBox = (await name.boundingBox())!;
        const bannerBox = (await banner.boundingBox())!;
        assert.ok(bannerBox.y + bannerBox.height <= viewport.height, 'the banner is in the first screen');
        assert.ok(
          bannerBox.y < nameBox.y + nameBox.height + 24 && bannerBox.y + bannerBox.height > nameBox.y - 8,
          `the banner is beside the name (name ${JSON.stringify(nameBox)}, banner ${JSON.stringify(bannerBox)})`,
        );
        // the overview lists its distress signals (issue 27 §1), the status first, each with the record it was read from
        const signals = page.getByTestId('distress-signals');
        await signals.waitFor();
        const first = signals.locator('li').first();
        assert.equal(await first.getAttribute('data-kind'), 'status');
        assert.match((await first.textContent()) ?? '', /Register: company profile \(status\)/);
        await screenshot(page, `uk-distress-${viewport.width}`);

        const active = await companyWithStatus(['Active']);
        await page.goto(`/uk/?companyNumber=${active.company_number}`);
        await page.getByRole('heading', { level: 1, name: active.company_name }).waitFor();
        assert.equal(await page.locator('.distress-banner').count(), 0);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('search results show each company status', async () => {
    const liquidation = await companyWithStatus(['Liquidation']);
    const { context, page, errors } = await signedInPage(browser, api.url, token, { width: 1366, height: 768 });
    try {
      await page.goto('/uk/');
      const search = page.getByRole('combobox', { name: 'Search UK companies' });
      await search.fill(liquidation.company_number);
      const option = page.getByRole('option', { name: new RegExp(liquidation.company_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await option.waitFor();
      const badge = option.locator('.status-badge');
      assert.equal(await badge.textContent(), 'Liquidation');
      assert.match((await badge.getAttribute('class')) ?? '', /status-badge--yellow/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
