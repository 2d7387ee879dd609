import { Controller, Get, HttpCode, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { US_EQUITY_ROUTES, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Roles } from '../../core/auth/public.decorator.js';
import { contentDisposition, exportFilename } from '../../core/export/index.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { Route } from '../../core/contracts/route.js';
import { CreditsService } from '../../platform/ai/credits/credits.service.js';
import {
  UsCompaniesQuery,
  UsCompanyIdQuery,
  UsCompanyQuery,
  UsDownloadQuery,
  UsKpiTableQuery,
  UsKpiValueQuery,
  UsRequestQuery,
} from './dto/us-equity.dto.js';
import { UsEquityService, publicCompany } from './us-equity.service.js';
import { HighlightedSourceService } from './source/highlighted-source.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('US equity')
@ApiBearerAuth()
@Controller()
export class UsEquityController {
  constructor(
    @Inject(UsEquityService) private readonly service: UsEquityService,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(HighlightedSourceService) private readonly sources: HighlightedSourceService,
  ) {}

  @Route('GET get_highlighted_source')
  @PerUserRateLimit('documents')
  @ApiOperation({
    summary:
      "A value's filing: company_name, sec_source_url, raw_html (sanitized, the fact highlighted: scroll to highlight_id), kpi_info (a derived value's operands)",
  })
  highlighted(@Query() q: UsKpiValueQuery) {
    return this.sources.source(q.cik, q.doc_cg, q.kv_id);
  }

  @Route('GET backlinker')
  @ApiOperation({ summary: "A KPI cell's source link: the /backlinker page and the filing at the SEC" })
  async backlinker(@Query() q: UsKpiValueQuery) {
    const { company, ...value } = await this.service.value(q.cik, q.doc_cg, q.kv_id);
    const params = new URLSearchParams({
      cik: company.cik_str,
      doc_cg: value.ending_type === 'FY' ? 'annual' : 'quarterly',
      kv_id: value.kpi_value_id,
    });
    return { url: `/backlinker?${params.toString()}`, kpi_value_id: value.kpi_value_id, derived: value.derived };
  }

  @Route('GET us/companies')
  @ApiOperation({
    summary:
      'The US companies (title, cik_str, ticker, industry, sector, logo_url, available, verified); search: fuzzy over name, ticker and CIK',
  })
  companies(@Query() q: UsCompaniesQuery) {
    return this.service.list(q.search, q.limit);
  }

  @Route('GET us/company')
  @ApiOperation({ summary: 'One US company by CIK or ticker' })
  async company(@Query() q: UsCompanyQuery) {
    return publicCompany(await this.service.resolve(q.company));
  }

  @Route('GET get_kpis_list')
  @ApiOperation({
    summary: "The company's KPIs that hold values, per category (annual, quarterly); 402 when the research credits are used up",
  })
  async kpisList(@Query() q: UsCompanyIdQuery, @CurrentUser() user: SessionClaims) {
    await this.credits.ensureAvailable(user.sub);
    return this.service.kpiList(q.company_id);
  }

  @Route('GET us/get_kpi_values_by_table_name')
  @ApiOperation({ summary: 'One KPI table: periods and table_data (a row per KPI, a cell per period with its kpi_value_id), table_unit' })
  table(@Query() q: UsKpiTableQuery) {
    return this.service.table(q.company_id, q.document_category, q.table_name);
  }

  @Route('GET get_kpi_value_by_id')
  @ApiOperation({ summary: 'One KPI value with its sources (concept, accession, form, filed) and, when derived, its operands' })
  value(@Query() q: UsKpiValueQuery) {
    return this.service.value(q.cik, q.doc_cg, q.kv_id);
  }

  @Route('POST requests?')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask for a company that has no data yet to be added (stored once per user); answers msg' })
  request(@Query() q: UsRequestQuery, @CurrentUser() user: SessionClaims) {
    return this.service.request(q.cik_str, user.sub);
  }

  @Route('GET requests')
  @Roles('admin')
  @ApiOperation({ summary: 'Admin: the companies users asked for, most asked first' })
  requests() {
    return this.service.requests();
  }

  @Get(US_EQUITY_ROUTES.downloadExcel)
  @PerUserRateLimit('exports')
  @ApiProduces(XLSX)
  @ApiOperation({ summary: 'The KPI tables (annual and quarterly) as one xlsx workbook' })
  async download(@Query() q: UsDownloadQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { company, body } = await this.service.workbook(q.cik);
    const name = exportFilename(`${q.company_ticker || company.ticker || company.cik_str}-kpis`);
    void reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(name, 'xlsx'))
      .header('cache-control', 'private, no-store');
    return body;
  }
}
