import { Body, Controller, Get, HttpCode, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompaniesHouseService } from './companies-house.service.js';
import { FilingDocumentsService } from './filing-documents.service.js';
import {
  CompanyIdQuery,
  CompanyListQuery,
  CompanyNumberQuery,
  FilingPdfQuery,
  FinancialsQuery,
  IndexCompanyBody,
  KpiTableQuery,
  SearchCompaniesQuery,
} from './dto/company-query.dto.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { Route } from '../../core/contracts/route.js';

@ApiTags('UK companies')
@ApiBearerAuth()
@Controller()
export class CompaniesHouseController {
  constructor(
    @Inject(CompaniesHouseService) private readonly service: CompaniesHouseService,
    @Inject(FilingDocumentsService) private readonly documents: FilingDocumentsService,
  ) {}

  @Route('GET companies_house/search_companies')
  @ApiOperation({
    summary: 'Search by name, number or registered postcode: exact number, exact name, prefix, then similarity; active first',
  })
  search(@Query() q: SearchCompaniesQuery) {
    return this.service.search(q.query, q.limit);
  }

  @Route('GET companies_house/get_company_list')
  @ApiOperation({ summary: 'The default list for search: the suggested companies, then the largest active ones' })
  companyList(@Query() q: CompanyListQuery) {
    return this.service.companyList(q.limit);
  }

  @Route('GET companies_house/get_filings_list')
  @ApiOperation({ summary: 'Filings grouped by category, newest first' })
  filings(@Query() q: CompanyNumberQuery) {
    return this.service.filings(q.company_number);
  }

  @Get('companies_house/get_filing_pdf')
  @PerUserRateLimit('documents')
  @ApiOperation({ summary: 'The document of a filing, inline (file_name: the document id plus .pdf, as in s3_path)' })
  async filingPdf(@Query() q: FilingPdfQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const document = await this.documents.document(q.company_number, q.file_name);
    void reply
      .header('content-type', document.contentType)
      .header('content-length', String(document.length))
      .header('content-disposition', `inline; filename="${document.fileName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
      .header('cache-control', 'private, max-age=300');
    return document.body;
  }

  @Route('GET companies_house/get_overview')
  @ApiOperation({ summary: 'Company overview (spec 2 3.3) with the computed leadership, charge, capital and compliance insights' })
  overview(@Query() q: CompanyNumberQuery) {
    return this.service.overview(q.company_number);
  }

  @Route('GET companies_house/get_aggregated_financials_data')
  @ApiOperation({ summary: 'Financial summary series and the standardised statements, by year' })
  financials(@Query() q: FinancialsQuery) {
    return this.service.aggregatedFinancials(q.company_number, q.document_category, q.file_name);
  }

  @Route('GET companies_house/officers')
  @ApiOperation({ summary: 'Officers and persons with significant control' })
  officers(@Query() q: CompanyNumberQuery) {
    return this.service.officers(q.company_number);
  }

  @Route('GET companies_house/get_company_dates')
  @ApiOperation({ summary: 'The accounting periods the company has financial data for (date, fiscal_date), newest first' })
  dates(@Query() q: CompanyIdQuery) {
    return this.service.companyDates(q.company_id);
  }

  @Route('GET get_kpi_values_by_table_name')
  @ApiOperation({ summary: 'One statement as a table (spec 2 3.16): a row per line item, a column per year' })
  kpis(@Query() q: KpiTableQuery) {
    return this.service.kpiTable(q.company_id, q.document_category ?? 'AA', q.table_name);
  }

  @Route('POST companies_house/index-to-opensearch')
  @HttpCode(200)
  @ApiOperation({ summary: "Refresh the company's search entry (Postgres is the search index)" })
  index(@Body() body: IndexCompanyBody) {
    return this.service.index(body.company_id);
  }
}
