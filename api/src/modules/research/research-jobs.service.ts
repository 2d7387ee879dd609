import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  RESEARCH_TEXTS,
  type CheckQueryResponse,
  type JobStartedResponse,
  type JobStatusName,
  type ResearchAnswer,
  type RunQueryResult,
  type SessionClaims,
} from '@credence/shared';
import { JobQueue, type JobState } from '../../core/queue/job-queue.js';
import { describe } from '../../platform/ai/jobs/answer-shape.js';
import { CreditsService } from '../../platform/ai/credits/credits.service.js';
import type { RunQueryDto, ThoughtProcessDto } from './dto/research.dto.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../platform/ai/engine/engines.js';
import type { ResearchRequest } from '../../platform/ai/engine/types.js';
import { ResearchJob } from '../../platform/ai/jobs/research-job.entity.js';
import {
  foldedAnswer,
  planWithFallback,
  spendJobCredit,
  startResearchJob,
  type JobData as JobOf,
} from '../../platform/ai/jobs/research-job-steps.js';

export const THOUGHT_PROCESS_JOB = 'research.thought-process';
export const RUN_QUERY_JOB = 'research.run-query';
export const JOB_NOT_FOUND = 'Job not found.';
/** A job Redis no longer holds, or one lost with the process that ran it in memory. */
export const JOB_LOST = 'This job was lost before it finished (the server restarted). Please try again.';
/** A job whose worker died: Bull's words when a live worker noticed, ours (WORKER_GONE) when a reader did. */
const STALLED = /stalled|stopped before it finished/i;
export const JOB_STALLED = 'The worker running this job stopped before it finished. Please try again.';

const STATUS: Record<JobState, JobStatusName> = { queued: 'pending', running: 'running', completed: 'completed', failed: 'failed' };

type JobData = JobOf<RunQueryDto>;

function researchRequest({ user, dto }: JobData): ResearchRequest {
  return {
    query: dto.query.trim(),
    companyNumber: dto.company_id?.trim().toUpperCase(),
    chatId: dto.chat_id ?? randomUUID(),
    model: dto.model ?? 'flash',
    webSearch: dto.web_search_enabled ?? true,
    user,
    history: [],
  };
}

/**
 * The spec's job routes (companies_house/generate_thought_process, companies_house/run_query,
 * check_query) on the JobQueue: Bull with Redis (jobs outlive an API restart; a job whose worker
 * died ends failed), in-process without. Every process that runs jobs registers the handlers.
 */
@Injectable()
export class ResearchJobsService {
  private readonly logger = new Logger('ResearchJobs');

  constructor(
    @Inject(JobQueue) private readonly queue: JobQueue,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(RESEARCH_ENGINES) private readonly engines: ResearchEngines,
  ) {
    this.queue.register(THOUGHT_PROCESS_JOB, (data: JobData) => this.thoughtProcess(data));
    this.queue.register(RUN_QUERY_JOB, (data: JobData) => this.runQuery(data));
  }

  private jobDeps() {
    return { queue: this.queue, db: this.db, credits: this.credits };
  }

  start(user: SessionClaims, kind: 'thought-process' | 'run-query', dto: ThoughtProcessDto | RunQueryDto): Promise<JobStartedResponse> {
    const answers = kind === 'run-query';
    const name = answers ? RUN_QUERY_JOB : THOUGHT_PROCESS_JOB;
    return startResearchJob(this.jobDeps(), user, { name, kind, answers, dto });
  }

  async check(user: SessionClaims, jobId: string): Promise<CheckQueryResponse> {
    const owned = await this.db.getRepository(ResearchJob).findOneBy({ jobId, userId: user.sub });
    if (!owned) throw new NotFoundException(JOB_NOT_FOUND);
    const job = await this.queue.get(jobId);
    if (!job) {
      await this.credits.refundLostJob(jobId);
      return { status: 'failed', error: JOB_LOST };
    }
    const status = STATUS[job.state];
    if (status === 'completed') return { status, result: job.result };
    if (owned.progress && status !== 'failed') return { status, progress: owned.progress };
    if (status === 'failed') {
      const stalled = Boolean(job.error && STALLED.test(job.error));
      // Its worker died before settling the credit the job held: it goes back (once, whoever reads first).
      if (stalled) await this.credits.refundLostJob(jobId);
      return { status, error: stalled ? JOB_STALLED : (job.error ?? RESEARCH_TEXTS.chatFailure) };
    }
    return { status };
  }

  /** Spec 3 sections 4/5: an invalid plan is replaced by the generic one, with the spec's error. */
  thoughtProcess(data: JobData): Promise<{ thought_process: string[]; error?: string }> {
    return planWithFallback(() => this.engines.planner.plan(researchRequest(data)), this.logger, 'thought process');
  }

  /** The whole answer at once (no stream): the credit reserved at start is kept when it completes, refunded when it fails. */
  runQuery(data: JobData): Promise<RunQueryResult> {
    return spendJobCredit(this.credits, data, () => this.answer(data));
  }

  private async answer(data: JobData): Promise<RunQueryResult> {
    const engine = this.engines.engine;
    let answer: ResearchAnswer;
    try {
      ({ answer } = await foldedAnswer(engine.name, (emitter) => engine.answer(researchRequest(data), emitter)));
    } catch (error) {
      this.logger.error(`run_query failed: ${describe(error)}`);
      throw new Error(RESEARCH_TEXTS.chatFailure, { cause: error });
    }
    return {
      answer: { observations: answer.sections, table_data: answer.tables, text: answer.text, citations: answer.citations },
      thought_process: answer.thoughtProcess,
      related_questions: answer.relatedQuestions,
    };
  }
}
