/**
 * Reading a log in the web monitor (issue 28 §5) in headless chromium against the real API on its
 * local backend: long lines wrap or scroll sideways, levels and timestamps are coloured by the
 * rule the terminal uses, Next/Previous error and Jump to (a line number or a time of day) bring
 * the line to the top, and a JSON line is pretty-printed on demand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

const base = mkdtempSync(join(tmpdir(), 'credence-web-reading-'));
const logs = join(base, 'logs');
let api: ApiServer;
let browser: Browser;
let admin: string;

// PostgreSQL-shaped lines, one ERROR, one very long line and one JSON line
const LINES = Array.from({ length: 60 }, (_, i) => {
  const at = `2026-11-29 16:${String(i).padStart(2, '0')}:00.000 UTC [7]`;
  if (i === 20) return `${at} ERROR:  relation "filings" does not exist`;
  if (i === 30) return `${at} LOG:  LONGSTART ${'abcdefghij'.repeat(60)} LONGEND`;
  if (i === 45) return '{"level":"info","msg":"batch done","rows":12}';
  return `${at} LOG:  checkpoint ${i}`;
});

before(async () => {
  mkdirSync(logs, { recursive: true });
  writeFileSync(join(logs, 'postgresql.log'), LINES.join('\n') + '\n');
  [api, browser] = await Promise.all([startApi({ OPS_LOG_DIRS: logs, OPS_WATCH_POLL_MS: '50' }, 300_000), launchBrowser()]);
  admin = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
});

after(async () => {
  await browser?.close();
  await api?.stop();
  rmSync(base, { recursive: true, force: true });
});

const logLines = (page: Page) => page.getByLabel('Log lines');
/** The text of the line a jump went to. */
const target = (page: Page) => logLines(page).locator('.log-line--target').innerText();
/** The line at the top of the viewer's scrolled box. */
const topLine = (page: Page) =>
  logLines(page).evaluate((box) => {
    const pre = box as HTMLElement;
    const rows = [...pre.querySelectorAll<HTMLElement>('[data-row]')];
    const top = pre.scrollTop + pre.offsetTop;
    return rows.find((r) => r.offsetTop + r.offsetHeight > top + 1)?.innerText.trim() ?? '';
  });

describe('ops monitor: reading a log (issue 28 §5)', () => {
  it('wrap or sideways scroll, coloured levels, next error, jump to a line or a time, JSON pretty-printed', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto('/ec2-monitoring');
      await page.getByRole('navigation', { name: 'Instances and files' }).getByRole('button', { name: /local/ }).click();
      await page.getByRole('button', { name: /postgresql\.log/ }).click();
      const count = page.getByLabel('Lines', { exact: true });
      await count.fill('1000');
      await page.getByRole('button', { name: 'Show lines' }).click();
      await logLines(page).getByText('checkpoint 59').waitFor();

      // wrapped by default: the long line fits the box's width; off: it runs on and the box scrolls sideways
      const overflow = () => logLines(page).evaluate((pre) => pre.scrollWidth - pre.clientWidth);
      assert.ok((await overflow()) <= 1, 'wrapped lines fit the width');
      await page.getByRole('button', { name: 'Wrap lines' }).click();
      await page.getByRole('button', { name: 'Wrap lines', pressed: false }).waitFor();
      assert.ok((await overflow()) > 1000, 'an unwrapped long line scrolls sideways');
      await logLines(page).evaluate((pre) => (pre.scrollLeft = pre.scrollWidth));
      assert.ok(await logLines(page).evaluate((pre) => pre.scrollLeft > 0));

      // the level in red and bold, the timestamp dimmed: the shared rule's styles
      const error = logLines(page).locator('[data-row]', { hasText: 'relation "filings"' });
      assert.match(
        (await error.locator('span', { hasText: /^ERROR$/ }).getAttribute('style')) ?? '',
        /color: var\(--ansi-red\); font-weight: 700/,
      );
      assert.match((await error.locator('span', { hasText: /^2026-11-29 16:20:00\.000 UTC$/ }).getAttribute('style')) ?? '', /opacity/);

      await page.getByRole('button', { name: 'Next error' }).click();
      await waitUntil(async () => (await target(page)).includes('relation "filings"'), 'the error line marked');
      await waitUntil(async () => (await topLine(page)).includes('relation "filings"'), 'the error line at the top');
      await page.getByRole('button', { name: 'Next error' }).click();
      await page.getByRole('status').filter({ hasText: 'No error line below.' }).waitFor();

      await page.getByLabel('Jump to').fill('16:33');
      await page.getByRole('button', { name: 'Go' }).click();
      await waitUntil(async () => (await topLine(page)).includes('16:33:00'), 'the 16:33 line at the top');
      await page.getByLabel('Jump to').fill('12');
      await page.getByRole('button', { name: 'Go' }).click();
      await waitUntil(async () => (await target(page)).includes('checkpoint 11'), 'line 12 marked');
      await page.getByLabel('Jump to').fill('soon');
      await page.getByRole('button', { name: 'Go' }).click();
      await page.getByRole('status').filter({ hasText: 'Jump to a line number (120) or a time of day' }).waitFor();

      await logLines(page).getByText('{"level":"info","msg":"batch done","rows":12}').waitFor();
      await page.getByRole('button', { name: 'Pretty JSON' }).click();
      await logLines(page).getByText('"msg": "batch done",').waitFor();
      await screenshot(page, 'ops-reading');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

async function waitUntil(test: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
