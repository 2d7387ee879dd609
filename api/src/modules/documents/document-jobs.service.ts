/**
 * start_pdf_processing: a job that indexes a chat's documents for search (each page's full-text
 * vector), reporting how far it is through check_query. Every process that runs jobs registers it.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobStartedResponse, PdfProcessingResult, SessionClaims } from '@credence/shared';
import { JobQueue } from '../../core/queue/job-queue.js';
import { ResearchJob } from '../../platform/ai/jobs/research-job.entity.js';
import { DocumentsRepository } from './documents.repository.js';

export const PDF_PROCESSING_JOB = 'documents.process';

interface ProcessingData {
  userId: string;
  chatKey: string;
  progressKey: string;
}

@Injectable()
export class DocumentJobsService {
  constructor(
    @Inject(JobQueue) private readonly queue: JobQueue,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
  ) {
    this.queue.register(PDF_PROCESSING_JOB, (data: ProcessingData) => this.process(data));
  }

  async start(user: SessionClaims, chatKey: string): Promise<JobStartedResponse> {
    const progressKey = randomUUID();
    const data: ProcessingData = { userId: user.sub, chatKey, progressKey };
    const jobId = await this.queue.add(PDF_PROCESSING_JOB, data);
    await this.db.getRepository(ResearchJob).insert({ jobId, userId: user.sub, kind: 'pdf-processing', progressKey });
    return { job_id: jobId };
  }

  /** Indexes every document of the chat that is not indexed yet (all of them are listed in the result). */
  async process({ userId, chatKey, progressKey }: ProcessingData): Promise<PdfProcessingResult> {
    const documents = await this.documents.list(userId, chatKey);
    const progress = { documents: documents.length, indexed: 0, pages: 0 };
    for (const doc of documents) {
      if (!doc.indexed) await this.documents.index(doc.document_id);
      progress.indexed++;
      progress.pages += doc.pages;
      await this.db.query(`UPDATE research_jobs SET progress = $2 WHERE progress_key = $1`, [progressKey, JSON.stringify(progress)]);
    }
    return { ...progress, files: await this.documents.list(userId, chatKey) };
  }

  /** Indexes the given documents now (a question asked before processing was started). */
  async ensureIndexed(userId: string, chatKey: string): Promise<void> {
    for (const doc of await this.documents.list(userId, chatKey)) if (!doc.indexed) await this.documents.index(doc.document_id);
  }
}
