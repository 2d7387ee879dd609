/**
 * The research calls of the typed client (spec 3 section 7, docs/architecture.md 8): the streamed
 * answer of `POST /api/research/ask` (resumed with Last-Event-ID after a dropped connection),
 * chat history, jobs and credits. Built over the client's own transport, so tokens, errors and
 * the base address work exactly as for every other call.
 */
import type { ApiRoute, RouteRequest, RouteResponse } from '../contracts/routes.js';
import {
  emptyResearchAnswer,
  RESEARCH_CONSTANTS,
  RESEARCH_ROUTES,
  reduceResearchAnswer,
  type ChatHistoryItem,
  type CheckQueryResponse,
  type CreateChatHistoryRequest,
  type CreateChatHistoryResponse,
  type DeleteChatResponse,
  type FilingPageText,
  type JobStartedResponse,
  type ModelAccessInfo,
  type ResearchAnswer,
  type ResearchAskRequest,
  type ResearchStreamEvent,
  type RunQueryRequest,
  type SavedChat,
  type ThoughtProcessRequest,
} from '../contracts/research.js';
import { ApiError } from './errors.js';
import { readResearchStream } from './research-stream.js';

interface CallOptions {
  signal?: AbortSignal;
}

type QueryValue = string | number | undefined | null;

/** What the research calls need of the client: its raw call and its JSON call. */
export interface ResearchTransport {
  send(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, QueryValue> | undefined,
    body: unknown,
    call?: CallOptions,
    headers?: Record<string, string>,
  ): Promise<Response>;
  json<T>(method: 'GET' | 'POST', path: string, params?: Record<string, QueryValue>, body?: unknown, call?: CallOptions): Promise<T>;
  /** One route of the shared route table (contracts/routes.ts): request checked, answer typed by it. */
  route<R extends ApiRoute>(key: R, request: RouteRequest<R>, call?: CallOptions): Promise<RouteResponse<R>>;
}

export interface AskOptions extends CallOptions {
  /** Called with each event as it arrives (after a reconnect, only the events not seen before). */
  onEvent?: (event: ResearchStreamEvent) => void;
  /** Resume an earlier stream from this event id. */
  lastEventId?: string;
  /** Reconnects after a dropped connection (default 3); 0 turns resuming off. */
  maxReconnects?: number;
  /** Wait before a reconnect, when the server sent no `retry` (default 1000 ms). */
  reconnectDelayMs?: number;
}

/** How an asked question ended. */
export interface AskOutcome {
  /** The chat the answer was stored in (null when the stream ended with an error). */
  chat_id: string | null;
  /** The stored answer (`done`), or what streamed before the error. */
  answer: ResearchAnswer;
  /** The `error` event's message, or null when the answer is done. */
  error: string | null;
  lastEventId: string;
}

export interface ResearchApi {
  /**
   * Asks a question and reads its streamed answer to the end. HTTP failures (401, 402 quota, 400)
   * reject with an ApiError before any event; a dropped connection is resumed with Last-Event-ID.
   */
  ask(request: ResearchAskRequest, options?: AskOptions): Promise<AskOutcome>;
  getChat(chatId: string, options?: CallOptions): Promise<SavedChat>;
  getChatHistory(options?: CallOptions): Promise<ChatHistoryItem[]>;
  deleteChat(chatId: string, options?: CallOptions): Promise<DeleteChatResponse>;
  createChatHistory(request: CreateChatHistoryRequest, options?: CallOptions): Promise<CreateChatHistoryResponse>;
  modelAccessInfo(options?: CallOptions): Promise<ModelAccessInfo>;
  checkQuery<T = unknown>(jobId: string, options?: CallOptions): Promise<CheckQueryResponse<T>>;
  generateThoughtProcess(request: ThoughtProcessRequest, options?: CallOptions): Promise<JobStartedResponse>;
  runQuery(request: RunQueryRequest, options?: CallOptions): Promise<JobStartedResponse>;
  /** One page of a filing's document as lines (404 when there is no such company, document or page). */
  pageText(companyNumber: string, documentId: string, page: number, options?: CallOptions): Promise<FilingPageText>;
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isAborted(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error as { name?: string } | null)?.name === 'AbortError';
}

