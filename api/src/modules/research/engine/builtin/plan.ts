/** The plan of an answer: the analyses a question asks for, their steps, and what to offer instead when it can't be answered. */
import { FINANCIAL_ANALYSES } from './analyses/financial/index.js';
import { REGISTER_ANALYSES } from './analyses/register/index.js';
import type { Analysis, AnalysisId } from '../../../../platform/ai/engine/analysis.js';
import type { Understood } from './understand.js';

/** Every analysis the built-in analyst runs, in the order an answer presents them. */
export const ANALYSIS_ORDER: AnalysisId[] = [
  'summary-sheet',
  'distress',
  'recovery',
  'performance',
  'profitability',
  'balance-sheet',
  'capital-structure',
  'ratios',
  'charges',
  'covenants',
  'lenders',
  'leadership',
  'compliance',
  'risks',
  'peers',
  'filing-history',
];

/** What each analysis answers, in the words a decline offers them. */
export const ANALYSIS_OFFERS: Record<AnalysisId, string> = {
  'summary-sheet': 'a summary sheet',
  distress: 'distress signals',
  recovery: 'a recovery estimate for creditors',
  performance: 'performance and growth',
  profitability: 'profitability and margins',
  'balance-sheet': 'the balance sheet and liquidity',
  'capital-structure': 'leverage and capital structure',
  ratios: 'named ratios (interest cover, gearing, net debt, current ratio)',
  charges: 'charges and security',
  covenants: 'a covenant summary',
  lenders: 'lenders',
  leadership: 'leadership and control changes',
  compliance: 'compliance and filing behaviour',
  risks: 'risks',
  peers: 'peers',
  'filing-history': 'the filing history',
};

export function availableAnalyses(): Map<AnalysisId, Analysis> {
  const all = new Map<AnalysisId, Analysis>();
  for (const analysis of [...FINANCIAL_ANALYSES, ...REGISTER_ANALYSES]) all.set(analysis.id, analysis);
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
  const offers = ANALYSIS_ORDER.filter((id) => all.has(id)).map((id) => ANALYSIS_OFFERS[id]);
  return offers.length > 1 ? `${offers.slice(0, -1).join(', ')} or ${offers.at(-1)}` : (offers[0] ?? '');
}
