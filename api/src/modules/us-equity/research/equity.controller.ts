import { Body, Controller, HttpCode, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../../core/auth/current-user.decorator.js';
import { PerUserRateLimit } from '../../../core/rate-limit/user-rate-limit.js';
import { EquityJobDto, EquityQueryDto } from './equity.dto.js';
import { EquityResearchService } from './equity-research.service.js';
import { Route } from '../../../core/contracts/route.js';

/** Spec 3 section 7's equity calls (data insights): company_id is the CIK. */
@ApiTags('AI research')
@ApiBearerAuth()
@Controller()
export class EquityResearchController {
  constructor(@Inject(EquityResearchService) private readonly equity: EquityResearchService) {}

  @Route('GET equity_analysis/generate_thought_process')
  @PerUserRateLimit('query')
  @ApiOperation({ summary: 'The plan for an equity question about a US company: {thought_process, error?}' })
  thoughtProcess(@Query() q: EquityQueryDto, @CurrentUser() user: SessionClaims) {
    return this.equity.thoughtProcess(user, q);
  }

  @Route('POST equity_analysis/select_tables')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary: 'Start a job choosing the KPI tables the question reads: {job_id}; result {relevant_table_names: [[name, table]]}',
  })
  selectTables(@Body() dto: EquityJobDto, @CurrentUser() user: SessionClaims) {
    return this.equity.start(user, 'tables', dto);
  }

  @Route('POST equity_analysis/observations')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary:
      'Start a job writing the observations (each figure cited to its filing tag): {job_id}; result {observations, citations, ...}. Uses a credit.',
  })
  observations(@Body() dto: EquityJobDto, @CurrentUser() user: SessionClaims) {
    return this.equity.start(user, 'observations', dto);
  }

  @Route('GET run_equity_analysis_query')
  @PerUserRateLimit('query')
  @ApiOperation({ summary: 'Tables and observations at once: {result, thought_process}. Uses a credit.' })
  runQuery(@Query() q: EquityQueryDto, @CurrentUser() user: SessionClaims) {
    return this.equity.runQuery(user, q);
  }
}
