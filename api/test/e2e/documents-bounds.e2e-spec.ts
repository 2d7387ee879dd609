/**
 * What one analyst can make the API hold or send is bounded (issue 24 section 2): a page built of
 * hundreds of thousands of text operators is kept as "too complex" and answered in a few bytes;
 * chats are limited in what they keep and answered in pages; an uploaded PDF is read through a
 * streamed route with Range requests, and fetch_pdf's base64 answer stops at a size.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { uploadPdfs } from '../support/documents-client.js';
import { annualReportPdf, handMadePdf, manyOperatorsPdf, textLines } from '../support/sample-documents.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('documents and chats: bounded pages, chats and file reads', () => {
  let t: TestApi;
  let token: string;
  let other: string;

  before(async () => {
    t = await startTestApi({
      UPLOAD_MAX_PAGE_ITEMS: '5000',
      PDF_PAGE_TEXT_MAX_KB: '16',
      CHAT_MESSAGE_MAX_KB: '64',
      CHAT_MAX_MESSAGES: '6',
      GET_CHAT_MAX_KB: '128',
      FETCH_PDF_MAX_MB: '1',
    });
    token = await t.activeUser('bounds@credence.test');
    other = await t.activeUser('bounds-other@credence.test');
  });
  after(() => t.close());

  it('keeps a page of 60,000 text operators as too complex: pdf_page_text answers that in a few bytes, the readable page as usual', async () => {
    const pdf = manyOperatorsPdf(60_000);
    expect(pdf.length).toBeLessThan(30_000);
    const reply = await uploadPdfs(t, token, 'chat-complex', [{ name: 'operators.pdf', bytes: pdf }]);
    expect(reply.status).toBe(200);
    expect(reply.body.files).toEqual([expect.objectContaining({ pages: 2, text_pages: 1 })]);
    const id = reply.body.files[0].document_id;
    const hostile = await t.request('GET', `/api/pdf_page_text?document_id=${id}&page=1`, { token });
    expect(hostile.status).toBe(200);
    expect(hostile.body).toMatchObject({ page: 1, lines: [], too_complex: true });
    expect(hostile.body.message).toMatch(/too complex.*more than 5,000 pieces.*UPLOAD_MAX_PAGE_ITEMS/);
    expect(JSON.stringify(hostile.body).length).toBeLessThan(1000);
    const readable = await t.request('GET', `/api/pdf_page_text?document_id=${id}&page=2`, { token });
    expect(readable.body.lines.map((l: { text: string }) => l.text)).toEqual([
      'A readable page after a hostile one.',
      'Revenue 1,234 and more words here.',
    ]);
    expect(readable.body.too_complex).toBeUndefined();
  });

  it('answers a stored page larger than PDF_PAGE_TEXT_MAX_KB as too complex instead of sending it whole', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `Line ${i + 1} ${'of a long page with several words on it '.repeat(8)}`);
    const reply = await uploadPdfs(t, token, 'chat-long', [{ name: 'long.pdf', bytes: handMadePdf([textLines(lines)]) }]);
    expect(reply.status).toBe(200);
    const page = await t.request('GET', `/api/pdf_page_text?document_id=${reply.body.files[0].document_id}&page=1`, { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ lines: [], too_complex: true });
  });

  it('refuses a PDF whose every page is too complex with a 422 that says so, and stores nothing', async () => {
    const column = `${'(y) Tj 0 -2 Td\n'.repeat(340)}0.5 680 Td\n`;
    const pdf = handMadePdf([Buffer.from(`BT /F1 1 Tf 50 740 Td\n${column.repeat(20)}ET`)]);
    const reply = await uploadPdfs(t, token, 'chat-complex-only', [{ name: 'only-operators.pdf', bytes: pdf }]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/only-operators\.pdf has no page Credence can read: every page is too complex/);
    expect((await t.request('GET', '/api/fetch_pdf_list?chatKey=chat-complex-only', { token })).body).toEqual([]);
  });

  const save = (chatId: string, query: string, observations: unknown, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/api/create_chat_history', { token, body: { chat_id: chatId, query_str: query, observations, ...extra } });

  it('create_chat_history refuses an answer past CHAT_MESSAGE_MAX_KB with a 400 naming the field, and keeps nothing of it', async () => {
    const big = await save('chat-big', 'A big answer', { text: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/^observations must be at most 64 KB as JSON .*CHAT_MESSAGE_MAX_KB/);
    const tables = await save('chat-big', 'Big tables', { text: 'ok' }, { table_data: [{ rows: ['y'.repeat(70 * 1024)] }] });
    expect(tables.status).toBe(400);
    expect(tables.body.error).toMatch(/^table_data must be at most 64 KB/);
    const chat = await t.request('GET', '/api/get_chat?chat_id=chat-big', { token });
    expect(chat.body.details ?? []).toEqual([]);
  });

  it('a chat keeps at most CHAT_MAX_MESSAGES questions: the next one is a 400 naming chat_id', async () => {
    for (let i = 1; i <= 6; i++) expect((await save('chat-full', `Question ${i}`, { text: `Answer ${i}` })).status).toBe(200);
    const seventh = await save('chat-full', 'Question 7', { text: 'Answer 7' });
    expect(seventh.status).toBe(400);
    expect(seventh.body.error).toMatch(/^chat_id: this chat already keeps 6 questions.*CHAT_MAX_MESSAGES/);
    const metadataOnly = await t.request('POST', '/api/create_chat_history', {
      token,
      body: { chat_id: 'chat-full', query_str: 'Question 1', chat_metadata: { company_name: 'Northwind' } },
    });
    expect(metadataOnly.status).toBe(200);
  });

  it('get_chat answers the latest questions that fit GET_CHAT_MAX_KB, and pages back to the first through before=', async () => {
    for (let i = 1; i <= 5; i++) expect((await save('chat-paged', `Question ${i}`, { text: `${i}`.repeat(50 * 1024) })).status).toBe(200);
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const reply = await t.request('GET', `/api/get_chat?chat_id=chat-paged${before ? `&before=${before}` : ''}`, { token });
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body).length).toBeLessThan(2 * 128 * 1024);
      seen.unshift(...reply.body.details.map((d: { query_str: string }) => d.query_str));
      before = reply.body.earlier_before;
      if (!before) break;
    }
    expect(seen).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']);
    const first = await t.request('GET', '/api/get_chat?chat_id=chat-paged', { token });
    expect(first.body.details.map((d: { query_str: string }) => d.query_str)).toEqual(['Question 4', 'Question 5']);
    expect((await t.request('GET', '/api/get_chat?chat_id=chat-paged&before=nope', { token })).status).toBe(400);
  });

  const file = (auth: string, name: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/api/pdf_file?chat_id=chat-file&pdf_name=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${auth}`, ...headers },
    });

  it('pdf_file streams the very bytes uploaded, answers a Range with 206 and Content-Range, and 416 past the end', async () => {
    const report = await annualReportPdf({ imageKb: 250 });
    expect(report.length).toBeGreaterThan(1024 * 1024);
    expect((await uploadPdfs(t, token, 'chat-file', [{ name: 'big report.pdf', bytes: report }])).status).toBe(200);
    const whole = await file(token, 'big report.pdf');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(report)).toBe(true);
    // a range across the database's 256 KB chunks, and one at the end
    const part = await file(token, 'big report.pdf', { range: 'bytes=262000-600000' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 262000-600000/${report.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(report.subarray(262000, 600001))).toBe(true);
    const tail = await file(token, 'big report.pdf', { range: 'bytes=-100' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(report.subarray(report.length - 100))).toBe(true);
    const past = await file(token, 'big report.pdf', { range: `bytes=${report.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${report.length}`);
  });

  it("pdf_file of another user's file is a 404, whatever the range", async () => {
    expect((await file(other, 'big report.pdf')).status).toBe(404);
    expect((await file(other, 'big report.pdf', { range: 'bytes=0-10' })).status).toBe(404);
  });

  it('fetch_pdf answers base64 up to FETCH_PDF_MAX_MB, and a 413 naming pdf_file past it', async () => {
    const big = await t.request('GET', '/api/fetch_pdf?chat_id=chat-file&pdf_name=big%20report.pdf', { token });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(
      /big report\.pdf is 1\.\d MB, more than fetch_pdf answers .*FETCH_PDF_MAX_MB.*GET \/api\/pdf_file\?chat_id=chat-file&pdf_name=big%20report\.pdf/,
    );
    const small = handMadePdf([textLines(['A small file read whole.'])]);
    expect((await uploadPdfs(t, token, 'chat-file', [{ name: 'small.pdf', bytes: small }])).status).toBe(200);
    const fetched = await t.request('GET', '/api/fetch_pdf?chat_id=chat-file&pdf_name=small.pdf', { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body.file_name).toBe('small.pdf');
    expect(Buffer.from(fetched.body.pdf_content, 'base64').equals(small)).toBe(true);
  });
});
