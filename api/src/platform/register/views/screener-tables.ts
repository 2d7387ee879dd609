/**
 * The four screener tables as the API reads them: which view, which columns map to which SQL
 * (the allow-list: nothing else is ever sorted or filtered on), the search box's columns, the
 * default sort and page sizes, the columns whose distinct values a filter popup may list, and the
 * export's sheet and file names. Column ids, kinds and labels come from shared (the companies
 * screener's from its column registry, shared/src/filters/company-columns.ts).
 */
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  COMPANY_COLUMN_REGISTRY,
  LENDER_STATS_COLUMNS,
  SCREENER_TABLE_DEFAULTS,
  columnSpecOf,
  isIntegerColumn,
  type ColumnDefinition,
  type ColumnSpec,
  type ScreenerTable,
  type ScreenerTableDefaults,
} from '@credence/shared';
import type { SqlColumn, SqlColumnMap } from '../../../core/screener-query/index.js';

export interface ScreenerTableSpec extends ScreenerTableDefaults {
  table: ScreenerTable;
  view: string;
  columns: readonly ColumnSpec[];
  style: 'value' | 'operator';
  map: SqlColumnMap;
  /** The select list of a row (dates as ISO text). */
  select: string;
  /** The select list of an exported row: the export's columns only. */
  exportSelect: string;
  tiebreak: string;
  globalFilterColumns: readonly string[];
  /** Columns get-unique-column-values answers for (each has an index led by it). */
  uniqueValueColumns: readonly string[];
  exportName: string;
  sheetName: string;
}

/**
 * Every column of a view under the alias `s`, by id; extra entries override (arrays, indexes).
 * SEARCH is the search box's one column: the view's `search_text` (names, numbers, lenders,
 * lower-cased and joined), which one trigram index serves. It is no column of the shared specs,
 * so no filter or sort can name it.
 */
function mapOf(columns: readonly ColumnSpec[], extra: Record<string, Partial<SqlColumn>> = {}): SqlColumnMap {
  return {
    ...Object.fromEntries(columns.map((c) => [c.id, { sql: `s."${c.id}"`, kind: c.kind, integer: isIntegerColumn(c), ...extra[c.id] }])),
    [SEARCH]: { sql: 's.search_text', kind: 'text', containsSql: 's.search_text' },
  };
}

const SEARCH = '__search';
/** company_number has a btree on (lower(company_number) COLLATE "C"): startsWith and equals use it. */
const NUMBER_PREFIX = { company_number: { prefixIndex: true } };

function selectOf(columns: readonly ColumnSpec[], extra: string[] = []): string {
  const parts = columns.map((c) => (c.kind === 'date' ? `s."${c.id}"::text AS "${c.id}"` : `s."${c.id}"`));
  return [...parts, ...extra].join(', ');
}

/**
 * The companies screener as its column registry defines it: sorts and filters allow-listed from
 * the registry's ids, distinct-value lists from its listValues columns. A fixture registry (tests)
 * gets the table it would make.
 */
export function companiesTable(registry: readonly ColumnDefinition[] = COMPANY_COLUMN_REGISTRY): ScreenerTableSpec {
  const columns = registry.map(columnSpecOf);
  return {
    ...SCREENER_TABLE_DEFAULTS.companies,
    table: 'companies',
    view: 'screener_companies',
    columns,
    style: 'value',
    map: mapOf(columns, NUMBER_PREFIX),
    select: selectOf(columns, ['s.document_id', 's.page_numbers']),
    exportSelect: selectOf(columns),
    tiebreak: 's.company_number',
    globalFilterColumns: [SEARCH],
    uniqueValueColumns: registry.filter((c) => c.listValues).map((c) => c.id),
    exportName: 'companies-screener',
    sheetName: 'Companies',
  };
}

export const SCREENER_TABLES: Readonly<Record<ScreenerTable, ScreenerTableSpec>> = {
  companies: companiesTable(),
  charges: {
    ...SCREENER_TABLE_DEFAULTS.charges,
    table: 'charges',
    view: 'screener_charges',
    columns: CHARGE_SCREENER_COLUMNS,
    style: 'operator',
    map: mapOf(CHARGE_SCREENER_COLUMNS, { ...NUMBER_PREFIX, lenders: { array: true, containsSql: 's.lenders_text' } }),
    select: selectOf(CHARGE_SCREENER_COLUMNS, ['s.charge_id']),
    exportSelect: selectOf(CHARGE_SCREENER_COLUMNS),
    tiebreak: 's.charge_id',
    globalFilterColumns: [SEARCH],
    uniqueValueColumns: ['status', 'classification_description', 'company_name', 'company_number', 'charge_code'],
    exportName: 'charges',
    sheetName: 'Charges',
  },
  lenders: {
    ...SCREENER_TABLE_DEFAULTS.lenders,
    table: 'lenders',
    view: 'lender_stats',
    columns: LENDER_STATS_COLUMNS,
    style: 'operator',
    map: mapOf(LENDER_STATS_COLUMNS),
    select: selectOf(LENDER_STATS_COLUMNS),
    exportSelect: selectOf(LENDER_STATS_COLUMNS),
    tiebreak: 's.lender_key',
    globalFilterColumns: ['lender_name'],
    uniqueValueColumns: ['lender_name'],
    exportName: 'lenders',
    sheetName: 'Lenders',
  },
  chargeCompanies: {
    ...SCREENER_TABLE_DEFAULTS.chargeCompanies,
    table: 'chargeCompanies',
    view: 'company_charge_stats',
    columns: COMPANY_CHARGE_STATS_COLUMNS,
    style: 'operator',
    map: mapOf(COMPANY_CHARGE_STATS_COLUMNS, NUMBER_PREFIX),
    select: selectOf(COMPANY_CHARGE_STATS_COLUMNS),
    exportSelect: selectOf(COMPANY_CHARGE_STATS_COLUMNS),
    tiebreak: 's.company_number',
    globalFilterColumns: [SEARCH],
    uniqueValueColumns: ['company_name', 'company_number'],
    exportName: 'charge-companies',
    sheetName: 'Companies',
  },
};
