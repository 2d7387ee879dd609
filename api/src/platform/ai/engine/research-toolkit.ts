import type { ToolRegistry } from './analysis.js';
import type { EvidenceChecker } from './types.js';

/**
 * The research tools and the checker of their figures, for a feature that runs them outside the
 * research engine (the MCP server): provided by the research module, wired in by the composition
 * root (app.module.ts), so that the feature imports no other module.
 */
export interface ResearchToolkit {
  readonly tools: ToolRegistry;
  readonly evidence: EvidenceChecker;
}

export const RESEARCH_TOOLKIT = Symbol('RESEARCH_TOOLKIT');
