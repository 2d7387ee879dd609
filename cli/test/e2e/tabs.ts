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
  /** Filter expressions of every kind, each with what it means for a row (counted over every row). */
  checks: readonly Check[];
}

export interface Check {
  expr: string;
  holds: (row: Row) => boolean;
}

const lower = (v: unknown) => String(v ?? '').toLowerCase();
const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const num = (v: unknown) => (has(v) ? Number(v) : NaN);
/** Dates compare as ISO text; a missing date matches no comparison. */
const date = (v: unknown, test: (d: string) => boolean) => has(v) && test(String(v).slice(0, 10));

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
    checks: [
      { expr: 'company_name~ltd', holds: (r) => lower(r.company_name).includes('ltd') },
      { expr: 'company_name^B', holds: (r) => lower(r.company_name).startsWith('b') },
      { expr: 'company_name$limited', holds: (r) => lower(r.company_name).endsWith('limited') },
      { expr: 'turnover<5m', holds: (r) => num(r.turnover) < 5_000_000 },
      { expr: 'employee_count=10..250', holds: (r) => num(r.employee_count) >= 10 && num(r.employee_count) <= 250 },
      { expr: 'filing_year=2023,2024', holds: (r) => ['2023', '2024'].includes(String(r.filing_year)) },
      { expr: 'industry_sector!=Manufacturing', holds: (r) => r.industry_sector !== 'Manufacturing' },
      { expr: 'turnover:empty', holds: (r) => !has(r.turnover) },
      { expr: 'ticker:notEmpty', holds: (r) => has(r.ticker) },
    ],
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
    checks: [
      { expr: 'lenders~bank', holds: (r) => (r.lenders as string[]).some((l) => lower(l).includes('bank')) },
      { expr: 'delivered_on>2020-06-30', holds: (r) => date(r.delivered_on, (d) => d > '2020-06-30') },
      { expr: 'delivered_on<2015-01-01', holds: (r) => date(r.delivered_on, (d) => d < '2015-01-01') },
      { expr: 'delivered_on=2018-01-01..2022-12-31', holds: (r) => date(r.delivered_on, (d) => d >= '2018-01-01' && d <= '2022-12-31') },
      { expr: 'contains_negative_pledge=false', holds: (r) => r.contains_negative_pledge === false },
      { expr: 'status!=outstanding', holds: (r) => r.status !== 'outstanding' },
      { expr: 'satisfied_on:notEmpty', holds: (r) => has(r.satisfied_on) },
      { expr: 'charge_number>2', holds: (r) => num(r.charge_number) > 2 },
    ],
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
    checks: [
      { expr: 'lender_name~bank', holds: (r) => lower(r.lender_name).includes('bank') },
      { expr: 'lender_name$plc', holds: (r) => lower(r.lender_name).endsWith('plc') },
      { expr: 'companies_count=2..5', holds: (r) => num(r.companies_count) >= 2 && num(r.companies_count) <= 5 },
      { expr: 'outstanding_charges<1', holds: (r) => num(r.outstanding_charges) < 1 },
    ],
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
    checks: [
      { expr: 'company_name^a', holds: (r) => lower(r.company_name).startsWith('a') },
      {
        expr: 'latest_charge_date=2020-01-01..2023-12-31',
        holds: (r) => date(r.latest_charge_date, (d) => d >= '2020-01-01' && d <= '2023-12-31'),
      },
      { expr: 'latest_charge_date>2024-03-31', holds: (r) => date(r.latest_charge_date, (d) => d > '2024-03-31') },
      { expr: 'unique_lenders_count=1', holds: (r) => num(r.unique_lenders_count) === 1 },
    ],
  },
];
