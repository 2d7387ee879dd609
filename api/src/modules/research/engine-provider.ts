import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { BuiltInEngine } from './engine/builtin/engine.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../platform/ai/engine/engines.js';
import type { ResearchPlugin, ResearchPluginContext } from '../../platform/ai/engine/research-plugin.js';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import type { RecordingEmitter, ResearchEngine, ResearchRequest } from '../../platform/ai/engine/types.js';
import { ModelEngine } from '../../platform/ai/llm/model-engine.js';
import { ResearchEvidence } from './evidence/research-evidence.js';
import { createResearchTools } from './tools/index.js';

/** The plugins this process runs with (api/src/research-plugins.ts), given by the composition root. */
export const RESEARCH_PLUGINS = Symbol('RESEARCH_PLUGINS');

/** The research tools and their evidence checker, with the page text the checker reads (and caches). */
export interface ResearchKit extends ResearchToolkit {
  readonly evidence: ResearchEvidence;
}

/** The tools (research's and every plugin's) over this database, with one evidence checker and page cache. */
export function createResearchKit(db: DataSource, config: AppConfig, plugins: readonly ResearchPlugin[]): ResearchKit {
  const evidence = new ResearchEvidence(db, config, plugins);
  return { evidence, tools: createResearchTools(db, { pages: evidence.pages, dataDir: config.dataDir, plugins }) };
}

/** The built-in analyst over the register, reporting a declined question to an emitter that listens for it. */
class RegisterAnswers implements ResearchEngine {
  readonly name = 'built-in' as const;

  constructor(private readonly builtIn: BuiltInEngine) {}

  async answer(request: ResearchRequest, out: RecordingEmitter): Promise<void> {
    const outcome = await this.builtIn.answerWithOutcome(request, out);
    if (outcome.declined) out.declined?.(outcome.declined);
  }
}

/**
 * The built-in analyst over Credence's own data (always: it plans, and it answers when no model is
 * configured or the model fails), with the plugins' built-in analysts in front of it; the model
 * engine when LLM_* is set; the plugins' engines in front of the whole.
 */
export function createResearchEngines(
  db: DataSource,
  config: AppConfig,
  plugins: readonly ResearchPlugin[],
  toolkit: ResearchKit = createResearchKit(db, config, plugins),
): ResearchEngines {
  const context: ResearchPluginContext = { db, config, toolkit };
  const builtIn = new BuiltInEngine(toolkit.tools, toolkit.evidence);
  const answers = plugins.reduce<ResearchEngine>((next, plugin) => plugin.builtIn?.(next, context) ?? next, new RegisterAnswers(builtIn));
  const engine = config.llm ? new ModelEngine(config.llm, toolkit.tools, toolkit.evidence, answers) : answers;
  return {
    engine: plugins.reduce<ResearchEngine>((next, plugin) => plugin.engine?.(next, context) ?? next, engine),
    planner: builtIn,
  };
}

/** Research for the whole process: one kit (tools, evidence, page cache) shared by the engines, MCP and the page text route. */
export function researchProviders(plugins: readonly ResearchPlugin[]): Provider[] {
  return [
    { provide: RESEARCH_PLUGINS, useValue: plugins },
    {
      provide: RESEARCH_TOOLKIT,
      inject: [DataSource, APP_CONFIG, RESEARCH_PLUGINS],
      useFactory: createResearchKit,
    },
    {
      provide: RESEARCH_ENGINES,
      inject: [DataSource, APP_CONFIG, RESEARCH_PLUGINS, RESEARCH_TOOLKIT],
      useFactory: createResearchEngines,
    },
  ];
}
