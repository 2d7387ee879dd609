/**
 * One streamed request to the model: sends the conversation, assembles the chunks, passes the
 * answer's text on as it arrives, and gives up when the provider goes quiet for the timeout (the
 * client's own timeout ends at the response headers; a stream can stall after them).
 */
import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import { mayBeTextToolCall, textToolCalls, ToolCallAssembler, type AssembledRound } from './tool-call-assembler.js';

export type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export type ChatTool = OpenAI.Chat.Completions.ChatCompletionTool;

export interface RoundRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  /** Longest wait for the first byte and between chunks. */
  idleTimeoutMs: number;
  signal: AbortSignal;
  /** Answer text as it arrives (reasoning and `<think>` already removed). */
  onText(delta: string): Promise<void>;
  /** Whether a tool of this name exists (to read tool calls a server sent as text). */
  knownTool(name: string): boolean;
}

/** The provider stopped sending for longer than the timeout. */
export class ModelTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * A client made for the first round: the openai package loads then, never at the API's start
 * (about 70 ms of CPU; its error classes, which failureReason needs, are a small module of their own).
 */
export function clientOnFirstUse(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | null = null;
  return () => (client ??= import('openai').then(({ default: OpenAIClient }) => new OpenAIClient(options)));
}

export async function streamRound(client: OpenAI, request: RoundRequest): Promise<AssembledRound> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  request.signal.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.idleTimeoutMs);
  };
  try {
    arm();
    const stream = await client.chat.completions.create(
      {
        model: request.model,
        messages: request.messages,
        stream: true,
        ...(request.tools?.length ? { tools: request.tools, tool_choice: 'auto' as const } : {}),
      },
      { signal: controller.signal },
    );
    const assembler = new ToolCallAssembler();
    // Content that starts like a tool call written as text is held until the round ends.
    let held: string | null = null;
    let started = false;
    for await (const chunk of stream) {
      arm();
      const delta = assembler.push(chunk);
      if (!delta.content) continue;
      if (held !== null) {
        held += delta.content;
        if (mayBeTextToolCall(held)) continue;
        await request.onText(held);
        held = null;
      } else if (!started && request.tools?.length && mayBeTextToolCall(delta.content)) held = delta.content;
      else await request.onText(delta.content);
      started = true;
    }
    // The client ends the stream quietly on an abort: a cut stream is not an answer.
    if (timedOut) throw new ModelTimeoutError(request.idleTimeoutMs);
    request.signal.throwIfAborted();
    const round = assembler.finish();
    if (held !== null) {
      const calls = round.toolCalls.length ? [] : textToolCalls(held + round.tail.content, request.knownTool);
      if (calls.length) return { ...round, content: '', toolCalls: calls, finishReason: 'tool_calls' };
      await request.onText(held);
    }
    if (round.tail.content) await request.onText(round.tail.content);
    return round;
  } catch (error) {
    if (timedOut && !request.signal.aborted) throw new ModelTimeoutError(request.idleTimeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', stop);
  }
}

/** A short reason a provider failed, for the fall-back note ("timeout", "HTTP 500"...). */
export function failureReason(error: unknown): string {
  if (error instanceof ModelTimeoutError || error instanceof APIConnectionTimeoutError) return 'timeout';
  if (error instanceof APIError && typeof error.status === 'number') return `HTTP ${error.status}`;
  if (error instanceof APIConnectionError) return 'connection failed';
  return error instanceof Error && error.message ? error.message.slice(0, 120) : 'unknown error';
}

/** Whether trying again may help: a dropped connection or stream, not a refusal (4xx) or a timeout. */
export function worthRetrying(error: unknown): boolean {
  if (error instanceof ModelTimeoutError || error instanceof APIConnectionTimeoutError) return false;
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIError && typeof error.status === 'number') return false;
  return true;
}
