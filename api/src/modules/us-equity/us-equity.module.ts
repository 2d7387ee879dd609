import { Module } from '@nestjs/common';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import { EquityResearchController } from './research/equity.controller.js';
import { EquityResearchService } from './research/equity-research.service.js';
import { UsEquityAnalyst } from './research/us-equity-analyst.js';
import { UsCompaniesRepository } from './store/us-companies.repository.js';
import { UsEquityController } from './us-equity.controller.js';
import { UsEquityService } from './us-equity.service.js';
import { HighlightedSourceService } from './source/highlighted-source.service.js';

/**
 * What every process that runs jobs needs (the API and `worker`): the equity research jobs' handlers,
 * over the built-in equity analyst and the research toolkit (RESEARCH_TOOLKIT, global).
 */
@Module({
  providers: [
    {
      provide: UsEquityAnalyst,
      inject: [RESEARCH_TOOLKIT],
      useFactory: (kit: ResearchToolkit) => new UsEquityAnalyst(kit.tools, kit.evidence),
    },
    EquityResearchService,
  ],
  exports: [UsEquityAnalyst, EquityResearchService],
})
export class UsEquityCoreModule {}

/** US equity (spec 3, docs/architecture.md 10): the KPI tables from SEC company facts, and research over them. */
@Module({
  imports: [UsEquityCoreModule],
  controllers: [UsEquityController, EquityResearchController],
  providers: [UsEquityService, UsCompaniesRepository, HighlightedSourceService],
  exports: [UsEquityService, UsCompaniesRepository],
})
export class UsEquityModule {}
