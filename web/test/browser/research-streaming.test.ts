/**
 * The research chat's streaming timings and keyboard use (spec 3 sections 2, 4 and 9) in headless
 * chromium against the real API and the built-in engine. A MutationObserver records when each
 * part appears (performance.now, on the page's paused fake clock that the test moves), so the test
 * reads the timings the reader saw, exactly and in virtual time: the plan card's 1 s skeleton, the
 * sources one a second, then the pages analyzed count, and the related questions' 1 s skeleton;
 * with reduced motion all of it at once. Then the chat by keyboard alone, and the sidebar's
 * Databases and Integrations views. Last, with the stream held back in the page and released event
 * by event (issue 27), timed on the paused clock: the typing never holds back what has arrived, a
 * click shows it all, Stop stops.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.ts';
import { clockMsUntil, holdStreams, msUntil, release, settle, streamAborted, streamHeld } from '../support/held-stream.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const suite = sampleDataSuite();
const COMPANY = '00123456';
const ANSWER_MS = 60_000;
const FIRST_LOAD_MS = 30_000;

interface Timeline {
  first: Record<string, number>;
  gone: Record<string, number>;
  cards: number[];
}

/** Records when each watched part first appears and disappears, and when each source card comes. */
function watch() {
  const parts: Record<string, string> = {
    planSkeleton: '.plan-card__skeleton',
    planStep: '.plan-card .plan-step',
    relatedSkeleton: '.related__skeleton',
    related: '.message .related__item',
    pages: '.source-cards__pages',
    actions: '.answer-actions',
  };
  const timeline = { first: {} as Record<string, number>, gone: {} as Record<string, number>, cards: [] as number[] };
  (window as unknown as { timeline: typeof timeline }).timeline = timeline;
  const look = () => {
    const now = performance.now();
    for (const [name, selector] of Object.entries(parts)) {
      const present = document.querySelector(selector) !== null;
      if (present && !(name in timeline.first)) timeline.first[name] = now;
      if (!present && name in timeline.first && !(name in timeline.gone)) timeline.gone[name] = now;
    }
    const cards = document.querySelectorAll('.source-cards__list .source-card:not(.source-card--more)').length;
    while (timeline.cards.length < cards) timeline.cards.push(now);
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

async function openChat(page: Page) {
  await page.goto(`/analysis?companyNumber=${COMPANY}`, { timeout: FIRST_LOAD_MS });
  await page.locator('.chat-input__company-name').filter({ hasText: /\S/ }).waitFor({ timeout: FIRST_LOAD_MS });
}

async function ask(page: Page, question: string): Promise<Timeline> {
  const input = page.getByRole('textbox', { name: 'Your question' });
  await input.fill(question);
  await input.press('Enter');
  await page.locator('.answer-actions').waitFor({ timeout: ANSWER_MS });
  await page.locator('.message .related__item').first().waitFor();
  await page.locator('.source-cards__pages').waitFor({ timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { timeline: Timeline }).timeline);
}

/** How far the paused clock moves at a time: the timeline is exact to this. */
const STEP_MS = 20;

/**
 * Moves the page's paused fake clock in small steps until the answer, its sources' pages count and
 * its related questions are all shown; after each step React renders (its scheduler runs on
 * MessageChannel, which is not on the clock). Answers the timeline, in the clock's time.
 */
async function runClockUntilShown(page: Page, maxMs = 40_000): Promise<Timeline> {
  for (let moved = 0; moved <= maxMs; moved += STEP_MS) {
    await page.clock.runFor(STEP_MS);
    await settle(page);
    const timeline = await page.evaluate(() => (window as unknown as { timeline: Timeline }).timeline);
    if (['pages', 'related', 'actions'].every((part) => part in timeline.first)) return timeline;
  }
  throw new Error(`not all shown after ${maxMs} ms on the page's clock`);
}

describe('research chat: streaming timings and keyboard (spec 3 sections 2 and 4)', () => {
  it('shows the plan skeleton for 1 s, the sources one a second, then the pages analyzed, and a 1 s related skeleton', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    try {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.addInitScript(watch);
      await page.clock.install();
      await openChat(page);
      // The page's fake clock is paused: only the test moves it, so every delay is read in its time.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/research/ask', { timeout: ANSWER_MS });
      const input = page.getByRole('textbox', { name: 'Your question' });
      await input.fill('Create a summary sheet');
      await input.press('Enter');
      await answered;
      const t = await runClockUntilShown(page);

      const exact = (actual: number, expected: number, what: string) =>
        assert.ok(actual >= expected && actual <= expected + STEP_MS, `${what}: ${actual} ms, expected ${expected} (${JSON.stringify(t)})`);
      assert.ok('planSkeleton' in t.first, 'the plan card starts as a skeleton');
      exact(t.first.planStep - t.first.planSkeleton, 1000, "the plan's steps after the skeleton");
      assert.equal(t.gone.planSkeleton, t.first.planStep, 'the skeleton gives way to the steps');

      assert.ok(t.cards.length >= 2, `several sources (${t.cards.length})`);
      for (let i = 1; i < t.cards.length; i++) exact(t.cards[i] - t.cards[i - 1], 1000, `source ${i + 1} after the one before`);
      const pagesAfter = t.first.pages - t.cards[0];
      const n = t.cards.length;
      assert.ok(
        pagesAfter >= n * 1900 && pagesAfter <= n * 2400 + STEP_MS,
        `the pages count after sources x 1900-2400 ms: ${pagesAfter} ms for ${n} sources`,
      );
      assert.match(await page.locator('.source-cards__pages').innerText(), /^[1-9]\d* pages? analyzed$/);

      assert.ok('relatedSkeleton' in t.first, 'the related questions start as a skeleton');
      exact(t.first.related - t.first.relatedSkeleton, 1000, 'the related questions after their skeleton');
      assert.deepEqual(errors, []);
    } catch (error) {
      await screenshot(page, 'research-streaming-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('with reduced motion shows it all at once, and works by keyboard alone', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    try {
      await page.addInitScript(watch);
      await page.clock.install();
      await openChat(page);
      // The page's fake clock is paused and not moved while the answer comes: a part held back by
      // a delay would never show, and every part shown is stamped with the same instant.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      // the balance sheet and its liquidity and solvency ratios: two tables
      const t = await ask(page, 'Show me the balance sheet');
      assert.equal('planSkeleton' in t.first, false, 'no plan skeleton');
      assert.equal('relatedSkeleton' in t.first, false, 'no related skeleton');
      assert.ok(t.cards.length >= 2, `several sources (${t.cards.length})`);
      assert.deepEqual(new Set(t.cards).size, 1, `the sources together, with no delay between them (${t.cards.join(', ')})`);
      assert.equal(t.first.pages, t.cards[0], 'the pages count with them');
      assert.equal(t.first.related, t.cards[0], 'the related questions with them');
      await page.clock.resume();

      // every control of the chat has a name
      const unnamed = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.analysis button, .analysis textarea, .analysis input, .analysis select, .analysis [role="separator"][tabindex]',
          ),
        ]
          .filter((el) => !el.closest('[hidden]'))
          .filter((el) => {
            const labels = (el as HTMLInputElement).labels;
            const named =
              el.getAttribute('aria-label') ||
              el.getAttribute('aria-labelledby') ||
              el.title ||
              (el.textContent ?? '').trim() ||
              (labels && [...labels].some((l) => (l.textContent ?? '').trim()));
            return !named;
          })
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      assert.deepEqual(unnamed, [], 'unnamed controls');

      // the divider moves with the arrow keys and shows its focus
      const divider = page.getByRole('separator', { name: 'Resize the chat and the artifacts' });
      await divider.focus();
      assert.equal(await divider.getAttribute('aria-valuenow'), '40');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await divider.getAttribute('aria-valuenow'), '35');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(await divider.getAttribute('aria-valuenow'), '45');
      assert.notEqual(await divider.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'a visible focus ring');

      // the tabs: arrows choose the next tab; tabs are typed as spec 3 chooses them
      const artifacts = page.getByRole('complementary', { name: 'Artifacts' });
      const tabs = artifacts.getByRole('tab');
      const types = await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-type')));
      assert.ok(
        types.every((type) => type === 'financials' || type === 'capital_structure'),
        `an accounts answer gets Financials and Capital Structure tabs (${types.join(', ')})`,
      );
      const count = await tabs.count();
      assert.ok(count > 1, `the balance sheet answer has several tables (${count})`);
      await tabs.first().focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await tabs.nth(1).getAttribute('aria-selected'), 'true');
      assert.equal(await tabs.nth(1).evaluate((el) => el === document.activeElement), true, 'the focus moves with the tab');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
      assert.ok(new Set(types).size === 2, `both Financials and Capital Structure tabs (${types.join(', ')})`);

      // fullscreen by keyboard: Enter opens it on Close, Escape closes it and the focus returns to Expand
      const expand = artifacts.getByRole('button', { name: 'Expand' });
      await expand.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Close' }).waitFor();
      assert.equal(
        await dialog.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement),
        true,
        'the focus on Close',
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await expand.evaluate((el) => el === document.activeElement), true, 'focus back on Expand');

      // a "Page N" citation by keyboard: the viewer opens, Escape closes it, the focus returns
      const pageButton = page
        .locator('.footnotes')
        .getByRole('button', { name: /^Page \d+/ })
        .first();
      await pageButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await pageButton.evaluate((el) => el === document.activeElement), true, 'focus back on the citation');
      assert.notEqual(await pageButton.evaluate((el) => getComputedStyle(el).outlineStyle), 'none');
      assert.deepEqual(errors, []);
    } catch (error) {
      await screenshot(page, 'research-keyboard-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('opens the Databases and Integrations views from the sidebar and comes back to the chat', async () => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    try {
      await openChat(page);
      const sidebar = page.getByRole('navigation', { name: 'Chats' });
      await sidebar.getByRole('button', { name: 'Databases' }).click();
      const heading = page.getByRole('heading', { level: 1, name: 'Databases' });
      await heading.waitFor();
      assert.equal(await heading.evaluate((el) => el === document.activeElement), true, 'the focus lands on the view');
      assert.equal(await sidebar.getByRole('button', { name: 'Databases' }).getAttribute('aria-current'), 'page');
      assert.equal(await page.getByRole('link', { name: 'Explore UK Companies Explorer' }).getAttribute('href'), '/uk/');
      assert.equal(await page.getByRole('textbox', { name: 'Your question' }).isVisible(), false, 'the chat steps aside');
      // the Deep Insights Engine is this chat
      await page.getByRole('button', { name: 'Explore Deep Insights Engine' }).click();
      const input = page.getByRole('textbox', { name: 'Your question' });
      await input.waitFor();
      assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'back in the question box');

      await sidebar.getByRole('button', { name: 'Integrations' }).click();
      await page.getByText('No integrations are available yet.').waitFor();
      await page.getByRole('button', { name: 'Back to chat' }).click();
      await input.waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('never holds back what arrived: text, citations and tables within 300 ms of their events, all within 2 s of done; a click shows it all; Stop stops', async (t) => {
    const { context, page, errors } = await signedInPage(suite.browser, suite.api.url, suite.token);
    const last = '.message:last-child';
    const askHeld = async () => {
      await openChat(page);
      const input = page.getByRole('textbox', { name: 'Your question' });
      await input.fill('Show me the balance sheet');
      await input.press('Enter');
      return streamHeld(page);
    };
    try {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await holdStreams(page);
      await page.clock.install();
      const events = await askHeld();
      // From here the page's fake clock moves only when the test moves it: each figure below is the
      // app's own pacing in its time, whatever else the machine is doing.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      const types = events.map((e) => e.type);
      const done = types.indexOf('done');
      const firstText = types.indexOf('text');
      assert.ok(firstText >= 0 && done > firstText, `text before done (${types.join(' ')})`);
      const cited = new Set(events.slice(0, done).flatMap((e) => (e.type === 'citation' && e.id ? [e.id] : [])));
      assert.ok(cited.size > 0, `citations stream before done (${types.join(' ')})`);

      await release(page, firstText + 1);
      const textMs = await clockMsUntil(page, { selector: `${last} .answer__markdown`, text: true });
      assert.ok(textMs <= 300, `the first text shown ${Math.round(textMs)} ms after its event`);

      await release(page, done);
      const citationsMs = await clockMsUntil(page, { selector: `${last} .footnotes__item`, count: cited.size });
      assert.ok(citationsMs <= 300, `the citations shown ${Math.round(citationsMs)} ms after their events`);
      assert.ok((await page.locator(`${last} .footnotes .page-button`).count()) > 0, 'their "Page N" buttons with them');
      assert.ok(types.slice(0, done).includes('table'), `tables stream before done (${types.join(' ')})`);
      const tablesMs = await clockMsUntil(page, { selector: `${last} .message__tables` });
      assert.ok(tablesMs <= 300, `View Tables shown ${Math.round(tablesMs)} ms after the table events`);

      await release(page, events.length);
      const wholeMs = await clockMsUntil(page, { selector: `${last} .answer[aria-busy="false"]` }, 4000);
      await page.clock.resume();
      assert.ok(wholeMs <= 2000, `the whole answer shown ${Math.round(wholeMs)} ms after done`);
      t.diagnostic(
        `first text ${Math.round(textMs)} ms, citations ${Math.round(citationsMs)} ms, tables ${Math.round(tablesMs)} ms, whole answer ${Math.round(wholeMs)} ms after done`,
      );
      const typedOut = await page.locator(`${last} .answer`).innerText();
      // the same chat restored from history shows all of it at once: the typed answer is all of it
      await page.reload();
      await page.locator(`${last} .answer[aria-busy="false"]`).waitFor({ timeout: FIRST_LOAD_MS });
      assert.equal(await page.locator(`${last} .answer`).innerText(), typedOut);

      // a click while it types shows everything at once
      await askHeld();
      await release(page, Number.MAX_SAFE_INTEGER);
      await msUntil(page, { selector: `${last} .answer__markdown`, text: true });
      assert.equal(await page.locator(`${last} .answer`).getAttribute('aria-busy'), 'true', 'still typing before the click');
      const clickedAt = await page.evaluate(() => performance.now());
      await page.locator(`${last} .message__question`).click();
      const shownAt = await page.evaluate(() => performance.now());
      await page.locator(`${last} .answer[aria-busy="false"]`).waitFor({ timeout: 300 });
      assert.ok(shownAt - clickedAt < 1000, 'shown at once, not at the 1.5 s the typing would take');

      // Stop: the answer stops where it was, with what had arrived, and the chat can ask again
      const stopped = await askHeld();
      await release(page, stopped.map((e) => e.type).indexOf('text') + 1);
      await msUntil(page, { selector: `${last} .answer__markdown`, text: true });
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped: the answer is shown as far as it had come.').waitFor({ timeout: 1000 });
      assert.equal(await streamAborted(page), true, 'the request is cancelled');
      assert.equal(await page.locator(`${last} .answer`).getAttribute('aria-busy'), 'false');
      assert.ok((await page.locator(`${last} .answer__markdown`).innerText()).trim() !== '', 'what had arrived stays');
      await page.getByRole('button', { name: 'Send' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Your question' }).isEnabled(), true, 'the chat can ask again');
      assert.deepEqual(errors, []);
    } catch (error) {
      await screenshot(page, 'research-pacing-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});
