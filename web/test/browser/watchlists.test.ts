/**
 * Watching from where analysts look (issue 29 §3, §5), in chromium against the real API with
 * sample data and its stream consumer reading a feed the test publishes to: Ada watches a company
 * from its page, Bob the same company as "watch all" of a screener selection; a new charge
 * published for it reaches each one's bell live (beside any dated alert the hourly job raises for
 * it); neither sees the other's list or alerts (another user's list reads as not found). The watchlists page renames a list, sets its e-mail, adds a CSV of
 * company numbers and removes one. Every wait is on the page's DOM or its requests.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startApi, type ApiServer } from '../support/api-server.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { layoutProblems } from '../support/layout-checks.ts';
import { createApprovedUser, http, loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';
import { LiveChStream } from '@credence/shared/live-ch-stream';

describe('watchlists in the web: two users, one company, live alerts', () => {
  const feed = new LiveChStream('web-suite-stream-key');
  let api: ApiServer;
  let browser: Browser;
  let ada: string;
  let bob: string;
  let target: { company_number: string; company_name: string };
  let others: string[];

  before(async () => {
    const launched = launchBrowser().then((b) => (browser = b));
    const feedUrl = await feed.listen();
    // Webhook receivers of the tests listen on loopback, which webhooks refuse unless an administrator allows it.
    api = await startApi({ SAMPLE_COMPANIES: '400', CH_STREAM_KEY: feed.key, CH_STREAM_URL: feedUrl, WEBHOOK_ALLOW_NETWORKS: '127.0.0.1' });
    await launched;
    const [a, b] = [await createApprovedUser(api, 'adawatch'), await createApprovedUser(api, 'bobwatch')];
    ada = await loginToken(api, a.email, a.password);
    bob = await loginToken(api, b.email, b.password);
    const page = await http(api, 'GET', 'companies_house/get-screener-info?page=1&page_size=10', undefined, ada);
    const companies: { company_number: string; company_name: string }[] = page.body.data.companies;
    target = companies[0];
    others = companies.slice(1).map((c) => c.company_number);
  });
  after(async () => {
    await browser?.close();
    await api?.stop();
    await feed.close();
  });

  /** A signed-in page whose bell holds its live alert stream open. */
  async function withBell(token: string, path: string): Promise<{ page: Page; close(): Promise<void> }> {
    const { context, page } = await signedInPage(browser, api.url, token, { width: 1366, height: 900 });
    const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/alerts/stream');
    await page.goto(path);
    await streaming;
    return { page, close: () => context.close() };
  }

  it('each watcher sees the alert of the company they watch live in the bell, and only their own list', async () => {
    const adaView = await withBell(ada, `/uk/?companyNumber=${target.company_number}&category=overview`);
    const bobView = await withBell(bob, '/companies-screener');
    try {
      // Ada: Watch on the company's page, into a new list.
      const a = adaView.page;
      await a.getByRole('button', { name: 'Watch', exact: true }).click();
      await a.getByLabel('New list').fill('Ada borrowers');
      await a.getByRole('button', { name: 'Watch in a new list' }).click();
      await a.getByText('Watching 1 company in "Ada borrowers".').waitFor();
      await a.getByRole('button', { name: 'Watching', exact: true }).waitFor();
      assert.equal(await a.getByRole('checkbox', { name: /Ada borrowers/ }).isChecked(), true);
      assert.deepEqual(await seriousViolations(a, '.watch-menu'), []);

      // Bob: the screener narrowed to that company, then Watch all into a new list.
      const b = bobView.page;
      await b.getByLabel('Search companies').fill(target.company_number);
      await b.getByLabel('Search companies').press('Enter');
      await b.getByRole('button', { name: 'Watch all 1 result' }).click();
      const dialog = b.getByRole('dialog', { name: 'Watch all 1 result' });
      await dialog.getByLabel('Name of the new list').waitFor();
      assert.deepEqual(await seriousViolations(b, '.watch-all__dialog'), []);
      await dialog.getByLabel('Name of the new list').fill('Bob book');
      await dialog.getByRole('button', { name: 'Watch', exact: true }).click();
      await b.getByTestId('toast').filter({ hasText: 'Watching 1 company in "Bob book".' }).waitFor();

      // A new charge on the company, published on the stream the API follows.
      await feed.connected('charges');
      feed.publish('charges', `/company/${target.company_number}/charges/webwatch1`, {
        charge_code: `${target.company_number}0042`,
        status: 'outstanding',
        created_on: '2026-11-28',
        classification: { type: 'charge-description', description: 'A registered charge' },
        persons_entitled: [{ name: 'Shawbrook Bank Limited' }],
        links: { self: `/company/${target.company_number}/charges/webwatch1` },
      });
      // Live: the charge shows in each open page's bell without a reload. The hourly job may add dated
      // alerts (a filing overdue) for the same company: the bell shows whatever the user's own are.
      const charge = `Charge ${target.company_number}0042 created on 2026-11-28`;
      for (const [page, token, list] of [
        [a, ada, 'Ada borrowers'],
        [b, bob, 'Bob book'],
      ] as const) {
        await page.getByRole('button', { name: /^Alerts: [1-9]/ }).click();
        const panel = page.getByRole('region', { name: 'Alerts' });
        await panel.getByText(charge).waitFor();
        const own = (await http(api, 'GET', 'alerts', undefined, token)).body.data;
        assert.ok(own.alerts.some((x: { summary: string }) => x.summary.startsWith(charge)));
        // each user's alerts come from their own list, and the bell holds those and no others
        assert.deepEqual([...new Set(own.alerts.map((x: { watchlist: string }) => x.watchlist))], [list]);
        await panel
          .locator('.alerts-bell__item')
          .nth(own.alerts.length - 1)
          .waitFor();
        assert.equal(await panel.locator('.alerts-bell__item').count(), own.alerts.length);
        await page
          .getByTestId('alerts-unread')
          .filter({ hasText: new RegExp(`^${own.unread}$`) })
          .waitFor();
      }
      const bobsList = (await http(api, 'GET', 'watchlists', undefined, bob)).body.data.watchlists[0].id;
      assert.equal((await http(api, 'GET', `watchlists/${bobsList}`, undefined, ada)).status, 404);
      await a.goto(`/watchlists?list=${bobsList}`);
      await a.getByRole('alert').filter({ hasText: 'No such watchlist' }).waitFor();
      const nav = a.getByRole('complementary').getByRole('link');
      await nav.filter({ hasText: 'Ada borrowers' }).waitFor();
      assert.deepEqual(
        (await nav.allTextContents()).map((t) => t.replace(/\d+$/, '')),
        ['Ada borrowers'],
      );
    } finally {
      await adaView.close();
      await bobView.close();
    }
  });

  it('opens the Watch menu inside a phone-wide window, nothing past its edges', async () => {
    for (const width of [390, 1366]) {
      const { context, page } = await signedInPage(browser, api.url, ada, { width, height: 844 });
      try {
        await page.goto(`/uk/?companyNumber=${target.company_number}&category=overview`);
        await page.getByRole('button', { name: 'Watching', exact: true }).click();
        const panel = page.getByRole('region', { name: 'Watch this company' });
        await panel.getByRole('checkbox', { name: /Ada borrowers/ }).waitFor();
        const box = (await panel.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= width, `at ${width} px the menu spans ${box.x}-${box.x + box.width} px`);
        const problems = await layoutProblems(page);
        assert.equal(problems.scrollWidth, problems.width, problems.wide.join('; '));
      } finally {
        await context.close();
      }
    }
  });

  it('the watchlists page renames a list, sets its e-mail, adds a CSV of company numbers and removes one', async () => {
    const { context, page } = await signedInPage(browser, api.url, ada, { width: 1366, height: 900 });
    try {
      const id = (await http(api, 'GET', 'watchlists', undefined, ada)).body.data.watchlists[0].id;
      await page.goto(`/watchlists?list=${id}`);
      await page.getByRole('heading', { name: 'Ada borrowers' }).waitFor();

      await page.getByLabel('Name', { exact: true }).fill('Ada credit book');
      await page.getByRole('button', { name: 'Rename' }).click();
      await page.getByRole('heading', { name: 'Ada credit book' }).waitFor();

      await page.getByLabel('E-mail alerts').selectOption('digest');
      await page.getByText('E-mail for "Ada credit book": a daily digest.').waitFor();
      assert.equal((await http(api, 'GET', `watchlists/${id}`, undefined, ada)).body.data.watchlist.email, 'digest');

      const csv = `company_number\n${others[0]}\n${others[1]}\n`;
      await page
        .getByLabel('Add a CSV of company numbers')
        .setInputFiles({ name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('Watching 2 companies in "Ada credit book".').waitFor();
      const rows = page.locator('.watchlist__table tbody tr');
      await rows.nth(2).waitFor();
      assert.equal(await rows.count(), 3);

      await page.getByRole('button', { name: `Remove ${others[0]} from Ada credit book` }).click();
      await page.getByText(`Stopped watching ${others[0]} in "Ada credit book".`).waitFor();
      await page.getByRole('button', { name: `Remove ${others[0]} from Ada credit book` }).waitFor({ state: 'detached' });
      assert.equal(await rows.count(), 2);
      const held = (await http(api, 'GET', `watchlists/${id}`, undefined, ada)).body.data.watchlist.company_list;
      assert.deepEqual(held.map((c: { company_number: string }) => c.company_number).sort(), [target.company_number, others[1]].sort());
      assert.deepEqual(await seriousViolations(page), []);
    } finally {
      await context.close();
    }
  });

  it('watches a lender from the charges panel and a person from leadership, shows both on the watchlists page, and removes them', async () => {
    // A sample company with a charge naming a lender and an officer with an appointments link.
    let found: { number: string; lender: string; person: string } | null = null;
    for (const number of [target.company_number, ...others]) {
      const overview = (await http(api, 'GET', `companies_house/get_overview?company_number=${number}`, undefined, ada)).body;
      const officers = (await http(api, 'GET', `companies_house/officers?company_number=${number}`, undefined, ada)).body;
      const lender = overview.charges.charges.flatMap((c: { persons_entitled: { name: string }[] }) => c.persons_entitled)[0]?.name;
      const officer = officers.officers.data.find(
        (o: { resigned_on: string | null; links: { officer: { appointments: string | null } } }) =>
          !o.resigned_on && o.links.officer.appointments,
      );
      if (lender && officer) {
        found = { number, lender, person: officer.name };
        break;
      }
    }
    assert.ok(found, 'a sample company with a charge and an officer');
    const { context, page } = await signedInPage(browser, api.url, ada, { width: 1366, height: 900 });
    try {
      await page.goto(`/uk/?companyNumber=${found.number}&category=overview`);
      await page
        .getByRole('tablist', { name: 'Charges' })
        .getByRole('tab', { name: /^All \(/ })
        .click();
      await page
        .getByRole('button', { name: `Watch this lender: ${found.lender}` })
        .first()
        .click();
      await page.getByText(`Watching the lender ${found.lender} in "Watchlist".`).waitFor();
      await page
        .getByRole('tablist', { name: 'Leadership' })
        .getByRole('tab', { name: /^Active \(/ })
        .click();
      await page
        .getByRole('button', { name: `Watch this person: ${found.person}` })
        .first()
        .click();
      await page.getByText(`Watching ${found.person} in "Watchlist".`).waitFor();

      const list = (await http(api, 'GET', 'watchlists', undefined, ada)).body.data.watchlists.find(
        (l: { name: string }) => l.name === 'Watchlist',
      );
      assert.deepEqual([list.lenders, list.people], [1, 1]);
      await page.goto(`/watchlists?list=${list.id}`);
      await page.getByRole('heading', { name: 'Watchlist', exact: true }).waitFor();
      const names = page.locator('.watchlist__names tbody tr');
      await names.nth(1).waitFor();
      assert.match((await names.nth(0).textContent()) ?? '', new RegExp(`Lender ${found.lender}.*to it`));
      assert.match((await names.nth(1).textContent()) ?? '', /Person .*appointments? held · officer id/);
      assert.deepEqual(await seriousViolations(page), []);
      await page.getByRole('button', { name: `Remove the lender ${found.lender}` }).click();
      await page.getByText(`Stopped watching the lender ${found.lender} in "Watchlist".`).waitFor();
      await names.nth(1).waitFor({ state: 'detached' });
      const held = (await http(api, 'GET', `watchlists/${list.id}`, undefined, ada)).body.data.watchlist;
      assert.deepEqual([held.lender_list.length, held.people_list.length], [0, 1]);
      // Bob cannot touch Ada's list's lenders
      assert.equal((await http(api, 'POST', `watchlists/${list.id}/lenders/add`, { lenders: [found.lender] }, bob)).status, 404);
    } finally {
      await context.close();
    }
  });

  it('adds a webhook with its secret shown once, sends a signed test event the receiver verifies, and deletes it', async () => {
    const received: { signature: string; timestamp: string; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push({
          signature: String(req.headers['x-credence-signature']),
          timestamp: String(req.headers['x-credence-timestamp']),
          body,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/credence`;
    const { context, page } = await signedInPage(browser, api.url, bob, { width: 1366, height: 900 });
    try {
      await page.goto('/watchlists');
      await page.getByText('No webhooks yet.').waitFor();
      await page.getByLabel('Webhook address').fill(hookUrl);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = (await page.locator('.webhooks__secret code').textContent()) ?? '';
      assert.match(secret, /^whsec_/);
      assert.deepEqual(await seriousViolations(page, '.webhooks'), []);
      await page.getByRole('button', { name: 'I have kept it' }).click();
      await page.locator('.webhooks__secret').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
      await page.getByText(`${hookUrl} answered 204: the signed test event was delivered.`).waitFor();
      assert.equal(received.length, 1);
      const [event] = received;
      const expected = `sha256=${createHmac('sha256', secret).update(`${event.timestamp}.${event.body}`).digest('hex')}`;
      assert.equal(event.signature, expected, 'the receiver verifies the signature with the secret the page showed');
      assert.equal(JSON.parse(event.body).type, 'test');

      await page.getByRole('button', { name: `Delivery log of ${hookUrl}` }).click();
      await page.getByText('No alerts posted to it yet (test events are not logged).').waitFor();
      // Another user cannot touch it.
      const [hook] = (await http(api, 'GET', 'webhooks', undefined, bob)).body.data.webhooks;
      assert.equal((await http(api, 'POST', `webhooks/${hook.id}/delete`, {}, ada)).status, 404);

      await page.getByRole('button', { name: `Delete the webhook to ${hookUrl}` }).click();
      await page.getByText(`Deleted the webhook to ${hookUrl}: no more alerts are posted to it.`).waitFor();
      await page.getByText('No webhooks yet.').waitFor();
      assert.deepEqual((await http(api, 'GET', 'webhooks', undefined, bob)).body.data.webhooks, []);
    } finally {
      await context.close();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
