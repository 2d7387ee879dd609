import { Module } from '@nestjs/common';
import { DocumentsCoreModule } from '../documents/documents.module.js';
import { CreditsModule } from '../../platform/ai/credits/credits.module.js';
import { RestructuringController } from './restructuring.controller.js';
import { RestructuringService } from './restructuring.service.js';

/** What every process that runs jobs needs (the API and `worker`): the start_query job's handler. */
@Module({
  imports: [DocumentsCoreModule, CreditsModule],
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
