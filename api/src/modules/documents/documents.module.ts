import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import { DocumentAnswerer } from './answers/document-answer.js';
import { DocumentJobsService } from './document-jobs.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { PdfChatController } from './pdf-chat/pdf-chat.controller.js';
import { PdfChatService } from './pdf-chat/pdf-chat.service.js';

/** What every process that runs jobs needs (the API and `worker`): the store and the processing job. */
@Module({
  providers: [DocumentsRepository, DocumentJobsService],
  exports: [DocumentsRepository, DocumentJobsService],
})
export class DocumentsCoreModule {}

/**
 * The document routes (spec 3 section 7, docs/architecture.md 9) and PDF chat, which asks the
 * research engines (RESEARCH_ENGINES, global) and plans with the document analyst.
 */
@Module({
  imports: [DocumentsCoreModule],
  controllers: [DocumentsController, PdfChatController],
  providers: [
    DocumentsService,
    PdfChatService,
    {
      provide: DocumentAnswerer,
      inject: [DataSource, RESEARCH_TOOLKIT],
      useFactory: (db: DataSource, kit: ResearchToolkit) => new DocumentAnswerer(db, kit.evidence),
    },
  ],
})
export class DocumentsModule {}
