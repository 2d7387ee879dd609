import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError, createApiClient, waitForJob, type FetchLike } from './index.js';
import type { ResearchStreamEvent } from '../contracts/research.js';
import { emptyResearchAnswer } from '../contracts/research.js';
import { chunkedBody, sseMessage as sse } from './research-testing.js';

const stream = (chunks: string[], failWith?: Error) =>
  new Response(chunkedBody(chunks, { failWith }), { headers: { 'content-type': 'text/event-stream' } });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  url: URL;
  init: RequestInit | undefined;
}

function scripted(...answers: (() => Response | Promise<Response>)[]): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    fetch: async (url, init) => {
      seen.push({ url: new URL(url), init });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
  };
}

const headersOf = (s: Seen) => s.init?.headers as Record<string, string>;
const done = { chat_id: 'chat-1', answer: { ...emptyResearchAnswer(), text: 'Turnover £12.3m[^c1]' } };

describe('client.ask', () => {
  it('posts the question to /api/research/ask, hands out each event and answers the stored answer', async () => {
    const { fetch, seen } = scripted(() =>
      stream([sse('1', 'plan', { steps: ['Read the accounts'] }), sse('2', 'step', { index: 0, status: 'done' }), sse('3', 'done', done)]),
    );
    const client = createApiClient({ baseUrl: 'http://api.test', token: 'tok', fetch });
    const events: ResearchStreamEvent[] = [];
    const outcome = await client.ask({ query: 'Summary', company_number: '01234567' }, { onEvent: (e) => events.push(e) });
    expect(seen[0].url.pathname).toBe('/api/research/ask');
    expect(seen[0].init?.method).toBe('POST');
    expect(JSON.parse(String(seen[0].init?.body))).toEqual({ query: 'Summary', company_number: '01234567' });
    expect(headersOf(seen[0])).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer tok' });
    expect(events.map((e) => e.type)).toEqual(['plan', 'step', 'done']);
    expect(outcome).toEqual({ chat_id: 'chat-1', answer: done.answer, error: null, lastEventId: '3' });
  });

  it('resumes a dropped stream with Last-Event-ID and hands out each event once', async () => {
    const { fetch, seen } = scripted(
      () => stream([sse('1', 'plan', { steps: ['a', 'b'] }), sse('2', 'text', { delta: 'Hello ' })], new TypeError('terminated')),
      () => stream([sse('2', 'text', { delta: 'Hello ' }), sse('3', 'text', { delta: 'world' }), sse('4', 'done', done)]),
    );
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    const events: ResearchStreamEvent[] = [];
    const outcome = await client.ask({ query: 'q' }, { onEvent: (e) => events.push(e), reconnectDelayMs: 1 });
    expect(seen).toHaveLength(2);
    expect(headersOf(seen[0])['last-event-id']).toBeUndefined();
    expect(headersOf(seen[1])['last-event-id']).toBe('2');
    expect(JSON.parse(String(seen[1].init?.body))).toEqual({ query: 'q' });
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(outcome.chat_id).toBe('chat-1');
  });

  it('gives up after the allowed reconnects with a network ApiError', async () => {
    const drop = () => stream([sse('1', 'plan', { steps: ['a'] })]);
    const { fetch, seen } = scripted(drop, drop, drop);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    const asking = client.ask({ query: 'q' }, { maxReconnects: 2, reconnectDelayMs: 1 });
    await expect(asking).rejects.toMatchObject({ status: 0, error: expect.stringContaining('cut off') });
    expect(seen).toHaveLength(3);
  });

  it('does not ask again when the connection failed before any event (it would ask twice)', async () => {
    const { fetch, seen } = scripted(() => stream([': heartbeat\n\n'], new TypeError('terminated')));
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(client.ask({ query: 'q' }, { reconnectDelayMs: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it('ends with the error event message, keeping what streamed before it', async () => {
    const { fetch } = scripted(() => stream([sse('1', 'text', { delta: 'Partial' }), sse('2', 'error', { message: 'The engine failed' })]));
    const outcome = await createApiClient({ baseUrl: 'http://api.test', fetch }).ask({ query: 'q' });
    expect(outcome.error).toBe('The engine failed');
    expect(outcome.answer.text).toBe('Partial');
    expect(outcome.chat_id).toBeNull();
  });

  it('rejects a refused question (402 quota) with its status and message, without retrying', async () => {
    const { fetch, seen } = scripted(() => json({ error: 'You have exceeded your quota!' }, 402));
    const asking = createApiClient({ baseUrl: 'http://api.test', fetch }).ask({ query: 'q' }, { lastEventId: '9' });
    await expect(asking).rejects.toMatchObject({ status: 402, error: 'You have exceeded your quota!' });
    expect(seen).toHaveLength(1);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const fetch: FetchLike = async (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const asking = createApiClient({ baseUrl: 'http://api.test', fetch }).ask({ query: 'q' }, { signal: controller.signal });
    controller.abort();
    await expect(asking).rejects.toBeTruthy();
  });
});

describe('research routes', () => {
  it('call the spec 3 paths with their parameters', async () => {
    const { fetch, seen } = scripted(
      () => json({ chat_id: 'a', details: [] }),
      () => json([]),
      () => json({ status: 'success' }),
      () => json({ id: '1', user_id: 'u', chat_metadata: {} }),
      () => json({ accessed_count: 1, total_credits: 20 }),
      () => json({ status: 'pending' }),
      () => json({ job_id: 'j1' }),
      () => json({ job_id: 'j2' }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await client.getChat('a b');
    await client.getChatHistory();
    await client.deleteChat('a');
    await client.createChatHistory({ chat_id: 'a', query_str: 'q' });
    expect(await client.modelAccessInfo()).toEqual({ accessed_count: 1, total_credits: 20 });
    await client.checkQuery('j0');
    expect(await client.generateThoughtProcess({ query: 'q', company_id: '1' })).toEqual({ job_id: 'j1' });
    await client.runQuery({ query: 'q', company_id: '1', model: 'flash' });
    expect(seen.map((s) => `${s.init?.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/get_chat?chat_id=a+b',
      'GET /api/get_chat_history',
      'GET /api/delete_chat?chat_id=a',
      'POST /api/create_chat_history',
      'GET /api/model_access_info',
      'GET /api/check_query?job_id=j0',
      'POST /api/companies_house/generate_thought_process',
      'POST /api/companies_house/run_query',
    ]);
  });

  it('waitForJob polls until the job completes, or rejects with the job error', async () => {
    const answers = [{ status: 'pending' }, { status: 'running' }, { status: 'completed', result: { thought_process: ['a'] } }];
    const client = { checkQuery: async () => answers.shift() as never };
    expect(await waitForJob(client, 'j', { pollMs: 1 })).toEqual({ thought_process: ['a'] });
    const failing = { checkQuery: async () => ({ status: 'failed' as const, error: 'No data for this company' }) };
    await expect(waitForJob(failing, 'j', { pollMs: 1 })).rejects.toThrow('No data for this company');
  });
});
