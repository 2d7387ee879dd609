/**
 * /us/restructuring in headless chromium against the real API (no model): upload a facilities
 * agreement and a notes memorandum made here with pdfkit (a non-PDF refused with the spec's
 * words, each file's progress to its completed mark, a damaged one's reason legible at 768 and
 * 1366 px and named again by Submit), run a query, read the table whose cells
 * cite their pages, refuse an empty column name, add a column, open a cited page in the PDF
 * viewer, remove columns with Edit Columns, download the Excel file named from the table title,
 * run a second query (Private Credit) and go back to the first through the chat-history chips
 * (axe-clean) and export that older run (its own columns and title, read back with exceljs), find
 * the chat under History (beside the Equity Analysis list) and delete it; a visitor goes to
 * /signup; a failed query shows the Error modal.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { DEFAULT_RESTRUCTURING_COLUMNS } from '@credence/shared';
import { MERIDIAN, renderPdf } from '@credence/shared/credit-pdfs';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { loginToken } from '../support/http.ts';
import { signedInPage } from '../support/session.ts';

const WAIT_MS = 60_000;
/** A PDF header and a catalogue pointing at pages that are not there: pdfjs cannot read it. */
const DAMAGED_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nendobj\n'), Buffer.alloc(4000, 0x7e)]);

