/** The totals of an evaluation run, by question type and over all questions. */
import { METRICS_TYPE, type QuestionScore } from './scoring.js';

export interface Ratio {
  count: number;
  of: number;
}

export interface Totals {
  questions: number;
  /** Evidence page among the first five cited pages. */
  pageRecall: Ratio;
  /** Metrics questions answered with the gold figure (within 1%). */
  metricAccuracy: Ratio;
  /** Numeric questions (metrics and quantity questions) answered with the gold figure. */
  figuresRight: Ratio;
  /** Of the numeric questions: a wrong figure stated with a citation. */
  wrongWithCitation: Ratio;
  declines: Ratio;
  /** Questions answered 5xx, or whose stream ended with an error. */
  errors: number;
  medianMs: number | null;
}

export const ALL_TYPES = 'all';

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ratio = (scores: QuestionScore[], of: (s: QuestionScore) => boolean, count: (s: QuestionScore) => boolean): Ratio => {
  const pool = scores.filter(of);
  return { count: pool.filter(count).length, of: pool.length };
};

export function totalsOf(scores: QuestionScore[]): Totals {
  const all = () => true;
  return {
    questions: scores.length,
    pageRecall: ratio(scores, all, (s) => s.pageHit),
    metricAccuracy: ratio(
      scores,
      (s) => s.type === METRICS_TYPE,
      (s) => s.figureRight === true,
    ),
    figuresRight: ratio(
      scores,
      (s) => s.numeric,
      (s) => s.figureRight === true,
    ),
    wrongWithCitation: ratio(
      scores,
      (s) => s.numeric,
      (s) => s.wrongWithCitation,
    ),
    declines: ratio(scores, all, (s) => s.declined),
    errors: scores.filter((s) => (s.status !== null && s.status >= 500) || (s.status === null && s.error !== null && s.ms !== null)).length,
    medianMs: median(scores.flatMap((s) => (s.ms === null || s.status !== null ? [] : [s.ms]))),
  };
}

/** Totals of each question type (in the order first seen) and of all questions (ALL_TYPES). */
export function totalsByType(scores: QuestionScore[]): Record<string, Totals> {
  const types = [...new Set(scores.map((s) => s.type))];
  const out: Record<string, Totals> = {};
  for (const type of types) out[type] = totalsOf(scores.filter((s) => s.type === type));
  out[ALL_TYPES] = totalsOf(scores);
  return out;
}

export const share = (r: Ratio): number | null => (r.of ? r.count / r.of : null);
