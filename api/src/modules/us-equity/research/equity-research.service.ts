/**
 * The data-insights calls of spec 3 section 7 over the built-in equity analyst: the thought
 * process (at once), the relevant tables and the observations (jobs polled with check_query),
 * and run_equity_analysis_query (both at once). Observations use a research credit, as an
 * answer does; the plan and the tables do not.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  isKpiTableName,
  kpiTable,
  type EquityAnalysisResponse,
  type EquityObservationsResult,
  type EquityTablesResult,
  type EquityThoughtProcessResponse,
  type JobStartedResponse,
  type SessionClaims,
  type UsRelevantTable,
} from '@credence/shared';
import { JobQueue } from '../../../core/queue/job-queue.js';
import { CreditsService } from '../../../platform/ai/credits/credits.service.js';
import type { ResearchRequest, ResearchUser } from '../../../platform/ai/engine/types.js';
import {
  foldedAnswer,
  planWithFallback,
  spendJobCredit,
  startResearchJob,
  type JobData as JobOf,
} from '../../../platform/ai/jobs/research-job-steps.js';
import type { EquityJobDto, EquityQueryDto } from './equity.dto.js';
import { UsEquityAnalyst } from './us-equity-analyst.js';
import { loadUsCompanyKpis } from './sec-facts.js';

export const EQUITY_TABLES_JOB = 'research.equity-tables';
export const EQUITY_OBSERVATIONS_JOB = 'research.equity-observations';

type JobData = JobOf<EquityJobDto>;

function equityRequest(user: ResearchUser, dto: EquityJobDto): ResearchRequest {
  return {
    query: dto.query.trim(),
    cik: String(Number(dto.company_id)),
    chatId: dto.chat_id ?? randomUUID(),
    model: 'flash',
    webSearch: false,
    user,
    history: [],
  };
}

/** The answer's markdown as the page's observation strings: one per paragraph or bullet, headings without their marks. */
export function observationStrings(text: string): string[] {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/^[-*]\s+/, '')
        .trim(),
    )
    .filter(Boolean);
}

@Injectable()
export class EquityResearchService {
  private readonly logger = new Logger('EquityResearch');

  constructor(
    @Inject(JobQueue) private readonly queue: JobQueue,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(UsEquityAnalyst) private readonly analyst: UsEquityAnalyst,
  ) {
    this.queue.register(EQUITY_TABLES_JOB, (data: JobData) => this.tables(data.user, data.dto));
    this.queue.register(EQUITY_OBSERVATIONS_JOB, (data: JobData) =>
      spendJobCredit(this.credits, data, () => this.observations(data.user, data.dto)),
    );
  }

  thoughtProcess(user: SessionClaims, dto: EquityQueryDto): Promise<EquityThoughtProcessResponse> {
    const request = equityRequest({ id: user.sub, role: user.role }, dto);
    return planWithFallback(() => this.analyst.plan(request), this.logger, 'equity thought process');
  }

  start(user: SessionClaims, kind: 'tables' | 'observations', dto: EquityJobDto): Promise<JobStartedResponse> {
    const name = kind === 'tables' ? EQUITY_TABLES_JOB : EQUITY_OBSERVATIONS_JOB;
    const deps = { queue: this.queue, db: this.db, credits: this.credits };
    return startResearchJob(deps, user, { name, kind: `equity-${kind}`, answers: kind === 'observations', dto });
  }

  /** The KPI tables the question reads, whole (annual or quarterly as it asks), in catalogue order. */
  async tables(user: ResearchUser, dto: EquityQueryDto): Promise<EquityTablesResult> {
    const request = equityRequest(user, dto);
    const read = await this.analyst.read(request, { user, signal: new AbortController().signal });
    const loaded = await loadUsCompanyKpis(this.db, Number(request.cik));
    if (!loaded) return { relevant_table_names: [] };
    const relevant: UsRelevantTable[] = read.tables
      .filter(isKpiTableName)
      .map((name) => [name, kpiTable(loaded.kpis, name, read.question.category)] as UsRelevantTable)
      .map(([name, table]) => [name, loaded.company.sample ? { ...table, sample: true } : table]);
    return { relevant_table_names: relevant };
  }

  /** The written answer: observations with their citations (each a filing tag); the caller spends a credit on it. */
  async observations(user: ResearchUser, dto: EquityQueryDto): Promise<EquityObservationsResult> {
    const request = equityRequest(user, dto);
    const { answer, outcome } = await foldedAnswer('built-in', (emitter) => this.analyst.answer(request, emitter));
    return {
      observations: observationStrings(answer.text),
      thought_process: answer.thoughtProcess,
      citations: answer.citations,
      table_data: answer.tables,
      related_questions: answer.relatedQuestions,
      ...(outcome.declined ? { declined: outcome.declined } : {}),
    };
  }

  /** Tables and observations at once, for one credit (reserved first, refunded if either fails). */
  runQuery(user: SessionClaims, dto: EquityQueryDto): Promise<EquityAnalysisResponse> {
    return this.credits.withCredit(user.sub, async () => {
      const who = { id: user.sub, role: user.role };
      const [tables, observations] = [await this.tables(who, dto), await this.observations(who, dto)];
      return { result: { ...observations, ...tables }, thought_process: observations.thought_process };
    });
  }
}
