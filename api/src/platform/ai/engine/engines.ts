import type { ResearchEngine, ResearchRequest } from './types.js';

/**
 * What answers questions and plans them, for every feature that asks (research, PDF chat,
 * restructuring): provided by the research module, built from the plugins. A mutable holder so
 * that a test can put a double in.
 */
export interface ResearchEngines {
  /** Streams answers (the built-in engine, or a model through function calling), plugins in front. */
  engine: ResearchEngine;
  /** The plan alone (the thought-process job): the built-in analyst's. */
  planner: { plan(request: ResearchRequest): Promise<string[]> };
}

export const RESEARCH_ENGINES = Symbol('RESEARCH_ENGINES');
