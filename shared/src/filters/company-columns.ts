/**
 * The companies screener's columns (spec 2 3.14 and issues 13, 27 and 29), one entry each: the
 * registry of column-registry.ts. Figures are the latest financial year's; counts and ages are as
 * of the last refresh of the derived tables (after every import, sync and seed). In the order the
 * tables show them; the view holds them in the same order after its key (company_number).
 * To add a column: add its entry here, then `npm run screener:migration -- <name>` (docs/architecture.md).
 */
import { ITL1_REGIONS } from '../rules/uk/postcode-areas.js';
import { ratioDefinitionText } from '../ratios/present.js';
import type { ColumnDefinition } from './column-registry.js';

/** Filing years offered by the filters panel (spec 2 2.11: fixed 2020 to 2026). */
export const FILING_YEAR_OPTIONS: readonly string[] = ['2020', '2021', '2022', '2023', '2024', '2025', '2026'];
export const CURRENCY_OPTIONS: readonly string[] = ['GBP', 'EUR', 'USD'];

const money = (id: string, label: string, sql: string, extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  id,
  label,
  kind: 'number',
  format: 'millions',
  sql,
  sources: ['fs'],
  cited: true,
  ...extra,
});

const chargeCount = (id: string, label: string, sql: string, extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  id,
  label,
  kind: 'number',
  format: 'integer',
  sql,
  sources: ['ch'],
  ...extra,
});

/**
 * A current officer (not resigned) whose identity verification is overdue: no verification
 * statement on the register (appointment_verification_start_on), none removed (end_on), and its
 * due date (appointment_verification_statement_due_on) passed, as shared's identityVerification()
 * (rules/uk/identity-verification.ts) reads the same fields ('overdue'). "Not verified": due,
 * overdue or statement removed, i.e. a requirement on the register and no statement standing.
 */
const IDV_COLUMNS: ColumnDefinition[] = [
  {
    id: 'directors_unverified',
    label: 'Directors Not Verified',
    short: 'IDV Not Ver',
    kind: 'number',
    format: 'integer',
    sql: 'coalesce(iv.unverified, 0)::int',
    sources: ['iv'],
    visible: false,
    description:
      'Current directors whose identity is not verified: the register shows a verification requirement (ECCTA, from 18 November 2025) but no verification statement standing (due, overdue or statement removed).',
    nl: {
      count: true,
      say: 'Directors not verified',
      words: ['unverified directors', 'directors not verified', 'directors unverified'],
      conditions: {
        'directors have not verified their identity': { comparator: 'gt', label: 'directors who have not verified their identity' },
        'directors who have not verified their identity': { comparator: 'gt', label: 'directors who have not verified their identity' },
        'directors that have not verified their identity': { comparator: 'gt', label: 'directors who have not verified their identity' },
        "directors' identity not verified": { comparator: 'gt', label: 'directors who have not verified their identity' },
      },
    },
  },
  {
    id: 'directors_idv_overdue',
    label: 'Verification Overdue',
    short: 'IDV Overdue',
    kind: 'number',
    format: 'integer',
    sql: 'coalesce(iv.overdue, 0)::int',
    sources: ['iv'],
    priority: 105,
    description:
      "Current directors whose identity verification is overdue: the statement's due date on the register has passed and no verification statement was supplied (as of the last refresh).",
    nl: {
      count: true,
      say: 'Directors with verification overdue',
      words: ['overdue verifications', 'overdue identity verifications', 'directors overdue for verification'],
      conditions: {
        'directors whose identity verification is overdue': { comparator: 'gt', label: "directors' identity verification overdue" },
        'directors with overdue identity verification': { comparator: 'gt', label: "directors' identity verification overdue" },
        'identity verification is overdue': { comparator: 'gt', label: "directors' identity verification overdue" },
        'identity verification overdue': { comparator: 'gt', label: "directors' identity verification overdue" },
        'overdue identity verification': { comparator: 'gt', label: "directors' identity verification overdue" },
        'verification overdue': { comparator: 'gt', label: "directors' identity verification overdue" },
        'overdue verification': { comparator: 'gt', label: "directors' identity verification overdue" },
        'idv overdue': { comparator: 'gt', label: "directors' identity verification overdue" },
      },
    },
  },
];

const PROFITABLE = { comparator: 'gt', label: 'profitable' } as const;
const LOSS_MAKING = { comparator: 'lt', label: 'loss-making' } as const;
const IN_DEFICIT = { comparator: 'lt', label: 'in deficit (net liabilities)' } as const;
const INSOLVENT_SHEET = { comparator: 'lt', label: 'balance-sheet insolvent (net liabilities)' } as const;
const NET_CASH = { comparator: 'lt', label: 'in a net cash position' } as const;

