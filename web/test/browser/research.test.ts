/**
 * The research chat (/analysis, spec 3 section 2) in headless chromium against the real API with
 * sample companies and the built-in engine (no model): sign in, open a company, go from its
 * Insights Q&A to /analysis, ask for a summary sheet, watch the plan tick and a cited answer
 * arrive, open a "Page N" citation in the PDF viewer at that page with the quote highlighted,
 * use the artifacts panel, and reload the chat from its chatKey.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/api-server.ts';
import { newPage, screenshot } from '../support/browser.ts';
import { http } from '../support/http.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const suite = sampleDataSuite(400, { pdfViewer: true });
const COMPANY = '00123456';
const QUESTION = 'Create a summary sheet';
/** The built-in engine answers within seconds; a busy 2-core machine gets room. */
const ANSWER_MS = 60_000;
const FIRST_LOAD_MS = 30_000;

async function signIn(page: Page) {
  // a first load on a busy machine gets room
  await page.goto(`/uk/?companyNumber=${COMPANY}&category=overview`, { timeout: FIRST_LOAD_MS });
  await page.waitForURL((url) => url.pathname === '/login', { timeout: FIRST_LOAD_MS });
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/uk/' && url.searchParams.get('companyNumber') === COMPANY);
}

/** The answer's visible text, without the parts that change with time. */
async function answerText(page: Page): Promise<string> {
  return (await page.locator('.message .answer').first().innerText()).replace(/\s+/g, ' ').trim();
}

