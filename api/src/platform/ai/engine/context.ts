/** The context one analysis runs in: cached tool calls, its own plan steps, and what it found missing. */
import type { ResearchEmitter, ResearchRequest, ToolContext, ToolResult } from './types.js';
import type { AnswerWriter } from './answer-writer.js';
import type { AnalysisContext, ToolRegistry, Understanding } from './analysis.js';

/** Tool results shared by the analyses of one answer (two analyses reading the same accounts read them once). */
export class ToolCalls {
  private readonly cache = new Map<string, Promise<ToolResult>>();
  constructor(
    private readonly tools: ToolRegistry,
    private readonly ctx: ToolContext,
  ) {}

  has(name: string): boolean {
    return this.tools.has(name);
  }

  call<T>(name: string, args: Record<string, unknown>): Promise<ToolResult<T>> {
    const tool = this.tools.get(name);
    if (!tool) return Promise.reject(new Error(`No tool named ${name}.`));
    const key = `${name}:${JSON.stringify(args)}`;
    let result = this.cache.get(key);
    if (!result) {
      result = tool.run(args, this.ctx);
      this.cache.set(key, result);
    }
    return result as Promise<ToolResult<T>>;
  }
}

export interface StepTracker {
  statuses: ('pending' | 'running' | 'done' | 'failed')[];
  set(index: number, status: 'running' | 'done' | 'failed', detail?: string): void;
}

export function stepTracker(out: ResearchEmitter, count: number): StepTracker {
  const statuses: StepTracker['statuses'] = Array.from({ length: count }, () => 'pending');
  return {
    statuses,
    set(index, status, detail) {
      if (index < 0 || index >= count || statuses[index] === status) return;
      statuses[index] = status;
      out.emit({ type: 'step', data: { index, status, ...(detail ? { detail } : {}) } });
    },
  };
}

/** What an analysis runs with: the request, where it writes, its tool calls and its steps (from `offset`). */
export interface AnalysisContextOptions {
  request: ResearchRequest;
  understanding: Understanding;
  writer: AnswerWriter;
  out: ResearchEmitter;
  tool: ToolContext;
  calls: ToolCalls;
  steps: StepTracker;
  offset: number;
  missing: string[];
}

export function analysisContext(options: AnalysisContextOptions): AnalysisContext {
  const { calls, steps, offset, missing } = options;
  return {
    request: options.request,
    understanding: options.understanding,
    writer: options.writer,
    out: options.out,
    tool: options.tool,
    call: (name, args) => calls.call(name, args),
    step: (i, status, detail) => steps.set(offset + i, status, detail),
    missing: (what) => {
      if (!missing.includes(what)) missing.push(what);
    },
  };
}
