import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { useScriptedEngine, type ScriptedEngine } from '../support/scripted-engine.js';
import { until } from '../support/outage.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} within ${ms} ms`)), ms).unref())]);

describe('research ask: a client that leaves, and streams no longer in memory (short grace, no retention)', () => {
  let t: TestApi;
  let engine: ScriptedEngine;
  let token: string;

  before(async () => {
    t = await startTestApi({ REDIS_URL: '', RESEARCH_RESUME_GRACE_MS: '150', RESEARCH_STREAM_RETENTION_MS: '0' });
    engine = useScriptedEngine(t);
    token = await t.activeUser('leaver@research.test');
  });
  after(() => t.close());
  beforeEach(() => engine.reset());

  const ask = (body: Record<string, unknown>, lastEventId?: string) => openSse(`${t.url}/api/research/ask`, { body, token, lastEventId });
  const credits = async () => (await t.request('GET', '/api/model_access_info', { token })).body.accessed_count;

  it('stops the work when the client leaves and does not come back: no credit used, nothing stored', async () => {
    engine.holdAfter = 2;
    const before = await credits();
    const stream = await ask({ query: 'I will leave', chat_id: 'chat-left' });
    await engine.whenHeld();
    await stream.waitFor((e) => e.event === 'step');
    stream.drop();
    await within(engine.whenAborted(), 10_000, 'the work was not aborted');
    // The credit goes back once the aborted work has unwound (a round trip to the database after the abort).
    await until('the reserved credit is given back', async () => (await credits()) === before, 10_000);
    expect((await t.request('GET', '/api/get_chat?chat_id=chat-left', { token })).status).toBe(404);
    expect(await credits()).toBe(before);

    // Coming back after the work stopped: nothing was kept, so the question is answered afresh.
    engine.reset();
    const again = await ask({ query: 'I will leave', chat_id: 'chat-left' }, stream.events.at(-1)!.id);
    const events = await again.finished();
    expect(events[0].event).toBe('plan');
    expect(events.at(-1)!.event).toBe('done');
    expect(await credits()).toBe(before + 1);
  });

  it('replays the stored answer to a client resuming after the stream has left memory, without working again', async () => {
    const body = { query: 'Stored answer', chat_id: 'chat-stored' };
    const events = await (await ask(body)).finished();
    const done = events.at(-1)!;
    const asked = engine.requests.length;
    const resumed = await ask(body, events[1].id);
    const replay = await resumed.finished();
    expect(replay).toEqual([done]);
    expect(engine.requests).toHaveLength(asked);
    // Already seen to the end: nothing more.
    expect(await (await ask(body, done.id)).finished()).toEqual([]);
  });
});
