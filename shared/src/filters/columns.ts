/**
 * The columns of the four screener tables (spec 2 3.10-3.14): the only ids the API sorts and
 * filters on (its allow-list), the CLI's `screener columns`, and the web's headers and popups.
 */
import { columnSpecOf } from './column-registry.js';
import { COMPANY_COLUMN_REGISTRY } from './company-columns.js';
import type { ColumnKind, ColumnFormat, ColumnSpec } from './types.js';

function column(
  id: string,
  label: string,
  kind: ColumnKind,
  format: ColumnFormat,
  extra: Partial<Pick<ColumnSpec, 'sortable' | 'filterable' | 'visible' | 'options' | 'truncate' | 'short' | 'description'>> = {},
): ColumnSpec {
  return { id, label, kind, format, sortable: true, filterable: true, visible: true, ...extra };
}

export { FILING_YEAR_OPTIONS, CURRENCY_OPTIONS } from './company-columns.js';
export const CHARGE_STATUS_OPTIONS: readonly string[] = ['fully-satisfied', 'outstanding', 'part-satisfied', 'satisfied'];

/**
 * Companies screener (spec 2 3.14 and the credit columns of issues 13, 27 and 29): derived from
 * the column registry (company-columns.ts), where each column is defined once.
 */
export const COMPANY_SCREENER_COLUMNS: readonly ColumnSpec[] = COMPANY_COLUMN_REGISTRY.map(columnSpecOf);

/** The figures of the accounts (spec 2 section 9), each cited to its page of the filing. */
export const COMPANY_METRIC_COLUMNS: readonly string[] = COMPANY_COLUMN_REGISTRY.filter((c) => c.cited).map((c) => c.id);

/**
 * The companies screener's columns from most to least telling for credit work: where room is
 * short (an 80-column terminal) the table shows the first ones that fit, in this order, and
 * leaves the rest (a --columns list or a wider screen shows them).
 */
export const COMPANY_COLUMN_PRIORITY: readonly string[] = COMPANY_COLUMN_REGISTRY.filter((c) => c.priority !== undefined)
  .sort((a, b) => a.priority! - b.priority!)
  .map((c) => c.id);

/** Charges Screener tab (spec 2 3.10). `lenders` filters match any of the charge's lenders. */
export const CHARGE_SCREENER_COLUMNS: readonly ColumnSpec[] = [
  column('company_name', 'Company Name', 'text', 'text'),
  column('company_number', 'Company Number', 'text', 'text'),
  column('status', 'Status', 'select', 'text', { options: CHARGE_STATUS_OPTIONS }),
  column('delivered_on', 'Delivered On', 'date', 'date'),
  column('lenders', 'Lenders', 'text', 'list', { sortable: false, truncate: 50 }),
  column('charge_code', 'Charge Code', 'text', 'text'),
  column('classification_description', 'Classification', 'select', 'text'),
  column('particulars_description', 'Particulars', 'text', 'text', { sortable: false, truncate: 100 }),
  column('charge_number', 'Charge Number', 'number', 'integer'),
  column('contains_fixed_charge', 'Fixed', 'boolean', 'boolean'),
  column('contains_floating_charge', 'Floating', 'boolean', 'boolean'),
  column('contains_negative_pledge', 'Negative Pledge', 'boolean', 'boolean'),
  column('created_on', 'Created On', 'date', 'date'),
  column('satisfied_on', 'Satisfied On', 'date', 'date'),
];

/** Creditor Overview tab (spec 2 3.11). */
export const LENDER_STATS_COLUMNS: readonly ColumnSpec[] = [
  column('lender_name', 'Lender', 'text', 'text', { truncate: 50 }),
  column('total_charges', 'Total Charges', 'number', 'integer'),
  column('outstanding_charges', 'Outstanding', 'number', 'integer'),
  column('part_satisfied_charges', 'Part Satisfied', 'number', 'integer'),
  column('companies_count', 'Companies', 'number', 'integer'),
  column('floating_charges', 'Floating', 'number', 'integer'),
  column('fixed_charges', 'Fixed', 'number', 'integer'),
  column('negative_pledge_charges', 'Negative Pledge', 'number', 'integer'),
];

/** Company Aggregation tab (spec 2 3.13). */
export const COMPANY_CHARGE_STATS_COLUMNS: readonly ColumnSpec[] = [
  column('company_name', 'Company Name', 'text', 'text'),
  column('company_number', 'Company Number', 'text', 'text'),
  column('total_charges', 'Total Charges', 'number', 'integer'),
  column('outstanding_charges', 'Outstanding', 'number', 'integer'),
  column('part_satisfied_charges', 'Part Satisfied', 'number', 'integer'),
  column('fixed_charges', 'Fixed', 'number', 'integer'),
  column('floating_charges', 'Floating', 'number', 'integer'),
  column('negative_pledge_charges', 'Negative Pledge', 'number', 'integer'),
  column('latest_charge_date', 'Latest Charge', 'date', 'date'),
  column('unique_lenders_count', 'Unique Lenders', 'number', 'integer'),
];

/**
 * The unit a column's figures are in, named in its header: financial amounts are shown in millions
 * of pounds (spec 2 section 9 divides by 1e6), so "£m"; counts, ratios and text carry none.
 */
export const COLUMN_FORMAT_UNITS: Readonly<Partial<Record<ColumnFormat, string>>> = { millions: '£m' };

export function columnUnit(column: Pick<ColumnSpec, 'format'>): string | null {
  return COLUMN_FORMAT_UNITS[column.format] ?? null;
}

/** A column's header with its unit, the same on the web and in the terminal: "Turnover (£m)", "Employees". */
export function columnHeader(column: Pick<ColumnSpec, 'label' | 'format'>): string {
  const unit = columnUnit(column);
  return unit ? `${column.label} (${unit})` : column.label;
}

export function findColumn(columns: readonly ColumnSpec[], id: string): ColumnSpec | undefined {
  return columns.find((c) => c.id === id);
}

/** A column's header where room is short: its short label with the unit ("Op Profit £m", "Staff"). */
export function shortColumnHeader(column: Pick<ColumnSpec, 'label' | 'format' | 'short'>): string {
  const unit = columnUnit(column);
  const name = column.short ?? column.label;
  return unit ? `${name} ${unit}` : name;
}

/**
 * The columns to show where room is short: those of the priority list (most telling first) that
 * are among `columns`, in that order; `columns` as they are when there is no list.
 */
export function columnsByPriority(columns: readonly ColumnSpec[], priority: readonly string[] | undefined): ColumnSpec[] {
  if (!priority) return [...columns];
  const byId = new Map(columns.map((c) => [c.id, c]));
  return priority.map((id) => byId.get(id)).filter((c): c is ColumnSpec => c !== undefined);
}
