import type { ResearchPlugin } from '../../../platform/ai/engine/research-plugin.js';
import type { RecordingEmitter, ResearchEngine, ResearchRequest, ResearchTool } from '../../../platform/ai/engine/types.js';
import { checkSecFact } from './sec-facts.js';
import { UsEquityAnalyst } from './us-equity-analyst.js';
import { usKpiTablesTool } from './us-kpi-tables.tool.js';
import { usKpiValuesTool } from './us-kpi-values.tool.js';

/** A question about a US company (named by its CIK, and no UK company) goes to the equity analyst; any other to `next`. */
class UsEquityAnswers implements ResearchEngine {
  readonly name = 'built-in' as const;

  constructor(
    private readonly analyst: UsEquityAnalyst,
    private readonly next: ResearchEngine,
  ) {}

  async answer(request: ResearchRequest, out: RecordingEmitter): Promise<void> {
    if (!request.cik || request.companyNumber) return this.next.answer(request, out);
    const outcome = await this.analyst.answer(request, out);
    if (outcome.declined) out.declined?.(outcome.declined);
  }
}

/** US equity in research: the KPI tools, the check of a SEC filing's tag, the built-in analyst for a CIK's questions. */
export const usEquityResearch: ResearchPlugin = {
  name: 'us-equity',
  tools: (db) => [usKpiTablesTool(db), usKpiValuesTool(db)] as ResearchTool[],
  factChecks: { sec: checkSecFact },
  builtIn: (next, { toolkit }) => new UsEquityAnswers(new UsEquityAnalyst(toolkit.tools, toolkit.evidence), next),
};
