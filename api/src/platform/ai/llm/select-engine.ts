/**
 * The engine that answers questions: the built-in analyst alone, or with LLM_* set a model
 * through function calling over the same tools, falling back to the built-in analyst when the
 * provider fails.
 */
import type { LlmConfig } from '../../../core/config/config.js';
import type { ToolRegistry } from '../engine/analysis.js';
import type { EvidenceChecker, ResearchEngine } from '../engine/types.js';
import { ModelEngine, type ModelEngineOptions } from './model-engine.js';

export function researchEngineFor(
  llm: LlmConfig | null,
  tools: ToolRegistry,
  evidence: EvidenceChecker,
  builtIn: ResearchEngine,
  options: ModelEngineOptions = {},
): ResearchEngine {
  return llm ? new ModelEngine(llm, tools, evidence, builtIn, options) : builtIn;
}
