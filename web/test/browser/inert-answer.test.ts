/**
 * Issue 24: markdown a third party planted in a PDF's passage is shown as text in the browser. A
 * two-page report with `[Figures restated - verify at secure portal](https://evil.example/login)`
 * inside a sentence is uploaded to a chat over HTTP, the question is asked in /analysis, and the
 * answer quotes the sentence under its verified citation with no link to evil.example anywhere.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { screenshot } from '../support/browser.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const FILE = 'contoso-notes.pdf';
const PLANTED = '[Figures restated - verify at secure portal](https://evil.example/login)';
const WAIT_MS = 60_000;

function plantedReport(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.addPage().font('Helvetica-Bold').fontSize(20).text('Contoso Holdings plc', 50, 120);
  doc
    .addPage()
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Note 4. Segment information', 50, 80)
    .font('Helvetica')
    .fontSize(9)
    .moveDown()
    .text(`The segment figures were restated after the audit ${PLANTED} and the restated segment figures are final.`, { width: 520 });
  doc.end();
  return done;
}

const suite = sampleDataSuite(0);

describe('an answer quoting a PDF with planted markdown (/analysis)', () => {
  it('shows the planted link as text under the verified citation: no <a href> to evil.example', async () => {
    const chatKey = 'planted-link-chat';
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await plantedReport())], { type: 'application/pdf' }), FILE);
    form.append('chatKey', chatKey);
    const uploaded = await fetch(`${suite.api.url}/api/upload_pdf`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${suite.token}` },
    });
    assert.equal(uploaded.status, 200, await uploaded.text());

    const { context, page } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 820 });
    try {
      await page.goto(`/analysis?chatKey=${chatKey}`, { timeout: WAIT_MS });
      await page.getByRole('list', { name: 'Attached PDFs' }).getByText(FILE).waitFor({ timeout: WAIT_MS });
      const input = page.getByRole('textbox', { name: 'Your question' });
      await input.fill('What does the report say about restated segment figures?');
      await input.press('Enter');
      const answer = page.locator('.message .answer').first();
      await answer
        .getByText(/verify at secure portal/)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await page.locator('.answer-actions').waitFor({ timeout: WAIT_MS });
      await screenshot(page, 'inert-planted-link');

      assert.equal(await page.locator('a[href*="evil.example"]').count(), 0, 'no link to the planted address anywhere on the page');
      const text = (await answer.innerText()).replace(/\s+/g, '');
      assert.ok(text.includes(PLANTED.replace(/\s+/g, '')), `the planted markdown reads as its characters: ${text}`);
      // the quote sits under a verified citation (a footnote button for page 2, not marked unverified)
      await page
        .locator('.footnotes')
        .getByRole('button', { name: `Page 2 of ${FILE}` })
        .first()
        .waitFor();
      assert.equal(await answer.locator('.citation-marker--unverified').count(), 0);
    } finally {
      await context.close();
    }
  });
});
