/**
 * How the research chat shows an answer's outcome (spec 3 sections 4 and 8): a stored answer
 * rebuilt from a saved chat, the plan rule, the company a saved chat is about, and the failure
 * texts of a question that did not get its answer.
 */
import {
  emptyResearchAnswer,
  isValidPlan,
  RESEARCH_TEXTS,
  type ChatDetail,
  type ResearchAnswer,
  type SavedChat,
} from '../../contracts/research.js';
import { genericPlan } from '../../rules/research/plan.js';
import { errorStatus, serverText } from '../errors.js';
import type { ChatCompany, ChatMessage } from './chat-message.js';

/** A stored answer as the chat shows it: the stored ResearchAnswer, or one rebuilt from the detail's parts. */
export function answerOfDetail(detail: ChatDetail): ResearchAnswer {
  const stored = detail.observations as Partial<ResearchAnswer> | null | undefined;
  const base = emptyResearchAnswer();
  if (stored && typeof stored === 'object' && typeof stored.text === 'string') return { ...base, ...stored };
  const thoughtProcess = Array.isArray(detail.thought_process) ? detail.thought_process : [];
  // a restructuring run keeps one table object here, not a research answer's list of tables
  const tables = Array.isArray(detail.table_data) ? detail.table_data : [];
  return { ...base, thoughtProcess, stepStatus: thoughtProcess.map(() => 'done'), tables };
}

/** The plan rule (spec 3 section 4) on an answer: an invalid plan gives way to the generic one. */
export function withPlanRule(answer: ResearchAnswer): { answer: ResearchAnswer; planError: string | null } {
  if (isValidPlan(answer.thoughtProcess)) return { answer, planError: null };
  return { answer: { ...answer, ...genericPlan('done') }, planError: RESEARCH_TEXTS.planFallbackError };
}

export function companyOfChat(chat: SavedChat, current: ChatCompany | null): ChatCompany | null {
  const meta = chat.chat_metadata ?? {};
  if (meta.company_id) return { company_number: meta.company_id, name: meta.company_name ?? null };
  if (meta.cik) return { cik: meta.cik, name: meta.company_name ?? null };
  return current;
}

export function failureText(error: unknown): { text: string; quota: boolean } {
  const status = errorStatus(error);
  if (status === 402) return { text: RESEARCH_TEXTS.quotaExceeded, quota: true };
  if (status === 401 || status === 403 || status === 400 || status === 404) {
    return { text: serverText(error) ?? RESEARCH_TEXTS.chatFailure, quota: false };
  }
  return { text: RESEARCH_TEXTS.chatFailure, quota: false };
}

/** A failed answer (spec 3 section 8): its error, and when no plan came, the generic plan failed with the plan failure text. */
export function failed(message: ChatMessage, error: string): Partial<ChatMessage> {
  const noPlan = message.answer.thoughtProcess.length === 0;
  return {
    streaming: false,
    error,
    planError: noPlan ? RESEARCH_TEXTS.planFailure : message.planError,
    answer: noPlan ? { ...message.answer, ...genericPlan('failed') } : message.answer,
  };
}
