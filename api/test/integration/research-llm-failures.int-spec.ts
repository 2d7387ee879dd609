// The model engine when the provider fails: retries, the visible fall-back to the built-in
// analyst (errors, timeouts), a stream cut after the answer began, and a client that leaves.
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { LlmConfig } from '../../src/core/config/config.js';
import { ModelEngine } from '../../src/platform/ai/llm/model-engine.js';
import { fixture, startReplayServer, textChunks, type ReplayServer } from '../support/openai-replay-server.js';
import {
  ask,
  BUILT_IN_TEXT,
  builtInStandIn,
  llmConfig,
  request,
  testEvidence,
  testTools,
  type ToolCalls,
} from '../support/research-llm.js';

describe('model engine: provider failures', () => {
  let server: ReplayServer;
  let calls: ToolCalls;
  const engine = (overrides: Partial<LlmConfig> = {}) =>
    new ModelEngine(llmConfig(server.baseUrl, overrides), testTools(calls), testEvidence(), builtInStandIn);
  const host = () => new URL(server.baseUrl).host;

  before(async () => {
    server = await startReplayServer();
  });
  after(() => server.close());
  beforeEach(() => {
    calls = {};
    server.requests.length = 0;
  });

  it('retries a 500 and answers when the retry succeeds', async () => {
    server.script({ status: 500 }, { chunks: textChunks('Ask me about the accounts.') });
    const result = await ask(engine(), request('Hello'));
    expect(server.requests.length).toBe(2);
    expect(result.answer.text).toBe('Ask me about the accounts.');
    expect(result.info).toEqual({ engine: 'model', model: 'model-fast' });
  });

  it('falls back to the built-in analyst, visibly, when the provider keeps failing', async () => {
    server.script({ status: 500 }, { status: 500 });
    const result = await ask(engine(), request('What was turnover?'));
    expect(server.requests.length).toBe(2);
    expect(result.answer.text).toBe(
      `> The model at ${host()} did not answer (HTTP 500); this answer is from the built-in analyst.\n\n${BUILT_IN_TEXT}`,
    );
    expect(result.answer.thoughtProcess).toEqual(['Read the register']);
    expect(result.info).toEqual({ engine: 'built-in', fallback_reason: `The model at ${host()} did not answer (HTTP 500)` });
  });

  it('does not retry a refusal (400) and falls back at once', async () => {
    server.script({ status: 400 });
    const result = await ask(engine({ maxRetries: 3 }), request('What was turnover?'));
    expect(server.requests.length).toBe(1);
    expect(result.answer.text).toMatch(/did not answer \(HTTP 400\)/);
  });

  it('falls back when the provider does not answer within the timeout', async () => {
    server.script({ hang: true });
    const started = Date.now();
    const result = await ask(engine({ timeoutMs: 300, maxRetries: 0 }), request('What was turnover?'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.answer.text).toBe(
      `> The model at ${host()} did not answer (timeout); this answer is from the built-in analyst.\n\n${BUILT_IN_TEXT}`,
    );
    expect(result.info?.fallback_reason).toMatch(/timeout/);
  });

  it('falls back when a stream stalls after its first chunk', async () => {
    server.script({ chunks: fixture('ollama-no-index') }, { chunks: textChunks('Turnover was £12.3m [^f1].'), chunkDelayMs: 1000 });
    const result = await ask(engine({ timeoutMs: 300, maxRetries: 0 }), request('What was turnover?'));
    expect(calls.get_financials).toHaveLength(1);
    expect(result.info?.engine).toBe('built-in');
  });

  it('tries again when the connection drops before any answer text', async () => {
    server.script({ chunks: fixture('openai-gpt35-tool-call'), dropAfter: 3 }, { chunks: textChunks('Ask me about the accounts.') });
    const result = await ask(engine(), request('Hello'));
    expect(server.requests.length).toBe(2);
    expect(calls).toEqual({});
    expect(result.answer.text).toBe('Ask me about the accounts.');
  });

  it('keeps the text already sent and says the answer is incomplete when the stream drops mid-answer', async () => {
    server.script({ chunks: textChunks('Turnover is not in the data I read. More follows here and', 8), dropAfter: 6 });
    const result = await ask(engine(), request('Hello'));
    expect(server.requests.length).toBe(1);
    expect(result.answer.text).toMatch(
      /^Turnover is not in the data I read\. More\n\n> The model stopped before finishing \(.+\): this answer may be incomplete\.\n$/,
    );
    expect(result.answer.text).not.toContain(BUILT_IN_TEXT);
    expect(result.answer.stepStatus.at(-1)).toBe('failed');
    expect(result.info).toMatchObject({ engine: 'model', fallback_reason: expect.any(String) });
  });

  it('stops the request to the provider when the client leaves', async () => {
    server.script({ hang: true });
    const client = new AbortController();
    const answering = ask(engine({ timeoutMs: 60_000 }), request('What was turnover?'), client.signal);
    await server.waitForRequests(1);
    const closed = server.waitForClientClose();
    client.abort();
    await closed;
    const result = await answering;
    expect(server.requests.length).toBe(1);
    expect(result.answer.text).toBe('');
    expect(result.info).toBeUndefined();
  });
});
