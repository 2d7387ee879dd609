/**
 * PDF chat in the research chat screen (/analysis, spec 3 PDF chat) in headless chromium against
 * the real API (no model, no company): attach an annual report made here with pdfkit (its
 * statement of operations on page 3) through the Upload Files dialog, see it listed as attached,
 * ask a figure question, which goes to the PDF chat calls (plan, then answer), read the cited
 * answer, open the cited page in the PDF viewer with the quote highlighted on it, reload the
 * chat, and remove the PDF.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { statementTable } from '@credence/shared/credit-pdfs';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { http } from '../support/http.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

type Doc = InstanceType<typeof PDFDocument>;

const FILE = 'harbor-annual-report.pdf';
const CITED_PAGE = 3;
const YEARS = ['2024', '2023', '2022'];
const ROWS: [string, ...string[]][] = [
  ['Net sales', '412,880', '398,105', '371,442'],
  ['Cost of sales', '251,037', '244,812', '229,900'],
  ['Operating income', '88,415', '81,207', '74,630'],
  ['Net income', '61,902', '57,318', '52,004'],
];

/** A three-page annual report: a cover, a passage, and the statement of operations on page 3 (one row per baseline). */
function annualReport(): Promise<Buffer> {
  const doc: Doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.addPage().font('Helvetica-Bold').fontSize(20).text('Harbor Instruments Inc.', 50, 120).fontSize(14).text('Annual Report 2024');
  doc
    .addPage()
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Business overview', 50, 80)
    .font('Helvetica')
    .fontSize(10)
    .moveDown()
    .text('Harbor Instruments designs and sells precision measurement equipment to industrial customers.', { width: 495 });
  doc.addPage();
  statementTable(doc, 'Consolidated Statements of Operations', '(In thousands of U.S. dollars)', YEARS, ROWS);
  doc.end();
  return done;
}

const WAIT_MS = 60_000;
/** The API with no sample companies: the chat is about the attached PDF alone. */
const suite = sampleDataSuite(0);

describe('PDF chat in the research chat (/analysis)', () => {
  it('attaches a PDF, answers a question from it with a citation, and opens the cited page with the quote highlighted, then removes the PDF', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 820 });
    try {
      await page.goto('/analysis', { timeout: WAIT_MS });
      await page.getByRole('heading', { level: 1, name: 'How can Credence help you today?' }).waitFor({ timeout: WAIT_MS });
      const input = page.getByRole('textbox', { name: 'Your question' });
      assert.equal(await input.isDisabled(), true, 'without a company or a PDF there is nothing to ask about');

      // attach: the shared Upload Files dialog, the chat's key in the address; Escape closes it unused
      const dialog = page.getByRole('dialog', { name: 'Upload Files' });
      await page.getByRole('button', { name: 'Attach PDFs' }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Attach PDFs' }).click();
      const file = dialog.locator('input[type=file]');
      await file.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') }]);
      await dialog.getByRole('alert').filter({ hasText: 'Please select only PDF files.' }).waitFor();
      await file.setInputFiles([{ name: FILE, mimeType: 'application/pdf', buffer: await annualReport() }]);
      await dialog.getByText('✓ Completed').waitFor({ timeout: WAIT_MS });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
      const chatKey = new URL(page.url()).searchParams.get('chatKey');
      assert.ok(chatKey, 'the chat has its key in the address once a PDF is attached');
      const attached = page.getByRole('list', { name: 'Attached PDFs' });
      await attached.getByText(FILE).waitFor();
      assert.match(await attached.innerText(), /3 pages/);

      // ask: the question goes to the PDF chat calls (plan, then answer), not the stream
      assert.equal(await input.isDisabled(), false, 'a PDF chat needs no company');
      await input.fill('What were total net sales in 2022?');
      const planned = page.waitForRequest((r) => r.url().endsWith('/api/generate_thought_process_pdf_chat') && r.method() === 'POST');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/read_file_and_query'), { timeout: WAIT_MS });
      await input.press('Enter');
      assert.match((await planned).postData() ?? '', new RegExp(`name="chatKey"\\r\\n\\r\\n${chatKey}`));
      assert.equal((await answered).status(), 200);

      const answer = page.locator('.message .answer').first();
      await answer
        .getByText(/371,442/)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await page.locator('.answer-actions').waitFor({ timeout: WAIT_MS });
      const pageButton = page
        .locator('.footnotes')
        .getByRole('button', { name: `Page ${CITED_PAGE} of ${FILE}` })
        .first();
      await pageButton.waitFor();
      await screenshot(page, 'pdf-chat-answer');
      assert.deepEqual(await seriousViolations(page, '.analysis'), [], 'axe-core finds nothing serious in the PDF chat');

      // the cited page opens in the viewer, the quote highlighted on it
      await pageButton.click();
      const viewer = page.getByRole('dialog', { name: `${FILE} page ${CITED_PAGE}` });
      await viewer.waitFor({ timeout: WAIT_MS });
      const canvas = viewer.locator(`canvas[data-page="${CITED_PAGE}"]`);
      await canvas.waitFor({ state: 'visible', timeout: WAIT_MS });
      const mark = viewer.locator('mark.pdf-dialog__highlight').first();
      await mark.waitFor({ state: 'visible' });
      await viewer
        .getByRole('status')
        .filter({ hasText: /Highlighted on this page: .*371,442/ })
        .waitFor({ state: 'attached' });
      const [sheet, box] = await Promise.all([canvas.boundingBox(), mark.boundingBox()]);
      assert.ok(sheet && box, 'the page and its highlight are shown');
      assert.ok(
        box.x >= sheet.x - 1 && box.y >= sheet.y - 1 && box.x + box.width <= sheet.x + sheet.width + 1 && box.width > 0,
        `the highlight sits on the page (${JSON.stringify({ sheet, box })})`,
      );
      // the table sits in the top third of the page: the highlight is there, not elsewhere
      assert.ok(box.y < sheet.y + sheet.height / 3, `the highlight marks the table row near the top (${JSON.stringify({ sheet, box })})`);
      await screenshot(page, 'pdf-chat-cited-page');
      await viewer.getByRole('button', { name: 'Close' }).click();
      await viewer.waitFor({ state: 'detached' });

      // the chat is stored: reloading its address restores the answer and the attached PDF
      await page.reload();
      await page
        .locator('.message .answer')
        .first()
        .getByText(/371,442/)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('list', { name: 'Attached PDFs' }).getByText(FILE).waitFor();
      // the sidebar names the chat by its file, not only by its question (issue 27)
      await page
        .getByRole('navigation', { name: 'Chats' })
        .locator('.chat-item__company', { hasText: FILE })
        .first()
        .waitFor({ timeout: WAIT_MS });

      // removed, the PDF leaves the list and the chat no longer answers from it
      await page.getByRole('button', { name: `Remove ${FILE}` }).click();
      await page.getByRole('list', { name: 'Attached PDFs' }).waitFor({ state: 'detached' });
      const left = await http<unknown[]>(suite.api, 'GET', `fetch_pdf_list?chatKey=${chatKey}`, undefined, suite.token);
      assert.deepEqual(left, { status: 200, body: [] }, 'the document is deleted on the server');
    } finally {
      await context.close();
    }
  });
});
