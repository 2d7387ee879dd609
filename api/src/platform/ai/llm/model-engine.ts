/**
 * The research engine with a language model (LLM_* set): the model plans its reads and writes
 * the answer through function calling over the same tools as the built-in analyst. Its text
 * streams a sentence at a time through the figure check (see checked-text.ts). When the provider
 * fails before any answer text, the built-in engine answers instead, with a visible note.
 */
import type OpenAI from 'openai';
import { RESEARCH_SAMPLE_QUESTIONS, type ResearchEngineInfo } from '@credence/shared';
import type { LlmConfig } from '../../../core/config/config.js';
import { AnswerWriter } from '../engine/answer-writer.js';
import type { ToolRegistry } from '../engine/analysis.js';
import type { EvidenceChecker, ResearchEmitter, ResearchEngine, ResearchRequest, ToolContext } from '../engine/types.js';
import { CheckedText, FactBook, type FigureRules } from './checked-text.js';
import { clientOnFirstUse, failureReason, streamRound, worthRetrying, type ChatMessage, type ChatTool } from './model-round.js';
import { conversation, toolDefinitions, toolErrorContent, toolResultContent } from './prompt.js';
import type { AssembledRound, AssembledToolCall } from './tool-call-assembler.js';
import { argumentErrors } from './tool-arguments.js';

export interface ModelEngineOptions {
  /** The plan sent first (such as the built-in analyst's plan for the question); a generic one when absent. */
  plan?: (request: ResearchRequest) => string[] | Promise<string[]>;
  /** Related questions offered after the answer. */
  related?: (request: ResearchRequest) => string[];
  /** Most requests to the model per answer (tool rounds plus the answer). */
  maxRounds?: number;
  /** The messages the model starts from (its rules and the question); `conversation()` when absent. */
  conversation?: (request: ResearchRequest) => ChatMessage[];
  /**
   * Tool calls made before the model's first round, their results sent as data (such as the pages
   * a search of the user's documents found), so that the model starts from them.
   */
  firstCalls?: (request: ResearchRequest) => { name: string; arguments: Record<string, unknown> }[];
  /** Stricter rules for the answer's figures (see FigureRules). */
  figureRules?: FigureRules;
}

export const MODEL_PLAN = [
  "Read the question and choose the company's data to look up",
  "Look up the data with Credence's tools",
  'Write the answer, checking every figure against the data',
];

const MAX_ROUNDS = 6;

/** What one answer keeps while it runs. */
interface Turn {
  request: ResearchRequest;
  out: ResearchEmitter;
  text: CheckedText;
  book: FactBook;
  steps: string[];
  cache: Map<string, string>;
}

export class ModelEngine implements ResearchEngine {
  readonly name = 'model' as const;
  private readonly client: () => Promise<OpenAI>;
  private readonly toolDefinitions: ChatTool[];

