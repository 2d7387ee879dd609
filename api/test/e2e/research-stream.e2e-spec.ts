import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { emptyResearchAnswer, reduceResearchAnswer, RESEARCH_ROUTES, RESEARCH_TEXTS, type ResearchEvent } from '@credence/shared';
import { JobQueue as JobQueueToken } from '../../src/core/queue/job-queue.js';
import { RESEARCH_ENGINES as EnginesToken } from '../../src/platform/ai/engine/engines.js';
import { useManualClock } from '../support/manual-clock.js';
import { ADMIN, run } from '../support/processes.js';
import { scriptedEvents, useScriptedEngine, type ScriptedEngine } from '../support/scripted-engine.js';
import { openSse, type SseEvent } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const seqOf = (event: SseEvent) => Number(event.id!.split(':')[1]);
const streamOf = (event: SseEvent) => event.id!.split(':')[0];
const SCRIPT_TYPES = scriptedEvents('q').map((e) => e.type);

describe('research ask: the event stream, resume, chats and credits (stream mechanics, scripted engine)', () => {
  let t: TestApi;
  let engine: ScriptedEngine;
  let alice: string;
  let bob: string;

  before(async () => {
    // In-process jobs whatever the environment: the scripted engine lives in this process.
    t = await startTestApi({
      REDIS_URL: '',
      RESEARCH_CREDITS_PER_MONTH: '4',
      RESEARCH_HEARTBEAT_MS: '50',
      RESEARCH_RESUME_GRACE_MS: '30000',
    });
    engine = useScriptedEngine(t);
    alice = await t.activeUser('alice@research.test');
    bob = await t.activeUser('bob@research.test');
  });
  after(() => t.close());
  beforeEach(() => engine.reset());

  const ask = (token: string, body: Record<string, unknown>, lastEventId?: string) =>
    openSse(`${t.url}/api/research/ask`, { body, token, lastEventId });
  const get = (token: string, path: string) => t.request('GET', path, { token });

  it('streams the plan first, then steps, citations, text, a table, related questions and done, each with a resumable id', async () => {
    const stream = await ask(alice, { query: 'Summarise ACME', company_number: '00000001', chat_id: 'chat-order' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    const events = await stream.finished();
    expect(events.map((e) => e.event)).toEqual([...SCRIPT_TYPES, 'done']);
    expect(events[0].data).toEqual({ steps: ['Read the company profile', 'Read the accounts', 'Write the findings'] });
    expect(new Set(events.map(streamOf)).size).toBe(1);
    expect(events.map(seqOf)).toEqual(events.map((_, i) => i + 1));

    const folded = events
      .slice(0, -1)
      .reduce((answer, e) => reduceResearchAnswer(answer, { type: e.event, data: e.data } as ResearchEvent), emptyResearchAnswer());
    const done = events.at(-1)!.data;
    expect(done.chat_id).toBe('chat-order');
    expect(done.answer).toMatchObject({ ...folded, sections: expect.any(Array), sources: expect.any(Array) });
    expect(done.answer.stepStatus).toEqual(['done', 'done', 'done']);
    expect(done.answer.sections[0]).toMatchObject({
      section: 'Key Findings',
      citations: [{ id: 'c1', type: 'filing', source: { page_number: 3, pdf_name: 'doc1.pdf' } }],
    });

    const chat = await get(alice, '/api/get_chat?chat_id=chat-order');
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ chat_id: 'chat-order', chat_category: 'companies-house', chat_metadata: { company_id: '00000001' } });
    expect(chat.body.details).toHaveLength(1);
    expect(chat.body.details[0]).toMatchObject({ query_str: 'Summarise ACME', thought_process: done.answer.thoughtProcess });
    expect(chat.body.details[0].observations).toEqual(done.answer);
    const history = await get(alice, '/api/get_chat_history');
    expect(history.body.map((c: { chat_id: string }) => c.chat_id)).toContain('chat-order');
  });

  it('sends a heartbeat comment while the engine works', async () => {
    engine.holdAfter = 1;
    const stream = await ask(alice, { query: 'A slow question', chat_id: 'chat-heartbeat' });
    await engine.whenHeld();
    expect(await stream.waitForComment(5_000)).toBe('heartbeat');
    engine.release();
    expect((await stream.finished()).at(-1)!.event).toBe('done');
  });

  it('resumes a dropped stream with Last-Event-ID: exactly the remaining events, no duplicates, the work not started again, one stored answer', async () => {
    engine.holdAfter = 4;
    const body = { query: 'Capital structure analysis', company_number: '00000001', chat_id: 'chat-resume' };
    const first = await ask(alice, body);
    await engine.whenHeld();
    await first.waitFor(() => first.events.length === 4);
    first.drop();
    const lastSeen = first.events.at(-1)!.id!;
    engine.release();

    const second = await ask(alice, body, lastSeen);
    expect(second.status).toBe(200);
    const rest = await second.finished();
    const all = [...first.events, ...rest];
    expect(all.map((e) => e.event)).toEqual([...SCRIPT_TYPES, 'done']);
    expect(all.map(seqOf)).toEqual(all.map((_, i) => i + 1));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(engine.requests.filter((r) => r.query === body.query)).toHaveLength(1);

    // Another reconnect after the end gets only what it has not seen: the done event.
    const third = await ask(alice, body, rest.at(-2)!.id);
    expect((await third.finished()).map((e) => e.event)).toEqual(['done']);

    const chat = await get(alice, '/api/get_chat?chat_id=chat-resume');
    expect(chat.body.details).toHaveLength(1);
    expect(chat.body.details[0].observations).toEqual(rest.at(-1)!.data.answer);
  });

  it("answers 404 for another user's chat everywhere: ask, resume, get_chat, delete_chat, history", async () => {
    const mine = await ask(alice, { query: 'Covenant summary', chat_id: 'chat-private' });
    const events = await mine.finished();
    const asked = await ask(bob, { query: 'Show me', chat_id: 'chat-private' });
    expect(asked.status).toBe(404);
    expect(await asked.body()).toMatchObject({ error: 'Chat not found.' });
    const resumed = await ask(bob, { query: 'Covenant summary' }, events[0].id);
    expect(resumed.status).toBe(404);
    expect((await get(bob, '/api/get_chat?chat_id=chat-private')).status).toBe(404);
    expect((await get(bob, '/api/delete_chat?chat_id=chat-private')).status).toBe(404);
    expect((await get(bob, '/api/get_chat_history')).body.map((c: { chat_id: string }) => c.chat_id)).not.toContain('chat-private');
    expect((await get(alice, '/api/get_chat?chat_id=chat-private')).status).toBe(200);
  });

  it('refuses a question that is empty, too long, or has unknown fields, before any work', async () => {
    const asked = engine.requests.length;
    for (const body of [
      { query: '   ' },
      { query: 'x'.repeat(4001) },
      { query: 'ok', model: 'ultra' },
      { query: 'ok', extra: 1 },
      { query: 'ok', chat_id: 'a b' },
    ]) {
      const reply = await ask(alice, body);
      expect(reply.status).toBe(400);
      expect((await reply.body()).error).toEqual(expect.any(String));
    }
    expect(engine.requests).toHaveLength(asked);
    expect((await ask('', { query: 'ok' })).status).toBe(401);
  });

  it("sends the spec's failure text (never a stack) when the engine fails, and stores nothing", async () => {
    engine.failWith = new Error('database exploded at /srv/secret/path.ts:12');
    const before = (await get(bob, '/api/model_access_info')).body.accessed_count;
    const stream = await ask(bob, { query: 'Breaks', chat_id: 'chat-broken' });
    const events = await stream.finished();
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: RESEARCH_TEXTS.chatFailure } });
    expect(JSON.stringify(events)).not.toContain('secret');
    expect((await get(bob, '/api/get_chat?chat_id=chat-broken')).status).toBe(404);
    expect((await get(bob, '/api/model_access_info')).body.accessed_count).toBe(before);
  });

  it('keeps chat history: create_chat_history, get_chat_history newest first, delete_chat', async () => {
    const created = await t.request('POST', '/api/create_chat_history', {
      token: bob,
      body: {
        chat_id: 'chat-saved',
        query_str: 'Lenders of ACME',
        chat_category: 'companies-house',
        chat_metadata: { company_id: '00000001', company_name: 'ACME LTD' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      user_id: expect.any(String),
      chat_metadata: { company_name: 'ACME LTD' },
    });
    await (await ask(bob, { query: 'Newer', chat_id: 'chat-newer' })).finished();
    const history = await get(bob, '/api/get_chat_history');
    expect(history.body.map((c: { chat_id: string }) => c.chat_id).slice(0, 2)).toEqual(['chat-newer', 'chat-saved']);
    expect(history.body[1]).toMatchObject({ query_str: 'Lenders of ACME', chat_category: 'companies-house' });
    const saved = await get(bob, '/api/get_chat?chat_id=chat-saved');
    expect(saved.body).toMatchObject({ chat_id: 'chat-saved', details: [] });
    expect((await get(bob, '/api/delete_chat?chat_id=chat-saved')).body).toMatchObject({ status: 'success' });
    expect((await get(bob, '/api/get_chat?chat_id=chat-saved')).status).toBe(404);
  });

  it('uses one credit per answered question; past the allowance 402 before any work; an admin raises it; a new month starts again', async () => {
    const carol = await t.activeUser('carol@research.test');
    expect((await get(carol, '/api/model_access_info')).body).toEqual({ accessed_count: 0, total_credits: 4, model_configured: false });
    for (let i = 0; i < 4; i++) await (await ask(carol, { query: `Question ${i}` })).finished();
    expect((await get(carol, '/api/model_access_info')).body).toEqual({ accessed_count: 4, total_credits: 4, model_configured: false });
    const asked = engine.requests.length;
    const refused = await ask(carol, { query: 'One more' });
    expect(refused.status).toBe(402);
    expect(await refused.body()).toMatchObject({ error: 'You have exceeded your quota!' });
    const job = await t.request('POST', '/api/companies_house/run_query', {
      token: carol,
      body: { query: 'One more', company_id: '00000001' },
    });
    expect(job.status).toBe(402);
    expect(engine.requests).toHaveLength(asked);

    const notAdmin = await t.request('POST', '/api/admin/users/credits', {
      token: carol,
      body: { email: 'carol@research.test', total_credits: 50 },
    });
    expect(notAdmin.status).toBe(403);
    const raised = await t.request('POST', '/api/admin/users/credits', {
      token: await t.adminToken(),
      body: { email: 'carol@research.test', total_credits: 5 },
    });
    expect(raised.body).toEqual({ accessed_count: 4, total_credits: 5 });
    expect((await (await ask(carol, { query: 'After the raise' })).finished()).at(-1)!.event).toBe('done');
    expect((await ask(carol, { query: 'Over again' })).status).toBe(402);

    const clock = useManualClock(t);
    clock.advance(32 * 24 * 3_600_000);
    expect((await get(carol, '/api/model_access_info')).body).toEqual({ accessed_count: 0, total_credits: 5, model_configured: false });
  });

  it('lets an admin set an allowance from the terminal: credence-admin user credits <email> <n>', async () => {
    const erin = await t.activeUser('erin@research.test');
    const set = await run(ADMIN, ['user', 'credits', 'erin@research.test', '12', '--json'], t.environment.env);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ email: 'erin@research.test', accessed_count: 0, total_credits: 12 });
    expect((await get(erin, '/api/model_access_info')).body).toEqual({ accessed_count: 0, total_credits: 12, model_configured: false });
    const bad = await run(ADMIN, ['user', 'credits', 'erin@research.test', 'lots'], t.environment.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('credits must be a whole number');
  });

  it('runs the job routes in-process: thought process (generic plan when invalid), run_query, check_query for the owner only', async () => {
    const poll = async (token: string, jobId: string) => {
      for (;;) {
        const reply = await get(token, `/api/check_query?job_id=${jobId}`);
        if (reply.body.status === 'completed' || reply.body.status === 'failed') return reply.body;
        await t.api.app.get(JobQueueToken).waitFor(jobId);
      }
    };
    const planned = await t.request('POST', '/api/companies_house/generate_thought_process', {
      token: alice,
      body: { query: 'Summary sheet', company_id: '00000001', company_name: 'ACME LTD', model: 'pro' },
    });
    expect(planned.body).toEqual({ job_id: expect.any(String) });
    expect(await poll(alice, planned.body.job_id)).toEqual({
      status: 'completed',
      result: { thought_process: ['Read the company profile', 'Read the accounts', 'Write the findings'] },
    });
    expect((await get(bob, `/api/check_query?job_id=${planned.body.job_id}`)).status).toBe(404);

    const engines = t.api.app.get(EnginesToken, { strict: false }) as { planner: { plan(): Promise<string[]> } };
    const planner = engines.planner;
    engines.planner = { plan: async () => ['Step one', 'An error occurred'] };
    const invalid = await t.request('POST', '/api/companies_house/generate_thought_process', {
      token: alice,
      body: { query: 'Summary sheet' },
    });
    expect(await poll(alice, invalid.body.job_id)).toEqual({
      status: 'completed',
      result: { thought_process: [RESEARCH_TEXTS.genericPlan], error: RESEARCH_TEXTS.planFallbackError },
    });
    engines.planner = planner;

    const before = (await get(alice, '/api/model_access_info')).body.accessed_count;
    const run = await t.request('POST', '/api/companies_house/run_query', {
      token: alice,
      body: { query: 'Run it', company_id: '00000001' },
    });
    const done = await poll(alice, run.body.job_id);
    expect(done.status).toBe('completed');
    expect(done.result.answer.observations[0]).toMatchObject({ section: 'Key Findings' });
    expect(done.result.answer.table_data[0]).toMatchObject({ id: 't1', title: 'Turnover' });
    expect(done.result.thought_process).toHaveLength(3);
    expect((await get(alice, '/api/model_access_info')).body.accessed_count).toBe(before + 1);
    expect((await get(alice, '/api/check_query?job_id=no-such-job')).status).toBe(404);
  });

  it('lists every research route in the OpenAPI document, the ask body with its fields', async () => {
    const json = await t.request('GET', '/api/docs-json');
    const paths = Object.keys(json.body.paths);
    for (const route of Object.values(RESEARCH_ROUTES)) expect(paths).toContain(`/api/${route}`);
    const ask = json.body.paths['/api/research/ask'].post;
    expect(Object.keys(ask.responses['200'].content)).toContain('text/event-stream');
    const schema = json.body.components.schemas.AskDto;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['query', 'company_number', 'cik', 'chat_id', 'chat_key', 'model', 'web_search_enabled']),
    );
  });
});
