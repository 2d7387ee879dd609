/** The three tabs of the creditors screener (spec 2 2.12, sections 8 and 9). */
import type { ColumnSpec } from '../../filters/types.js';
import { CHARGE_SCREENER_COLUMNS, COMPANY_CHARGE_STATS_COLUMNS, LENDER_STATS_COLUMNS } from '../../filters/columns.js';
import { SCREENER_TABLE_DEFAULTS, type ScreenerTable } from '../../contracts/screeners.js';
import { serverText } from '../errors.js';
import type { TableSort } from '../screener/table-rules.js';
import type { TableTexts } from '../screener/table-state.js';
import { countText } from '../screener/table-rules.js';

export type CreditorsTab = 'lenders' | 'charges' | 'chargeCompanies';

export interface CreditorsTabSpec {
  id: CreditorsTab;
  /** The tab's name. */
  label: string;
  /** The header title while the tab is open. */
  title: string;
  /** After the total in the header: "1,234 Lenders". */
  suffix: string;
  /** One row: "1 Lender". */
  singular: string;
  columns: readonly ColumnSpec[];
  defaultSort: TableSort;
  texts: TableTexts;
}

const tableTexts = (item: string, prefix: string, failed: string): TableTexts => ({
  error: 'Error Loading Data',
  empty: `No ${item} to display.`,
  optionsFailed: 'Error loading',
  errorDetail: (error) => {
    const text = serverText(error);
    return text ? `${prefix} ${text}` : failed;
  },
});

function defaultSortOf(table: ScreenerTable): TableSort {
  const { sortBy, sortOrder } = SCREENER_TABLE_DEFAULTS[table].defaultSort;
  return { columnId: sortBy, order: sortOrder };
}

/** In tab order; the first (Creditor Overview) opens by default. */
export const CREDITORS_TABS: readonly CreditorsTabSpec[] = [
  {
    id: 'lenders',
    label: 'Creditor Overview',
    title: 'Creditor Overview',
    suffix: 'Lenders',
    singular: 'Lender',
    columns: LENDER_STATS_COLUMNS,
    defaultSort: defaultSortOf('lenders'),
    texts: tableTexts('lenders', 'Error fetching lender stats:', 'Failed to fetch lender statistics.'),
  },
  {
    id: 'charges',
    label: 'Charges Screener',
    title: 'Charges Screener',
    suffix: 'Charges',
    singular: 'Charge',
    columns: CHARGE_SCREENER_COLUMNS,
    defaultSort: defaultSortOf('charges'),
    texts: tableTexts('charges', 'Error:', 'Failed to fetch charges data.'),
  },
  {
    id: 'chargeCompanies',
    label: 'Company Aggregation',
    title: 'Company Charge Aggregation',
    suffix: 'Companies',
    singular: 'Company',
    columns: COMPANY_CHARGE_STATS_COLUMNS,
    defaultSort: defaultSortOf('chargeCompanies'),
    texts: tableTexts('companies', 'Error fetching company stats:', 'Failed to fetch company statistics.'),
  },
];

export function creditorsTab(id: CreditorsTab): CreditorsTabSpec {
  return CREDITORS_TABS.find((t) => t.id === id)!;
}

/** The header's count: "1,234 Lenders", "1 Lender", "about 2,000,000 Charges". */
export function creditorsTotalText(id: CreditorsTab, total: number, isEstimate = false): string {
  const tab = creditorsTab(id);
  return countText(total, isEstimate, tab.singular, tab.suffix);
}

/** Width of a recent charge's activity bar: 20 percent per recent charge, capped at 100 (spec 2 2.12). */
export function activityBarPercent(recentCharges: number): number {
  return Math.min(100, Math.max(0, recentCharges) * 20);
}
