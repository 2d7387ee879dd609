/**
 * `credence ask "<question>"` (docs/architecture.md 8, issue 14 "Terminal"): the plan's steps tick on
 * stderr as they run, the answer prints to stdout as terminal markdown with its citations as
 * numbered footnotes; `--json` prints one JSON document at the end, `--stream` the events as JSON
 * Lines. Exit 0 when the answer is done, 1 when it failed (an error event, the quota), 2 usage,
 * 4 not signed in.
 */
import {
  RESEARCH_CONSTANTS,
  RESEARCH_TEXTS,
  emptyResearchAnswer,
  newChatKey,
  reduceResearchAnswer,
  type ApiClient,
  type AskOutcome,
  type ResearchAnswer,
  type ResearchAskRequest,
  type ResearchModel,
  type ResearchStreamEvent,
} from '@credence/shared';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
import { createContext, type Context, type GlobalOptions } from '../runtime/session.js';
import { styleFor } from '../output/text.js';
import { companyNumberArg } from './company-number.js';
import { createAnswerPrinter, createStepProgress } from './ask-progress.js';
import { answerExtraLines } from './research-view.js';
import { readPdfs, uploadForQuestion } from './ask-documents.js';

export interface AskCommandOptions extends GlobalOptions {
  company?: string;
  cik?: string;
  model?: string;
  chat?: string;
  stream?: boolean;
  pdf?: string[];
}

/** The longest question the command sends (the API refuses longer ones with a 400 anyway). */
export const ASK_MAX_LENGTH = 4000;

/** The request from the arguments and flags; UsageError for anything a person should fix. */
export function askRequest(options: AskCommandOptions, args: string[]): ResearchAskRequest {
  const query = args.join(' ').replace(/\s+/g, ' ').trim();
  if (query === '')
    throw new UsageError('credence ask needs a question, e.g. credence ask "Who lends to this company?" --company 00445790');
  if (query.length > ASK_MAX_LENGTH) throw new UsageError(`The question is ${query.length} characters; at most ${ASK_MAX_LENGTH}`);
  if (options.company !== undefined && options.cik !== undefined) throw new UsageError('Give --company or --cik, not both');
  if (options.json && options.stream)
    throw new UsageError('Give --json (one document at the end) or --stream (JSON Lines as they come), not both');
  const model = (options.model ?? RESEARCH_CONSTANTS.defaultModel) as ResearchModel;
  if (model !== 'flash' && model !== 'pro') throw new UsageError(`--model takes flash or pro, not "${options.model}"`);
  const cik = options.cik?.trim();
  if (cik !== undefined && !/^\d{1,10}$/.test(cik))
    throw new UsageError(`--cik takes the SEC's number (up to 10 digits), not "${options.cik}"`);
  const chat = options.chat?.trim();
  if (chat === '') throw new UsageError('--chat takes a chat id (see `credence chats list`)');
  if (options.pdf?.length && (options.company !== undefined || cik))
    throw new UsageError('Ask about PDFs (--pdf) or about a company (--company, --cik), not both');
  // A chat's documents are kept under its id: a follow-up with --chat brings them again.
  const key = chat ?? (options.pdf?.length ? newChatKey() : undefined);
  return {
    query,
    ...(options.company !== undefined ? { company_number: companyNumberArg(options.company) } : {}),
    ...(cik ? { cik } : {}),
    ...(key ? { chat_id: key, chat_key: key } : {}),
    model,
  };
}

/** The quota's 402 reads as the spec's words; anything else is mapped by describeFailure. */
export function explainAskFailure(error: unknown): never {
  const e = error as { name?: string; status?: number };
  if (e?.name === 'ApiError' && e.status === 402) throw new CliFailure(RESEARCH_TEXTS.quotaExceeded);
  throw error;
}

async function streamJsonLines(ctx: Context, client: ApiClient, request: ResearchAskRequest): Promise<AskOutcome> {
  return client.ask(request, {
    onEvent: (event) => ctx.out.result(JSON.stringify({ id: event.id, type: event.type, data: event.data })),
  });
}

async function streamReadable(ctx: Context, client: ApiClient, request: ResearchAskRequest): Promise<AskOutcome> {
  const style = styleFor(ctx.mode.color);
  const width = Math.max(40, ctx.mode.width);
  const spinner = process.stderr.isTTY === true && !ctx.mode.json && ctx.mode.interactive;
  const progress = createStepProgress(process.stderr, style, spinner);
  const printText = !ctx.mode.json;
  const printer = createAnswerPrinter(
    (lines) => {
      progress.pause();
      ctx.out.result(lines.join('\n'));
    },
    width,
    style,
  );
  let answer: ResearchAnswer = emptyResearchAnswer();
  const onEvent = (event: ResearchStreamEvent) => {
    progress.event(event);
    if (event.type === 'done' || event.type === 'error') return;
    answer = reduceResearchAnswer(answer, event);
    if (printText && event.type === 'text') printer.update(answer);
  };
  // Ctrl-C: the spinner's line is cleared before the process ends (the server stops the work when we leave)
  const interrupted = () => {
    progress.finish(null);
    process.stderr.write('credence: cancelled\n');
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  let outcome: AskOutcome;
  try {
    outcome = await client.ask(request, { onEvent });
  } catch (error) {
    progress.finish(null);
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
  }
  progress.finish(outcome.error === null ? outcome.answer : { ...outcome.answer, error: outcome.error });
  if (printText) {
    printer.finish(outcome.answer);
    const extra = answerExtraLines(outcome.answer, width, style);
    if (extra.length > 0) ctx.out.result(extra.join('\n'));
  }
  return outcome;
}

export async function ask(options: AskCommandOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const request = askRequest(options, args);
  const files = options.pdf?.length ? await readPdfs(options.pdf) : [];
  const client = await ctx.authedClient();
  if (files.length) await uploadForQuestion(ctx, client, request.chat_key!, files);
  const outcome = await (options.stream ? streamJsonLines(ctx, client, request) : streamReadable(ctx, client, request)).catch(
    explainAskFailure,
  );
  if (ctx.mode.json) {
    ctx.out.result(
      JSON.stringify({ chat_id: outcome.chat_id, answer: outcome.answer, ...(outcome.error ? { error: outcome.error } : {}) }, null, 2),
    );
  }
  const fallback = outcome.answer.engine?.fallback_reason;
  if (fallback && !options.stream) ctx.out.info(`note: answered by the built-in analyst (${fallback})`);
  if (outcome.error !== null) throw new CliFailure(outcome.error);
  if (outcome.chat_id && !options.stream && !ctx.mode.json)
    ctx.out.info(ctx.out.dim(`chat ${outcome.chat_id} · continue with --chat ${outcome.chat_id}`));
}
