/**
 * The thought process as shown (spec 3 sections 4, 5 and 8): a plan that is not valid (empty, not
 * all strings, or mentioning "error" or "failed") shows as the generic plan with "Could not
 * generate specific thought process"; each step carries its mark while the answer streams.
 */
import { isValidPlan, RESEARCH_TEXTS, type ResearchAnswer, type StepState } from '../../contracts/research.js';

export interface PlanStepView {
  text: string;
  state: StepState;
}

export interface PlanView {
  steps: PlanStepView[];
  /** The generic plan stands in for the real one. */
  generic: boolean;
  /** "Could not generate specific thought process" (or the plan failure text), else null. */
  error: string | null;
}

/** The generic plan, its one step in `state`. */
export function genericPlan(state: StepState = 'running'): Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'> {
  return { thoughtProcess: [RESEARCH_TEXTS.genericPlan], stepStatus: [state] };
}

/**
 * The plan to show for an answer: its own when valid, else the generic one with the fallback
 * error. `streaming` tells a plan not yet sent (the generic placeholder, no error) from a bad one.
 */
export function planView(answer: Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'>, streaming = false): PlanView {
  if (isValidPlan(answer.thoughtProcess as unknown)) {
    return {
      steps: answer.thoughtProcess.map((text, i) => ({ text, state: answer.stepStatus[i] ?? 'pending' })),
      generic: false,
      error: null,
    };
  }
  const waiting = streaming && answer.thoughtProcess.length === 0;
  return {
    steps: [{ text: RESEARCH_TEXTS.genericPlan, state: streaming ? 'running' : 'done' }],
    generic: true,
    error: waiting ? null : RESEARCH_TEXTS.planFallbackError,
  };
}

/** A step's mark in the terminal: ✓ done, ✗ failed, › running, · pending. */
export function stepMark(state: StepState): string {
  return { done: '✓', failed: '✗', running: '›', pending: '·' }[state];
}

/**
 * An edited plan (edit, delete step, save): steps trimmed, blank ones dropped; a kept step keeps
 * its state, a new one is pending. Null when nothing valid is left (the edit is refused).
 */
export function editedPlan(
  answer: Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'>,
  steps: readonly string[],
): Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'> | null {
  const thoughtProcess = steps.map((s) => s.trim()).filter((s) => s !== '');
  if (!isValidPlan(thoughtProcess)) return null;
  const stepStatus = thoughtProcess.map((text): StepState => {
    const before = answer.thoughtProcess.indexOf(text);
    return before === -1 ? 'pending' : (answer.stepStatus[before] ?? 'pending');
  });
  return { thoughtProcess, stepStatus };
}
