/**
 * What the job-run research calls share (companies_house/generate_thought_process and run_query,
 * equity_analysis/select_tables and observations): a job started for its owner (a research credit
 * reserved first when it answers, spent by the job), the plan with spec 3's fallback, and an
 * answer folded from its events as a client would have seen them.
 */
import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  emptyResearchAnswer,
  isValidPlan,
  reduceResearchAnswer,
  RESEARCH_TEXTS,
  type JobStartedResponse,
  type ResearchAnswer,
  type ResearchEngineInfo,
  type SessionClaims,
} from '@credence/shared';
import type { JobQueue } from '../../../core/queue/job-queue.js';
import { describe, finishAnswer } from './answer-shape.js';
import type { CreditsService, CreditTicket } from '../credits/credits.service.js';
import type { RecordingEmitter } from '../engine/types.js';
import type { ResearchUser } from '../engine/types.js';
import { ResearchJob } from './research-job.entity.js';

export interface JobData<Dto> {
  user: ResearchUser;
  dto: Dto;
  /** The credit reserved when a job that answers was started: the job spends it (CreditsService.forJob). */
  credit?: CreditTicket;
}

/**
 * Queues a job for the user and records that it is theirs (check_query answers only its owner).
 * A job that answers gets a credit reserved first (402 when none is left), carried in its data.
 */
export async function startResearchJob<Dto extends object>(
  deps: { queue: JobQueue; db: DataSource; credits: CreditsService },
  user: SessionClaims,
  job: { name: string; kind: string; answers: boolean; dto: Dto },
): Promise<JobStartedResponse> {
  const queue = async (credit?: CreditTicket): Promise<JobStartedResponse> => {
    const data: JobData<Dto> = { user: { id: user.sub, role: user.role }, dto: { ...job.dto }, ...(credit ? { credit } : {}) };
    const jobId = await deps.queue.add(job.name, data);
    await deps.db.getRepository(ResearchJob).insert({ jobId, userId: user.sub, kind: job.kind });
    return { job_id: jobId };
  };
  return job.answers ? deps.credits.holdForJob(user.sub, queue) : queue();
}

/** Runs a paid job's work with the credit it was started with: kept when the work resolves, refunded when it throws. */
export async function spendJobCredit<T>(credits: CreditsService, data: JobData<unknown>, work: () => Promise<T>): Promise<T> {
  return (await credits.forJob(data.credit, data.user.id)).spend(work);
}

/** Spec 3 sections 4/5: the plan; an invalid one is replaced by the generic plan with the spec's error, a failed one too. */
export async function planWithFallback(
  plan: () => Promise<string[]>,
  logger: Logger,
  what: string,
): Promise<{ thought_process: string[]; error?: string }> {
  try {
    const steps = await plan();
    if (isValidPlan(steps)) return { thought_process: steps };
    return { thought_process: [RESEARCH_TEXTS.genericPlan], error: RESEARCH_TEXTS.planFallbackError };
  } catch (error) {
    logger.error(`${what} failed: ${describe(error)}`);
    return { thought_process: [RESEARCH_TEXTS.genericPlan], error: RESEARCH_TEXTS.planFailure };
  }
}

/** Runs an engine with an emitter that folds its events (and what it says of itself) into the finished answer. */
export async function foldedAnswer<T>(
  engine: ResearchEngineInfo['engine'],
  run: (emitter: RecordingEmitter) => Promise<T>,
): Promise<{ answer: ResearchAnswer; outcome: T }> {
  let folded: ResearchAnswer = { ...emptyResearchAnswer(), engine: { engine } };
  const controller = new AbortController();
  const outcome = await run({
    emit: (event) => (folded = reduceResearchAnswer(folded, event)),
    signal: controller.signal,
    engineInfo: (info) => (folded = { ...folded, engine: info }),
    declined: (declined) => (folded = { ...folded, declined }),
  });
  return { answer: finishAnswer(folded), outcome };
}
