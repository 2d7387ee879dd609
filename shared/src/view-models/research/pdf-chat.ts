/**
 * A question in a chat with PDFs attached (spec 3 sections 4 and 7): the plan first
 * (`generate_thought_process_pdf_chat`), shown as it comes, then the answer (`read_file_and_query`),
 * which the server gives whole (no job, no stream; docs/decisions.md). The chat view model sends
 * every question of a chat with PDFs this way.
 */
import type { DocumentsApi } from '../../client/documents-client.js';
import { isValidPlan, RESEARCH_TEXTS, type ResearchAnswer, type ResearchModel } from '../../contracts/research.js';
import { genericPlan } from '../../rules/research/plan.js';
import { errorStatus, isAbort, serverText } from '../errors.js';

export type PdfChatClient = Pick<DocumentsApi, 'pdfChatThoughtProcess' | 'readFileAndQuery'>;

export interface PdfChatCallbacks {
  signal: AbortSignal;
  /** The plan arrived: shown with its steps running while the answer is read. */
  onPlan(plan: Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'>, planError: string | null): void;
}

export type PdfChatOutcome =
  { ok: true; chatId: string; answer: ResearchAnswer } | { ok: false; error: string; quota: boolean; aborted: boolean };

/** The failure as the chat shows it: the quota text for 402, the server's words for a refusal, else spec 3's PDF chat text. */
function pdfChatFailure(error: unknown, signal: AbortSignal): PdfChatOutcome {
  const status = errorStatus(error);
  if (status === 402) return { ok: false, error: RESEARCH_TEXTS.quotaExceeded, quota: true, aborted: false };
  const refused = status === 400 || status === 401 || status === 403 || status === 404;
  const text = refused ? (serverText(error) ?? RESEARCH_TEXTS.pdfChatFailure) : RESEARCH_TEXTS.pdfChatFailure;
  return { ok: false, error: text, quota: false, aborted: signal.aborted || isAbort(error) };
}

export async function askPdfChat(
  client: PdfChatClient,
  question: { chatKey: string; query: string; model: ResearchModel },
  callbacks: PdfChatCallbacks,
): Promise<PdfChatOutcome> {
  const { signal } = callbacks;
  try {
    const planned = await client.pdfChatThoughtProcess(question, { signal });
    const valid = isValidPlan(planned.thought_process) && !planned.error;
    const steps = valid ? planned.thought_process : genericPlan('running').thoughtProcess;
    callbacks.onPlan({ thoughtProcess: steps, stepStatus: steps.map(() => 'running') }, valid ? null : RESEARCH_TEXTS.planFallbackError);
    const answered = await client.readFileAndQuery({ ...question, thoughtProcess: steps }, { signal });
    return { ok: true, chatId: answered.chat_id, answer: answered.answer };
  } catch (error) {
    return pdfChatFailure(error, signal);
  }
}
