/**
 * Questions about uploaded PDFs through POST /api/research/ask with chat_key, answered by the
 * built-in analyst with no model: a figure from its statement row and period, a metric the
 * question defines with each input shown and cited, a change between years, a quoted passage,
 * what the document is (read from its cover),
 * an unanswerable question declined, and an instruction planted in the PDF's text that changes
 * nothing. Every citation is an upload page whose quote and boxes the evidence checker confirmed.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchAnswer, ResearchCitation } from '@credence/shared';
import { uploadPdfs } from '../support/documents-client.js';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { annualReportPdf, PLANTED_LINK, plantedLinkPdf, REPORT } from '../support/sample-documents.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('documents: questions answered from uploaded PDFs, cited to their pages', () => {
  let t: TestApi;
  let token: string;
  let other: string;

  before(async () => {
    t = await startTestApi();
    token = await t.activeUser('asker@credence.test');
    other = await t.activeUser('someone@credence.test');
    const uploaded = await uploadPdfs(t, token, 'report-chat', [{ name: 'northwind-10k.pdf', bytes: await annualReportPdf() }]);
    if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
    const planted = await uploadPdfs(t, token, 'planted-chat', [{ name: 'contoso_[notes]_*2024*.pdf', bytes: await plantedLinkPdf() }]);
    if (planted.status !== 200) throw new Error(JSON.stringify(planted.body));
  });
  after(() => t.close());

  async function ask(query: string, auth = token, chatKey = 'report-chat'): Promise<ResearchAnswer> {
    const stream = await openSse(`${t.url}/api/research/ask`, { body: { query, chat_key: chatKey }, token: auth });
    const events = await stream.finished(60_000);
    const last = events.at(-1)!;
    if (last.event !== 'done') throw new Error(`stream ended with ${last.event}: ${JSON.stringify(last.data)}`);
    return last.data.answer as ResearchAnswer;
  }

  const uploadCitations = (answer: ResearchAnswer) => answer.citations.filter((c) => c.kind === 'upload');
  function citedOn(answer: ResearchAnswer, page: number, figure: string): ResearchCitation {
    const found = uploadCitations(answer).find((c) => c.page === page && c.quote?.includes(figure));
    if (!found) throw new Error(`no citation of page ${page} quoting ${figure}: ${JSON.stringify(answer.citations)}`);
    expect(found).toMatchObject({ kind: 'upload', pdf_name: 'northwind-10k.pdf', verified: true });
    expect(found.boxes!.length).toBeGreaterThan(0);
    for (const box of found.boxes!) expect(box.page).toBe(page);
    return found;
  }

  it('total net sales in 2017: the figure of the Net sales row in the 2017 column, quoted and boxed on page 3', async () => {
    const answer = await ask('What were total net sales in 2017?');
    expect(answer.text).toContain('229,234');
    expect(answer.text).not.toContain('(unverified)');
    const citation = citedOn(answer, REPORT.operations.page, '229,234');
    expect(citation.quote).toBe('Net sales 260,174 265,595 229,234');
    expect(answer.thoughtProcess[0]).toContain('northwind-10k.pdf');
    expect(answer.declined).toBeUndefined();
  });

  it('FY2019 capital expenditure: found under its printed name on the cash flow page', async () => {
    const answer = await ask('What was FY2019 capital expenditure?');
    expect(answer.text).toContain('(10,495)');
    citedOn(answer, REPORT.cashFlows.page, '(10,495)');
  });

  it('EBITDA = operating income + D&A: the sum, and each input shown with its own page cited', async () => {
    const answer = await ask('What was EBITDA in 2019?');
    expect(answer.text).toContain('76,477');
    expect(answer.text).toContain('63,930');
    expect(answer.text).toContain('12,547');
    citedOn(answer, REPORT.operations.page, '63,930');
    citedOn(answer, REPORT.cashFlows.page, '12,547');
  });

  it('operating margin in 2018: operating income over net sales, both cited', async () => {
    const answer = await ask('What was the operating margin in 2018?');
    expect(answer.text).toContain('26.7%');
    citedOn(answer, REPORT.operations.page, '70,898');
    citedOn(answer, REPORT.operations.page, '265,595');
  });

  it('growth between two years: the change and both figures', async () => {
    const answer = await ask('How did net sales change from 2018 to 2019?');
    expect(answer.text).toContain('-2.0%');
    expect(answer.text).toContain('260,174');
    expect(answer.text).toContain('265,595');
  });

  it('a question answered by what the document says: the passage quoted as it reads, cited to page 2', async () => {
    const answer = await ask('What does the report say about concentrated suppliers?');
    expect(answer.text).toContain(REPORT.risk);
    const citation = uploadCitations(answer).find((c) => c.page === REPORT.riskPage);
    expect(citation).toMatchObject({ verified: true });
    expect(citation!.quote!.replace(/\s+/g, ' ')).toContain('suppliers are concentrated');
  });

  it('"What is this document?": the form, filer and period its cover prints, each quoted and cited to page 1; a summary adds its sections', async () => {
    const answer = await ask('What is this document?');
    expect(answer.text).toContain(`**northwind-10k.pdf** is a Form 10-K (annual report) of ${REPORT.company} for the fiscal year 2019.`);
    const cover = uploadCitations(answer).find((c) => c.page === 1);
    expect(cover).toMatchObject({ verified: true, pdf_name: 'northwind-10k.pdf' });
    expect(cover!.quote).toContain('Form 10-K');
    expect(answer.declined).toBeUndefined();
    const summary = await ask('Summarise this document');
    expect(summary.text).toMatch(/Sections: Item 1A\. Risk Factors \(page 2\); Item 7\. Management discussion \(page 4\)/);
  });

  it('a question the documents cannot answer: says so, states no figure and cites nothing', async () => {
    const answer = await ask("What was the chief executive's compensation?");
    expect(answer.text).toMatch(/do not answer this question/);
    expect(uploadCitations(answer)).toEqual([]);
    expect(answer.declined?.missing.length).toBeGreaterThan(0);
    const year = await ask('What were net sales in 2025?');
    expect(year.text).toMatch(/do not show revenue for 2025 \(they show 2019, 2018, 2017\)/);
  });

  it('an instruction planted in the PDF changes nothing: the 2019 net sales are the statement row, cited to page 3', async () => {
    const answer = await ask('What were net sales in 2019?');
    expect(answer.text).toContain('260,174');
    expect(answer.text).not.toContain('999,999');
    // The figure is the statement's; other pages on it may follow, never the page the instruction names.
    citedOn(answer, REPORT.operations.page, '260,174');
    expect(uploadCitations(answer)[0].page).toBe(REPORT.operations.page);
    expect(uploadCitations(answer).map((c) => c.page)).not.toContain(1);
    expect(answer.text).not.toMatch(/ignore all previous instructions/i);
  });

  it('markdown planted in a quoted passage is shown as the characters it is: no link under the verified citation', async () => {
    const answer = await ask('What does the report say about restated segment figures?', token, 'planted-chat');
    const citation = uploadCitations(answer).find((c) => c.page === 2);
    expect(citation).toMatchObject({ verified: true, pdf_name: 'contoso_[notes]_*2024*.pdf' });
    // rendered as the web renders it (CommonMark + GFM): the planted link and the file name are text
    const html = micromark(answer.text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).not.toMatch(/<a\s|href=/);
    // (the PDF's line may wrap inside the address: its text is read with a space there)
    expect(html.replace(/\s+/g, '')).toContain(PLANTED_LINK.replace(/\s+/g, ''));
    expect(html).toContain('contoso_[notes]_*2024*.pdf');
    expect(html).not.toMatch(/<em>|<strong>2024/);
  });

  it("another user's question in a chat with the same key never reads the owner's document", async () => {
    const answer = await ask('What were net sales in 2019?', other);
    expect(answer.text).not.toContain('260,174');
    expect(uploadCitations(answer)).toEqual([]);
  });
});
