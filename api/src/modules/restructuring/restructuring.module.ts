import { Module } from '@nestjs/common';
import { CreditsModule } from '../../platform/ai/credits/credits.module.js';
import { RestructuringController } from './restructuring.controller.js';
import { RestructuringService } from './restructuring.service.js';

/**
 * What every process that runs jobs needs (the API and `worker`): the start_query job's handler,
 * over a chat's pages (the platform's DOCUMENT_PAGES, provided by the documents module).
 */
@Module({
  imports: [CreditsModule],
  providers: [RestructuringService],
  exports: [RestructuringService],
})
export class RestructuringCoreModule {}

/** The restructuring workspace's routes (spec 3 section 7). */
@Module({
  imports: [RestructuringCoreModule],
  controllers: [RestructuringController],
})
export class RestructuringModule {}
