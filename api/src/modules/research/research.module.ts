import { Module } from '@nestjs/common';
import { UsersModule } from '../../core/users/users.module.js';
import { ChatsRepository } from '../../platform/ai/chats/chats.repository.js';
import { ChatsService } from './chats/chats.service.js';
import { CreditsModule } from '../../platform/ai/credits/credits.module.js';
import { researchEnginesProvider, RESEARCH_ENGINES } from './engine-provider.js';
import { PageTextController } from './page-text.controller.js';
import { PdfChatController } from '../documents/pdf-chat/pdf-chat.controller.js';
import { PdfChatService } from '../documents/pdf-chat/pdf-chat.service.js';
import { ResearchController } from './research.controller.js';
import { ResearchJobsService } from './research-jobs.service.js';
import { ResearchService } from './research.service.js';
import { StreamRegistry } from '../../platform/ai/stream/stream-registry.js';
import { EquityResearchController } from '../us-equity/research/equity.controller.js';
import { EquityResearchService } from '../us-equity/research/equity-research.service.js';

/** What every process that runs research jobs needs (the API and `worker`): engines, chats, credits, job handlers. */
@Module({
  imports: [CreditsModule],
  providers: [researchEnginesProvider, ChatsRepository, ResearchJobsService, EquityResearchService],
  exports: [RESEARCH_ENGINES, ChatsRepository, CreditsModule, ResearchJobsService, EquityResearchService],
})
export class ResearchCoreModule {}

/** The research routes (docs/architecture.md 8, spec 3 section 7). */
@Module({
  imports: [ResearchCoreModule, UsersModule],
  controllers: [ResearchController, PageTextController, PdfChatController, EquityResearchController],
  providers: [StreamRegistry, ResearchService, ChatsService, PdfChatService],
})
export class ResearchModule {}
