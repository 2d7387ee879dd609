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
import { Icon, type IconName } from './icons.tsx';

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
      <ActionButton label="Copy answer" icon="copy" onClick={copy} disabled={busy} />
      <ActionButton label="Export tables (CSV)" icon="download" onClick={exportTables} disabled={busy || answer.tables.length === 0} />
      <ActionButton label="Regenerate answer" icon="regenerate" onClick={onRegenerate} disabled={busy || !canRegenerate} />
      <ActionButton
        label="Helpful"
        icon="thumbUp"
        pressed={feedback === 'up'}
        onClick={() => void send('up')}
        disabled={busy || feedback !== null}
      />
      <ActionButton
        label="Not helpful"
        icon="thumbDown"
        pressed={feedback === 'down'}
        onClick={() => void send('down')}
        disabled={busy || feedback !== null}
      />
      <span className="answer-actions__status" role="status">
        {status}
      </span>
    </div>
  );
}

/** One icon button, its label read out and shown on hover. */
function ActionButton(props: { label: string; icon: IconName; pressed?: boolean; disabled: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      <Icon name={props.icon} />
    </button>
  );
}
