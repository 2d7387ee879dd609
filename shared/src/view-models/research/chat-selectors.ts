/**
 * What a chat message shows, worked out once for the web and the terminal: the plan with its
 * marks, the text with footnote numbers, the footnotes, the tables with theirs, the sources
 * ("+N more") and the related questions.
 */
import type { ResearchTable } from '../../contracts/research.js';
import {
  citationFootnotes,
  resolveCitationMarkers,
  tableFootnotes,
  type CitationFootnote,
  type MarkerRenderer,
} from '../../rules/research/citations.js';
import { planView, type PlanView } from '../../rules/research/plan.js';
import { visibleSources, type VisibleSources } from '../../rules/research/sources.js';
import type { ChatMessage, ChatState } from './chat-view-model.js';

export interface MessageView {
  question: string;
  plan: PlanView;
  /** The answer's markdown with `[^cN]` markers turned into footnote numbers. */
  text: string;
  footnotes: CitationFootnote[];
  tables: { table: ResearchTable; footnotes: CitationFootnote[] }[];
  sources: VisibleSources;
  related: string[];
  streaming: boolean;
  /** The reader stopped it before it finished. */
  stopped: boolean;
  error: string | null;
  /** A visible note when a configured model failed and the built-in engine answered. */
  engineNote: string | null;
  /** What the data could not answer. */
  missing: string[];
}

export function messageView(message: ChatMessage, options: { sourcesExpanded?: boolean; renderMarker?: MarkerRenderer } = {}): MessageView {
  const { answer } = message;
  const footnotes = citationFootnotes(answer);
  const plan = planView(answer, message.streaming);
  return {
    question: message.question,
    plan: message.planError ? { ...plan, error: message.planError } : plan,
    text: resolveCitationMarkers(answer.text, footnotes, options.renderMarker),
    footnotes,
    tables: answer.tables.map((table) => ({ table, footnotes: tableFootnotes(table.citations, footnotes) })),
    sources: visibleSources(answer.sources, options.sourcesExpanded),
    related: answer.relatedQuestions,
    streaming: message.streaming,
    stopped: message.stopped === true,
    error: message.error,
    engineNote: answer.engine?.fallback_reason ? `Answered by the built-in engine: ${answer.engine.fallback_reason}` : null,
    missing: answer.declined?.missing ?? [],
  };
}

/** The key for the address (spec 3 chatKey): the stored chat's id once known, else the new chat's key. */
export function chatAddressKey(state: Pick<ChatState, 'chatId' | 'chatKey'>): string | null {
  return state.chatId ?? state.chatKey;
}

/** True while an answer streams. */
export function isStreaming(state: Pick<ChatState, 'messages'>): boolean {
  return state.messages.some((m) => m.streaming);
}

/** "3 of 20 questions left", or null before the credits are known. */
export function creditsText(state: Pick<ChatState, 'credits'>): string | null {
  if (!state.credits) return null;
  const left = Math.max(0, state.credits.total_credits - state.credits.accessed_count);
  return `${left} of ${state.credits.total_credits} questions left`;
}

/**
 * False when the server has no model configured: the picker's Pro and Flash would change nothing,
 * so the web and the terminal say the built-in analyst answers instead (issue 27). True until the
 * credits are known, and from a server that does not say.
 */
export function modelChoiceOffered(state: Pick<ChatState, 'credits'>): boolean {
  return state.credits?.model_configured !== false;
}
