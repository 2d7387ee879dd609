/**
 * The ops pages (issue 17, spec 1 sections 2, 4, 5, 8, 9) in headless chromium against the real
 * API on its local ops backend: real log files under OPS_LOG_DIRS (a line appended while watching
 * shows up, a rotation is marked), a real GNU screen session (`screen -dmS`), the refusal for a
 * user without the ops or admin role, and the 30 s status poll on chromium's own fake clock.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { OPS_TEXTS } from '@credence/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { createApprovedUser, loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

const base = mkdtempSync(join(tmpdir(), 'credence-web-ops-'));
const logs = join(base, 'logs');
const screenName = `credence-web-${randomBytes(3).toString('hex')}`;
let api: ApiServer;
let browser: Browser;
let admin: string;
let analyst: string;

before(async () => {
  mkdirSync(join(logs, 'pipeline'), { recursive: true });
  writeFileSync(
    join(logs, 'pipeline', 'run.log'),
    Array.from({ length: 40 }, (_, i) => `step ${i + 1} ok`).join('\n') + '\nERROR step 41 failed\n',
  );
  // `cat` echoes what is typed into the session: the screen's content changes on demand
  execFileSync('screen', ['-dmS', screenName, 'sh', '-c', 'echo "screen says hello"; exec cat']);
  [api, browser] = await Promise.all([
    startApi({ OPS_LOG_DIRS: logs, OPS_WATCH_POLL_MS: '50', OPS_SCREEN_POLL_MS: '100', OPS_WATCH_LINGER_MS: '100' }),
    launchBrowser(),
  ]);
  admin = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
  const user = await createApprovedUser(api, 'opsless');
  analyst = await loginToken(api, user.email, user.password);
});

after(async () => {
  try {
    execFileSync('screen', ['-S', screenName, '-X', 'quit']);
  } catch {
    /* already gone */
  }
  await browser?.close();
  await api?.stop();
  rmSync(base, { recursive: true, force: true });
});

const statusBar = (page: Page) => page.getByRole('status', { name: 'Status bar' });
const logLines = (page: Page) => page.getByLabel('Log lines');
const pausedNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Paused: / });

async function linesShown(page: Page): Promise<string[]> {
  const text = await logLines(page).innerText();
  return text.replace(/\n$/, '').split('\n');
}

