/** The four screener tables as the commands see them: columns, filter style, row key and nouns. */
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  COMPANY_SCREENER_COLUMNS,
  COMPANY_SCREENER_PAGE_SIZES,
  COMPANY_SCREENER_DEFAULT_PAGE_SIZE,
  CREDITORS_DEFAULT_PAGE_SIZE,
  LENDER_STATS_COLUMNS,
  type ColumnSpec,
  type ScreenerTable,
  type SortOrder,
} from '@credence/shared';

export interface TableInfo {
  table: ScreenerTable;
  /** The command that shows it ("credence creditors charges"). */
  command: string;
  columns: readonly ColumnSpec[];
  /** companies: {id, value:{type,...}}; the creditors tabs: {id, operator, ...}. */
  style: 'value' | 'operator';
  /** Key of the rows array in the answer's data. */
  rowsKey: string;
  /** "companies", "charges", "lenders". */
  noun: string;
  /** One of them: "company", "charge", "lender". */
  singular: string;
  /** Allowed page sizes (null: 1..maxPageSize). */
  pageSizes: readonly number[] | null;
  maxPageSize: number;
  defaultPageSize: number;
  defaultSort: { sort_by: string; sort_order: SortOrder };
  /** Base of the default output file name. */
  fileBase: string;
}

export const TABLES: Readonly<Record<ScreenerTable, TableInfo>> = {
  companies: {
    table: 'companies',
    command: 'credence screener',
    columns: COMPANY_SCREENER_COLUMNS,
    style: 'value',
    rowsKey: 'companies',
    noun: 'companies',
    singular: 'company',
    pageSizes: COMPANY_SCREENER_PAGE_SIZES,
    maxPageSize: 100,
    defaultPageSize: COMPANY_SCREENER_DEFAULT_PAGE_SIZE,
    defaultSort: { sort_by: 'company_name', sort_order: 'asc' },
    fileBase: 'companies-screener',
  },
  charges: {
    table: 'charges',
    command: 'credence creditors charges',
    columns: CHARGE_SCREENER_COLUMNS,
    style: 'operator',
    rowsKey: 'charges',
    noun: 'charges',
    singular: 'charge',
    pageSizes: null,
    maxPageSize: 1000,
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    defaultSort: { sort_by: 'delivered_on', sort_order: 'desc' },
    fileBase: 'charges',
  },
  lenders: {
    table: 'lenders',
    command: 'credence creditors lenders',
    columns: LENDER_STATS_COLUMNS,
    style: 'operator',
    rowsKey: 'lender_stats',
    noun: 'lenders',
    singular: 'lender',
    pageSizes: null,
    maxPageSize: 1000,
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    defaultSort: { sort_by: 'total_charges', sort_order: 'desc' },
    fileBase: 'lenders',
  },
  chargeCompanies: {
    table: 'chargeCompanies',
    command: 'credence creditors companies',
    columns: COMPANY_CHARGE_STATS_COLUMNS,
    style: 'operator',
    rowsKey: 'company_stats',
    noun: 'companies',
    singular: 'company',
    pageSizes: null,
    maxPageSize: 1000,
    defaultPageSize: CREDITORS_DEFAULT_PAGE_SIZE,
    defaultSort: { sort_by: 'total_charges', sort_order: 'desc' },
    fileBase: 'charge-companies',
  },
};

/** "1 company", "2 companies". */
export function nounFor(info: TableInfo, n: number): string {
  return n === 1 ? info.singular : info.noun;
}

/** The rows of a list answer (by-company may answer `stats`, spec 2 section 7). */
export function rowsOf(info: TableInfo, data: Record<string, unknown>): Record<string, unknown>[] {
  const rows = data[info.rowsKey] ?? (info.table === 'chargeCompanies' ? data.stats : undefined);
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}
