/**
 * The built-in analyst (no model, no network): understands the question, emits its plan at once,
 * runs the analyses it asks for in order, each writing its section through the AnswerWriter (so
 * every figure is checked against its page or record before it streams), then the related
 * questions it can answer. When the data does not hold the answer it says what is missing and
 * what it can answer instead, and states no figure.
 */
import { RESEARCH_SAMPLE_QUESTIONS } from '@credence/shared';
import { AnswerWriter } from '../../../../platform/ai/engine/answer-writer.js';
import type {
  EvidenceChecker,
  ResearchEmitter,
  ResearchEngine,
  ResearchRequest,
  ToolContext,
} from '../../../../platform/ai/engine/types.js';
import type { Analysis, ToolRegistry } from '../../../../platform/ai/engine/analysis.js';
import {
  analysisContext,
  stepTracker,
  ToolCalls,
  type AnalysisContextOptions,
  type StepTracker,
} from '../../../../platform/ai/engine/context.js';
import { declineFor, type Decline } from './decline.js';
import { missingList } from '../../../../platform/ai/engine/text.js';
import { keyFindings } from './key-findings.js';
import { availableAnalyses, chosenAnalyses, offerList, planSteps } from './plan.js';
import { understand, type Understood } from './understand.js';
import { unsupportedLine } from './vocabulary.js';

/** How an answer ended: `declined` when the data could not answer it (the stored answer's `declined`). */
export interface BuiltInOutcome {
  declined?: { missing: string[] };
  understanding: Understood;
}

/** Analyses that read the filed accounts: a question for a year not on file is declined before they run. */
const READS_ACCOUNTS = new Set(['summary-sheet', 'performance', 'profitability', 'balance-sheet', 'capital-structure']);

export class BuiltInEngine implements ResearchEngine {
  readonly name = 'built-in' as const;
  private readonly analyses = availableAnalyses();
  private readonly now: () => Date;

