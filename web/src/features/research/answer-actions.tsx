/**
 * The four action icons under an answer (spec 3 shows them without behaviour; issue 14 gives
 * them real ones): copy the answer (markdown with numbered footnotes), export its tables as CSV,
 * regenerate, and feedback. Feedback goes to the help desk as a help request of type
 * "feedback" (POST help_requests), naming the chat and the question, so the team reads it.
 */
import { useState } from 'react';
import { footnoteLine, resolveCitationMarkers, type CitationFootnote, type ResearchAnswer } from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../api/web-api.ts';
import { downloadText, exportFileName, tablesToCsv } from './answer-export.ts';
import { Icon } from './icons.tsx';

/** The answer as text to paste elsewhere: the markdown with [n] markers, then the footnotes. */
export function answerAsText(question: string, answer: ResearchAnswer, footnotes: readonly CitationFootnote[]): string {
  const body = resolveCitationMarkers(answer.text, footnotes).trim();
  const notes = footnotes.map(footnoteLine).join('\n');
  return [`# ${question}`, body, notes].filter((part) => part !== '').join('\n\n') + '\n';
}

type Feedback = 'up' | 'down';

export function AnswerActions({
  question,
  answer,
  footnotes,
  chatId,
  busy,
  canRegenerate,
  onRegenerate,
}: {
  question: string;
  answer: ResearchAnswer;
  footnotes: readonly CitationFootnote[];
  chatId: string | null;
  busy: boolean;
  /** Only the last question can be asked again. */
  canRegenerate: boolean;
  onRegenerate(): void;
}) {
  const { client } = useServices();
  const [status, setStatus] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(answerAsText(question, answer, footnotes));
      setStatus('Answer copied');
    } catch {
      setStatus('Could not copy: the browser refused the clipboard');
    }
  }

  function exportTables() {
    downloadText(tablesToCsv(answer.tables), exportFileName(question));
    setStatus(`Exported ${answer.tables.length} table${answer.tables.length === 1 ? '' : 's'}`);
  }

  async function send(kind: Feedback) {
    setFeedback(kind);
    try {
      await client.helpRequest({
        type: 'feedback',
        feedback: {
          subject: `Research answer ${kind === 'up' ? 'helpful' : 'not helpful'}`,
          message: `Chat ${chatId ?? '(unsaved)'}\nQuestion: ${question}\nRating: ${kind === 'up' ? 'helpful' : 'not helpful'}`,
        },
      });
      setStatus('Thank you for your feedback');
    } catch (error) {
      setFeedback(null);
      setStatus(errorText(error, 'Failed to submit request. Please try again.'));
    }
  }

  return (
    <div className="answer-actions">
      <button type="button" className="icon-button" aria-label="Copy answer" title="Copy answer" onClick={copy} disabled={busy}>
        <Icon name="copy" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Export tables (CSV)"
        title="Export tables (CSV)"
        onClick={exportTables}
        disabled={busy || answer.tables.length === 0}
      >
        <Icon name="download" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Regenerate answer"
        title="Regenerate answer"
        onClick={onRegenerate}
        disabled={busy || !canRegenerate}
      >
        <Icon name="regenerate" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Helpful"
        title="Helpful"
        aria-pressed={feedback === 'up'}
        onClick={() => void send('up')}
        disabled={busy || feedback !== null}
      >
        <Icon name="thumbUp" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Not helpful"
        title="Not helpful"
        aria-pressed={feedback === 'down'}
        onClick={() => void send('down')}
        disabled={busy || feedback !== null}
      >
        <Icon name="thumbDown" />
      </button>
      <span className="answer-actions__status" role="status">
        {status}
      </span>
    </div>
  );
}
