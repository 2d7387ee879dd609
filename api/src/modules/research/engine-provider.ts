import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { BuiltInEngine } from './engine/builtin/engine.js';
import { UsEquityAnalyst } from '../us-equity/research/us-equity-analyst.js';
import { DocumentAnswerer } from '../documents/answers/document-answer.js';
import type { RecordingEmitter, ResearchEngine, ResearchRequest } from '../../platform/ai/engine/types.js';
import type { PageTextService } from './evidence/page-text.service.js';
import { ResearchEvidence } from './evidence/research-evidence.js';
import { ModelEngine } from '../../platform/ai/llm/model-engine.js';
import { DocumentModelAnswerer } from '../documents/llm/document-model.js';
import { createResearchTools } from './tools/index.js';

/** What answers questions and plans them: a mutable holder so that a test can put a double in. */
export interface ResearchEngines {
  /** Streams answers (the built-in engine, or a model through function calling). */
  engine: ResearchEngine;
  /** The plan alone (the thought-process job): the built-in analyst's. */
  planner: { plan(request: ResearchRequest): Promise<string[]> };
  /** The built-in equity analyst over the US KPI tables (the data-insights routes). */
  equity: UsEquityAnalyst;
  /** The filing pages' text the evidence checker reads (and caches), for the page text route. */
  readonly pages: PageTextService;
  /** The uploaded documents a question asks over, and the plan of an answer over them (PDF chat). */
  readonly documents: DocumentAnswerer;
}

export const RESEARCH_ENGINES = Symbol('RESEARCH_ENGINES');

/** The built-in analyst, reporting a declined question to an emitter that listens for it. */
class BuiltInAnswers implements ResearchEngine {
  readonly name = 'built-in' as const;

  constructor(
    private readonly builtIn: BuiltInEngine,
    private readonly equity: UsEquityAnalyst,
  ) {}

  async answer(request: ResearchRequest, out: RecordingEmitter): Promise<void> {
    // A question about a US company (a CIK) is answered from its SEC KPI tables.
    const outcome =
      request.cik && !request.companyNumber ? await this.equity.answer(request, out) : await this.builtIn.answerWithOutcome(request, out);
    if (outcome.declined) out.declined?.(outcome.declined);
  }
}

/**
 * A question in a chat that has uploaded documents (`chat_key`) is answered from them: through the
 * model when LLM_* is set (the found pages sent as data, its figures checked on their pages), else
 * by the built-in document analyst (every figure and quote confirmed on its page); any other by `inner`.
 */
class DocumentAwareEngine implements ResearchEngine {
  constructor(
    private readonly documents: DocumentAnswerer,
    private readonly inner: ResearchEngine,
    private readonly model: DocumentModelAnswerer | null,
  ) {}

  get name() {
    return this.inner.name;
  }

  async answer(request: ResearchRequest, out: RecordingEmitter): Promise<void> {
    if (this.model) {
      if (!(await this.model.answer(request, out))) await this.inner.answer(request, out);
      return;
    }
    const outcome = await this.documents.answer(request, out);
    if (!outcome) return this.inner.answer(request, out);
    if (outcome.declined) out.declined?.(outcome.declined);
  }
}

/**
 * The built-in analyst over Credence's own data (always: it plans, and it answers when no model is
 * configured or the model fails), and the model engine when LLM_* is set.
 */
export function createResearchEngines(db: DataSource, config: AppConfig): ResearchEngines {
  const evidence = new ResearchEvidence(db, config);
  const tools = createResearchTools(db, { pages: evidence.pages, dataDir: config.dataDir });
  const builtIn = new BuiltInEngine(tools, evidence);
  const equity = new UsEquityAnalyst(tools, evidence);
  const answers = new BuiltInAnswers(builtIn, equity);
  const engine = config.llm ? new ModelEngine(config.llm, tools, evidence, answers) : answers;
  const documents = new DocumentAnswerer(db, evidence);
  return {
    engine: new DocumentAwareEngine(documents, engine, config.llm ? new DocumentModelAnswerer(config.llm, db, evidence, documents) : null),
    planner: builtIn,
    equity,
    pages: evidence.pages,
    documents,
  };
}

export const researchEnginesProvider: Provider = {
  provide: RESEARCH_ENGINES,
  inject: [DataSource, APP_CONFIG],
  useFactory: createResearchEngines,
};
