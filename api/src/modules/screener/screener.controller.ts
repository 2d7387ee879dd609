import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  EXPORT_FORMATS,
  SCREENER_ROUTES,
  WATCHLIST_LIMITS,
  type ExportFormat,
  type LenderDetailResponse,
  type ScreenerCompanyNumbersQuery,
  type ScreenerCompanyNumbersResponse,
  type ScreenerListParams,
  type ScreenerListResponses,
  type ScreenerTable,
  type UniqueValuesResponse,
} from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { Route } from '../../core/contracts/route.js';
import { assertExportSize, exportColumns, exportFilename, sendExport } from '../../core/export/index.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { screenerBadRequest } from '../../core/screener-query/index.js';
import { LenderDetailService } from '../../platform/register/views/lender-detail.service.js';
import { SCREENER_TABLES } from '../../platform/register/views/screener-tables.js';
import { ScreenerService } from './screener.service.js';

/**
 * The screener's query is read by its own parser (its `{status: "error"}` answers name the field),
 * not by the global validation pipe: the handlers declare it with the route table's types
 * (interfaces, which the pipe leaves alone) and hand it on as the raw query it is.
 */
type RawQuery = Record<string, unknown>;
type ColumnQuery = { column_name: string };

const LIST_QUERY = [
  { name: 'page', required: false, description: '1-based; a page past the end answers the last page' },
  { name: 'page_size', required: false },
  { name: 'sort_by', required: false, description: 'a sortable column id' },
  { name: 'sort_order', required: false, enum: ['asc', 'desc'] },
  { name: 'filters', required: false, description: 'JSON array of column filters (spec 2 3.15)' },
  { name: 'global_filter', required: false, description: 'search box text' },
  {
    name: 'cursor',
    required: false,
    description: 'next_cursor or prev_cursor of a previous answer: the next or previous page at any depth',
  },
];
const ListQuery = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  for (const q of LIST_QUERY) ApiQuery(q)(target, key, descriptor);
};

/**
 * The companies screener and the three creditors tabs (spec 2 2.11, 2.12, section 7): a page of
 * rows with its totals, every matching row as csv, xlsx or JSON Lines, the option lists of the
 * filter popups, and one lender's detail. Signed-in users only (the global guard).
 */
