/**
 * Issue 24 section 3: one credit rule for every paid pipeline. With one credit left, N parallel
 * paid requests give exactly one answer and N-1 refusals (402, the spec's message), whatever the
 * pipeline (research/ask, run_query, PDF chat, equity observations and run_equity_analysis_query,
 * restructuring's start_query), and usage ends at the allowance exactly; a run that fails, or whose
 * client leaves before anything is stored, gives its credit back. The paid work of each pipeline
 * is held at a gate until every request has been answered, so the one that got the credit is
 * still working while the others ask: a check-then-charge would let them all through.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESEARCH_TEXTS } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../src/platform/ai/engine/engines.js';
import type { ResearchEmitter, ResearchRequest } from '../../src/platform/ai/engine/types.js';
import { RestructuringService } from '../../src/modules/restructuring/restructuring.service.js';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import { UsEquityAnalyst } from '../../src/modules/us-equity/research/us-equity-analyst.js';
import { uploadPdfs } from '../support/documents-client.js';
import { until } from '../support/outage.js';
import { pagesPdf } from '../support/sample-documents.js';
import { ScriptedEngine } from '../support/scripted-engine.js';
import { TAGSWITCH_CIK, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { openSse, type SseStream } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const N = 20;
const CIK = String(TAGSWITCH_CIK);
const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Where a pipeline's paid work waits: held until release(), or failing (an engine down) when told to. */
class Gate {
  failWith: Error | null = null;
  private open = deferred();
  private reached = deferred();

  async pass(signal?: AbortSignal): Promise<void> {
    this.reached.resolve();
    const left = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([this.open.promise, left]);
    if (this.failWith) throw this.failWith;
  }

  whenReached(): Promise<void> {
    return this.reached.promise;
  }

  release(): void {
    this.open.resolve();
  }

  reset(failWith: Error | null = null): void {
    this.failWith = failWith;
    this.open = deferred();
    this.reached = deferred();
  }
}

/** One paid request: its status once answered, and (for the one let through) its answer once the work is released. */
interface Paid {
  status: number;
  error?: string;
  answer(): Promise<{ ok: boolean; detail: unknown }>;
}

