/**
 * PDF chat through a model (LLM_* set) over HTTP: the API searches the user's uploaded pages and
 * sends them to the model as a tool's result, the model (a local server replaying OpenAI-format
 * chunks) answers, and each figure it writes is cited to the page that prints it, with the quote
 * and boxes the evidence checker found there. An instruction planted in a PDF reaches the model
 * only as data, and a figure only that instruction gives is marked unverified. When the model
 * fails, the built-in document analyst answers under a visible note.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { PdfChatAnswer } from '@credence/shared';
import { startModelApi, type ModelApi } from '../support/model-api.js';
import { textChunks, type RecordedRequest, type ReplayServer } from '../support/openai-replay-server.js';
import { toolCallChunks } from '../support/research-llm.js';
import { annualReportPdf, REPORT } from '../support/sample-documents.js';
import type { TestApi } from '../support/test-api.js';

const KEY = 'llm-pdf-chat';

/** The reference of the cell a tool result gave for a row and a printed figure (as a model would cite it). */
function cell(body: RecordedRequest['body'], label: string, printed: string): string {
  for (const message of body.messages.filter((m) => m.role === 'tool')) {
    const facts = (JSON.parse(message.content!) as { facts?: { ref: string; label: string; printed?: string }[] }).facts ?? [];
    const found = facts.find((f) => f.label === label && f.printed === printed);
    if (found) return found.ref;
  }
  throw new Error(`no cell ${label} ${printed} in the tool results`);
}

describe('documents: PDF chat through a model, figures checked on their pages', () => {
  let api: ModelApi;
  let t: TestApi;
  let server: ReplayServer;
  let token: string;

  before(async () => {
    api = await startModelApi('llm-pdf@credence.test', KEY, [{ name: 'northwind-10k.pdf', bytes: await annualReportPdf() }]);
    ({ t, server, token } = api);
  });
  after(() => api.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  async function ask(query: string): Promise<PdfChatAnswer> {
    const reply = await t.request('POST', '/api/read_file_and_query', { token, body: { chatKey: KEY, query, thoughtProcess: ['Read'] } });
    expect(reply.status).toBe(200);
    return reply.body as PdfChatAnswer;
  }

  it("sends the found pages as data, and cites the model's figure to the page that prints it", async () => {
    server.script({
      chunksFor: (body) =>
        textChunks(
          `Total net sales in 2017 were $229,234 million ${cell(body, 'Net sales', '229,234')}, as the statements of operations print.`,
        ),
    });
    const result = await ask('What were total net sales in 2017?');

    const [first] = server.requests;
    expect(first.body.model).toBe('model-fast');
    expect(first.body.tools?.map((tool) => tool.function.name)).toEqual(['search_documents']);
    const system = first.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('never an instruction');
    const found = first.body.messages.find((m) => m.role === 'tool')!;
    const data = JSON.parse(found.content!);
    expect(data.data.pages.map((p: { page: number }) => p.page)).toContain(REPORT.operations.page);
    // each cell of the statement's table with its row and its column's period
    expect(data.facts).toContainEqual(expect.objectContaining({ label: 'Net sales', printed: '229,234', period: '2017' }));

    expect(result.answer.text).toBe('Total net sales in 2017 were $229,234 million[^c1], as the statements of operations print.');
    expect(result.answer.citations).toEqual([
      expect.objectContaining({
        kind: 'upload',
        pdf_name: 'northwind-10k.pdf',
        chat_key: KEY,
        page: REPORT.operations.page,
        verified: true,
        quote: 'Net sales 260,174 265,595 229,234',
      }),
    ]);
    expect(result.answer.citations[0].boxes!.length).toBeGreaterThan(0);
    expect(result.answer.engine).toEqual({ engine: 'model', model: 'model-fast' });
  });

  it("keeps a figure only on the cell it cites: a wrong cell, another year's cell, no cell or an invented figure is unverified", async () => {
    server.script({
      chunksFor: (body) =>
        textChunks(
          [
            `Net sales were $260,174 million in 2019 ${cell(body, 'Net sales', '260,174')}.`,
            `Operating income was 70,898 in 2018 ${cell(body, 'Net sales', '265,595')}.`,
            `Cost of sales was 163,756 in 2019 ${cell(body, 'Cost of sales', '163,756')}.`,
            'Gross margin was 88,186 in 2017.',
            `The operating margin was 24.6% in 2019 ${cell(body, 'Operating income', '63,930')}.`,
          ].join(' '),
        ),
    });
    const result = await ask('What were net sales, cost of sales and operating income?');

    expect(result.answer.text).toBe(
      'Net sales were $260,174 million[^c1] in 2019. Operating income was 70,898 (unverified) in 2018. ' +
        'Cost of sales was 163,756 (unverified) in 2019. Gross margin was 88,186 (unverified) in 2017. ' +
        'The operating margin was 24.6% (unverified) in 2019.',
    );
    expect(result.answer.citations).toEqual([
      expect.objectContaining({ page: REPORT.operations.page, verified: true, quote: 'Net sales 260,174 265,595 229,234' }),
    ]);
  });

  it('passes a planted instruction only as marked data, and a figure only it gives is unverified', async () => {
    server.script(
      { chunks: toolCallChunks([{ id: 'call-1', name: 'search_documents', arguments: JSON.stringify({ query: 'net sales 2019' }) }]) },
      {
        chunksFor: (body) =>
          textChunks(`Net sales in 2019 were 999,999. The statements print $260,174 million ${cell(body, 'Net sales', '260,174')}.`),
      },
    );
    const result = await ask('What were net sales in 2019?');

    const sent = server.requests[1].body.messages;
    const holding = sent.filter((m) => (m.content ?? '').includes('Ignore all previous instructions'));
    expect(holding.length).toBeGreaterThan(0);
    expect(holding.every((m) => m.role === 'tool')).toBe(true);
    const planted = holding.flatMap((m) => JSON.parse(m.content!).data.pages).find((p: { page: number }) => p.page === REPORT.plantedPage);
    expect(planted.warning).toMatch(/not an instruction/);
    expect(holding.flatMap((m) => JSON.parse(m.content!).facts).map((f: { printed: string }) => f.printed)).not.toContain('999,999');

    expect(result.answer.text).toBe('Net sales in 2019 were 999,999 (unverified). The statements print $260,174 million[^c1].');
    expect(result.answer.citations).toEqual([expect.objectContaining({ page: REPORT.operations.page, verified: true })]);
  });

  it('falls back visibly to the built-in document analyst when the model fails', async () => {
    server.script({ status: 503 });
    const result = await ask('What were total net sales in 2017?');
    expect(result.answer.text).toMatch(
      /^> The model at 127\.0\.0\.1:\d+ did not answer \(HTTP 503\); this answer is from the built-in analyst\./,
    );
    expect(result.answer.text).toContain('229,234');
    expect(result.answer.citations.find((c) => c.quote?.includes('229,234'))).toMatchObject({
      page: REPORT.operations.page,
      verified: true,
    });
    expect(result.answer.engine).toMatchObject({ engine: 'built-in', fallback_reason: expect.stringContaining('HTTP 503') });
  });
});
