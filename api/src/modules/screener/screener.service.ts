import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ScreenerPaging, ScreenerTable } from '@credence/shared';
import {
  countRows,
  filterSql,
  globalFilterSql,
  iterateAll,
  parseScreenerQuery,
  runPage,
  screenerBadRequest,
  type PageQuery,
  type ScreenerRequest,
} from '../../core/screener-query/index.js';
import { ScreenerMemory } from './screener-memory.service.js';
import { SCREENER_TABLES, type ScreenerTableSpec } from '../../platform/register/views/screener-tables.js';

/** Most distinct values one get-unique-column-values answer lists (spec 2 9: option fetches use 1000). */
export const UNIQUE_VALUES_LIMIT = 1000;

/** Below this many matching rows a page filters first and sorts only those (PageQuery.filterFirst). */
export const FILTER_FIRST_BELOW = 20_000;

/** Filter types that a row whose value is NULL never passes. */
const NEEDS_VALUE = new Set([
  'contains',
  'startsWith',
  'endsWith',
  'equals',
  'greaterThan',
  'lessThan',
  'between',
  'is_one_of',
  'notEmpty',
  'after',
  'before',
  'range',
]);

/** The accounts' page keys (camelCase, as the PDFs and the overview cite them) by screener column. */
const PAGE_KEYS: Record<string, string> = {
  turnover: 'turnover',
  operatingProfit: 'operating_profit',
  netProfitLoss: 'net_profit_loss',
  EBITDA: 'EBITDA',
  totalAssets: 'total_assets',
  totalLiabilities: 'total_liabilities',
  netAssets: 'net_asset',
  cash: 'cash',
  employeeCount: 'employee_count',
};

/** A companies-screener row: the figure pages move under details.page_numbers, by column id. */
function companyRow(row: Record<string, unknown>): Record<string, unknown> {
  const { page_numbers: pages, ...rest } = row;
  const page_numbers: Record<string, number | null> = {};
  for (const [key, page] of Object.entries((pages ?? {}) as Record<string, unknown>)) {
    page_numbers[PAGE_KEYS[key] ?? key] = typeof page === 'number' ? page : null;
  }
  return { ...rest, details: { page_numbers } };
}

export interface ScreenerPage {
  rows: Record<string, unknown>[];
  paging: ScreenerPaging;
}