export const COMPANY_COLUMN_REGISTRY: readonly ColumnDefinition[] = [
  { id: 'company_name', priority: 10, label: 'Company Name', kind: 'text', format: 'text', sql: 'c.company_name' },
  { id: 'company_number', priority: 20, label: 'Company Number', kind: 'text', format: 'text', sql: 'c.company_number', short: 'Number' },
  { id: 'company_status', priority: 30, label: 'Status', kind: 'select', format: 'text', sql: 'c.company_status', listValues: true },
  { id: 'ticker', label: 'Ticker', kind: 'text', format: 'text', sql: 'c.ticker', visible: false },
  { id: 'post_town', label: 'Town', kind: 'text', format: 'text', sql: 'c.post_town', visible: false },
  {
    id: 'postcode_area',
    label: 'Postcode Area',
    kind: 'select',
    format: 'text',
    sql: 'pa.area',
    sources: ['pa'],
    visible: false,
    short: 'Area',
    listValues: true,
  },
  {
    id: 'region',
    priority: 110,
    label: 'Region',
    kind: 'select',
    format: 'text',
    sql: 'pa.region',
    sources: ['pa'],
    options: ITL1_REGIONS,
    listValues: true,
  },
  { id: 'incorporation_date', label: 'Incorporated', kind: 'date', format: 'date', sql: 'c.incorporation_date', visible: false },
  {
    id: 'age_years',
    priority: 120,
    label: 'Age (years)',
    kind: 'number',
    format: 'integer',
    sql: 'extract(year FROM age(current_date, c.incorporation_date))::int',
    short: 'Age',
  },
  {
    id: 'industry_group',
    label: 'Industry Group',
    kind: 'select',
    format: 'text',
    sql: 's.division_description',
    sources: ['s'],
    short: 'Group',
    listValues: true,
  },
  {
    id: 'industry_sector',
    priority: 130,
    label: 'Industry Sector',
    kind: 'select',
    format: 'text',
    sql: 's.section_description',
    sources: ['s'],
    short: 'Sector',
    listValues: true,
  },
  { id: 'sic_code', label: 'SIC Code', kind: 'select', format: 'text', sql: 'c.sic_codes[1]', short: 'SIC', listValues: true },
  {
    id: 'currency',
    label: 'Currency',
    kind: 'select',
    format: 'text',
    sql: 'fs.currency',
    sources: ['fs'],
    options: CURRENCY_OPTIONS,
    short: 'Ccy',
    listValues: true,
  },
  {
    id: 'filing_year',
    priority: 200,
    label: 'Filing Year',
    kind: 'select',
    format: 'year',
    sql: 'fs.fiscal_year',
    sources: ['fs'],
    options: FILING_YEAR_OPTIONS,
    short: 'FY',
    listValues: true,
  },
  money('turnover', 'Turnover', 'fs.turnover::float8', {
    priority: 40,
    nl: { words: ['turnover', 'revenue', 'revenues', 'sales', 'top line', 'annual turnover'] },
  }),
  money('operating_profit', 'Operating Profit', 'fs.operating_profit::float8', {
    priority: 160,
    short: 'Op Profit',
    nl: {
      words: ['operating profit', 'operating profits', 'operating income', 'op profit', 'ebit'],
      negativeWords: ['operating loss', 'operating losses'],
    },
  }),
  money('net_profit_loss', 'Net Profit/Loss', 'fs.net_profit_loss::float8', {
    priority: 50,
    short: 'Net P/L',
    nl: {
      words: ['net profit', 'net profits', 'net income', 'net earnings', 'bottom line', 'profit', 'profits', 'earnings'],
      negativeWords: ['net loss', 'net losses', 'loss', 'losses'],
      conditions: {
        profitable: PROFITABLE,
        'profit making': PROFITABLE,
        'in profit': PROFITABLE,
        'making a profit': PROFITABLE,
        unprofitable: LOSS_MAKING,
        'loss making': LOSS_MAKING,
        lossmaking: LOSS_MAKING,
        'making a loss': LOSS_MAKING,
        'making losses': LOSS_MAKING,
        'in the red': LOSS_MAKING,
      },
    },
  }),
  money('EBITDA', 'EBITDA', 'fs.ebitda::float8', { priority: 150, nl: { words: ['ebitda'] } }),
  money('total_assets', 'Total Assets', 'fs.total_assets::float8', {
    short: 'Assets',
    priority: 180,
    nl: { words: ['total assets', 'assets'] },
  }),
  money('total_liabilities', 'Total Liabilities', 'fs.total_liabilities::float8', {
    priority: 190,
    short: 'Liabs',
    nl: {
      words: ['total liabilities', 'liabilities', 'debt', 'debts', 'borrowings'],
      conditions: { 'debt free': { comparator: 'eq', label: 'debt-free' } },
    },
  }),
  money('net_asset', 'Net Assets', 'fs.net_assets::float8', {
    priority: 60,
    nl: {
      words: ['net assets', 'net asset', 'net worth', 'shareholders funds', "shareholders' funds", 'equity'],
      negativeWords: ['net liabilities', 'deficit', 'shareholders deficit', "shareholders' deficit"],
      conditions: {
        'in deficit': IN_DEFICIT,
        'in net deficit': IN_DEFICIT,
        'balance sheet insolvent': INSOLVENT_SHEET,
        'insolvent balance sheet': INSOLVENT_SHEET,
        'technically insolvent': INSOLVENT_SHEET,
      },
    },
  }),
  money('cash', 'Cash', 'fs.cash::float8', {
    priority: 170,
    nl: { words: ['cash', 'cash at bank', 'cash balance', 'cash and cash equivalents'] },
  }),
  money('net_debt', 'Net Debt', 'round(fs.net_debt)::float8', {
    priority: 70,
    cited: false,
    description: ratioDefinitionText('netDebt'),
    nl: {
      words: ['net debt', 'net borrowings'],
      negativeWords: ['net cash'],
      conditions: { 'net cash position': NET_CASH, 'net cash positive': NET_CASH },
    },
  }),
  {
    id: 'gearing',
    priority: 80,
    label: 'Gearing (%)',
    kind: 'number',
    format: 'ratio',
    sql: '(CASE WHEN fs.net_assets > 0 THEN round(fs.net_debt * 100 / fs.net_assets, 1) END)::float8',
    sources: ['fs'],
    short: 'Gear %',
    description: ratioDefinitionText('gearing'),
    nl: { words: ['gearing', 'gearing ratio', 'geared', 'leverage ratio', 'leverage'], percent: true },
  },
  {
    id: 'interest_cover',
    label: 'Interest Cover (x)',
    kind: 'number',
    format: 'ratio',
    sql: '(CASE WHEN fs.interest_payable > 0 THEN round(coalesce(fs.operating_profit, fs.ebitda) / fs.interest_payable, 2) END)::float8',
    sources: ['fs'],
    short: 'Int Cov',
    visible: false,
    description: ratioDefinitionText('interestCover'),
  },
  {
    id: 'current_ratio',
    label: 'Current Ratio (x)',
    kind: 'number',
    format: 'ratio',
    sql: '(CASE WHEN fs.creditors_within_one_year > 0 THEN round(fs.current_assets / fs.creditors_within_one_year, 2) END)::float8',
    sources: ['fs'],
    short: 'Curr R',
    visible: false,
    description: ratioDefinitionText('currentRatio'),
  },
  {
    id: 'employee_count',
    priority: 90,
    label: 'Employees',
    kind: 'number',
    format: 'integer',
    sql: 'fs.employees',
    sources: ['fs'],
    short: 'Staff',
    cited: true,
    nl: {
      words: [
        'employees',
        'employee',
        'employee count',
        'number of employees',
        'number of staff',
        'headcount',
        'head count',
        'staff',
        'staff members',
        'members of staff',
        'workforce',
        'workers',
        'people',
      ],
    },
  },
  {
    id: 'earnings_per_share',
    label: 'EPS',
    kind: 'number',
    format: 'ratio',
    sql: 'fs.earnings_per_share::float8',
    sources: ['fs'],
    visible: false,
    cited: true,
    nl: { words: ['eps', 'earnings per share'] },
  },
  {
    id: 'debt_to_equity_ratio',
    label: 'Debt to Equity (as stated)',
    kind: 'number',
    format: 'ratio',
    sql: 'fs.debt_to_equity_ratio::float8',
    sources: ['fs'],
    visible: false,
    cited: true,
    description: 'Debt to equity as the accounts state it (their own figure, not computed here).',
    nl: { words: ['debt to equity', 'debt to equity ratio', 'debt/equity', 'debt/equity ratio', 'd/e', 'd/e ratio', 'de ratio'] },
  },
  chargeCount('total_charges', 'Total Charges', 'coalesce(ch.total, c.mortgages_total, 0)::int', {
    priority: 140,
    short: 'Charges',
    nl: { count: true, say: 'Charges', words: ['charges', 'charge', 'total charges', 'registered charges'] },
  }),
  chargeCount('outstanding', 'Outstanding', 'coalesce(ch.outstanding, c.mortgages_outstanding, 0)::int', {
    priority: 100,
    short: 'Outst',
    nl: {
      count: true,
      say: 'Outstanding charges',
      words: ['outstanding charges', 'outstanding charge', 'charges outstanding', 'active charges'],
    },
  }),
  chargeCount('fixed', 'Fixed', 'coalesce(ch.fixed, 0)::int', {
    nl: { count: true, say: 'Fixed charges', words: ['fixed charges', 'fixed charge'] },
  }),
  chargeCount('floating', 'Floating', 'coalesce(ch.floating, 0)::int', {
    nl: { count: true, say: 'Floating charges', words: ['floating charges', 'floating charge'] },
  }),
  chargeCount('negative_pledge', 'Negative Pledge', 'coalesce(ch.negative_pledge, 0)::int', {
    short: 'Neg Pl',
    nl: { count: true, say: 'Negative pledges', words: ['negative pledges', 'negative pledge', 'negative pledge clauses'] },
  }),
  chargeCount('part_satisfied', 'Part Satisfied', 'coalesce(ch.part_satisfied, c.mortgages_part_satisfied, 0)::int', {
    short: 'Part Sat',
    nl: { count: true, say: 'Part-satisfied charges', words: ['part satisfied charges', 'partially satisfied charges'] },
  }),
  ...IDV_COLUMNS,
];
