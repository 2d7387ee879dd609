/**
 * The columns of the four screener tables (spec 2 3.10-3.14): the only ids the API sorts and
 * filters on (its allow-list), the CLI's `screener columns`, and the web's headers and popups.
 */
import { ITL1_REGIONS } from '../rules/uk/postcode-areas.js';
import { ratioDefinitionText } from '../ratios/present.js';
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

/** Filing years offered by the filters panel (spec 2 2.11: fixed 2020 to 2026). */
export const FILING_YEAR_OPTIONS: readonly string[] = ['2020', '2021', '2022', '2023', '2024', '2025', '2026'];
export const CHARGE_STATUS_OPTIONS: readonly string[] = ['fully-satisfied', 'outstanding', 'part-satisfied', 'satisfied'];
export const CURRENCY_OPTIONS: readonly string[] = ['GBP', 'EUR', 'USD'];

/** Numeric filter columns of spec 2 section 9, in the order the spec lists them. */
export const COMPANY_METRIC_COLUMNS = [
  'turnover',
  'operating_profit',
  'net_profit_loss',
  'EBITDA',
  'total_assets',
  'total_liabilities',
  'net_asset',
  'cash',
  'employee_count',
  'earnings_per_share',
  'debt_to_equity_ratio',
] as const;
export type CompanyMetricColumn = (typeof COMPANY_METRIC_COLUMNS)[number];

/**
 * Columns credit work adds to spec 2 3.14 (issue 13): status, location, age and leverage.
 * - company_status: as the register words it ("Active", "Liquidation", "In Administration"...).
 * - post_town, postcode_area ("LS"), region (ITL1, from the postcode area: rules/uk/postcode-areas).
 * - incorporation_date, age_years: whole years since incorporation, as of the last refresh of the
 *   derived tables (after every import, sync and seed).
 * - net_debt: borrowings minus cash, of the latest accounts. Borrowings are the balance sheet's
 *   "Bank loans and overdrafts" line (key `borrowings`) where the accounts carry it; otherwise
 *   total liabilities stand in for them (every creditor and provision: an upper bound on debt, the
 *   prudent side for credit work). Empty when cash or both debt figures are missing.
 * - gearing: net debt as a percentage of net assets (equity), one decimal; empty when net assets
 *   are zero or negative (the ratio means nothing there: filter net assets below zero instead).
 * - interest_cover: operating profit (else EBITDA) over interest payable, 2 decimals (issue 27).
 * - current_ratio: current assets over creditors due within one year, 2 decimals (issue 27).
 * All four are shared's ratio definitions (src/ratios), frozen into SQL by the migration that
 * added them; a test holds SQL and shared equal on the same company.
 */
export const COMPANY_CREDIT_COLUMNS = [
  'company_status',
  'post_town',
  'postcode_area',
  'region',
  'incorporation_date',
  'age_years',
  'net_debt',
  'gearing',
  'interest_cover',
  'current_ratio',
] as const;

/**
 * Companies screener (spec 2 3.14). industry_sector is the SIC 2007 section of the company's
 * first SIC code ("Manufacturing"), industry_group its division ("Manufacture of food products"),
 * sic_code that code ("10710"). Figures are the latest financial year's.
 */
export const COMPANY_SCREENER_COLUMNS: readonly ColumnSpec[] = [
  column('company_name', 'Company Name', 'text', 'text'),
  column('company_number', 'Company Number', 'text', 'text', { short: 'Number' }),
  column('ticker', 'Ticker', 'text', 'text', { visible: false }),
  column('company_status', 'Status', 'select', 'text'),
  column('post_town', 'Town', 'text', 'text', { visible: false }),
  column('postcode_area', 'Postcode Area', 'select', 'text', { visible: false, short: 'Area' }),
  column('region', 'Region', 'select', 'text', { options: ITL1_REGIONS }),
  column('incorporation_date', 'Incorporated', 'date', 'date', { visible: false }),
  column('age_years', 'Age (years)', 'number', 'integer', { short: 'Age' }),
  column('industry_group', 'Industry Group', 'select', 'text', { short: 'Group' }),
  column('industry_sector', 'Industry Sector', 'select', 'text', { short: 'Sector' }),
  column('sic_code', 'SIC Code', 'select', 'text', { short: 'SIC' }),
  column('currency', 'Currency', 'select', 'text', { options: CURRENCY_OPTIONS, short: 'Ccy' }),
  column('filing_year', 'Filing Year', 'select', 'year', { options: FILING_YEAR_OPTIONS, short: 'FY' }),
  column('turnover', 'Turnover', 'number', 'millions'),
  column('operating_profit', 'Operating Profit', 'number', 'millions', { short: 'Op Profit' }),
  column('net_profit_loss', 'Net Profit/Loss', 'number', 'millions', { short: 'Net P/L' }),
  column('EBITDA', 'EBITDA', 'number', 'millions'),
  column('total_assets', 'Total Assets', 'number', 'millions', { short: 'Assets' }),
  column('total_liabilities', 'Total Liabilities', 'number', 'millions', { short: 'Liabs' }),
  column('net_asset', 'Net Assets', 'number', 'millions'),
  column('cash', 'Cash', 'number', 'millions'),
  column('net_debt', 'Net Debt', 'number', 'millions', { description: ratioDefinitionText('netDebt') }),
  column('gearing', 'Gearing (%)', 'number', 'ratio', { short: 'Gear %', description: ratioDefinitionText('gearing') }),
  column('interest_cover', 'Interest Cover (x)', 'number', 'ratio', {
    short: 'Int Cov',
    visible: false,
    description: ratioDefinitionText('interestCover'),
  }),
  column('current_ratio', 'Current Ratio (x)', 'number', 'ratio', {
    short: 'Curr R',
    visible: false,
    description: ratioDefinitionText('currentRatio'),
  }),
  column('employee_count', 'Employees', 'number', 'integer', { short: 'Staff' }),
  column('earnings_per_share', 'EPS', 'number', 'ratio', { visible: false }),
  column('debt_to_equity_ratio', 'Debt to Equity (as stated)', 'number', 'ratio', {
    visible: false,
    description: 'Debt to equity as the accounts state it (their own figure, not computed here).',
  }),
  column('total_charges', 'Total Charges', 'number', 'integer', { short: 'Charges' }),
  column('outstanding', 'Outstanding', 'number', 'integer', { short: 'Outst' }),
  column('fixed', 'Fixed', 'number', 'integer'),
  column('floating', 'Floating', 'number', 'integer'),
  column('negative_pledge', 'Negative Pledge', 'number', 'integer', { short: 'Neg Pl' }),
  column('part_satisfied', 'Part Satisfied', 'number', 'integer', { short: 'Part Sat' }),
];

/**
 * The companies screener's columns from most to least telling for credit work: where room is
 * short (an 80-column terminal) the table shows the first ones that fit, in this order, and
 * leaves the rest (a --columns list or a wider screen shows them).
 */
export const COMPANY_COLUMN_PRIORITY: readonly string[] = [
  'company_name',
  'company_number',
  'company_status',
  'turnover',
  'net_profit_loss',
  'net_asset',
  'net_debt',
  'gearing',
  'employee_count',
  'outstanding',
  'region',
  'age_years',
  'industry_sector',
  'total_charges',
  'EBITDA',
  'operating_profit',
  'cash',
  'total_assets',
  'total_liabilities',
  'filing_year',
];

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