describe('ops pages', () => {
  it('refuses a signed-in analyst with the roles needed, on both pages, without a broken page', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, analyst);
    try {
      for (const [path, title] of [
        ['/intern-instance-manager', 'Instance Manager'],
        ['/ec2-monitoring', 'EC2 Monitoring'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByRole('alert').filter({ hasText: 'This needs the ops or admin role.' }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Refresh' }).count(), 0);
      }
      assert.equal(await page.getByRole('link', { name: 'Monitor' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('instance manager: the state in its colour, Start and Stop off on the local backend with the reason shown, Refresh and the 30 s poll', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      const statusCalls: string[] = [];
      page.on('request', (r) => r.url().includes('/api/status_intern_instance') && statusCalls.push(r.url()));
      await page.clock.install();
      await page.goto('/home');
      await page.getByRole('link', { name: 'Instances' }).click();
      await page.getByRole('heading', { name: 'Instance Manager' }).waitFor();
      const state = page.getByTestId('instance-state').locator('.ops-badge');
      await state.filter({ hasText: 'Running' }).waitFor();
      assert.match((await state.getAttribute('class')) ?? '', /ops-badge--green/);
      // the local host cannot stop itself: Stop is not offered (it used to ask, then fail with 409), and the page says why
      await page.getByText(OPS_TEXTS.localStartStop).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Start' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Stop' }).isDisabled(), true);

      await page.getByLabel('Region').selectOption('eu-west-1');
      await page.waitForURL(/region=eu-west-1/);
      const before = statusCalls.length;
      await page.clock.runFor(30_000);
      await page.waitForFunction(() => true);
      await waitFor(() => statusCalls.length > before, 'the 30 s poll');
      assert.match(statusCalls.at(-1)!, /region=eu-west-1/);
      const polled = statusCalls.length;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitFor(() => statusCalls.length > polled, 'Refresh');
      await screenshot(page, 'ops-instance-manager');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('monitor: files load once an instance is chosen; tail with the line count kept in 5..1000, search highlights, a live watch shows appended lines and a rotation', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      const logCalls: string[] = [];
      page.on('request', (r) => r.url().includes('/api/list_ec2_logs') && logCalls.push(r.url()));
      await page.goto('/ec2-monitoring');
      await page.getByRole('heading', { name: 'EC2 Monitoring' }).waitFor();
      await page.getByRole('tab', { name: 'Log Files' }).waitFor();
      const instance = page.getByRole('navigation', { name: 'Instances and files' }).getByRole('button', { name: /local/ });
      await instance.waitFor();
      assert.equal(logCalls.length, 0, 'no log list before an instance is chosen');
      await statusBar(page).getByText('No instance selected').waitFor();
      await instance.click();
      await page.getByRole('button', { name: /pipeline\/run\.log/ }).click();
      await statusBar(page)
        .getByText(/^Instance: .+ \(local\)$/)
        .waitFor();
      await statusBar(page)
        .getByText(/^File: pipeline\/run\.log \(\d+ B\)$/)
        .waitFor();
      await statusBar(page).getByText('10 lines shown').waitFor();
      assert.equal((await linesShown(page)).at(-1), 'ERROR step 41 failed');

      const count = page.getByLabel('Lines', { exact: true });
      await count.fill('2');
      await page.getByRole('button', { name: 'Show lines' }).click();
      await statusBar(page).getByText('5 lines shown').waitFor();
      assert.equal(await count.inputValue(), '5');
      await count.fill('5000');
      await page.getByRole('button', { name: 'Show lines' }).click();
      await statusBar(page).getByText('41 lines shown').waitFor();
      assert.equal(await count.inputValue(), '1000');

      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please enter a search pattern' }).waitFor();
      await page.getByLabel('Pattern').fill('STEP 4');
      await page.getByRole('button', { name: 'Search' }).click();
      await statusBar(page).getByText('3 lines shown').waitFor();
      assert.deepEqual(await linesShown(page), ['4 step 4 ok', '40 step 40 ok', '41 ERROR step 41 failed']);
      assert.deepEqual(await logLines(page).locator('mark').allInnerTexts(), ['step 4', 'step 4', 'step 4']);

      await page.getByLabel('Pattern').fill('');
      await count.fill('5');
      await page.getByRole('button', { name: 'Watch live' }).click();
      await statusBar(page).getByText('Live').waitFor();
      await page.getByRole('button', { name: 'Stop watching' }).waitFor();
      const path = join(logs, 'pipeline', 'run.log');
      appendFileSync(path, 'appended while watching\n');
      await logLines(page).getByText('appended while watching').waitFor();
      await statusBar(page).getByText('6 lines shown').waitFor();
      renameSync(path, `${path}.1`);
      writeFileSync(path, 'the new file after rotation\n');
      await logLines(page).getByText('the new file after rotation').waitFor();
      await logLines(page).getByText('--- file rotated: following it from its start ---').waitFor();
      await screenshot(page, 'ops-monitor-watch');

      await page.getByRole('button', { name: 'Stop watching' }).click();
      await page.getByRole('button', { name: 'Watch live' }).waitFor();
      assert.equal(await statusBar(page).getByText('Live').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('monitor: a dropped watch says it reconnects and keeps going; one that cannot reconnect says the connection was lost and stops', async () => {
    const { context, page } = await signedInPage(browser, api.url, admin);
    try {
      writeFileSync(join(logs, 'flaky.log'), 'first\n');
      await page.clock.install();
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('button', { name: /flaky\.log/ }).click();
      await logLines(page).getByText('first').waitFor();

      let refused = 0;
      await page.route('**/api/watch_ec2_instance**', (route) => (refused++, route.abort('connectionreset')));
      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('status').filter({ hasText: 'Live view connection error. Reconnecting...' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Stop watching' }).count(), 1, 'the watch is kept');
      await page.unroute('**/api/watch_ec2_instance**');
      appendFileSync(join(logs, 'flaky.log'), 'after the reconnect\n');
      await logLines(page).getByText('after the reconnect').waitFor();
      await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor({ state: 'detached' });
      assert.ok(refused >= 1);
      await page.getByRole('button', { name: 'Stop watching' }).click();

      // A server that never comes back: the client keeps trying (waits up to 10 s) for 15 minutes of
      // the page's clock (installed before the page loads, flowing as time does until run forward),
      // then says the connection is lost and stops.
      await page.route('**/api/watch_ec2_instance**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('status').filter({ hasText: 'Live view connection error. Reconnecting...' }).waitFor();
      const lost = page.getByRole('alert').filter({ hasText: 'Connection to server lost' });
      let minutes = 0;
      for (; (await lost.count()) === 0 && minutes < 20; minutes += 0.5) {
        assert.equal(await page.getByRole('button', { name: 'Stop watching' }).count(), 1, `still watching after ${minutes} minutes`);
        await page.clock.runFor(30_000);
        await page.waitForFunction(() => true);
      }
      await lost.waitFor();
      assert.ok(minutes >= 15, `gave up after ${minutes} minutes, not 15`);
      await page.getByRole('button', { name: 'Watch live' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('monitor: a live tail survives an API restart: it says it reconnects, then shows the lines written while the API was down, once', async () => {
    const { context, page } = await signedInPage(browser, api.url, admin);
    try {
      const path = join(logs, 'deploy.log');
      writeFileSync(path, 'booted\n');
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('button', { name: /deploy\.log/ }).click();
      await logLines(page).getByText('booted').waitFor();
      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('button', { name: 'Stop watching' }).waitFor();
      appendFileSync(path, 'before the restart\n');
      await logLines(page).getByText('before the restart').waitFor();
      await api.restart(async () => {
        await page.getByRole('status').filter({ hasText: OPS_TEXTS.reconnecting }).waitFor({ timeout: 60_000 });
        appendFileSync(path, 'while down 1\nwhile down 2\n');
      });
      await logLines(page).getByText('while down 2').waitFor({ timeout: 60_000 });
      appendFileSync(path, 'after the restart\n');
      await logLines(page).getByText('after the restart').waitFor();
      assert.deepEqual(await linesShown(page), ['booted', 'before the restart', 'while down 1', 'while down 2', 'after the restart']);
      assert.equal(await page.getByRole('button', { name: 'Stop watching' }).count(), 1, 'still watching');
      await page.getByRole('button', { name: 'Stop watching' }).click();
    } finally {
      await context.close();
    }
  });

  it('monitor: Pause freezes the live tail while the buffer keeps filling, counts the new lines, and Resume shows them', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      const path = join(logs, 'paused.log');
      writeFileSync(path, 'first\n');
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('button', { name: /paused\.log/ }).click();
      await logLines(page).getByText('first').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Pause', exact: true }).count(), 0, 'no pause without a live watch');
      await page.getByRole('button', { name: 'Watch live' }).click();
      appendFileSync(path, 'before the pause\n');
      await logLines(page).getByText('before the pause').waitFor();

      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await pausedNotice(page).filter({ hasText: 'Paused: 0 new lines since. Resume to show them.' }).waitFor();
      appendFileSync(path, 'while paused 1\n');
      await pausedNotice(page).filter({ hasText: 'Paused: 1 new line since.' }).waitFor();
      appendFileSync(path, 'while paused 2\nwhile paused 3\n');
      await pausedNotice(page).filter({ hasText: 'Paused: 3 new lines since.' }).waitFor();
      assert.deepEqual(await linesShown(page), ['first', 'before the pause'], 'the view stays as it was');
      await statusBar(page).getByText('2 lines shown').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Resume', exact: true, pressed: true }).count(), 1);

      await page.getByRole('button', { name: 'Resume', exact: true }).click();
      await logLines(page).getByText('while paused 3').waitFor();
      assert.deepEqual(await linesShown(page), ['first', 'before the pause', 'while paused 1', 'while paused 2', 'while paused 3']);
      assert.equal(await pausedNotice(page).count(), 0);
      appendFileSync(path, 'after the resume\n');
      await logLines(page).getByText('after the resume').waitFor();

      // stopping the watch ends the pause too
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.getByRole('button', { name: 'Stop watching' }).click();
      await page.getByRole('button', { name: 'Watch live' }).waitFor();
      assert.equal(await pausedNotice(page).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^(Pause|Resume)$/ }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('monitor: a log line written with colours, a window title, an OSC 52 clipboard write and binary bytes shows as text: colours styled, controls visible, binary said', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      writeFileSync(
        join(logs, 'hostile.log'),
        [
          '\u001b[1;31mERROR\u001b[0m disk full',
          'quiet\u001b]0;pwned\u0007 \u001b]52;c;ZXZpbA==\u0007 \u001b[2J\u001b[H <a href="https://evil.example">login</a>',
          'PK\u0003\u0004\u0000\u0000\u0014\u0000',
        ].join('\n') + '\n',
      );
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('button', { name: /hostile\.log/ }).click();
      await statusBar(page).getByText('3 lines shown').waitFor();
      assert.deepEqual(await linesShown(page), [
        'ERROR disk full',
        'quiet^[]0;pwned^G ^[]52;c;ZXZpbA==^G ^[[2J^[[H <a href="https://evil.example">login</a>',
        '[binary line: 8 characters not shown]',
      ]);
      const error = logLines(page).getByText('ERROR', { exact: true });
      assert.equal(await error.evaluate((el) => getComputedStyle(el).fontWeight), '700');
      assert.notEqual(
        await error.evaluate((el) => getComputedStyle(el).color),
        await logLines(page).evaluate((el) => getComputedStyle(el).color),
      );
      assert.equal(await logLines(page).locator('a, img').count(), 0);
      assert.equal(await logLines(page).locator('.log-line__control').first().innerText(), '^[]0;pwned^G');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('monitor: the Screen Sessions tab lists a real screen as Detached, shows its output and watches it change', async () => {
    const { context, page, errors } = await signedInPage(browser, api.url, admin);
    try {
      await page.goto('/ec2-monitoring');
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('tab', { name: 'Screen Sessions' }).click();
      const session = page.getByRole('button', { name: new RegExp(screenName) });
      await session.getByText(/\d+ · Detached/).waitFor();
      await session.click();
      await page.getByLabel('Screen output').getByText('screen says hello').waitFor();
      await statusBar(page)
        .getByText(new RegExp(`^Screen: \\d+\\.${screenName} \\(pid \\d+\\)$|^Screen: ${screenName} \\(pid \\d+\\)$`))
        .waitFor();
      await statusBar(page).getByText('Detached').waitFor();
      await page.getByRole('button', { name: 'Watch live' }).click();
      await page.getByRole('button', { name: 'Stop watching' }).waitFor();
      execFileSync('screen', ['-S', screenName, '-X', 'stuff', 'typed while watching\n']);
      await page.getByLabel('Screen output').getByText('typed while watching').first().waitFor();
      await screenshot(page, 'ops-monitor-screen');

      // choosing an instance again goes back to the logs tab with nothing selected
      await page.getByRole('button', { name: /local/ }).click();
      await page.getByRole('tab', { name: 'Log Files', selected: true }).waitFor();
      await page.getByText('Choose a log file.').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

async function waitFor(test: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
