import type { ResearchPlugin } from './platform/ai/engine/research-plugin.js';
import { documentsResearch } from './modules/documents/answers/documents-research.plugin.js';
import { usEquityResearch } from './modules/us-equity/research/us-equity-research.plugin.js';

/**
 * The features research runs with (tools, fact checks, analysts; docs/architecture.md "Adding a
 * market"): the API and the worker both build research from this list. Order matters: a later
 * plugin's analyst stands in front of an earlier one's.
 */
export const RESEARCH_PLUGINS_IN_USE: readonly ResearchPlugin[] = [usEquityResearch, documentsResearch];
