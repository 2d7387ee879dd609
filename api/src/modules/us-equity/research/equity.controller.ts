import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RESEARCH_ROUTES, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../../core/auth/current-user.decorator.js';
import { PerUserRateLimit } from '../../../core/rate-limit/user-rate-limit.js';
import { EquityJobDto, EquityQueryDto } from './equity.dto.js';
import { EquityResearchService } from './equity-research.service.js';

/** Spec 3 section 7's equity calls (data insights): company_id is the CIK. */
@ApiTags('AI research')
@ApiBearerAuth()
@Controller()
export class EquityResearchController {
  constructor(@Inject(EquityResearchService) private readonly equity: EquityResearchService) {}

  @Get(RESEARCH_ROUTES.equityThoughtProcess)
  @PerUserRateLimit('query')
  @ApiOperation({ summary: 'The plan for an equity question about a US company: {thought_process, error?}' })
  thoughtProcess(@Query() q: EquityQueryDto, @CurrentUser() user: SessionClaims) {
    return this.equity.thoughtProcess(user, q);
  }

  @Post(RESEARCH_ROUTES.equityTableSelection)
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary: 'Start a job choosing the KPI tables the question reads: {job_id}; result {relevant_table_names: [[name, table]]}',
  })
  selectTables(@Body() dto: EquityJobDto, @CurrentUser() user: SessionClaims) {
    return this.equity.start(user, 'tables', dto);
  }

  @Post(RESEARCH_ROUTES.equityObservations)
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary:
      'Start a job writing the observations (each figure cited to its filing tag): {job_id}; result {observations, citations, ...}. Uses a credit.',
  })
  observations(@Body() dto: EquityJobDto, @CurrentUser() user: SessionClaims) {
    return this.equity.start(user, 'observations', dto);
  }

  @Get(RESEARCH_ROUTES.runEquityAnalysisQuery)
  @PerUserRateLimit('query')
  @ApiOperation({ summary: 'Tables and observations at once: {result, thought_process}. Uses a credit.' })
  runQuery(@Query() q: EquityQueryDto, @CurrentUser() user: SessionClaims) {
    return this.equity.runQuery(user, q);
  }
}
