/**
 * Source cards (spec 3 section 9): the first 3 show, the rest behind a "+N more" toggle.
 */
import { RESEARCH_CONSTANTS, type ResearchSource } from '../../contracts/research.js';

export interface VisibleSources {
  shown: ResearchSource[];
  /** How many are behind the toggle (0 when expanded or when there are few). */
  hidden: number;
  /** "+2 more", or null when nothing is hidden. */
  moreLabel: string | null;
}

export function visibleSources(sources: readonly ResearchSource[], expanded = false): VisibleSources {
  const limit = RESEARCH_CONSTANTS.initialSources;
  if (expanded || sources.length <= limit) return { shown: [...sources], hidden: 0, moreLabel: null };
  const hidden = sources.length - limit;
  return { shown: sources.slice(0, limit), hidden, moreLabel: `+${hidden} more` };
}
