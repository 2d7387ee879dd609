/** The empty chat (spec 3 section 2): a greeting that types itself, and the seed's sample questions. */
import { RESEARCH_CONSTANTS, RESEARCH_SAMPLE_QUESTIONS, RESEARCH_TEXTS } from '@credence/shared';
import { PRODUCT } from './thought-process-card.tsx';
import { useTypedText } from './typing.ts';

export function Greeting({ canAsk, onSample }: { canAsk: boolean; onSample(question: string): void }) {
  const full = RESEARCH_TEXTS.greeting(PRODUCT);
  const typed = useTypedText(full, RESEARCH_CONSTANTS.answerTypingMsPerChar * 2);
  return (
    <div className="greeting">
      <h1 className="greeting__title" aria-label={full}>
        <span aria-hidden="true">{typed}</span>
        {typed.length < full.length && <span className="greeting__caret" aria-hidden="true" />}
      </h1>
      <p className="muted">
        {canAsk ? 'Try one of these, or ask your own question:' : 'Choose a company below, or attach PDFs, then ask your question.'}
      </p>
      <ul className="greeting__samples">
        {RESEARCH_SAMPLE_QUESTIONS.map((q) => (
          <li key={q}>
            <button type="button" className="related__item" disabled={!canAsk} onClick={() => onSample(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
