/**
 * Related Questions (spec 3 sections 2, 4 and 9): collapsible; a click puts the question in the
 * input. After a streamed answer a skeleton stands in for 1 s.
 */
import { useId, useState } from 'react';
import { RESEARCH_CONSTANTS } from '@credence/shared';
import { SkeletonLines, useSkeleton } from './streaming-ui.tsx';

export function RelatedQuestions({
  questions,
  animate,
  onPick,
}: {
  questions: readonly string[];
  animate: boolean;
  onPick(question: string): void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const waiting = useSkeleton(RESEARCH_CONSTANTS.relatedSkeletonMs, animate && questions.length > 0);
  if (questions.length === 0) return null;
  return (
    <section className="related">
      <button type="button" className="related__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Related Questions
      </button>
      {waiting ? (
        <SkeletonLines lines={3} label="Loading related questions" className="related__skeleton" />
      ) : (
        <ul id={listId} className="related__list" hidden={!open}>
          {questions.map((q) => (
            <li key={q}>
              <button type="button" className="related__item" onClick={() => onPick(q)}>
                {q}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