describe('research credits: reserved atomically before the work, on every paid pipeline (issue 24, section 3)', () => {
  let t: TestApi;
  let scratch: string;
  const gate = new Gate();
  const scripted = new ScriptedEngine();
  let users = 0;

  before(async () => {
    // In-process jobs: the gates live in this process. Server Postgres when DATABASE_URL is set.
    t = await startTestApi({ REDIS_URL: '', RESEARCH_CREDITS_PER_MONTH: '1', RESEARCH_RESUME_GRACE_MS: '100' });
    const engines = t.api.app.get<typeof RESEARCH_ENGINES, ResearchEngines>(RESEARCH_ENGINES, { strict: false });
    // Research answers (stream, run_query, PDF chat): the scripted engine behind the gate.
    engines.engine = {
      name: 'built-in',
      answer: async (request: ResearchRequest, out: ResearchEmitter) => {
        await gate.pass(out.signal);
        return scripted.answer(request, out);
      },
    };
    // Equity observations: the real analyst over imported SEC facts, behind the gate.
    const analyst = t.api.app.get(UsEquityAnalyst, { strict: false });
    const answerEquity = analyst.answer.bind(analyst);
    analyst.answer = async (request, out) => {
      await gate.pass();
      return answerEquity(request, out);
    };
    // Restructuring: its reading of the workspace's pages, behind the gate.
    const restructuring = t.api.app.get(RestructuringService) as unknown as { pages: (...args: unknown[]) => Promise<unknown> };
    const pages = restructuring.pages.bind(restructuring);
    restructuring.pages = async (...args) => {
      await gate.pass();
      return pages(...args);
    };
    scratch = mkdtempSync(join(tmpdir(), 'credence-credits-'));
    const context = { dataSource: t.api.dataSource, config: loadConfig(t.environment.env), reporter: quiet, batchSize: 50_000 };
    await secTickersImporter.run(context, [
      writeJson(scratch, 'company_tickers.json', { 0: { cik_str: TAGSWITCH_CIK, ticker: 'TSW', title: 'Tagswitch Corp' } }),
    ]);
    await secCompanyFactsImporter.run(context, [writeJson(scratch, 'facts.json', tagswitchFacts())]);
  });
  after(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const usage = async (token: string) => (await t.request('GET', '/api/model_access_info', { token })).body;

  /** A fresh user with the default allowance of one credit, and a workspace of one uploaded PDF. */
  async function freshUser(): Promise<{ token: string; chatKey: string }> {
    const n = ++users;
    const token = await t.activeUser(`payer${n}@credits.test`);
    const chatKey = `credits-workspace-${n}`;
    const uploaded = await uploadPdfs(t, token, chatKey, [{ name: 'report.pdf', bytes: await pagesPdf(1) }]);
    if (uploaded.status !== 200) throw new Error(`upload: ${JSON.stringify(uploaded.body)}`);
    return { token, chatKey };
  }

  async function pollJob(token: string, jobId: string): Promise<{ ok: boolean; detail: unknown }> {
    for (;;) {
      const reply = await t.request('GET', `/api/check_query?job_id=${jobId}`, { token });
      if (reply.body.status === 'completed') return { ok: true, detail: reply.body.result };
      if (reply.body.status === 'failed') return { ok: false, detail: reply.body.error };
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function job(token: string, path: string, body: unknown): Promise<Paid> {
    const started = await t.request('POST', `/api/${path}`, { token, body });
    return { status: started.status, error: started.body.error, answer: () => pollJob(token, started.body.job_id) };
  }

  async function direct(token: string, method: string, path: string, body?: unknown): Promise<Paid> {
    const reply = await t.request(method, `/api/${path}`, { token, body });
    const outcome = { ok: reply.status === 200, detail: reply.body };
    return { status: reply.status, error: reply.body.error, answer: async () => outcome };
  }

  async function stream(token: string): Promise<Paid & { sse: SseStream }> {
    const sse = await openSse(`${t.url}/api/research/ask`, { token, body: { query: 'What changed at ACME?', company_number: '00000001' } });
    const error = sse.status === 200 ? undefined : (await sse.body()).error;
    const answer = async () => {
      const last = (await sse.finished(20_000)).at(-1);
      return { ok: last?.event === 'done', detail: last };
    };
    return { status: sse.status, error, answer, sse };
  }

  const pipelines: { name: string; paid: (user: { token: string; chatKey: string }) => Promise<Paid> }[] = [
    { name: 'research/ask (stream)', paid: ({ token }) => stream(token) },
    {
      name: 'companies_house/run_query (job)',
      paid: ({ token }) => job(token, 'companies_house/run_query', { query: 'What changed at ACME?', company_id: '00000001' }),
    },
    {
      name: 'read_file_and_query (PDF chat)',
      paid: ({ token, chatKey }) =>
        direct(token, 'POST', 'read_file_and_query', { chatKey, query: 'What is on page 1?', thoughtProcess: ['Read'] }),
    },
    {
      name: 'equity_analysis/observations (job)',
      paid: ({ token }) => job(token, 'equity_analysis/observations', { company_id: CIK, query: 'How did revenue change?' }),
    },
    {
      name: 'run_equity_analysis_query',
      paid: ({ token }) => direct(token, 'GET', `run_equity_analysis_query?company_id=${CIK}&query=revenue`),
    },
    {
      name: 'start_query (restructuring job)',
      paid: ({ token, chatKey }) =>
        job(token, 'start_query', {
          query: 'Capital structure',
          thoughts: ['Read the documents', 'Columns [Instrument / Facility, Amount]'],
          chat_key: chatKey,
          workflow_category: 'restructuring',
        }),
    },
  ];

  for (const pipeline of pipelines) {
    it(`${pipeline.name}: ${N} parallel requests with one credit left give one answer and ${N - 1} refusals (402); usage ends at the allowance`, async () => {
      const user = await freshUser();
      gate.reset();
      let answered = 0;
      const requests = Array.from({ length: N }, () => pipeline.paid(user).finally(() => answered++));
      // The one let through is held at the gate: every other must have been answered meanwhile.
      await gate.whenReached();
      await until(`${N - 1} requests answered while the paid one works`, () => answered >= N - 1, 20_000);
      gate.release();
      const replies = await Promise.all(requests);
      expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(402)]);
      for (const refused of replies.filter((r) => r.status === 402)) expect(refused.error).toBe(RESEARCH_TEXTS.quotaExceeded);
      const outcome = await replies.find((r) => r.status === 200)!.answer();
      expect(outcome.ok).toBe(true);
      expect(await usage(user.token)).toEqual({ accessed_count: 1, total_credits: 1, model_configured: false });
      // Spent: the next one is refused before any work.
      expect((await pipeline.paid(user)).status).toBe(402);
    });

    it(`${pipeline.name}: a run that fails gives its credit back, and the credit then pays for an answer`, async () => {
      const user = await freshUser();
      gate.reset(new Error('the engine is down'));
      gate.release();
      const failed = await pipeline.paid(user);
      expect((await failed.answer()).ok).toBe(false);
      await until('the credit given back', async () => (await usage(user.token)).accessed_count === 0, 10_000);
      gate.reset();
      gate.release();
      const paid = await pipeline.paid(user);
      expect([paid.status, (await paid.answer()).ok]).toEqual([200, true]);
      expect(await usage(user.token)).toEqual({ accessed_count: 1, total_credits: 1, model_configured: false });
    });
  }

  it('research/ask: a client that leaves before the answer is stored (and does not come back) gets its credit back', async () => {
    const user = await freshUser();
    gate.reset();
    const left = await stream(user.token);
    expect(left.status).toBe(200);
    await gate.whenReached();
    expect((await usage(user.token)).accessed_count).toBe(1);
    left.sse.drop();
    // Past RESEARCH_RESUME_GRACE_MS the work stops: nothing stored, the credit back.
    await until('the credit given back', async () => (await usage(user.token)).accessed_count === 0, 10_000);
    gate.release();
    const again = await stream(user.token);
    expect([again.status, (await again.answer()).ok]).toEqual([200, true]);
  });
});
