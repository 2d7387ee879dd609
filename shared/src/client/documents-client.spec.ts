import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createApiClient, type FetchLike } from './index.js';

describe('documents client: PDF chat calls', () => {
  it('sends the plan and the answer calls as multipart forms (spec 3), the plan as a JSON array, with the bearer', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push({ url, init });
      const body = url.endsWith('generate_thought_process_pdf_chat') ? { thought_process: ['Read', 'Answer'] } : { chat_id: 'k1' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createApiClient({ baseUrl: 'http://api.test', token: 't', fetch });
    const plan = await client.pdfChatThoughtProcess({ chatKey: 'k1', query: 'Net sales in 2022?', model: 'flash' });
    expect(plan.thought_process).toEqual(['Read', 'Answer']);
    await client.readFileAndQuery({ chatKey: 'k1', query: 'Net sales in 2022?', fileName: 'a.pdf', thoughtProcess: plan.thought_process });

    expect(seen.map((s) => [s.init?.method, s.url])).toEqual([
      ['POST', 'http://api.test/api/generate_thought_process_pdf_chat'],
      ['POST', 'http://api.test/api/read_file_and_query'],
    ]);
    const [planForm, answerForm] = seen.map((s) => s.init?.body as FormData);
    expect(Object.fromEntries(planForm)).toEqual({ chatKey: 'k1', query: 'Net sales in 2022?', model: 'flash' });
    expect(Object.fromEntries(answerForm)).toEqual({
      chatKey: 'k1',
      query: 'Net sales in 2022?',
      fileName: 'a.pdf',
      thoughtProcess: '["Read","Answer"]',
    });
    expect((seen[1].init?.headers as Record<string, string>).authorization).toBe('Bearer t');
  });

  it('reads one page of an uploaded document by its id and page number', async () => {
    const seen: string[] = [];
    const page = { document_id: 'd1', file_name: 'a.pdf', page: 3, lines: [{ text: 'Net sales 5,409', boxes: [] }] };
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createApiClient({ baseUrl: 'http://api.test', token: 't', fetch });
    expect(await client.pdfPageText('d1', 3)).toEqual(page);
    expect(seen).toEqual(['http://api.test/api/pdf_page_text?document_id=d1&page=3']);
  });

  it('reads an uploaded file from its streamed route, asking for a range when given one', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push({ url, headers: init?.headers as Record<string, string> });
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 206, headers: { 'content-type': 'application/pdf' } });
    };
    const client = createApiClient({ baseUrl: 'http://api.test', token: 't', fetch });
    const response = await client.pdfFile('k1', 'annual report.pdf', { range: 'bytes=0-3' });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(seen[0].url).toBe('http://api.test/api/pdf_file?chat_id=k1&pdf_name=annual+report.pdf');
    expect(seen[0].headers).toMatchObject({ range: 'bytes=0-3', authorization: 'Bearer t' });
  });
});
