import { Module } from '@nestjs/common';
import { ResearchCoreModule } from '../research/research.module.js';
import { UsCompaniesRepository } from './store/us-companies.repository.js';
import { UsEquityController } from './us-equity.controller.js';
import { UsEquityService } from './us-equity.service.js';
import { HighlightedSourceService } from './source/highlighted-source.service.js';

/** US equity (spec 3, docs/architecture.md 10): the KPI tables from SEC company facts. */
@Module({
  imports: [ResearchCoreModule],
  controllers: [UsEquityController],
  providers: [UsEquityService, UsCompaniesRepository, HighlightedSourceService],
  exports: [UsEquityService, UsCompaniesRepository],
})
export class UsEquityModule {}
