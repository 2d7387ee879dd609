/** The plan of an answer: the analyses a question asks for, their steps, and what to offer instead when it can't be answered. */
import { FINANCIAL_ANALYSES } from './analyses/financial/index.js';
import { REGISTER_ANALYSES } from './analyses/register/index.js';
import type { Analysis } from '../../../../platform/ai/engine/analysis.js';
import { ANALYSIS_ORDER, type AnalysisId } from './analysis-ids.js';
import type { Understood } from './understand.js';

export function availableAnalyses(): Map<AnalysisId, Analysis> {
  const all = new Map<AnalysisId, Analysis>();
  for (const analysis of [...FINANCIAL_ANALYSES, ...REGISTER_ANALYSES]) all.set(analysis.id as AnalysisId, analysis);
  return all;
}

/** The analyses to run, in presentation order (only those the engine has). */
export function chosenAnalyses(u: Understood, all: Map<AnalysisId, Analysis>): Analysis[] {
  return ANALYSIS_ORDER.filter((id) => u.analyses.includes(id) && all.has(id)).map((id) => all.get(id)!);
}

export const UNDERSTAND_STEP = 'Understand the question and find the company';

export function planSteps(u: Understood, analyses: Analysis[]): string[] {
  if (!u.companyNumber || !analyses.length) return [UNDERSTAND_STEP, 'Check what the company data can answer'];
  return [UNDERSTAND_STEP, ...analyses.flatMap((a) => a.plan(u))];
}

/** "a summary sheet, performance and growth, … or the filing history". */
export function offerList(all: Map<AnalysisId, Analysis>): string {
  const offers = ANALYSIS_ORDER.filter((id) => all.has(id)).map((id) => all.get(id)!.offer);
  return offers.length > 1 ? `${offers.slice(0, -1).join(', ')} or ${offers.at(-1)}` : (offers[0] ?? '');
}
