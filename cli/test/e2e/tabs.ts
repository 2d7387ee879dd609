/** The four screener tables as the e2e suite drives them: the CLI's flags and the same query sent straight to the API. */
export type Row = Record<string, unknown>;

export interface Tab {
  /** Base of the files written. */
  name: string;
  args: string[];
  route: string;
  /** The CLI filter, and the same filter as the route takes it. */
  filter: string;
  direct: Record<string, unknown>;
  holds: (row: Row) => boolean;
  sort: string;
  pageSize: number;
  sheet: string;
  /** A column checked cell by cell in the workbook and the csv. */
  xlsxKey: { id: string; label: string };
  /** What tells rows apart (order checks). */
  key: (row: Row) => string;
}

export const TABS: readonly Tab[] = [
  {
    name: 'companies',
    args: ['screener'],
    route: 'companies_house/get-screener-info',
    filter: 'turnover>10m',
    direct: { id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } },
    holds: (r) => Number(r.turnover) > 10_000_000,
    sort: 'turnover:desc',
    pageSize: 100,
    sheet: 'Companies',
    xlsxKey: { id: 'company_number', label: 'Company Number' },
    key: (r) => String(r.company_number),
  },
  {
    name: 'charges',
    args: ['creditors', 'charges'],
    route: 'companies_house/charges-screener-info',
    filter: 'status=outstanding',
    direct: { id: 'status', operator: 'is_one_of', values: ['outstanding'] },
    holds: (r) => r.status === 'outstanding',
    sort: 'delivered_on:desc',
    pageSize: 1000,
    sheet: 'Charges',
    xlsxKey: { id: 'company_number', label: 'Company Number' },
    key: (r) => [r.company_number, r.charge_number, r.charge_code, r.delivered_on].join('|'),
  },
  {
    name: 'lenders',
    args: ['creditors', 'lenders'],
    route: 'companies_house/charges/stats/by-lender',
    filter: 'total_charges>1',
    direct: { id: 'total_charges', operator: 'greaterThan', value: 1 },
    holds: (r) => Number(r.total_charges) > 1,
    sort: 'total_charges:desc',
    pageSize: 1000,
    sheet: 'Lenders',
    xlsxKey: { id: 'lender_name', label: 'Lender' },
    key: (r) => String(r.lender_name),
  },
  {
    name: 'charge-companies',
    args: ['creditors', 'companies'],
    route: 'companies_house/charges/stats/by-company',
    filter: 'total_charges>1',
    direct: { id: 'total_charges', operator: 'greaterThan', value: 1 },
    holds: (r) => Number(r.total_charges) > 1,
    sort: 'total_charges:desc',
    pageSize: 1000,
    sheet: 'Companies',
    xlsxKey: { id: 'company_number', label: 'Company Number' },
    key: (r) => String(r.company_number),
  },
];
