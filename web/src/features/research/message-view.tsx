/**
 * One question and its answer (spec 3 section 2): the question as a heading, the Thought Process
 * card, source cards, the answer (Key Findings in registry mode) with its footnotes, View Tables,
 * the action icons and Related Questions. What shows comes from the shared `messageView`.
 */
import { useEffect, useState } from 'react';
import { messageView, RESEARCH_CONSTANTS, RESEARCH_TEXTS, type ChatMessage } from '@credence/shared';
import { Spinner } from '../../ui/spinner.tsx';
import { AnswerActions } from './answer-actions.tsx';
import { AnswerMarkdown, KeyFindings } from './answer-markdown.tsx';
import { Footnotes } from './citations.tsx';
import { RelatedQuestions } from './related-questions.tsx';
import { SourceCards } from './source-cards.tsx';
import { loadingMessageAt, pagesAnalyzed } from './streaming-ui.tsx';
import { ThoughtProcessCard } from './thought-process-card.tsx';
import { useTypedText } from './typing.ts';

function LoadingMessage() {
  const [started] = useState(() => performance.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), RESEARCH_CONSTANTS.loadingMessageRotationMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="answer__loading" role="status">
      <Spinner /> {loadingMessageAt(now - started)}
    </p>
  );
}

/** While the answer types, a click or a key anywhere shows all of it at once (issue 27). */
function useSkipOnInput(typing: boolean, skip: () => void) {
  useEffect(() => {
    if (!typing) return;
    window.addEventListener('pointerdown', skip, true);
    window.addEventListener('keydown', skip, true);
    return () => {
      window.removeEventListener('pointerdown', skip, true);
      window.removeEventListener('keydown', skip, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- skip only sets state
  }, [typing]);
}

export function MessageView({
  message,
  index,
  chatId,
  animate,
  isLast,
  busy,
  onEditPlan,
  onRegenerate,
  onRelated,
  onViewTables,
}: {
  message: ChatMessage;
  index: number;
  chatId: string | null;
  /** False for a chat restored from history: its text shows at once. */
  animate: boolean;
  isLast: boolean;
  busy: boolean;
  onEditPlan(index: number, steps: string[]): boolean;
  onRegenerate(): void;
  onRelated(question: string): void;
  onViewTables(index: number): void;
}) {
  const view = messageView(message);
  const [skipped, setSkipped] = useState(false);
  const typed = useTypedText(message.answer.text, RESEARCH_CONSTANTS.answerTypingMsPerChar, {
    animate,
    finished: !view.streaming,
    showAll: skipped || view.stopped,
  });
  const typing = typed.length < message.answer.text.length;
  useSkipOnInput(typing, () => setSkipped(true));
  const registry = !view.streaming && !typing && message.answer.sections.length > 0;
  const answered = !view.streaming && message.answer.text !== '';
  return (
    <article className="message" aria-labelledby={`question-${message.key}`}>
      <h2 id={`question-${message.key}`} className="message__question" data-question-index={index} tabIndex={-1}>
        {message.question}
      </h2>
      <ThoughtProcessCard
        steps={view.plan.steps}
        error={view.plan.error}
        streaming={view.streaming}
        animate={animate}
        onSave={(steps) => onEditPlan(index, steps)}
      />
      <SourceCards sources={message.answer.sources} pages={pagesAnalyzed(message.answer.citations)} animate={animate} />
      {view.engineNote && <p className="notice notice--info">{view.engineNote}</p>}
      <div className="answer" aria-busy={view.streaming || typing}>
        {registry ? (
          <KeyFindings sections={message.answer.sections} footnotes={view.footnotes} citations={message.answer.citations} />
        ) : (
          <AnswerMarkdown text={typed} footnotes={view.footnotes} />
        )}
        {view.streaming && message.answer.text === '' && <LoadingMessage />}
        {view.missing.length > 0 && (
          <div className="notice notice--info">
            <p>The data does not hold:</p>
            <ul>
              {view.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {view.error && (
          <p className="notice notice--error" role="alert">
            {view.error}
          </p>
        )}
        {view.stopped && <p className="notice notice--info">{RESEARCH_TEXTS.answerStopped}</p>}
        {/* citations and their "Page N" as soon as their events arrive, while the text still types */}
        <Footnotes footnotes={view.footnotes} />
      </div>
      {message.answer.tables.length > 0 && (
        <button type="button" className="button button--secondary message__tables" onClick={() => onViewTables(index)}>
          View Tables ({message.answer.tables.length})
        </button>
      )}
      {(answered || view.error) && (
        <AnswerActions
          question={message.question}
          answer={message.answer}
          footnotes={view.footnotes}
          chatId={chatId}
          busy={busy}
          canRegenerate={isLast}
          onRegenerate={onRegenerate}
        />
      )}
      {!view.streaming && <RelatedQuestions questions={view.related} animate={animate} onPick={onRelated} />}
    </article>
  );
}
