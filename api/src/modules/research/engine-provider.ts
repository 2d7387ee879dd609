import type { Provider } from '@nestjs/common';
import type { ResearchEngine, ResearchRequest } from './engine/types.js';

/** What answers questions and plans them: a mutable holder so that a test can put a double in. */
export interface ResearchEngines {
  /** Streams answers (the built-in engine, or a model through function calling). */
  engine: ResearchEngine;
  /** The plan alone (the thought-process job): the built-in analyst's. */
  planner: { plan(request: ResearchRequest): Promise<string[]> };
}

export const RESEARCH_ENGINES = Symbol('RESEARCH_ENGINES');

const MISSING = 'The research engine is not installed in this build.';

/** Until an engine is wired in, every question fails plainly (the client sees the spec's failure text). */
const unavailable: ResearchEngines = {
  engine: {
    name: 'built-in',
    answer: () => Promise.reject(new Error(MISSING)),
  },
  planner: { plan: () => Promise.reject(new Error(MISSING)) },
};

export const researchEnginesProvider: Provider = {
  provide: RESEARCH_ENGINES,
  useFactory: (): ResearchEngines => ({ ...unavailable }),
};