describe('research chat (/analysis)', () => {
  it('goes from Insights Q&A to a cited answer, opens the cited page highlighted, and restores the chat from its chatKey', async () => {
    const { context, page, errors } = await newPage(suite.browser, suite.api.url, { width: 1366, height: 820 });
    try {
      await signIn(page);
      const name = await page.getByRole('heading', { level: 1 }).first().innerText();
      await page.getByRole('link', { name: 'Insights Q&A' }).click();
      await page.waitForURL((url) => url.pathname === '/analysis' && url.searchParams.get('companyNumber') === COMPANY);
      await page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor();
      // the company comes with the address, named once the search finds it
      await page.locator('.chat-input__company-name', { hasText: name }).waitFor();
      const input = page.getByRole('textbox', { name: 'Your question' });
      // no model is configured on the test server: the built-in analyst is named, no Pro or Flash that change nothing (issue 27)
      await page.locator('.chat-input__model-note', { hasText: 'Built-in analyst' }).waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Model' }).count(), 0, 'no model choice');

      // a blank question is not sent
      await input.fill('   ');
      await input.press('Enter');
      assert.equal(await page.locator('.message').count(), 0);

      await input.fill(QUESTION);
      const asked = page.waitForRequest((r) => r.url().endsWith('/api/research/ask') && r.method() === 'POST');
      await input.press('Enter');
      const body = (await asked).postDataJSON() as { query: string; company_number: string; model: string };
      assert.deepEqual([body.query, body.company_number, body.model], [QUESTION, COMPANY, 'pro']);
      await page.getByRole('heading', { level: 2, name: QUESTION }).waitFor();
      // the address carries the chat at once, replacing the entry
      await page.waitForURL((url) => url.searchParams.get('chatKey') !== null);

      // the plan: every step ticked once the answer is done
      const steps = page.locator('.plan-card .plan-step');
      await page.locator('.answer-actions').waitFor({ timeout: ANSWER_MS });
      const stepCount = await steps.count();
      assert.ok(stepCount >= 2, `a plan of several steps (${stepCount})`);
      assert.equal(await page.locator('.plan-card .plan-step[data-state="done"]').count(), stepCount, 'every step done');
      assert.match(await page.locator('.plan-card__toggle').innerText(), /Credence Thought Process/);

      // a cited answer: numbered markers in the text and their footnotes
      const markers = page.locator('.answer .citation-marker');
      assert.ok((await markers.count()) >= 1, 'the answer cites its figures');
      const pageButtons = page.locator('.footnotes').getByRole('button', { name: /^Page \d+/ });
      assert.ok((await pageButtons.count()) >= 1, 'a filing page is cited');
      await screenshot(page, 'research-answer');
      const { pageHeight, windowHeight } = await page.evaluate(() => ({
        pageHeight: document.documentElement.scrollHeight,
        windowHeight: window.innerHeight,
      }));
      assert.ok(pageHeight <= windowHeight, `the chat scrolls inside the page, not the page (${pageHeight} px in ${windowHeight})`);

      // the artifacts panel opened with the answer's tables; fullscreen, Download and Escape
      const artifacts = page.getByRole('complementary', { name: 'Artifacts' });
      await artifacts.waitFor();
      assert.ok((await artifacts.getByRole('tab').count()) >= 1);
      // the divider keeps the chat between 30% and 70% of the width; a column resizes by its edge, never under 50 px
      const workspace = (await page.locator('.analysis__workspace').boundingBox())!;
      const divider = (await page.getByRole('separator', { name: 'Resize the chat and the artifacts' }).boundingBox())!;
      const chatShare = async () => ((await page.locator('.analysis__chat').boundingBox())!.width / workspace.width) * 100;
      assert.ok(Math.abs((await chatShare()) - 40) < 2, `the artifacts take 60% at first (chat ${await chatShare()}%)`);
      await page.mouse.move(divider.x + 3, divider.y + 200);
      await page.mouse.down();
      await page.mouse.move(workspace.x + 10, divider.y + 200, { steps: 5 });
      await page.mouse.up();
      assert.ok(Math.abs((await chatShare()) - 30) < 2, `dragged far left, the chat keeps 30% (${await chatShare()}%)`);
      const handle = artifacts.getByRole('separator').first();
      const column = artifacts.locator('th').first();
      const startWidth = (await column.boundingBox())!.width;
      const edge = (await handle.boundingBox())!;
      await page.mouse.move(edge.x + 3, edge.y + 5);
      await page.mouse.down();
      await page.mouse.move(edge.x - 400, edge.y + 5, { steps: 5 });
      await page.mouse.up();
      assert.ok(Math.abs((await column.boundingBox())!.width - 50) < 2, `a column stops at 50 px (from ${startWidth})`);

      await artifacts.getByRole('button', { name: 'Expand' }).click();
      const fullscreen = page.getByRole('dialog');
      await fullscreen.getByRole('button', { name: 'Download' }).waitFor();
      const download = page.waitForEvent('download');
      await fullscreen.getByRole('button', { name: 'Download' }).click();
      assert.match((await download).suggestedFilename(), /\.csv$/);
      await page.keyboard.press('Escape');
      await fullscreen.waitFor({ state: 'detached' });

      // "Page N" opens the PDF viewer at that page with the quote highlighted
      const first = pageButtons.first();
      const pageNumber = Number(/Page (\d+)/.exec(await first.innerText())![1]);
      await first.click();
      const viewer = page.getByRole('dialog');
      await viewer.getByRole('heading', { name: new RegExp(`page ${pageNumber}$`) }).waitFor();
      const canvas = viewer.locator(`canvas[data-page="${pageNumber}"]`);
      await canvas.waitFor({ state: 'visible', timeout: 30_000 });
      const marks = viewer.locator('mark.pdf-dialog__highlight');
      await marks.first().waitFor({ state: 'attached' });
      const [sheet, mark] = await Promise.all([canvas.boundingBox(), marks.first().boundingBox()]);
      assert.ok(sheet && mark, 'the page and its highlight are shown');
      assert.ok(
        mark.x >= sheet.x - 1 && mark.y >= sheet.y - 1 && mark.x + mark.width <= sheet.x + sheet.width + 1,
        `the highlight sits on the page (${JSON.stringify({ sheet, mark })})`,
      );
      await viewer.getByRole('status').filter({ hasText: 'Highlighted on this page' }).waitFor({ state: 'attached' });
      await screenshot(page, 'research-cited-page');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // a filing's source card opens its document in a new tab (fetched with the session's bearer)
      const tab = context.waitForEvent('page');
      await page
        .locator('button.source-card', { hasText: /accounts/i })
        .first()
        .click();
      const opened = await tab;
      await opened.waitForURL((url) => url.protocol === 'blob:');
      await opened.close();

      // a related question goes into the input
      const related = page.locator('.related__item').first();
      const relatedText = await related.innerText();
      await related.click();
      assert.equal(await input.inputValue(), relatedText);

      // the credits in the avatar menu count the question
      await page.getByRole('button', { name: /^Account: / }).click();
      await page
        .locator('.user-menu__credits')
        .getByText(/^1\/\d+$/)
        .waitFor();
      await page.keyboard.press('Escape');

      // the chat is in the sidebar, and reloading its chatKey restores it exactly
      const chatKey = new URL(page.url()).searchParams.get('chatKey')!;
      const before = await answerText(page);
      const footnotesBefore = await page.locator('.footnotes__item').allInnerTexts();
      await page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: 'Expand sidebar' }).click();
      await page.locator('.chat-item__title', { hasText: QUESTION }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 2, name: QUESTION }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('chatKey'), chatKey);
      await page.locator('.footnotes').waitFor();
      assert.equal(await answerText(page), before, 'the restored answer reads as it streamed');
      assert.deepEqual(await page.locator('.footnotes__item').allInnerTexts(), footnotesBefore);
      assert.equal(await page.locator('.plan-card .plan-step[data-state="done"]').count(), stepCount);

      // the sticky question bar: scrolled past the question, "Go to Query" brings it back
      await page.locator('.message-list__scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const bar = page.locator('.question-bar');
      await bar.waitFor();
      assert.equal(await bar.locator('.question-bar__text').innerText(), QUESTION);
      await bar.getByRole('button', { name: 'Go to Query' }).click();
      await page.waitForFunction(() => {
        const heading = document.querySelector('.message__question');
        const list = document.querySelector('.message-list__scroll');
        if (!heading || !list) return false;
        return heading.getBoundingClientRect().top >= list.getBoundingClientRect().top - 1;
      });

      // the thought process can be edited: a step deleted and saved
      await page.locator('.plan-card').getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Delete step 1' }).click();
      await page.locator('.plan-card').getByRole('button', { name: 'Save' }).click();
      await page
        .locator('.plan-card .plan-step')
        .nth(stepCount - 2)
        .waitFor();
      assert.equal(await page.locator('.plan-card .plan-step').count(), stepCount - 1);

      assert.deepEqual(errors, []);
    } catch (error) {
      await screenshot(page, 'research-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('asks nothing before a company is chosen, says when the quota is used up, and a deleted chat leaves the list', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    try {
      await page.goto('/analysis', { timeout: FIRST_LOAD_MS });
      await page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor({ timeout: FIRST_LOAD_MS });
      const input = page.getByRole('textbox', { name: 'Your question' });
      assert.equal(await input.isDisabled(), true, 'disabled until a company is chosen');
      const picker = page.getByRole('combobox', { name: 'Choose a company to ask about' });
      await picker.fill('Britannia Engineering');
      await page.getByRole('option', { name: /BRITANNIA ENGINEERING GROUP PLC/ }).click();
      await page.locator('.chat-input__company-name', { hasText: 'BRITANNIA ENGINEERING GROUP PLC' }).waitFor();
      assert.equal(await input.isDisabled(), false);
      await input.fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'));
      const grown = (await input.boundingBox())!.height;
      assert.ok(grown > 60 && grown <= 201, `the question box grows to 200 px at most (${grown})`);

      // the allowance used up (the first test asked once): 402, and the spec's words
      const lowered = await http(suite.api, 'POST', 'admin/users/credits', { email: ADMIN_EMAIL, total_credits: 1 }, suite.token);
      assert.ok(lowered.status < 300, JSON.stringify(lowered.body));
      await input.fill(QUESTION);
      await input.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'You have exceeded your quota!' }).first().waitFor();
      await page.getByRole('button', { name: 'Get In Touch' }).waitFor();

      const chats = page.getByRole('navigation', { name: 'Chats' });
      await chats.getByRole('button', { name: 'Help & FAQ' }).click();
      await page.getByRole('heading', { name: 'Help Center' }).waitFor();
      await page.getByRole('button', { name: 'Close help' }).click();

      const items = chats.locator('.chat-item');
      await chats.getByRole('searchbox', { name: 'Search chats' }).fill('no chat is called this');
      await chats.getByText('No chats found.').waitFor();
      await chats.getByRole('searchbox', { name: 'Search chats' }).fill('');
      await items.first().waitFor();
      const count = await items.count();
      await items
        .first()
        .getByRole('button', { name: /^Delete chat / })
        .click();
      await page.waitForFunction((n) => document.querySelectorAll('.chat-sidebar .chat-item').length === n - 1, count);
      assert.deepEqual(
        errors.filter((e) => !/status of 402/.test(e)),
        [],
        'only the refused question is logged',
      );
    } finally {
      await context.close();
    }
  });
});
