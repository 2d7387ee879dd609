// The model engine over Credence's real research tools, evidence checker and built-in analyst,
// on a seeded sample company: the model (replayed) calls a tool, cites its figure, and the cited
// page of the filing is opened and must hold it; when the provider fails, the built-in analyst
// answers the same question from the same data.
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { BuiltInEngine } from '../../src/modules/research/engine/builtin/engine.js';
import type { Fact } from '../../src/platform/ai/engine/types.js';
import { ModelEngine } from '../../src/platform/ai/llm/model-engine.js';
import type { FinancialStatementsData } from '../../src/modules/research/tools/financial-statements.tool.js';
import { startReplayServer, textChunks, type ReplayServer } from '../support/openai-replay-server.js';
import { ask, llmConfig, request, toolCallChunks } from '../support/research-llm.js';
import type { TestContext } from '../support/test-context.js';
import { startSampleResearch } from './research-engine-support.js';

const COMPANY = '00123456';

describe('model engine on a sample company', () => {
  let t: TestContext;
  let server: ReplayServer;
  let engine: ModelEngine;
  let turnover: Fact;
  /** The reference the model is given for the latest turnover ("f7"): facts are numbered in the tool's order. */
  let turnoverRef: string;

  before(async () => {
    const sample = await startSampleResearch({ companies: 12, seed: 3 });
    t = sample.t;
    const { evidence, tools } = sample;
    server = await startReplayServer();
    const ctx = { user: { id: 'u1', role: 'analyst' }, signal: new AbortController().signal };
    const result = await tools.get('financial_statements')!.run({ company_number: COMPANY }, ctx);
    turnover = (result.data as FinancialStatementsData).years.at(-1)!.metrics.turnover!;
    turnoverRef = `f${result.facts.indexOf(turnover) + 1}`;
    engine = new ModelEngine(llmConfig(server.baseUrl), tools, evidence, new BuiltInEngine(tools, evidence), {
      plan: (req) => new BuiltInEngine(tools, evidence).plan(req),
    });
  });
  after(async () => {
    await server.close();
    await t.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("cites the tool's figure to the filing page that prints it, and flags one the data does not hold", async () => {
    const year = turnover.period!.slice(0, 4);
    server.script(
      { chunks: toolCallChunks([{ id: 'c-1', name: 'financial_statements', arguments: JSON.stringify({ company_number: COMPANY }) }]) },
      { chunks: textChunks(`Turnover was £${turnover.printed} [^${turnoverRef}] in FY${year}. Its order book is £999m.`) },
    );
    const result = await ask(engine, request('What was turnover last year?', { companyNumber: COMPANY }));

    expect(result.events[0]).toMatchObject({ type: 'plan' });
    const toolMessage = server.requests[1].body.messages.find((m) => m.role === 'tool')!;
    expect(JSON.parse(toolMessage.content!).facts).toContainEqual(
      expect.objectContaining({ ref: `[^${turnoverRef}]`, label: turnover.label, printed: turnover.printed }),
    );
    expect(result.answer.text).toBe(`Turnover was £${turnover.printed}[^c1] in FY${year}. Its order book is £999m (unverified).`);
    const [citation] = result.answer.citations;
    expect(citation).toMatchObject({ id: 'c1', kind: 'filing', company_number: COMPANY, page: 7, verified: true });
    expect(citation.quote).toContain(turnover.printed);
    expect(result.info).toEqual({ engine: 'model', model: 'model-fast' });
  });

  it('falls back to the built-in analyst, which answers from the same data under a visible note', async () => {
    server.script({ status: 503 }, { status: 503 });
    const result = await ask(engine, request('Create a summary sheet', { companyNumber: COMPANY }));
    expect(result.answer.text).toMatch(
      /^> The model at 127\.0\.0\.1:\d+ did not answer \(HTTP 503\); this answer is from the built-in analyst\.\n\n/,
    );
    expect(result.answer.text).toMatch(/\[\^c\d+\]/);
    expect(result.answer.citations.length).toBeGreaterThan(0);
    expect(result.answer.citations.every((c) => c.verified)).toBe(true);
    expect(result.info).toMatchObject({ engine: 'built-in', fallback_reason: expect.stringMatching(/HTTP 503/) });
  });
});
