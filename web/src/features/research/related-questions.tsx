/** Related Questions (spec 3 section 2): collapsible; a click puts the question in the input. */
import { useId, useState } from 'react';

export function RelatedQuestions({ questions, onPick }: { questions: readonly string[]; onPick(question: string): void }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (questions.length === 0) return null;
  return (
    <section className="related">
      <button type="button" className="related__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Related Questions
      </button>
      <ul id={listId} className="related__list" hidden={!open}>
        {questions.map((q) => (
          <li key={q}>
            <button type="button" className="related__item" onClick={() => onPick(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