describe('restructuring workspace (/us/restructuring)', () => {
  let api: ApiServer;
  let browser: Browser;
  let token: string;

  before(async () => {
    const launched = launchBrowser().then((b) => (browser = b));
    api = await startApi({ SAMPLE_COMPANIES: '0' });
    await launched;
    token = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('goes from upload to a table whose cited cell opens its page, adds and removes columns, exports the workbook and deletes the chat', async () => {
    const { context, page } = await signedInPage(browser, api.url, token, { width: 1400, height: 900 });
    try {
      const agreement = await renderPdf(PDFDocument, MERIDIAN.agreement.pages);
      const notes = await renderPdf(PDFDocument, MERIDIAN.notes.pages);
      await page.goto('/us/restructuring', { timeout: WAIT_MS });
      await page.waitForURL((url) => Boolean(url.searchParams.get('chatKey')), { timeout: WAIT_MS });
      await page.getByRole('heading', { level: 1, name: 'Capital Restructuring' }).waitFor();

      await page.getByRole('button', { name: 'Upload Files' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Files' });
      const input = dialog.locator('input[type=file]');
      await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') }]);
      await dialog.getByRole('alert').filter({ hasText: 'Please select only PDF files.' }).waitFor();
      await input.setInputFiles([
        { name: 'facility-agreement.pdf', mimeType: 'application/pdf', buffer: agreement },
        { name: 'notes.pdf', mimeType: 'application/pdf', buffer: notes },
        { name: 'broken.pdf', mimeType: 'application/pdf', buffer: DAMAGED_PDF },
      ]);
      await dialog.locator('.upload-dialog__file--done').nth(1).waitFor({ timeout: WAIT_MS });
      assert.equal(await dialog.getByText('✓ Completed').count(), 2);
      // the damaged file keeps its row: its reason (the file named, what to do) across the dialog, wrapped, at 768 and 1366 px
      const reason = dialog.getByRole('alert').filter({ hasText: 'broken.pdf is damaged and cannot be read as a PDF' });
      await reason.waitFor({ timeout: WAIT_MS });
      assert.match(await reason.innerText(), /save or export it again as a PDF .*upload that copy/);
      for (const width of [768, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        const [box, around] = [await reason.boundingBox(), await dialog.boundingBox()];
        assert.ok(box && around && box.x >= 0 && box.x + box.width <= width, `the reason is inside the window at ${width} px`);
        assert.ok(box.width >= around.width * 0.8, `the reason reads across the dialog at ${width} px (${box.width} of ${around.width})`);
        assert.ok(box.height > 30, `the reason wraps onto more lines at ${width} px, never cut`);
        assert.equal(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth), true);
      }
      await page.setViewportSize({ width: 1400, height: 900 });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      // Submit keeps the dialog open over a file that was not uploaded, and names it
      await dialog
        .getByRole('status')
        .filter({ hasText: /Processed 2 files, \d+ pages\. Not uploaded: broken\.pdf/ })
        .waitFor({ timeout: WAIT_MS });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.getByLabel('Uploaded files').filter({ hasText: 'facility-agreement.pdf (3 pages)' }).waitFor();

      await page.getByRole('textbox', { name: 'Query' }).fill('Capital structure of Meridian Foods');
      await page.getByRole('button', { name: 'Run' }).click();
      const table = page.getByRole('region', { name: 'Results table' });
      await table.getByRole('heading', { name: 'Capital Structure' }).waitFor({ timeout: WAIT_MS });
      const rows = table.locator('tbody tr');
      await rows.first().waitFor({ timeout: WAIT_MS });
      assert.equal(await rows.count(), 2);
      assert.match(
        await rows.nth(0).innerText(),
        /Term Facility[\s\S]*MERIDIAN FOODS LIMITED[\s\S]*GBP 120,000,000[\s\S]*3\.75 per cent\. per annum/,
      );
      assert.match(await rows.nth(1).innerText(), /6\.5% Senior Notes due 2031[\s\S]*1 April 2031/);
      await page
        .getByRole('region', { name: 'Thought Process' })
        .getByText(/\[Instrument \/ Facility, .*Ranking\]/)
        .waitFor();
      await page.getByRole('region', { name: 'Observations' }).getByText('Instruments found:').waitFor();
      const chips = page.getByRole('list', { name: 'Queries in this chat' });
      await chips.getByRole('button', { name: 'Capital structure of Meridian Foods' }).waitFor({ timeout: WAIT_MS });

      // Add Column: an empty name is refused, a new one re-runs with that column
      await table.getByRole('button', { name: 'Add Column' }).click();
      await table.getByLabel('Column name').fill('   ');
      await table.getByRole('button', { name: 'Save' }).click();
      await table.getByRole('alert').filter({ hasText: 'Column name cannot be empty.' }).waitFor();
      await table.getByLabel('Column name').fill('Governing law');
      await table.getByRole('button', { name: 'Save' }).click();
      await table.getByRole('columnheader', { name: 'Governing law' }).waitFor({ timeout: WAIT_MS });
      await table.locator('tbody tr').first().waitFor();

      // Edit Columns: Save only once the choice changed; removing columns re-runs without them
      await table.getByRole('button', { name: 'Edit Columns' }).click();
      const columns = table.getByRole('form', { name: 'Columns' });
      assert.equal(await columns.getByRole('button', { name: 'Save columns' }).isDisabled(), true);
      await columns.getByRole('checkbox', { name: 'Governing law' }).uncheck();
      await columns.getByRole('checkbox', { name: 'Ranking' }).uncheck();
      await columns.getByRole('button', { name: 'Save columns' }).click();
      await table.getByRole('columnheader', { name: 'Ranking' }).waitFor({ state: 'detached', timeout: WAIT_MS });
      await table.getByRole('columnheader', { name: 'Maturity' }).waitFor({ timeout: WAIT_MS });
      assert.equal(await table.getByRole('columnheader', { name: 'Governing law' }).count(), 0);
      await page
        .getByRole('region', { name: 'Thought Process' })
        .getByText(/\[Instrument \/ Facility, .*Financial Covenants\]$/)
        .waitFor();

      // the margin's page opens in the viewer
      await rows.nth(0).getByRole('button', { name: 'p. 3' }).first().click();
      const viewer = page.getByRole('dialog', { name: /facility-agreement\.pdf page 3/ });
      await viewer.waitFor({ timeout: WAIT_MS });
      await viewer.locator('canvas[data-page="3"]').waitFor();
      await viewer.getByRole('link', { name: 'Open in new tab' }).waitFor({ timeout: WAIT_MS });
      await screenshot(page, 'restructuring-cited-page');
      await viewer.getByRole('button', { name: 'Close' }).click();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      assert.equal((await download).suggestedFilename(), 'Capital_Structure.xlsx');

      // a second query gets its chip first (cut, its full text as the title); the first query's
      // chip (one for its three runs) shows that chat's latest run of it again, columns as edited
      const second = 'Capital structure of Meridian Foods: every facility and note with lenders, margin and maturity';
      await page.getByRole('textbox', { name: 'Query' }).fill(second);
      await page.getByRole('combobox', { name: 'Focus area' }).selectOption('private_credit');
      await page.getByRole('button', { name: 'Run' }).click();
      await table.getByRole('columnheader', { name: 'Ranking' }).waitFor({ timeout: WAIT_MS });
      const chip = chips.getByRole('button');
      await chip.nth(1).waitFor({ timeout: WAIT_MS });
      assert.deepEqual(await chip.allInnerTexts(), ['Capital structure of Meridian Foods: eve...', 'Capital structure of Meridian Foods']);
      assert.equal(await chip.first().getAttribute('title'), second);
      assert.equal(await chip.first().getAttribute('aria-current'), 'true');
      assert.deepEqual(await seriousViolations(page, '.restructuring__main'), [], 'axe-core finds nothing serious in the workspace');
      await chip.nth(1).focus();
      await page.keyboard.press('Enter');
      await table.getByRole('columnheader', { name: 'Ranking' }).waitFor({ state: 'detached', timeout: WAIT_MS });
      await table.getByRole('columnheader', { name: 'Maturity' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Query' }).inputValue(), 'Capital structure of Meridian Foods');
      assert.equal(await chip.nth(1).getAttribute('aria-current'), 'true');
      await page
        .getByRole('region', { name: 'Thought Process' })
        .getByText(/\[Instrument \/ Facility, .*Financial Covenants\]$/)
        .waitFor();
      // Export writes the run shown: the older run's file, named from its title, holds its columns
      const older = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      assert.equal((await older).suggestedFilename(), 'Capital_Structure.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await (await older).path())!)) as never);
      const sheet = book.getWorksheet('Table')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      assert.deepEqual(header, [...DEFAULT_RESTRUCTURING_COLUMNS.filter((c) => c !== 'Ranking')]);
      assert.equal(sheet.rowCount, 3);
      assert.match(String(sheet.getRow(2).getCell(1).value), /Term Facility/);
      assert.match(String(sheet.getRow(3).getCell(6).value), /1 April 2031/);
      await chip.first().click();
      await table.getByRole('columnheader', { name: 'Ranking' }).waitFor();
      const latest = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      assert.equal((await latest).suggestedFilename(), 'Credit_Terms.xlsx');

      // the research chat's list opens this chat on its workspace, not as a research answer
      const workspace = new URL(page.url()).searchParams.get('chatKey');
      await page.goto('/analysis', { timeout: WAIT_MS });
      await page
        .getByRole('navigation', { name: 'Chats' })
        .getByRole('button', { name: 'Capital structure of Meridian Foods', exact: true })
        .click({ timeout: WAIT_MS });
      await page.waitForURL((url) => url.pathname === '/us/restructuring' && url.searchParams.get('chatKey') === workspace, {
        timeout: WAIT_MS,
      });
      await table.getByRole('columnheader', { name: 'Maturity' }).waitFor({ timeout: WAIT_MS });

      const nav = page.getByRole('navigation', { name: 'Restructuring history' });
      await nav.getByRole('link', { name: 'Capital structure of Meridian...' }).waitFor();
      await nav.getByText('Equity Analysis').waitFor();

      // deleting the chat takes it off the list and opens a fresh workspace
      const before = new URL(page.url()).searchParams.get('chatKey');
      await nav.getByRole('button', { name: 'Delete Capital structure of Meridian...' }).click();
      await nav.getByRole('link', { name: 'Capital structure of Meridian...' }).waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.waitForURL(
        (url) =>
          url.pathname === '/us/restructuring' && Boolean(url.searchParams.get('chatKey')) && url.searchParams.get('chatKey') !== before,
      );
      await page.getByLabel('Uploaded files').filter({ hasText: 'No files uploaded yet.' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends a visitor to /signup, and shows a failed query in the Error modal until Close', async () => {
    const visitor = await browser.newContext({ baseURL: api.url });
    try {
      const page = await visitor.newPage();
      await page.goto('/us/restructuring?chatKey=abc', { timeout: WAIT_MS });
      await page.waitForURL((url) => url.pathname === '/signup', { timeout: WAIT_MS });
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/us/restructuring?chatKey=abc');
    } finally {
      await visitor.close();
    }

    const { context, page } = await signedInPage(browser, api.url, token, { width: 1400, height: 900 });
    try {
      await page.goto('/us/restructuring', { timeout: WAIT_MS });
      await page.waitForURL((url) => Boolean(url.searchParams.get('chatKey')), { timeout: WAIT_MS });
      // a workspace with no documents: the plan call fails with the server's words
      await page.getByRole('textbox', { name: 'Query' }).fill('Capital structure');
      await page.getByRole('button', { name: 'Run' }).click();
      const modal = page.getByRole('alertdialog', { name: 'Error' });
      await modal.waitFor({ timeout: WAIT_MS });
      assert.match(await modal.innerText(), /Fetching thought process failed: .*upload/i);
      await screenshot(page, 'restructuring-error-modal');
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('button', { name: 'Run' }).isEnabled(), true);
    } finally {
      await context.close();
    }
  });
});
