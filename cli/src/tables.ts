/** The four screener tables as the commands see them: columns, filter style, row key and nouns. */
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  COMPANY_COLUMN_PRIORITY,
  COMPANY_SCREENER_COLUMNS,
  LENDER_STATS_COLUMNS,
  SCREENER_TABLE_DEFAULTS,
  type ColumnSpec,
  type ScreenerTable,
  type ScreenerTableDefaults,
} from '@credence/shared';

/** A table's rows key, default sort and page sizes are SCREENER_TABLE_DEFAULTS' (shared with the API). */
export interface TableInfo extends ScreenerTableDefaults {
  table: ScreenerTable;
  /** The command that shows it ("credence creditors charges"). */
  command: string;
  columns: readonly ColumnSpec[];
  /** companies: {id, value:{type,...}}; the creditors tabs: {id, operator, ...}. */
  style: 'value' | 'operator';
  /** "companies", "charges", "lenders". */
  noun: string;
  /** One of them: "company", "charge", "lender". */
  singular: string;
  maxPageSize: number;
  /** Base of the default output file name. */
  fileBase: string;
  /** The columns most worth showing first where the terminal is narrow (shared COMPANY_COLUMN_PRIORITY). */
  priority?: readonly string[];
}

export const TABLES: Readonly<Record<ScreenerTable, TableInfo>> = {
  companies: {
    ...SCREENER_TABLE_DEFAULTS.companies,
    table: 'companies',
    command: 'credence screener',
    columns: COMPANY_SCREENER_COLUMNS,
    priority: COMPANY_COLUMN_PRIORITY,
    style: 'value',
    noun: 'companies',
    singular: 'company',
    maxPageSize: 100,
    fileBase: 'companies-screener',
  },
  charges: {
    ...SCREENER_TABLE_DEFAULTS.charges,
    table: 'charges',
    command: 'credence creditors charges',
    columns: CHARGE_SCREENER_COLUMNS,
    style: 'operator',
    noun: 'charges',
    singular: 'charge',
    maxPageSize: 1000,
    fileBase: 'charges',
  },
  lenders: {
    ...SCREENER_TABLE_DEFAULTS.lenders,
    table: 'lenders',
    command: 'credence creditors lenders',
    columns: LENDER_STATS_COLUMNS,
    style: 'operator',
    noun: 'lenders',
    singular: 'lender',
    maxPageSize: 1000,
    fileBase: 'lenders',
  },
  chargeCompanies: {
    ...SCREENER_TABLE_DEFAULTS.chargeCompanies,
    table: 'chargeCompanies',
    command: 'credence creditors companies',
    columns: COMPANY_CHARGE_STATS_COLUMNS,
    style: 'operator',
    noun: 'companies',
    singular: 'company',
    maxPageSize: 1000,
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
