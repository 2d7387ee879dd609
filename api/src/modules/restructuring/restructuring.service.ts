/**
 * The restructuring workspace's API (spec 3 sections 4 and 7): the plan of a query over the
 * workspace's PDFs, the start_query job that reads them into the table (polled through
 * check_query), and the export of a saved chat's table. Only the caller's own documents are ever
 * read: another user's chat key holds none of theirs (404).
 */
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  chosenColumns,
  columnsStep,
  DEFAULT_RESTRUCTURING_COLUMNS,
  RESTRUCTURING_TEXTS,
  type RestructuringPlanResponse,
  type RestructuringResult,
  type SessionClaims,
  type StartQueryResponse,
  type UploadedPdf,
  type WorkflowCategory,
} from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { JobQueue } from '../../core/queue/job-queue.js';
import { DOCUMENT_PAGES, type DocumentPages, type StoredPage } from '../../platform/ai/evidence/document-pages.js';
import { CreditsService, type CreditTicket } from '../../platform/ai/credits/credits.service.js';
import { ResearchJob } from '../../platform/ai/jobs/research-job.entity.js';
import type { StartQueryDto } from './dto/restructuring.dto.js';
import { extractTable } from './extract/table.js';
import { RestructuringModel } from './model/model-table.js';

export const RESTRUCTURING_JOB = 'restructuring.query';
/** Pages read per query at most (the workspace's documents in upload order). */
const MAX_PAGES = 5000;

const TITLES: Record<WorkflowCategory, string> = { restructuring: 'Capital Structure', private_credit: 'Credit Terms' };

interface QueryJob {
  userId: string;
  query: string;
  thoughts: string[];
  chatKey: string;
  category: WorkflowCategory;
  /** The credit reserved at start (absent on a job queued before reservations). */
  credit?: CreditTicket;
}

function documentList(files: UploadedPdf[]): string {
  return files.map((f) => `${f.file_name} (${f.pages} page${f.pages === 1 ? '' : 's'})`).join(', ');
}

@Injectable()
export class RestructuringService {
  private readonly model: RestructuringModel | null;

  constructor(
    @Inject(JobQueue) private readonly queue: JobQueue,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(DOCUMENT_PAGES) private readonly documents: DocumentPages,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.model = config.llm ? new RestructuringModel(config.llm) : null;
    this.queue.register(RESTRUCTURING_JOB, (data: QueryJob) => this.run(data));
  }

  private async files(userId: string, chatKey: string): Promise<UploadedPdf[]> {
    const files = await this.documents.list(userId, chatKey);
    if (!files.length) throw new NotFoundException(RESTRUCTURING_TEXTS.noDocuments);
    return files;
  }

  /** The plan: what will be read, how, and (last, in brackets) the columns. */
  async plan(user: SessionClaims, query: string, chatKey: string, category: WorkflowCategory): Promise<RestructuringPlanResponse> {
    const files = await this.files(user.sub, chatKey);
    const what = category === 'private_credit' ? 'facility and its lenders, pricing and covenants' : 'instrument in the capital structure';
    return {
      thought_process: [
        `Read the ${files.length} document${files.length === 1 ? '' : 's'} of this workspace for "${query.trim().slice(0, 200)}": ${documentList(files)}`,
        `Find every ${what}: loans and facilities by their defined names, notes and bonds by their titles`,
        `Read each one's terms on the pages that state them and cite every cell to its page; a term the documents do not state is marked "${RESTRUCTURING_TEXTS.notFound}"`,
        columnsStep(DEFAULT_RESTRUCTURING_COLUMNS),
      ],
    };
  }

  /** Queues the job with a credit reserved for it (402 when none is left; given back if it cannot be queued). */
  async start(user: SessionClaims, dto: StartQueryDto): Promise<StartQueryResponse> {
    await this.files(user.sub, dto.chat_key);
    return this.credits.holdForJob(user.sub, async (credit) => {
      const data: QueryJob = {
        userId: user.sub,
        query: dto.query.trim(),
        thoughts: dto.thoughts,
        chatKey: dto.chat_key,
        category: dto.workflow_category,
        credit,
      };
      const jobId = await this.queue.add(RESTRUCTURING_JOB, data);
      await this.db.getRepository(ResearchJob).insert({ jobId, userId: user.sub, kind: 'restructuring' });
      return { job_id: jobId, data: { job_id: jobId } };
    });
  }

  private pages(userId: string, chatKey: string): Promise<StoredPage[]> {
    return this.documents.chatPages(userId, chatKey, MAX_PAGES);
  }

  /**
   * The job: the table of the plan's columns read from the workspace's documents (by the model
   * when LLM_* is set, each of its cells checked on its page; else, or when it fails, without
   * one). The credit reserved at start is kept when it completes, refunded when it fails.
   */
  async run(job: QueryJob): Promise<RestructuringResult> {
    return (await this.credits.forJob(job.credit, job.userId)).spend(() => this.table(job));
  }

  private async table(job: QueryJob): Promise<RestructuringResult> {
    const columns = chosenColumns(job.thoughts);
    const pages = await this.pages(job.userId, job.chatKey);
    const builtIn = extractTable(pages, columns, TITLES[job.category]);
    const { table, observations, engine } = this.model
      ? await this.model.table(job.query, job.category, pages, builtIn)
      : { ...builtIn, engine: 'built-in' as const };
    return {
      thought_process: job.thoughts,
      observations,
      table_data: table,
      chat_key: job.chatKey,
      workflow_category: job.category,
      engine,
    };
  }
}