export function createResearchApi(transport: ResearchTransport): ResearchApi {
  async function ask(request: ResearchAskRequest, options: AskOptions = {}): Promise<AskOutcome> {
    const { signal } = options;
    const maxReconnects = options.maxReconnects ?? 3;
    const seen = new Set<string>();
    let answer = emptyResearchAnswer();
    let lastEventId = options.lastEventId ?? '';
    let retryMs: number | null = null;
    let reconnects = 0;
    const onEvent = (event: ResearchStreamEvent) => {
      // a resumed stream may repeat the event it was cut at
      if (event.id !== '' && seen.has(event.id)) return;
      if (event.id !== '') {
        seen.add(event.id);
        lastEventId = event.id;
      }
      answer = reduceResearchAnswer(answer, event);
      options.onEvent?.(event);
    };
    for (;;) {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      let dropped: unknown;
      try {
        const response = await transport.send('POST', RESEARCH_ROUTES.ask, undefined, request, { signal }, headers);
        const result = await readResearchStream(response, onEvent, { lastEventId });
        lastEventId = result.lastEventId || lastEventId;
        retryMs = result.retry ?? retryMs;
        const end = result.terminal;
        if (end?.type === 'done') return { chat_id: end.data.chat_id, answer: end.data.answer, error: null, lastEventId };
        if (end?.type === 'error') return { chat_id: null, answer, error: end.data.message, lastEventId };
        dropped = new Error('the stream ended before its answer was done');
      } catch (error) {
        if (isAborted(error, signal)) throw error;
        // a refusal (4xx/5xx) is final; only a lost connection is worth resuming
        if (error instanceof ApiError && error.status !== 0) throw error;
        dropped = error;
      }
      // with no event id yet there is nothing to resume: asking again would ask twice
      if (!lastEventId || reconnects >= maxReconnects) {
        if (dropped instanceof ApiError) throw dropped;
        throw new ApiError({
          status: 0,
          error: `The answer stream was cut off (${dropped instanceof Error ? dropped.message : String(dropped)})`,
          call: `POST /api/${RESEARCH_ROUTES.ask}`,
          cause: dropped,
        });
      }
      reconnects += 1;
      await abortableDelay(retryMs ?? options.reconnectDelayMs ?? 1000, signal);
    }
  }

  const { route } = transport;
  return {
    ask,
    getChat: (chatId, call) => route('GET get_chat', { chat_id: chatId }, call),
    getChatHistory: (call) => route('GET get_chat_history', undefined, call),
    deleteChat: (chatId, call) => route('GET delete_chat', { chat_id: chatId }, call),
    createChatHistory: (request, call) => route('POST create_chat_history', request, call),
    modelAccessInfo: (call) => route('GET model_access_info', undefined, call),
    // a job's result is typed by the caller, who knows which job it started
    checkQuery: async <T>(jobId: string, call?: CallOptions) =>
      (await route('GET check_query', { job_id: jobId }, call)) as CheckQueryResponse<T>,
    generateThoughtProcess: (request, call) => route('POST companies_house/generate_thought_process', request, call),
    runQuery: (request, call) => route('POST companies_house/run_query', request, call),
    pageText: (companyNumber, documentId, page, call) =>
      route('GET research/page_text', { company_number: companyNumber, document_id: documentId, page }, call),
  };
}

/**
 * Polls a job every 2 s (spec 3 section 4) until it completes (its result) or fails (rejects
 * with the job's error text).
 */
export async function waitForJob<T>(
  client: Pick<ResearchApi, 'checkQuery'>,
  jobId: string,
  options: CallOptions & { pollMs?: number; onProgress?: (progress: Record<string, number>) => void } = {},
): Promise<T> {
  for (;;) {
    const status = await client.checkQuery<T>(jobId, { signal: options.signal });
    if (status.status === 'completed') return status.result as T;
    if (status.progress) options.onProgress?.(status.progress);
    if (status.status === 'failed') {
      throw new ApiError({ status: 200, error: status.error || 'The job failed', call: `GET /api/${RESEARCH_ROUTES.checkQuery}` });
    }
    await abortableDelay(options.pollMs ?? RESEARCH_CONSTANTS.jobPollMs, options.signal);
  }
}
