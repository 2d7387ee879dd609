/**
 * The merged live tail of the monitor (issue 28 §2) in headless chromium against the real API on
 * its local backend, with real files: three files followed in one view, each line tagged with its
 * source in a colour that stays with it, lines appended to each and one file rotated while
 * watched, the include and exclude filters (plain text and an RE2 /regex/) applied by the server,
 * and a source that fails (its file deleted before the tail opened) saying so while the others go on.
 */
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser } from '../support/browser.ts';
import { loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

const base = mkdtempSync(join(tmpdir(), 'credence-web-merged-'));
const logs = join(base, 'logs');
let api: ApiServer;
let browser: Browser;
let admin: string;

before(async () => {
  mkdirSync(logs, { recursive: true });
  writeFileSync(join(logs, 'app.log'), 'app boot\n');
  writeFileSync(join(logs, 'db.log'), 'db boot\n');
  writeFileSync(join(logs, 'worker.log'), 'worker boot\n');
  writeFileSync(join(logs, 'gone.log'), 'gone boot\n');
  [api, browser] = await Promise.all([
    // a first start on a loaded 2-core machine can take minutes
    startApi({ OPS_LOG_DIRS: logs, OPS_WATCH_POLL_MS: '50', OPS_WATCH_LINGER_MS: '100' }, 600_000),
    launchBrowser(),
  ]);
  admin = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
});

after(async () => {
  await browser?.close();
  await api?.stop();
  rmSync(base, { recursive: true, force: true });
});

const logLines = (page: Page) => page.getByLabel('Log lines');
/** Each shown line as "[source] text". */
async function linesShown(page: Page): Promise<string[]> {
  const text = await logLines(page).innerText();
  return text.replace(/\n$/, '').split('\n');
}
const sourceColour = (page: Page, label: string) =>
  logLines(page)
    .locator(`[data-source="${label}"]`)
    .first()
    .evaluate((el) => getComputedStyle(el).color);

describe('the merged live tail', () => {
  it('follows three files in one view, each line tagged with its source, through appends and a rotation; filters on the server', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      for (const name of ['app.log', 'db.log', 'worker.log']) await page.getByRole('checkbox', { name: `Merge ${name}` }).check();
      await page.getByRole('button', { name: 'Merged tail (3 files)' }).click();
      await logLines(page).getByText('worker boot').waitFor();
      assert.deepEqual(await linesShown(page), ['[app.log] app boot', '[db.log] db boot', '[worker.log] worker boot']);

      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('status').filter({ hasText: 'Live 3 of 3 sources' }).waitFor();
      appendFileSync(join(logs, 'db.log'), 'db query slow\n');
      await logLines(page).getByText('db query slow').waitFor();
      appendFileSync(join(logs, 'app.log'), 'app request done\n');
      await logLines(page).getByText('app request done').waitFor();
      // rotated as logrotate does: renamed away, a new file in its place
      renameSync(join(logs, 'worker.log'), join(logs, 'worker.log.1'));
      writeFileSync(join(logs, 'worker.log'), 'worker after rotation\n');
      await logLines(page).getByText('worker after rotation').waitFor();
      const shown = await linesShown(page);
      assert.ok(shown.indexOf('[db.log] db query slow') < shown.indexOf('[app.log] app request done'), 'in the order written');
      assert.ok(shown.includes('[worker.log] --- file rotated: following it from its start ---'), shown.join('\n'));
      assert.ok(shown.includes('[worker.log] worker after rotation'));
      // a colour per source, the same on each of its lines
      const colours = await Promise.all(['app.log', 'db.log', 'worker.log'].map((l) => sourceColour(page, l)));
      assert.equal(new Set(colours).size >= 2, true, `colours ${colours.join(', ')}`);

      // include (an RE2 regex) and exclude (plain text), applied by the server to the tail and to new lines
      await page.getByLabel('Only lines with').fill('/(slow|error)/');
      await page.getByLabel('No lines with').fill('ignored');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByRole('status').filter({ hasText: 'Live 3 of 3 sources' }).waitFor();
      await logLines(page).getByText('db query slow').waitFor();
      assert.deepEqual(await linesShown(page), ['[db.log] db query slow']);
      appendFileSync(join(logs, 'app.log'), 'app fine\napp error 500\napp error ignored\n');
      appendFileSync(join(logs, 'worker.log'), 'worker slow job\n');
      await logLines(page).getByText('worker slow job').waitFor();
      await logLines(page).getByText('app error 500').waitFor();
      const filtered = await linesShown(page);
      assert.ok(!filtered.some((l) => l.includes('app fine') || l.includes('ignored')), filtered.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('a source that fails says so, and the others keep following', async () => {
    const { context, page } = await signedInPage(browser, api.url, admin);
    try {
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('checkbox', { name: 'Merge app.log' }).check();
      await page.getByRole('checkbox', { name: 'Merge gone.log' }).check();
      rmSync(join(logs, 'gone.log'));
      await page.getByRole('button', { name: 'Merged tail (2 files)' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /^gone\.log: Failed to fetch log content/ })
        .waitFor();
      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('status').filter({ hasText: 'Live 1 of 2 sources · gone.log failed' }).waitFor();
      appendFileSync(join(logs, 'app.log'), 'app still followed\n');
      await logLines(page).getByText('app still followed').waitFor();
    } finally {
      await context.close();
    }
  });
});
