import { Module, type DynamicModule } from '@nestjs/common';
import { UsersModule } from '../../core/users/users.module.js';
import { ChatsRepository } from '../../platform/ai/chats/chats.repository.js';
import { ChatsService } from './chats/chats.service.js';
import { CreditsModule } from '../../platform/ai/credits/credits.module.js';
import { RESEARCH_ENGINES } from '../../platform/ai/engine/engines.js';
import type { ResearchPlugin } from '../../platform/ai/engine/research-plugin.js';
import { RESEARCH_TOOLKIT } from '../../platform/ai/engine/research-toolkit.js';
import { researchProviders } from './engine-provider.js';
import { PageTextController } from './page-text.controller.js';
import { ResearchController } from './research.controller.js';
import { ResearchJobsService } from './research-jobs.service.js';
import { ResearchService } from './research.service.js';
import { StreamRegistry } from '../../platform/ai/stream/stream-registry.js';

/**
 * What every process that runs research jobs needs (the API and `worker`): the engines and the
 * toolkit built from `plugins` (api/src/research-plugins.ts), chats, credits, the job handlers.
 * Global, so that a feature that asks (PDF chat, US equity, MCP) injects RESEARCH_ENGINES or
 * RESEARCH_TOOLKIT (platform tokens) without importing this module.
 */
@Module({})
export class ResearchCoreModule {
  static forRoot(plugins: readonly ResearchPlugin[]): DynamicModule {
    return {
      module: ResearchCoreModule,
      global: true,
      imports: [CreditsModule],
      providers: [...researchProviders(plugins), ChatsRepository, ResearchJobsService],
      exports: [RESEARCH_ENGINES, RESEARCH_TOOLKIT, ChatsRepository, CreditsModule, ResearchJobsService],
    };
  }
}

/** The research routes (docs/architecture.md 8, spec 3 section 7). */
@Module({
  imports: [UsersModule],
  controllers: [ResearchController, PageTextController],
  providers: [StreamRegistry, ResearchService, ChatsService],
})
export class ResearchModule {}
