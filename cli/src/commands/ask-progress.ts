/**
 * The plan's steps on stderr while `credence ask` runs: each step ticks (✓ or ✗) as it ends; in a
 * terminal the running step turns a spinner, elsewhere (pipes, CI, --json) only the ticks print.
 * And the answer on stdout block by block as it streams, so a long answer reads while it is written.
 */
import { isValidPlan, RESEARCH_TEXTS, type ResearchAnswer, type ResearchStreamEvent, type StepState } from '@credence/shared';
import type { Writable } from '../runtime/output.js';
import type { Style } from '../output/text.js';
import { answerTextLines, stepLine } from './research-view.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\u001b[2K';

export interface StepProgress {
  /** Follows one event. */
  event(event: ResearchStreamEvent): void;
  /** Clears the spinner's line before something else prints. */
  pause(): void;
  /** Ticks the steps no event finished, with the answer's final states; stops the spinner (null: only stops it). */
  finish(answer: (Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'> & { error?: string }) | null): void;
}

export function createStepProgress(stderr: Writable, style: Style, spinner: boolean): StepProgress {
  let steps: string[] = [];
  let generic = false;
  const printed = new Set<number>();
  let running: number | null = null;
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let drawn = false;

  const draw = () => {
    if (running === null) return;
    stderr.write(`${CLEAR_LINE}${style.dim(FRAMES[frame++ % FRAMES.length])} ${steps[running]}`);
    drawn = true;
  };
  const pause = () => {
    if (drawn) stderr.write(CLEAR_LINE);
    drawn = false;
  };
  const tick = (index: number, state: StepState, detail?: string) => {
    if (printed.has(index) || steps[index] === undefined) return;
    printed.add(index);
    pause();
    stderr.write(`${stepLine({ text: steps[index], state }, style, detail)}\n`);
    if (running === index) running = null;
  };
  const stopSpinner = () => {
    if (timer) clearInterval(timer);
    timer = null;
    pause();
  };

  return {
    event(event) {
      if (event.type === 'plan') {
        generic = !isValidPlan(event.data.steps);
        steps = generic ? [RESEARCH_TEXTS.genericPlan] : [...event.data.steps];
        if (generic) stderr.write(`${style.dim(RESEARCH_TEXTS.planFallbackError)}\n`);
      } else if (event.type === 'step' && !generic) {
        const { index, status, detail } = event.data;
        if (status === 'running') {
          running = index;
          if (spinner) {
            draw();
            timer ??= setInterval(draw, 80);
          }
        } else tick(index, status, status === 'failed' ? detail : undefined);
      }
    },
    pause,
    finish(answer) {
      stopSpinner();
      if (!answer) return;
      if (generic) return tick(0, answer.error ? 'failed' : 'done');
      if (steps.length === 0 && isValidPlan(answer.thoughtProcess)) steps = [...answer.thoughtProcess];
      steps.forEach((_, i) => tick(i, answer.stepStatus[i] ?? 'pending'));
    },
  };
}

export interface AnswerPrinter {
  /** The answer so far: prints the blocks that are complete (a blank line closed them). */
  update(answer: Pick<ResearchAnswer, 'text' | 'citations' | 'tables'>): void;
  /** The final answer: prints what is left of its text. */
  finish(answer: Pick<ResearchAnswer, 'text' | 'citations' | 'tables'>): void;
}

/** Prints the text's lines once each: a block as soon as the blank line after it has streamed. */
export function createAnswerPrinter(print: (lines: string[]) => void, width: number, style: Style): AnswerPrinter {
  let printedLines = 0;
  let printedText = '';
  const printUpTo = (answer: Pick<ResearchAnswer, 'text' | 'citations' | 'tables'>, text: string) => {
    if (!text.startsWith(printedText)) return; // the stored text differs from the streamed one: print the rest whole
    const lines = answerTextLines({ ...answer, text }, width, style);
    if (lines.length > printedLines) print(lines.slice(printedLines));
    printedLines = Math.max(printedLines, lines.length);
    printedText = text;
  };
  return {
    update(answer) {
      const text = answer.text;
      // a block is complete at a blank line outside a code fence
      const boundary = text.lastIndexOf('\n\n');
      if (boundary <= printedText.length) return;
      const complete = text.slice(0, boundary);
      if ((complete.match(/^```/gm)?.length ?? 0) % 2 === 1) return;
      printUpTo(answer, complete);
    },
    finish(answer) {
      if (!answer.text.startsWith(printedText)) {
        const lines = answerTextLines(answer, width, style);
        print(lines);
        return;
      }
      printUpTo(answer, answer.text);
    },
  };
}