  constructor(
    private readonly config: LlmConfig,
    private readonly tools: ToolRegistry,
    private readonly evidence: EvidenceChecker,
    private readonly fallback: ResearchEngine,
    private readonly options: ModelEngineOptions = {},
  ) {
    this.client = clientOnFirstUse({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
    this.toolDefinitions = toolDefinitions(tools.values());
  }

  /** The model a question's choice maps to: 'pro' → LLM_MODEL, 'flash' → LLM_MODEL_FAST. */
  modelFor(request: ResearchRequest): string {
    return request.model === 'pro' ? this.config.model : this.config.modelFast;
  }

  async answer(request: ResearchRequest, out: ResearchEmitter): Promise<void> {
    const steps = await this.plan(request);
    out.emit({ type: 'plan', data: { steps } });
    const book = new FactBook();
    const exempt = [...request.query.matchAll(/\d[\d,.]*/g)].map((m) => m[0]).concat(request.companyNumber ?? []);
    const turn: Turn = {
      request,
      out,
      book,
      steps,
      cache: new Map(),
      text: new CheckedText(new AnswerWriter(out, this.evidence), book, exempt, this.options.figureRules),
    };
    try {
      await this.converse(turn);
    } catch (error) {
      if (out.signal.aborted) return;
      const reason = failureReason(error);
      if (turn.text.started) {
        await turn.text.end();
        await turn.text.note(`\n\n> The model stopped before finishing (${reason}): this answer may be incomplete.\n`);
        out.emit({ type: 'step', data: { index: steps.length - 1, status: 'failed', detail: `The model stopped (${reason})` } });
        this.report(out, { engine: 'model', model: this.modelFor(request), fallback_reason: reason });
        return;
      }
      await this.fallBack(turn, reason);
      return;
    }
    this.report(out, { engine: 'model', model: this.modelFor(request) });
    const related =
      this.options.related?.(request) ?? RESEARCH_SAMPLE_QUESTIONS.filter((q) => q.toLowerCase() !== request.query.trim().toLowerCase());
    out.emit({ type: 'related', data: { questions: [...related] } });
  }

  private async plan(request: ResearchRequest): Promise<string[]> {
    try {
      const steps = (await this.options.plan?.(request)) ?? [];
      // The last step is always the writing and checking.
      return steps.length ? [...steps, MODEL_PLAN[2]] : [...MODEL_PLAN];
    } catch {
      return [...MODEL_PLAN];
    }
  }

  private async converse(turn: Turn): Promise<void> {
    const messages: ChatMessage[] = this.options.conversation?.(turn.request) ?? conversation(turn.request);
    const maxRounds = this.options.maxRounds ?? MAX_ROUNDS;
    const steps = new PlanSteps(turn.out, turn.steps.length, this.options.plan ? 0 : 1);
    const onText = async (delta: string) => {
      if (delta.trim()) steps.writing();
      await turn.text.push(delta);
    };
    steps.set(0, 'running');
    await this.callFirst(turn, messages, steps);
    for (let round = 0; round < maxRounds; round++) {
      const finalRound = round === maxRounds - 1;
      const result = await this.requestWithRetries(turn, messages, finalRound ? undefined : this.toolDefinitions, onText);
      steps.answered();
      if (result.toolCalls.length === 0) break;
      const step = steps.lookup();
      messages.push(assistantMessage(result));
      const details: string[] = [];
      for (const call of result.toolCalls) {
        messages.push({ role: 'tool', tool_call_id: call.id, content: await this.runCall(turn, call, details) });
      }
      steps.set(step, 'done', details.join('; '));
    }
    await turn.text.end();
    steps.finish(this.checkDetail(turn));
  }

  /** The calls made for the model before its first round: an assistant turn that asked for them, and their results. */
  private async callFirst(turn: Turn, messages: ChatMessage[], steps: PlanSteps): Promise<void> {
    const first = this.options.firstCalls?.(turn.request) ?? [];
    if (!first.length) return;
    const calls: AssembledToolCall[] = first.map((call, i) => ({
      id: `call_credence_${i + 1}`,
      name: call.name,
      arguments: call.arguments,
      rawArguments: JSON.stringify(call.arguments),
    }));
    const step = steps.lookup();
    messages.push(assistantMessage({ content: '', reasoning: '', toolCalls: calls, finishReason: 'tool_calls' }));
    const details: string[] = [];
    for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: await this.runCall(turn, call, details) });
    steps.set(step, 'done', details.join('; '));
  }

  private checkDetail(turn: Turn): { detail?: string } {
    const n = turn.text.unverified.length;
    return n ? { detail: `${n} figure${n === 1 ? '' : 's'} matched no data and ${n === 1 ? 'is' : 'are'} marked unverified` } : {};
  }

