/**
 * A test double of the research engine, for the stream mechanics only (order, resume, leaving,
 * storing): it emits a fixed script of events, can hold at a gate until the test releases it, and
 * tells the test when its work was aborted. The real engine is exercised in research-builtin.
 */
import type { ResearchEvent } from '@credence/shared';
import type { ResearchEngine, ResearchEmitter, ResearchRequest } from '../../src/platform/ai/engine/types.js';
import type { ResearchEngines } from '../../src/platform/ai/engine/engines.js';
import { RESEARCH_ENGINES } from '../../src/platform/ai/engine/engines.js';
import type { TestApi } from './test-api.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export const SCRIPT_PLAN = ['Read the company profile', 'Read the accounts', 'Write the findings'];

/** The script: a plan, its steps, text with a cited figure, a table, related questions. */
export function scriptedEvents(query: string): ResearchEvent[] {
  return [
    { type: 'plan', data: { steps: SCRIPT_PLAN } },
    { type: 'step', data: { index: 0, status: 'running' } },
    { type: 'step', data: { index: 0, status: 'done' } },
    { type: 'step', data: { index: 1, status: 'running' } },
    {
      type: 'citation',
      data: {
        id: 'c1',
        kind: 'filing',
        document_id: 'doc1',
        title: 'Full accounts made up to 31/12/2024',
        company_number: '00000001',
        pdf_name: 'doc1.pdf',
        page: 3,
        quote: 'Turnover 12,345,678',
        verified: true,
      },
    },
    { type: 'text', data: { delta: `## Key Findings\n\nYou asked: ${query}.\n\n` } },
    { type: 'text', data: { delta: 'Turnover was £12.3m[^c1].\n' } },
    { type: 'step', data: { index: 1, status: 'done' } },
    { type: 'step', data: { index: 2, status: 'running' } },
    {
      type: 'table',
      data: { id: 't1', title: 'Turnover', headers: ['Year', 'Turnover'], rows: [[2024, 12345678]], unit: 'GBP', citations: ['c1'] },
    },
    { type: 'step', data: { index: 2, status: 'done' } },
    { type: 'related', data: { questions: ['How did margins change?', 'Who are the lenders?'] } },
  ];
}

export class ScriptedEngine implements ResearchEngine {
  readonly name = 'built-in' as const;
  /** Emit this many events, then wait for release() (Infinity: never wait). */
  holdAfter = Infinity;
  /** Throw this instead of finishing. */
  failWith: Error | null = null;
  readonly requests: ResearchRequest[] = [];
  private gate = deferred();
  private held = deferred();
  private abortedSignal = deferred();

  async answer(request: ResearchRequest, out: ResearchEmitter): Promise<void> {
    this.requests.push(request);
    out.signal.addEventListener('abort', () => this.abortedSignal.resolve(), { once: true });
    const events = scriptedEvents(request.query);
    for (const [i, event] of events.entries()) {
      if (i === this.holdAfter) {
        this.held.resolve();
        await Promise.race([this.gate.promise, new Promise((r) => out.signal.addEventListener('abort', r, { once: true }))]);
      }
      if (out.signal.aborted) return;
      out.emit(event);
    }
    if (this.failWith) throw this.failWith;
  }

  /** Resolves once the engine waits at its gate. */
  whenHeld(): Promise<void> {
    return this.held.promise;
  }

  release(): void {
    this.gate.resolve();
  }

  /** Resolves when the work was aborted (the client left for good). */
  whenAborted(): Promise<void> {
    return this.abortedSignal.promise;
  }

  /** A fresh gate for the next question. */
  reset(): void {
    this.holdAfter = Infinity;
    this.failWith = null;
    this.gate = deferred();
    this.held = deferred();
    this.abortedSignal = deferred();
  }
}

/** Puts the scripted engine into a running test API (answers and plans). */
export function useScriptedEngine(t: TestApi): ScriptedEngine {
  const engine = new ScriptedEngine();
  const engines = t.api.app.get<typeof RESEARCH_ENGINES, ResearchEngines>(RESEARCH_ENGINES, { strict: false });
  engines.engine = engine;
  engines.planner = { plan: async () => SCRIPT_PLAN };
  return engine;
}
