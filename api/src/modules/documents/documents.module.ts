import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import { DOCUMENT_PAGES } from '../../platform/ai/evidence/document-pages.js';
import { DocumentAnswerer } from './answers/document-answer.js';
import { DocumentJobsService } from './document-jobs.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { PdfChatController } from './pdf-chat/pdf-chat.controller.js';
import { PdfChatService } from './pdf-chat/pdf-chat.service.js';

/**
 * What every process that runs jobs needs (the API and `worker`): the store and the processing job.
 * Global, so that a feature that reads a chat's pages (restructuring) injects the platform's
 * DOCUMENT_PAGES without importing this module.
 */
@Global()
@Module({
  providers: [DocumentsRepository, DocumentJobsService, { provide: DOCUMENT_PAGES, useExisting: DocumentsRepository }],
  exports: [DocumentsRepository, DocumentJobsService, DOCUMENT_PAGES],
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
