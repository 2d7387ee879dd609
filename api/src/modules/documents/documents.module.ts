import { Module } from '@nestjs/common';
import { DocumentJobsService } from './document-jobs.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/** What every process that runs jobs needs (the API and `worker`): the store and the processing job. */
@Module({
  providers: [DocumentsRepository, DocumentJobsService],
  exports: [DocumentsRepository, DocumentJobsService],
})
export class DocumentsCoreModule {}

/** The document routes (spec 3 section 7, docs/architecture.md 9). */
@Module({
  imports: [DocumentsCoreModule],
  controllers: [DocumentsController],
  providers: [DocumentsService],
})
export class DocumentsModule {}
