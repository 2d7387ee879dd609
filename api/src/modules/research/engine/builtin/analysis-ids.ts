/**
 * Every analysis of the built-in analyst, in the order an answer presents their sections: a new
 * analysis adds its id here (its one registration line beside its file and its group's list).
 */
export const ANALYSIS_ORDER = [
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
] as const;

export type AnalysisId = (typeof ANALYSIS_ORDER)[number];
