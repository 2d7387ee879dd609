/**
 * The "{product} Thought Process" card (spec 3 sections 2 and 4): collapsible; each step types at
 * 15 ms a character and ticks as its `step` event arrives; editable (edit a step, delete one,
 * save, cancel) once the answer is not streaming. A streamed answer's card shows a skeleton for
 * its first second.
 */
import { useId, useState } from 'react';
import { RESEARCH_CONSTANTS, type PlanStepView, type StepState } from '@credence/shared';
import { Spinner } from '../../ui/spinner.tsx';
import { SkeletonLines, useSkeleton } from './streaming-ui.tsx';
import { useTypedText } from './typing.ts';

export const PRODUCT = 'Credence';

const STATE_WORDS: Record<StepState, string> = { done: 'done', running: 'running', failed: 'failed', pending: 'to do' };

function StepMark({ state }: { state: StepState }) {
  if (state === 'running') return <Spinner />;
  const mark = { done: '✓', failed: '✗', pending: '○' }[state];
  return (
    <span className={`plan-step__mark plan-step__mark--${state}`} aria-hidden="true">
      {mark}
    </span>
  );
}

function PlanStep({ text, state, animate }: { text: string; state: StepState; animate: boolean }) {
  const typed = useTypedText(text, RESEARCH_CONSTANTS.thoughtTypingMsPerChar, { animate });
  return (
    <li className={`plan-step plan-step--${state}`} data-state={state}>
      <StepMark state={state} />
      <span className="plan-step__text">{typed}</span>
      <span className="visually-hidden"> ({STATE_WORDS[state]})</span>
    </li>
  );
}

function PlanEditor({ initial, onSave, onCancel }: { initial: string[]; onSave(steps: string[]): boolean; onCancel(): void }) {
  const [draft, setDraft] = useState(initial);
  const [refused, setRefused] = useState(false);
  return (
    <form
      className="plan-editor"
      onSubmit={(event) => {
        event.preventDefault();
        setRefused(!onSave(draft));
      }}
    >
      <ol className="plan-editor__list">
        {draft.map((step, i) => (
          <li key={i} className="plan-editor__step">
            <label className="visually-hidden" htmlFor={`plan-step-${i}`}>
              Step {i + 1}
            </label>
            <textarea
              id={`plan-step-${i}`}
              value={step}
              rows={2}
              onChange={(e) => setDraft((d) => d.map((s, j) => (j === i ? e.target.value : s)))}
            />
            <button
              type="button"
              className="button button--ghost"
              aria-label={`Delete step ${i + 1}`}
              onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
            >
              Delete
            </button>
          </li>
        ))}
      </ol>
      {refused && (
        <p className="notice notice--error" role="alert">
          A plan needs at least one step, and no step may mention an error or a failure.
        </p>
      )}
      <div className="plan-editor__actions">
        <button type="submit" className="button button--primary">
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ThoughtProcessCard({
  steps,
  error,
  streaming,
  animate,
  onSave,
}: {
  steps: readonly PlanStepView[];
  error: string | null;
  streaming: boolean;
  animate: boolean;
  /** Saves an edited plan; false when the shared rule refuses it. */
  onSave?: (steps: string[]) => boolean;
}) {
  const [open, setOpen] = useState(true);
  const [editing, setEditing] = useState(false);
  const bodyId = useId();
  const done = steps.filter((s) => s.state === 'done').length;
  const waiting = useSkeleton(RESEARCH_CONSTANTS.planSkeletonMs, animate);
  return (
    <section className="plan-card" aria-label={`${PRODUCT} Thought Process`}>
      <div className="plan-card__head">
        <button type="button" className="plan-card__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {PRODUCT} Thought Process
          <span className="plan-card__count">
            {done}/{steps.length}
          </span>
        </button>
        {onSave && !streaming && !editing && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setOpen(true);
              setEditing(true);
            }}
          >
            Edit
          </button>
        )}
      </div>
      <div id={bodyId} className="plan-card__body" hidden={!open}>
        {waiting ? (
          <SkeletonLines lines={3} label="Preparing the thought process" className="plan-card__skeleton" />
        ) : editing && onSave ? (
          <PlanEditor
            initial={steps.map((s) => s.text)}
            onSave={(next) => {
              const saved = onSave(next);
              if (saved) setEditing(false);
              return saved;
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <ol className="plan-card__steps">
            {steps.map((step, i) => (
              <PlanStep key={`${i}-${step.text}`} text={step.text} state={step.state} animate={animate} />
            ))}
          </ol>
        )}
        {error && <p className="plan-card__error">{error}</p>}
      </div>
    </section>
  );
}