  constructor(
    private readonly tools: ToolRegistry,
    private readonly evidence: EvidenceChecker,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The plan the answer would follow (the job route's thought process). */
  async plan(request: ResearchRequest): Promise<string[]> {
    const ctx: ToolContext = { user: request.user, signal: new AbortController().signal };
    const u = await understand(request, this.tools, ctx, this.now());
    return planSteps(u, chosenAnalyses(u, this.analyses));
  }

  async answer(request: ResearchRequest, out: ResearchEmitter): Promise<void> {
    await this.answerWithOutcome(request, out);
  }

  async answerWithOutcome(request: ResearchRequest, out: ResearchEmitter): Promise<BuiltInOutcome> {
    const tool: ToolContext = { user: request.user, signal: out.signal };
    const u = await understand(request, this.tools, tool, this.now());
    const analyses = chosenAnalyses(u, this.analyses);
    const plan = planSteps(u, analyses);
    out.emit({ type: 'plan', data: { steps: plan } });
    const steps = stepTracker(out, plan.length);
    steps.set(0, 'running');
    const writer = new AnswerWriter(out, this.evidence);
    const calls = new ToolCalls(this.tools, tool);
    const decline = await this.precheck(u, analyses, calls);
    steps.set(0, 'done', u.companyName);
    if (decline) return this.declined(u, decline, writer, steps, out);

    if (u.registryMode) {
      // Findings read what the sections read (tool calls are shared): their steps and gaps are the sections' to report.
      const quiet = {
        ...analysisContext({ request, understanding: u, writer, out, tool, calls, steps, offset: 0, missing: [] }),
        step: () => undefined,
      };
      await keyFindings(writer, analyses, quiet, calls, u.companyNumber!);
    }
    const missing: string[] = [];
    let offset = 1;
    for (const analysis of analyses) {
      if (out.signal.aborted) break;
      const count = analysis.plan(u).length;
      await this.runAnalysis(analysis, { request, u, writer, out, tool, calls, steps, offset, count, missing });
      offset += count;
    }
    await writer.flush();
    if (u.unsupported.length) {
      writer.write(`\n## Not in the data\n\n${missingList(u.unsupported.map(unsupportedLine))}\n`);
      await writer.flush();
    }
    if (missing.length && writer.figureCount() === 0)
      return this.declined(u, declineFor(u, 'not-on-file', offerList(this.analyses), missing), writer, steps, out, true);
    if (missing.length) {
      writer.write(`\n## Not on file\n\n${missingList(missing)}\n`);
      await writer.flush();
    }
    out.emit({ type: 'related', data: { questions: this.related(u, analyses) } });
    return { understanding: u };
  }

  /** Declines that need no analysis: no company, a company not held, nothing it can answer, a year not filed. */
  private async precheck(u: Understood, analyses: Analysis[], calls: ToolCalls): Promise<Decline | null> {
    const offers = offerList(this.analyses);
    if (u.companyNotFound) return declineFor(u, 'company-not-found', offers);
    if (!u.companyNumber) return declineFor(u, 'no-company', offers);
    // A part the data cannot answer gets its line after the parts it can: the question is declined only when no part is answerable.
    if (u.unsupported.length && !analyses.length) return declineFor(u, 'unsupported', offers);
    if (!analyses.length) return declineFor(u, 'no-analysis', offers);
    if (analyses.every((a) => READS_ACCOUNTS.has(a.id)) && calls.has('financial_statements')) {
      const result = await calls.call<{ available: number[] }>('financial_statements', { company_number: u.companyNumber });
      const filed = result.data.available;
      if (!filed.length && !analyses.some((a) => a.id === 'summary-sheet'))
        return declineFor(u, 'not-on-file', offers, ['No accounts with figures are on file for this company.']);
      const notFiled = u.years.filter((y) => !filed.includes(y));
      if (u.years.length && notFiled.length === u.years.length) {
        const missing = filed.length
          ? notFiled.map(
              (y) => `No accounts for FY${y} are on file for this company (years on file: ${filed.map((f) => `FY${f}`).join(', ')}).`,
            )
          : ['No accounts with figures are on file for this company.'];
        return declineFor(u, 'not-on-file', offers, missing);
      }
    }
    if (analyses.length === 1 && analyses[0].id === 'risks' && calls.has('document_summary')) {
      const result = await calls.call<{ risks: unknown[]; outlook: unknown[] }>('document_summary', { company_number: u.companyNumber });
      if (!result.data.risks.length && !result.data.outlook.length)
        return declineFor(u, 'not-on-file', offers, ['The accounts on file state no principal risks or outlook for this company.']);
    }
    return null;
  }

  private async declined(
    u: Understood,
    decline: Decline,
    writer: AnswerWriter,
    steps: StepTracker,
    out: ResearchEmitter,
    ranAnalyses = false,
  ): Promise<BuiltInOutcome> {
    if (!ranAnalyses) steps.set(1, 'running');
    writer.preface(null);
    writer.write(decline.markdown);
    await writer.flush();
    steps.statuses.forEach((status, i) => {
      if (status !== 'done' && status !== 'failed') steps.set(i, 'done');
    });
    out.emit({ type: 'related', data: { questions: this.related(u, []) } });
    return { declined: { missing: decline.missing }, understanding: u };
  }

  private async runAnalysis(
    analysis: Analysis,
    o: Omit<AnalysisContextOptions, 'understanding'> & { u: Understood; count: number },
  ): Promise<void> {
    const ctx = analysisContext({ ...o, understanding: o.u });
    try {
      await analysis.run(ctx);
      await o.writer.flush();
      for (let i = 0; i < o.count; i++) if (o.steps.statuses[o.offset + i] !== 'failed') o.steps.set(o.offset + i, 'done');
    } catch (error) {
      if (o.out.signal.aborted) return;
      for (let i = 0; i < o.count; i++)
        if (o.steps.statuses[o.offset + i] !== 'done') o.steps.set(o.offset + i, 'failed', 'Could not be completed');
      o.writer.write(`\n## ${analysis.title}\n\nThis part could not be completed from the data held here.\n`);
      await o.writer.flush();
      void error;
    }
  }

  /** Questions it can answer next: the analyses' own, then the sample questions, without the ones just asked. */
  private related(u: Understood, ran: Analysis[]): string[] {
    const asked = u.query.trim().toLowerCase();
    const fromAnalyses = ran.flatMap((a) => a.related(u));
    const others = [...this.analyses.values()].filter((a) => !ran.includes(a)).flatMap((a) => a.related(u).slice(0, 1));
    const all = u.companyNumber ? [...fromAnalyses, ...others, ...RESEARCH_SAMPLE_QUESTIONS] : [...RESEARCH_SAMPLE_QUESTIONS];
    return [...new Set(all)].filter((q) => q.toLowerCase() !== asked).slice(0, 5);
  }
}