/** Lists, counts, exports and option lists of the four screener tables, from their views. */
@Injectable()
export class ScreenerService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ScreenerMemory) private readonly memory: ScreenerMemory,
  ) {}

  parse(table: ScreenerTable, rawQuery: unknown): ScreenerRequest {
    const spec = SCREENER_TABLES[table];
    return parseScreenerQuery(rawQuery, {
      columns: spec.columns,
      style: spec.style,
      pageSizes: spec.pageSizes ?? undefined,
      defaultPageSize: spec.defaultPageSize,
      defaultSort: spec.defaultSort,
    });
  }

  private pageQuery(spec: ScreenerTableSpec, request: ScreenerRequest): PageQuery {
    const params: unknown[] = [];
    const filters = filterSql(request.filters, spec.map, params);
    const search = globalFilterSql(request.globalFilter, spec.globalFilterColumns, spec.map, params);
    return {
      select: spec.select,
      from: `${spec.view} s`,
      where: `${filters} AND ${search}`,
      params,
      sort: { sql: spec.map[request.sortBy].sql, order: request.sortOrder },
      tiebreak: spec.tiebreak,
      sortHasValue: request.filters.some((f) => f.id === request.sortBy && NEEDS_VALUE.has(f.type)),
      filterFirst: { below: FILTER_FIRST_BELOW, alias: 's' },
    };
  }

  private shape(table: ScreenerTable, rows: Record<string, unknown>[]): Record<string, unknown>[] {
    return table === 'companies' ? rows.map(companyRow) : rows;
  }

  async list(table: ScreenerTable, rawQuery: unknown): Promise<ScreenerPage> {
    const spec = SCREENER_TABLES[table];
    const request = this.parse(table, rawQuery);
    const query = this.pageQuery(spec, request);
    const { rows, paging } =
      (await this.memory.page(table, request, query)) ?? (await runPage<Record<string, unknown>>(this.db, query, request));
    return { rows: this.shape(table, rows), paging };
  }

  /** Matching rows, exact up to `cap + 1` (an export checks its size before it starts). */
  async countForExport(table: ScreenerTable, request: ScreenerRequest, cap: number): Promise<number> {
    const query = this.pageQuery(SCREENER_TABLES[table], request);
    const { count } = await countRows(this.db, `FROM ${query.from} WHERE ${query.where}`, query.params, { exactLimit: cap });
    return count;
  }

  /** Every matching row in the list's order, read in keyset batches, with the export's columns only. */
  exportRows(table: ScreenerTable, request: ScreenerRequest): AsyncGenerator<Record<string, unknown>> {
    const spec = SCREENER_TABLES[table];
    return iterateAll<Record<string, unknown>>(
      this.db,
      { ...this.pageQuery(spec, request), select: spec.exportSelect },
      { batchSize: 5000 },
    );
  }

  /**
   * The company numbers the companies screener's filters and search select, in the list's order,
   * at most `cap` ("watch all N results", bounded by what one watchlist request takes): more is a
   * 400 that says how many and what to do, before anything is added anywhere.
   */
  async companyNumbers(rawQuery: unknown, cap: number): Promise<{ company_numbers: string[]; total: number }> {
    const request = this.parse('companies', rawQuery);
    const query = { ...this.pageQuery(SCREENER_TABLES.companies, request), select: 's.company_number' };
    const numbers: string[] = [];
    for await (const row of iterateAll<{ company_number: string }>(this.db, query, { batchSize: cap + 1, limit: cap + 1 }))
      numbers.push(row.company_number);
    if (numbers.length > cap) {
      const total = await this.countForExport('companies', request, 10_000_000);
      const n = (v: number) => v.toLocaleString('en-GB');
      throw screenerBadRequest(
        `These filters select ${n(total)} companies; Watch all takes at most ${n(cap)} at a time: narrow the filters (or add a CSV of company numbers in parts)`,
      );
    }
    return { company_numbers: numbers, total: numbers.length };
  }

  /**
   * The distinct values of a column for its filter popup, in order, at most UNIQUE_VALUES_LIMIT.
   * Read as a skip scan over the column's index: one probe per value, not a pass over the view.
   */
  async uniqueValues(table: ScreenerTable, rawColumn: unknown): Promise<string[]> {
    const spec = SCREENER_TABLES[table];
    const column = typeof rawColumn === 'string' ? rawColumn.trim() : '';
    if (column === '') throw screenerBadRequest(`column_name is required: one of ${spec.uniqueValueColumns.join(', ')}`);
    if (!spec.uniqueValueColumns.includes(column)) {
      throw screenerBadRequest(
        `column_name "${column.slice(0, 60)}" has no list of values; choose one of ${spec.uniqueValueColumns.join(', ')}`,
      );
    }
    const sql = spec.map[column].sql;
    const rows: { v: unknown }[] = await this.db.query(
      `WITH RECURSIVE t(v) AS (
         (SELECT ${sql} FROM ${spec.view} s WHERE ${sql} IS NOT NULL ORDER BY ${sql} LIMIT 1)
         UNION ALL
         SELECT (SELECT ${sql} FROM ${spec.view} s WHERE ${sql} > t.v ORDER BY ${sql} LIMIT 1) FROM t WHERE t.v IS NOT NULL
       )
       SELECT v FROM t WHERE v IS NOT NULL LIMIT ${UNIQUE_VALUES_LIMIT}`,
    );
    return rows.map((r) => String(r.v)).filter((v) => v !== '');
  }
}
