/**
 * The built-in analyst's unit of work: one analysis (summary sheet, charges and security...)
 * that plans its steps from the understood question, runs tools, and writes its section of the
 * answer through the AnswerWriter. The engine (engine.ts) picks the analyses a question asks
 * for, joins their plans into one `plan` event, and runs them in order.
 */
import type { AnswerWriter } from './answer-writer.js';
import type { Fact, ResearchEmitter, ResearchRequest, ResearchTool, ToolContext, ToolResult } from './types.js';

/** What the engine pulled out of the question. */
export interface Understanding {
  query: string;
  /** The ids of the analyses it asks for (the research feature's own list). */
  analyses: string[];
  /** The company asked about (the chat's, or one named in the question), normalised. */
  companyNumber?: string;
  companyName?: string;
  /** Fiscal years named ("2023", "FY2022"). */
  years: number[];
  /** "last three years": the latest N years on file (resolved by the analyses against what is filed). */
  recentYears?: number;
  /** A range of years ("between 2022 and 2024") or the latest N: the answer states the change across them. */
  compare?: boolean;
  /** Metric keys named (turnover, operatingProfit, netProfitLoss, EBITDA, totalAssets, cash, netAssets, employees, margins...). */
  metrics: string[];
  /** Ratios named ("Interest cover", "Free cash flow"): RATIO_ASKS' labels. */
  ratios?: string[];
  /** Lender names named ("HSBC", "Barclays Bank"). */
  lenders: string[];
  /** Registry mode: a UK company chat answers with "Key Findings" sections. */
  registryMode: boolean;
}

/** What an analysis can use while it runs. */
export interface AnalysisContext {
  request: ResearchRequest;
  understanding: Understanding;
  writer: AnswerWriter;
  out: ResearchEmitter;
  tool: ToolContext;
  /** Runs a tool by name (results are cached per answer, so two analyses share a read). */
  call<T = unknown>(name: string, args: Record<string, unknown>): Promise<ToolResult<T>>;
  /** Marks the analysis's own plan step `i` (0-based within its own steps) running, done or failed. */
  step(i: number, status: 'running' | 'done' | 'failed', detail?: string): void;
  /** Records what the data does not hold; the engine says so in the answer and offers what it can answer. */
  missing(what: string): void;
}

/**
 * A part of a Key Finding: words, a filed figure (marked with its page), or a computed figure
 * (`derived`: no marker of its own, so the finding writes the filed figures it comes from after it).
 */
export type FindingPart = string | { fact: Fact; text: string; derived?: boolean } | null | undefined | false;

/** One Key Finding: `key` names what it says, so two analyses saying the same thing say it once. */
export interface Finding {
  key: string;
  parts: FindingPart[];
}

export interface Analysis {
  /** Its id in the feature's ordered list of analyses (which also sets where its section comes). */
  id: string;
  /** What it answers, in the words a decline offers it ("charges and security"). */
  offer: string;
  /** The section heading it writes ("Capital Structure"). */
  title: string;
  /** The plan steps it will run for this question, in words the analyst reads. */
  plan(u: Understanding): string[];
  run(ctx: AnalysisContext): Promise<void>;
  /** Its one or two most important findings, for registry mode's "Key Findings" (none when it has nothing to say). */
  findings?(ctx: AnalysisContext): Promise<Finding[]>;
  /** Questions this analysis can answer next for the same company (related questions). */
  related(u: Understanding): string[];
}

/** The tools available to the engine, by name. */
export type ToolRegistry = ReadonlyMap<string, ResearchTool>;
