/**
 * Spec 3 PDF chat over HTTP: generate_thought_process_pdf_chat then read_file_and_query, sent as
 * multipart forms as the web sends them (and as JSON). The answer cites the page with its quote
 * and boxes, is stored in the chat, and another user's chat or file is a 404.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { chatSubject, type ChatHistoryItem, type PdfChatAnswer } from '@credence/shared';
import { uploadPdfs } from '../support/documents-client.js';
import { annualReportPdf, REPORT } from '../support/sample-documents.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('documents: PDF chat (generate_thought_process_pdf_chat, read_file_and_query)', () => {
  let t: TestApi;
  let token: string;
  let other: string;

  before(async () => {
    t = await startTestApi();
    token = await t.activeUser('pdfchat@credence.test');
    other = await t.activeUser('intruder@credence.test');
    const pdf = await annualReportPdf();
    const uploaded = await uploadPdfs(t, token, 'pdf-chat-1', [
      { name: 'northwind-10k.pdf', bytes: pdf },
      { name: 'other.pdf', bytes: await annualReportPdf({ company: 'Other Corp' }) },
    ]);
    if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  });
  after(() => t.close());

  async function form(route: string, fields: Record<string, string>, auth = token): Promise<{ status: number; body: any }> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const response = await fetch(`${t.url}/api/${route}`, { method: 'POST', body, headers: { authorization: `Bearer ${auth}` } });
    return { status: response.status, body: await response.json() };
  }

  it('plans, then answers a figure from the named PDF, cited to its page with the quote and boxes', async () => {
    const fields = { chatKey: 'pdf-chat-1', query: 'What were total net sales in 2017?', fileName: 'northwind-10k.pdf' };
    const plan = await form('generate_thought_process_pdf_chat', fields);
    expect(plan.status).toBe(200);
    expect(plan.body.thought_process[0]).toContain('northwind-10k.pdf');
    expect(plan.body.thought_process[0]).not.toContain('other.pdf');

    const reply = await form('read_file_and_query', { ...fields, thoughtProcess: JSON.stringify(plan.body.thought_process) });
    expect(reply.status).toBe(200);
    const result = reply.body as PdfChatAnswer;
    expect(result.chat_id).toBe('pdf-chat-1');
    expect(result.answer.text).toContain('229,234');
    const citation = result.answer.citations.find((c) => c.kind === 'upload' && c.quote?.includes('229,234'));
    expect(citation).toMatchObject({
      page: REPORT.operations.page,
      pdf_name: 'northwind-10k.pdf',
      chat_key: 'pdf-chat-1',
      verified: true,
      quote: 'Net sales 260,174 265,595 229,234',
    });
    expect(citation!.boxes!.length).toBeGreaterThan(0);
    expect(result.table_data[0].rows[0]).toContain('Net sales');
    expect(result.observations.length).toBeGreaterThan(0);

    const chat = await t.request('GET', '/api/get_chat?chat_id=pdf-chat-1', { token });
    expect(chat.status).toBe(200);
    expect(chat.body.chat_metadata).toMatchObject({
      isCurrentChatPDF: true,
      chatPDFFileName: 'northwind-10k.pdf',
      chat_key: 'pdf-chat-1',
    });
    expect(chat.body.chat_metadata.chatPDFFileNames).toEqual(['northwind-10k.pdf']);
    // the chat list names it by the file it read (issue 27), not only by its question
    const list = await t.request('GET', '/api/get_chat_history', { token });
    const listed = (list.body as ChatHistoryItem[]).find((c) => c.chat_id === 'pdf-chat-1');
    expect(chatSubject(listed?.chat_metadata)).toBe('northwind-10k.pdf');
    expect(chat.body.details.at(-1).observations.text).toBe(result.answer.text);
  });

  it('takes the same fields as JSON', async () => {
    const reply = await t.request('POST', '/api/read_file_and_query', {
      token,
      body: { chatKey: 'pdf-chat-1', query: 'What was FY2019 capital expenditure?', thoughtProcess: ['Read', 'Answer'] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.answer.text).toContain('(10,495)');
  });

  it("another user's chat key or file name is a 404, and their documents are never read", async () => {
    const fields = { chatKey: 'pdf-chat-1', query: 'What were net sales in 2019?', fileName: 'northwind-10k.pdf' };
    for (const route of ['generate_thought_process_pdf_chat', 'read_file_and_query']) {
      const reply = await form(route, fields, other);
      expect(reply.status).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('260,174');
    }
    const ownKeyNoDocs = await form('read_file_and_query', { ...fields, chatKey: 'intruder-chat' }, other);
    expect(ownKeyNoDocs.status).toBe(404);
    const noSuchFile = await form('generate_thought_process_pdf_chat', { ...fields, fileName: 'missing.pdf' });
    expect(noSuchFile).toMatchObject({ status: 404, body: { error: 'No such document in this chat.' } });
  });

  it('refuses bad forms with a 400 naming the problem, never a 500', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ chatKey: 'pdf-chat-1', query: '   ' }, /query must not be empty/],
      [{ chatKey: '../etc', query: 'x' }, /chatKey must be/],
      [{ chatKey: 'pdf-chat-1', query: 'x', fileName: '../a.pdf' }, /fileName must be a file name/],
      [{ chatKey: 'pdf-chat-1', query: 'x', extra: '1' }, /Unknown field "extra"/],
      [{ chatKey: 'pdf-chat-1', query: 'x', thoughtProcess: '[1, 2' }, /thoughtProcess must be a list/],
      [{ chatKey: 'pdf-chat-1', query: 'x', thoughtProcess: '[1, 2]' }, /thoughtProcess must be a list/],
    ];
    for (const [fields, message] of cases) {
      const reply = await form('read_file_and_query', fields);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(message);
    }
  });
});