  /** One request, tried again on a dropped connection while no answer text has been sent. */
  private async requestWithRetries(
    turn: Turn,
    messages: ChatMessage[],
    tools: ChatTool[] | undefined,
    onText: (delta: string) => Promise<void>,
  ): Promise<AssembledRound> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await streamRound(await this.client(), {
          model: this.modelFor(turn.request),
          messages,
          tools,
          idleTimeoutMs: this.config.timeoutMs,
          signal: turn.out.signal,
          onText,
          knownTool: (name) => this.tools.has(name),
        });
      } catch (error) {
        if (turn.out.signal.aborted || turn.text.started || attempt >= this.config.maxRetries || !worthRetrying(error)) throw error;
      }
    }
  }

  /** Runs one tool call; problems (unknown tool, bad arguments, a failing read) go back to the model as the result. */
  private async runCall(turn: Turn, call: AssembledToolCall, details: string[]): Promise<string> {
    const tool = this.tools.get(call.name);
    if (!tool) {
      details.push(`${call.name}: no such tool`);
      return toolErrorContent(`there is no tool named ${call.name}; the tools are ${[...this.tools.keys()].join(', ')}`);
    }
    const problems = call.arguments ? argumentErrors(tool.parameters, call.arguments) : [call.argumentError ?? 'bad arguments'];
    if (problems.length) {
      details.push(`${call.name}: arguments refused`);
      return toolErrorContent(`the call was not made: ${problems.join('; ')}`);
    }
    const key = `${call.name}:${JSON.stringify(call.arguments)}`;
    const cached = turn.cache.get(key);
    if (cached) return cached;
    const ctx: ToolContext = { user: turn.request.user, signal: turn.out.signal };
    try {
      const result = await tool.run(call.arguments!, ctx);
      const content = toolResultContent(result, turn.book.add(result.facts));
      turn.book.addIdentifiers(result.data);
      turn.cache.set(key, content);
      details.push(`${call.name}: ${result.facts.length} fact${result.facts.length === 1 ? '' : 's'}`);
      return content;
    } catch (error) {
      if (turn.out.signal.aborted) throw error;
      details.push(`${call.name}: failed`);
      return toolErrorContent(`the tool failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The provider failed before answering: the built-in engine answers, under a visible note. */
  private async fallBack(turn: Turn, reason: string): Promise<void> {
    const where = new URL(this.config.baseUrl).host;
    await turn.text.note(`> The model at ${where} did not answer (${reason}); this answer is from the built-in analyst.\n\n`);
    this.report(turn.out, { engine: 'built-in', fallback_reason: `The model at ${where} did not answer (${reason})` });
    await this.fallback.answer(turn.request, turn.out);
  }

  private report(out: ResearchEmitter, info: ResearchEngineInfo): void {
    out.engineInfo?.(info);
  }
}

/**
 * The plan's steps as the model works: with the generic plan, step 0 (reading the question) ends
 * with the model's first reply and every lookup round is step 1; with a given plan, lookup rounds
 * walk its steps. The last step is the writing and checking.
 */
class PlanSteps {
  private readonly status = new Map<number, 'running' | 'done'>();
  private lookups = 0;

  constructor(
    private readonly out: ResearchEmitter,
    private readonly count: number,
    private readonly firstLookup: number,
  ) {}

  set(index: number, status: 'running' | 'done', detail?: string): void {
    if (this.status.get(index) === status && !detail) return;
    this.status.set(index, status);
    this.out.emit({ type: 'step', data: { index, status, ...(detail ? { detail } : {}) } });
  }

  answered(): void {
    if (this.firstLookup === 1) this.set(0, 'done');
  }

  /** Starts the step of the next lookup round; answers its index. */
  lookup(): number {
    const index = Math.min(this.firstLookup + this.lookups++, this.count - 2);
    this.set(index, 'running');
    return index;
  }

  writing(): void {
    this.set(this.count - 1, 'running');
  }

  finish(last: { detail?: string }): void {
    for (let i = 0; i < this.count - 1; i++) {
      if (this.status.get(i) !== 'done')
        this.set(i, 'done', this.lookups === 0 && i >= this.firstLookup ? 'Nothing needed looking up' : undefined);
    }
    this.set(this.count - 1, 'done', last.detail);
  }
}

function assistantMessage(round: AssembledRound): ChatMessage {
  return {
    role: 'assistant',
    content: round.content || null,
    tool_calls: round.toolCalls.map((call) => ({
      id: call.id,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments ? JSON.stringify(call.arguments) : call.rawArguments },
    })),
  };
}