@ApiTags('Screeners')
@ApiBearerAuth()
@Controller()
export class ScreenerController {
  constructor(
    @Inject(ScreenerService) private readonly screener: ScreenerService,
    @Inject(LenderDetailService) private readonly lenders: LenderDetailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async page<T extends ScreenerTable>(table: T, query: ScreenerListParams): Promise<ScreenerListResponses[T]> {
    const { rows, paging } = await this.screener.list(table, query as RawQuery);
    return { status: 'success', data: { [SCREENER_TABLES[table].rowsKey]: rows, ...paging } } as ScreenerListResponses[T];
  }

  private async export(table: ScreenerTable, query: RawQuery, reply: FastifyReply): Promise<void> {
    const format = typeof query.format === 'string' ? query.format.trim().toLowerCase() : '';
    if (!EXPORT_FORMATS.includes(format as ExportFormat)) {
      throw screenerBadRequest(`format must be one of ${EXPORT_FORMATS.join(', ')}${format ? ` (got "${format.slice(0, 20)}")` : ''}`);
    }
    const request = this.screener.parse(table, query);
    const cap = this.config.exportMaxRows;
    assertExportSize(await this.screener.countForExport(table, request, cap), cap, format as ExportFormat);
    const spec = SCREENER_TABLES[table];
    await sendExport(reply, {
      format: format as ExportFormat,
      filename: exportFilename(spec.exportName),
      sheetName: spec.sheetName,
      columns: exportColumns(spec.columns),
      rows: this.screener.exportRows(table, request),
    });
  }

  private async values(table: ScreenerTable, column: unknown): Promise<UniqueValuesResponse> {
    return { status: 'success', data: { values: await this.screener.uniqueValues(table, column) } };
  }

  @Route('GET companies_house/get-screener-info')
  @ApiOperation({ summary: 'Companies screener: one page of companies with their latest figures and charge counts' })
  @ListQuery()
  companies(@Query() query: ScreenerListParams) {
    return this.page('companies', query);
  }

  @Get(SCREENER_ROUTES.companiesExport)
  @PerUserRateLimit('exports')
  @ApiOperation({ summary: 'Every company the screener query matches, as csv, xlsx or JSON Lines (format=csv|xlsx|json)' })
  @ListQuery()
  @ApiQuery({ name: 'format', enum: EXPORT_FORMATS })
  companiesExport(@Query() query: RawQuery, @Res() reply: FastifyReply) {
    return this.export('companies', query, reply);
  }

  @Route('GET companies_house/get-unique-column-values')
  @ApiOperation({ summary: 'The values of a select column of the companies screener (its filter options)' })
  @ApiQuery({ name: 'column_name', enum: SCREENER_TABLES.companies.uniqueValueColumns })
  companiesValues(@Query() query: ColumnQuery) {
    return this.values('companies', query.column_name);
  }

  @Route('GET companies_house/charges-screener-info')
  @ApiOperation({ summary: 'Charges screener: one page of charges with their company and lenders (default: newest delivered first)' })
  @ListQuery()
  charges(@Query() query: ScreenerListParams) {
    return this.page('charges', query);
  }

  @Route('GET companies_house/screener-company-numbers')
  @PerUserRateLimit('exports')
  @ApiOperation({
    summary: `The company numbers the companies screener's filters and search select, at most ${WATCHLIST_LIMITS.perRequest} (more: 400); for "watch all N results"`,
  })
  @ApiQuery({ name: 'filters', required: false, description: 'JSON array of column filters (spec 2 3.15)' })
  @ApiQuery({ name: 'global_filter', required: false, description: 'search box text' })
  @ApiQuery({ name: 'sort_by', required: false, description: 'a sortable column id' })
  @ApiQuery({ name: 'sort_order', required: false, enum: ['asc', 'desc'] })
  async companyNumbers(@Query() query: ScreenerCompanyNumbersQuery): Promise<ScreenerCompanyNumbersResponse> {
    return { status: 'success', data: await this.screener.companyNumbers(query as RawQuery, WATCHLIST_LIMITS.perRequest) };
  }

  @Get(SCREENER_ROUTES.chargesExport)
  @PerUserRateLimit('exports')
  @ApiOperation({ summary: 'Every charge the query matches, as csv, xlsx or JSON Lines' })
  @ListQuery()
  @ApiQuery({ name: 'format', enum: EXPORT_FORMATS })
  chargesExport(@Query() query: RawQuery, @Res() reply: FastifyReply) {
    return this.export('charges', query, reply);
  }

  @Route('GET companies_house/charges-unique-column-values')
  @ApiOperation({ summary: 'The values of a charges column (its filter options)' })
  @ApiQuery({ name: 'column_name', enum: SCREENER_TABLES.charges.uniqueValueColumns })
  chargesValues(@Query() query: ColumnQuery) {
    return this.values('charges', query.column_name);
  }

  @Route('GET companies_house/charges/stats/by-lender')
  @ApiOperation({ summary: 'Creditor overview: charge statistics per lender, spellings of one lender counted once' })
  @ListQuery()
  lenderStats(@Query() query: ScreenerListParams) {
    return this.page('lenders', query);
  }

  @Get(SCREENER_ROUTES.lendersExport)
  @PerUserRateLimit('exports')
  @ApiOperation({ summary: 'Every lender row the query matches, as csv, xlsx or JSON Lines' })
  @ListQuery()
  @ApiQuery({ name: 'format', enum: EXPORT_FORMATS })
  lendersExport(@Query() query: RawQuery, @Res() reply: FastifyReply) {
    return this.export('lenders', query, reply);
  }

  @Route('GET companies_house/charges/lender-stats-unique-column-values')
  @ApiOperation({ summary: 'Lender names (the filter options of the creditor overview)' })
  @ApiQuery({ name: 'column_name', enum: SCREENER_TABLES.lenders.uniqueValueColumns })
  lenderValues(@Query() query: ColumnQuery) {
    return this.values('lenders', query.column_name);
  }

  @Route('GET companies_house/charges/lender-detail')
  @ApiOperation({ summary: "One lender's charges: totals, status counts, types, by year, top companies, recent charges, spellings filed" })
  @ApiQuery({ name: 'lender_name', description: 'any spelling of the name, e.g. HSBC UK BANK PLC' })
  async lenderDetail(@Query() query: { lender_name: string }): Promise<LenderDetailResponse> {
    return { status: 'success', data: await this.lenders.detail(query.lender_name) };
  }

  @Route('GET companies_house/charges/stats/by-company')
  @ApiOperation({ summary: 'Company charge aggregation: charge statistics per company' })
  @ListQuery()
  chargeCompanies(@Query() query: ScreenerListParams) {
    return this.page('chargeCompanies', query);
  }

  @Get(SCREENER_ROUTES.chargeCompaniesExport)
  @PerUserRateLimit('exports')
  @ApiOperation({ summary: 'Every company row of the charge aggregation the query matches, as csv, xlsx or JSON Lines' })
  @ListQuery()
  @ApiQuery({ name: 'format', enum: EXPORT_FORMATS })
  chargeCompaniesExport(@Query() query: RawQuery, @Res() reply: FastifyReply) {
    return this.export('chargeCompanies', query, reply);
  }

  @Route('GET companies_house/charges/company-stats-unique-column-values')
  @ApiOperation({ summary: 'The values of a company aggregation column (its filter options)' })
  @ApiQuery({ name: 'column_name', enum: SCREENER_TABLES.chargeCompanies.uniqueValueColumns })
  chargeCompanyValues(@Query() query: ColumnQuery) {
    return this.values('chargeCompanies', query.column_name);
  }
}
