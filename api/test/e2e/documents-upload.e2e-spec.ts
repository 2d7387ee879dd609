/**
 * Uploading PDFs over HTTP (issue 15): a real annual report is stored with its text per page
 * (a table row on one line, with word boxes), listed, fetched, processed by a job whose progress
 * check_query shows, and deleted; another user sees none of it (404); every malformed or hostile
 * file is refused with a 4xx that names the problem, and nothing of the request is stored.
 */
import { Agent, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { uploadPdfs, processPdfs } from '../support/documents-client.js';
import { openSse } from '../support/sse-client.js';
import {
  annualReportPdf,
  compressionBombPdf,
  controlCharactersPdf,
  corruptPdf,
  encryptedPdf,
  pagesPdf,
  REPORT,
  scannedPdf,
  zipBytes,
} from '../support/sample-documents.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { CONTENT_CHUNK_BYTES } from '../../src/modules/documents/documents.repository.js';

describe('documents: upload, list, read, process, delete', () => {
  let t: TestApi;
  let token: string;
  let other: string;
  let report: Buffer;

  before(async () => {
    t = await startTestApi({ UPLOAD_MAX_MB: '2', UPLOAD_MAX_PAGES: '40', UPLOAD_PARSE_MEMORY_MB: '128' });
    token = await t.activeUser('owner@credence.test');
    other = await t.activeUser('other@credence.test');
    // a photograph a page makes it span several of the database's 256 KB chunks
    report = await annualReportPdf({ imageKb: 100 });
    expect(report.length).toBeGreaterThan(2 * CONTENT_CHUNK_BYTES);
  });
  after(() => t.close());

  const list = (auth: string, chatKey = 'chat-a') => t.request('GET', `/api/fetch_pdf_list?chatKey=${chatKey}`, { token: auth });

  it('stores a PDF with its pages; the statement row reads on one line with its boxes; both list calls show it', async () => {
    const reply = await uploadPdfs(t, token, 'chat-a', [{ name: 'northwind-10k.pdf', bytes: report }]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Uploaded 1 file.');
    expect(reply.body.files).toEqual([
      expect.objectContaining({
        file_name: 'northwind-10k.pdf',
        size: report.length,
        pages: 6,
        text_pages: 6,
        scanned: false,
        indexed: false,
      }),
    ]);
    const id = reply.body.files[0].document_id;
    const page = await t.request('GET', `/api/pdf_page_text?document_id=${id}&page=${REPORT.operations.page}`, { token });
    expect(page.status).toBe(200);
    const row = page.body.lines.find((l: { text: string }) => l.text.startsWith('Net sales'));
    expect(row.text).toBe('Net sales 260,174 265,595 229,234');
    expect(row.boxes).toHaveLength(4);
    for (const box of row.boxes) expect(box.x1).toBeGreaterThan(box.x0);
    for (const path of ['fetch_pdf_list', 'fetch_pdf_list_gemini']) {
      const listed = await t.request('GET', `/api/${path}?chatKey=chat-a`, { token });
      expect(listed.body.map((f: { file_name: string }) => f.file_name)).toEqual(['northwind-10k.pdf']);
    }
  });

  it('stores a PDF whose font maps glyphs to NUL and terminal escapes: the page text holds no control character, and questions over it are answered', async () => {
    const reply = await uploadPdfs(t, token, 'chat-control', [{ name: 'ligatures.pdf', bytes: await controlCharactersPdf() }]);
    expect(reply.status).toBe(200);
    expect(reply.body.files).toEqual([expect.objectContaining({ file_name: 'ligatures.pdf', pages: 1, text_pages: 1 })]);
    const page = await t.request('GET', `/api/pdf_page_text?document_id=${reply.body.files[0].document_id}&page=1`, { token });
    expect(page.status).toBe(200);
    const text = page.body.lines.map((l: { text: string }) => l.text).join('\n');
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(text).toBe('Secion 1. Effecive ae. Invenory 5,409');
    const words = page.body.lines.flatMap((l: { boxes: unknown[] }) => l.boxes);
    expect(words.length).toBeGreaterThan(0);
    const asked = await openSse(`${t.url}/api/research/ask`, { token, body: { query: 'What was inventory?', chat_key: 'chat-control' } });
    expect(asked.status).toBe(200);
    expect((await asked.finished(60_000)).map((e) => e.event)).toContain('done');
  });

  it('fetch_pdf answers the very bytes uploaded; start_pdf_processing indexes them with progress through check_query', async () => {
    const fetched = await t.request('GET', '/api/fetch_pdf?chat_id=chat-a&pdf_name=northwind-10k.pdf', { token });
    expect(fetched.status).toBe(200);
    expect(Buffer.from(fetched.body.pdf_content, 'base64').equals(report)).toBe(true);
    const { final } = await processPdfs(t, token, 'chat-a');
    expect(final.status).toBe('completed');
    expect(final.result).toMatchObject({ documents: 1, indexed: 1, pages: 6 });
    expect(final.result.files[0].indexed).toBe(true);
  });

  it("another user cannot list, fetch, read, process or delete the owner's document (404 / empty)", async () => {
    expect((await list(other)).body).toEqual([]);
    const fetched = await t.request('GET', '/api/fetch_pdf?chat_id=chat-a&pdf_name=northwind-10k.pdf', { token: other });
    expect(fetched.status).toBe(404);
    const id = (await list(token)).body[0].document_id;
    expect((await t.request('GET', `/api/pdf_page_text?document_id=${id}&page=1`, { token: other })).status).toBe(404);
    expect((await t.request('GET', '/api/delete_pdf?chatKey=chat-a&file_name=northwind-10k.pdf', { token: other })).status).toBe(404);
    const { final } = await processPdfs(t, other, 'chat-a');
    expect(final.result).toMatchObject({ documents: 0 });
    expect((await list(token)).body).toHaveLength(1);
  });

  const refusals: [string, () => Promise<Buffer> | Buffer, number, RegExp][] = [
    ['a text file named .pdf', () => Buffer.from('quarterly numbers, not a pdf'), 415, /not a PDF.*Please select only PDF files\./],
    ['a renamed zip', zipBytes, 415, /is a ZIP archive, not a PDF/],
    ['0 bytes', () => Buffer.alloc(0), 400, /is empty \(0 bytes\)/],
    ['an encrypted PDF', encryptedPdf, 422, /is encrypted \(password-protected\)/],
    ['a corrupt PDF', corruptPdf, 422, /is damaged and cannot be read as a PDF/],
    ['a scanned PDF without text', scannedPdf, 422, /is a scanned PDF without text/],
    ['a PDF over UPLOAD_MAX_PAGES', () => pagesPdf(41), 413, /has 41 pages, more than the limit of 40 pages \(UPLOAD_MAX_PAGES\)/],
    [
      'a file over UPLOAD_MAX_MB',
      () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2.5 * 1024 * 1024, 0x20)]),
      413,
      /larger than the upload limit of 2 MB \(UPLOAD_MAX_MB\)/,
    ],
    [
      'a compression bomb',
      () => compressionBombPdf(400),
      422,
      /needed too much memory to read and was stopped|took longer than .* and was stopped/,
    ],
  ];
  for (const [what, make, status, message] of refusals) {
    it(`refuses ${what} with ${status}, naming the file and the problem, and stores nothing of the request`, async () => {
      const reply = await uploadPdfs(t, token, 'chat-b', [
        { name: 'good.pdf', bytes: report },
        { name: 'bad.pdf', bytes: await make() },
      ]);
      expect(reply.status).toBe(status);
      expect(reply.body.error).toMatch(/bad\.pdf/);
      expect(reply.body.error).toMatch(message);
      expect((await list(token, 'chat-b')).body).toEqual([]);
    });
  }

  it('a refused oversized file leaves its connection usable: the next request on the same connection is answered', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(3 * 1024 * 1024).fill(0x20)], { type: 'application/pdf' }), 'huge.pdf');
    form.append('chatKey', 'chat-d');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, payload?: Buffer, type?: string) =>
      new Promise<{ status: number; text: string; reused: boolean }>((resolve, reject) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (payload) Object.assign(headers, { 'content-type': type!, 'content-length': String(payload.length) });
        const req = httpRequest(`${t.url}${path}`, { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (piece) => (text += piece));
          res.on('end', () => resolve({ status: res.statusCode!, text, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(payload);
      });
    try {
      const refused = await send('POST', '/api/upload_pdf', body, encoded.headers.get('content-type')!);
      expect(refused.status).toBe(413);
      expect(refused.text).toMatch(/huge\.pdf is larger than the upload limit of 2 MB/);
      const next = await send('GET', '/api/fetch_pdf_list?chatKey=chat-d');
      expect(next).toEqual({ status: 200, text: '[]', reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('a form without chatKey or without files is a 400 naming the field', async () => {
    const noKey = await uploadPdfs(t, token, null, [{ name: 'a.pdf', bytes: report }]);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/chatKey/);
    const noFiles = await uploadPdfs(t, token, 'chat-c', []);
    expect(noFiles.status).toBe(400);
    expect(noFiles.body.error).toMatch(/files/);
    const json = await t.request('POST', '/api/upload_pdf', { token, body: { chatKey: 'x' } });
    expect(json.status).toBe(400);
  });

  it('a file name with a bidi override, a zero-width or a C1 character is a 400 naming the field, here and wherever a file name is taken', async () => {
    for (const [name, code] of [
      ['report\u202egpj.exe.pdf', 'U+202E'],
      ['inv\u200boice.pdf', 'U+200B'],
      ['next\u0085line.pdf', 'U+0085'],
      ['iso\u2066late.pdf', 'U+2066'],
    ]) {
      const reply = await uploadPdfs(t, token, 'chat-names', [{ name, bytes: report }]);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/^files must be a file name without control, invisible or text-direction characters/);
      expect(reply.body.error).toContain(code);
      // the refusal names the character; it never carries it back
      expect(reply.body.error).not.toMatch(/[\u0080-\u009f\u200b\u202a-\u202e\u2066-\u2069]/);
    }
    expect((await list(token, 'chat-names')).body).toEqual([]);
    const bad = encodeURIComponent('report\u202egpj.exe.pdf');
    const fetched = await t.request('GET', `/api/fetch_pdf?chat_id=chat-a&pdf_name=${bad}`, { token });
    expect([fetched.status, fetched.body.error]).toEqual([400, expect.stringMatching(/^pdf_name must be a file name without control/)]);
    const deleted = await t.request('GET', `/api/delete_pdf?chatKey=chat-a&file_name=${bad}`, { token });
    expect([deleted.status, deleted.body.error]).toEqual([400, expect.stringMatching(/^file_name must be a file name without control/)]);
    const asked = await t.request('POST', '/api/generate_thought_process_pdf_chat', {
      token,
      body: { chatKey: 'chat-a', query: 'What were net sales?', fileName: 'report\u202egpj.exe.pdf' },
    });
    expect([asked.status, asked.body.error]).toEqual([400, expect.stringMatching(/^fileName must be a file name without control/)]);
  });

  it('deletes a document: gone from the list, and fetching it is a 404', async () => {
    const deleted = await t.request('GET', '/api/delete_pdf?chatKey=chat-a&file_name=northwind-10k.pdf', { token });
    expect(deleted.status).toBe(200);
    expect((await list(token)).body).toEqual([]);
    expect((await t.request('GET', '/api/fetch_pdf?chat_id=chat-a&pdf_name=northwind-10k.pdf', { token })).status).toBe(404);
  });
});
