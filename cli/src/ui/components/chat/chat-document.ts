/**
 * The chat screen's transcript as lines (pure, so tests read it without Ink): each question, its
 * plan with the steps' marks, the answer as terminal markdown with footnote numbers, its tables,
 * its sources (each one a target Enter opens) and the related questions (targets that fill the
 * input). With no messages: the greeting and the sample questions.
 */
import {
  RESEARCH_SAMPLE_QUESTIONS,
  RESEARCH_TEXTS,
  chatSubject,
  chatTitle,
  citationFootnotes,
  figuresOfCitation,
  type ChatMessage,
  type ChatState,
  type CitationFootnote,
} from '@credence/shared';
import { heading, wrap, type Style } from '../../../output/text.js';
import { answerTextLines, planLines, researchTableLines } from '../../../commands/research-view.js';
import { markdownTableHeaders } from '../../../commands/research-markdown.js';
import type { ViewLine } from '../lists.js';

export type ChatTarget =
  | { kind: 'citation'; line: number; footnote: CitationFootnote; figures: string[] }
  | { kind: 'question'; line: number; question: string }
  | { kind: 'chat'; line: number; chatId: string };

/** Recent chats the greeting offers (Enter opens one). */
const RECENT_CHATS = 5;

export interface ChatDocument {
  lines: ViewLine[];
  targets: ChatTarget[];
}

const PRODUCT = 'Credence';

function messageLines(message: ChatMessage, last: boolean, width: number, style: Style, doc: ChatDocument) {
  const { lines, targets } = doc;
  const push = (text: string, extra: Omit<ViewLine, 'text'> = {}) => lines.push({ text, ...extra });
  for (const line of wrap(`› ${message.question}`, width)) push(line, { bold: true, color: 'cyan' });
  for (const line of planLines(message.answer, style, message.streaming)) push(`  ${line}`);
  if (message.planError) push(`  ${message.planError}`, { dim: true });
  const answer = message.answer;
  if (answer.text) {
    push('');
    for (const line of answerTextLines(answer, width, style)) push(line);
  } else if (message.streaming) {
    push('');
    push('Writing the answer…', { dim: true });
  }
  const footnotes = citationFootnotes(answer);
  const shown = new Set(markdownTableHeaders(answer.text).map((h) => h.join('|')));
  for (const table of answer.tables.filter((t) => !shown.has(t.headers.join('|')))) {
    push('');
    for (const line of researchTableLines(table, footnotes, width, style)) push(line);
  }
  if (footnotes.length > 0) {
    push('');
    push(heading('Sources', width, style));
    for (const footnote of footnotes) {
      targets.push({ kind: 'citation', line: lines.length, footnote, figures: figuresOfCitation(answer, footnote.id) });
      push(`[${footnote.number}] ${footnote.label}`);
    }
  }
  if (last && answer.relatedQuestions.length > 0 && !message.streaming) {
    push('');
    push(heading('Related questions', width, style));
    for (const question of answer.relatedQuestions) {
      targets.push({ kind: 'question', line: lines.length, question });
      push(`• ${question}`);
    }
  }
  if (message.stopped) push(RESEARCH_TEXTS.answerStopped, { dim: true });
  if (message.error) {
    push('');
    for (const line of wrap(message.error, width)) push(line, { color: 'red' });
  }
  const fallback = answer.engine?.fallback_reason;
  if (fallback) push(`Answered by the built-in analyst: ${fallback}`, { dim: true });
}

export function chatDocument(
  state: Pick<ChatState, 'messages' | 'company' | 'loading' | 'loadError' | 'history'>,
  width: number,
  style: Style,
): ChatDocument {
  const doc: ChatDocument = { lines: [], targets: [] };
  if (state.loading) {
    doc.lines.push({ text: 'Loading the chat…', dim: true });
    return doc;
  }
  if (state.messages.length === 0) {
    doc.lines.push({ text: '' }, { text: RESEARCH_TEXTS.greeting(PRODUCT), bold: true });
    const about = state.company?.name ?? state.company?.company_number;
    doc.lines.push({
      text: about ? `Ask about ${about}, or start with:` : 'Name a company in your question, or start with:',
      dim: true,
    });
    for (const question of RESEARCH_SAMPLE_QUESTIONS) {
      doc.targets.push({ kind: 'question', line: doc.lines.length, question });
      doc.lines.push({ text: `• ${question}` });
    }
    const recent = (state.history ?? []).slice(0, RECENT_CHATS);
    if (recent.length > 0) {
      doc.lines.push({ text: '' }, { text: heading('Recent chats', width, style) });
      for (const chat of recent) {
        doc.targets.push({ kind: 'chat', line: doc.lines.length, chatId: chat.chat_id });
        const subject = chatSubject(chat.chat_metadata);
        doc.lines.push({ text: `${chatTitle(chat.query_str)}${subject ? ` · ${subject}` : ''}` });
      }
    }
    if (state.loadError) doc.lines.push({ text: '' }, { text: state.loadError, color: 'red' });
    return doc;
  }
  state.messages.forEach((message, i) => {
    if (i > 0) doc.lines.push({ text: '' });
    messageLines(message, i === state.messages.length - 1, width, style, doc);
  });
  doc.lines.push({ text: '' }, { text: RESEARCH_TEXTS.disclaimer, dim: true });
  return doc;
}
