import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, SCREENER_ROUTES } from '@credence/shared';
import {
  charge,
  company,
  loadScreenerData,
  modelFilter,
  modelOrder,
  screenerPath,
  statement,
  textRanks,
  type ModelFilter,
} from '../support/screener-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { ScreenerMemory } from '../../src/modules/screener/screener-memory.service.js';

/**
 * The companies screener over HTTP (spec 2 2.11, 3.14, 3.15, sections 4, 5, 7, 9): seven hand-made
 * companies with known figures and charges beside 80 generated ones. Every filter type on every
 * column kind is checked against a plain-JS model of the filter over the whole list, every
 * sortable column in both directions against a JS sort (NULLs last both ways), and paging by page
 * number and by cursor against each other.
 */

const ROUTE = SCREENER_ROUTES.companies;

/** Whole years from an ISO date to today (UTC), as the screener's age_years counts them. */
function wholeYearsSince(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  const now = new Date();
  const [ty, tm, td] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}
type Row = Record<string, any>;

const ACME = '09900001';
const PURE = '09900002';
const NORTHSTAR = '09900003';
const DORMANT = '09900004';
const REGISTER = '09900005';
const HOLDINGS = '09900006';
const OBRIEN = '09900007';
const HAND_MADE = [ACME, PURE, NORTHSTAR, DORMANT, REGISTER, HOLDINGS, OBRIEN];

const HAND_MADE_DATA = {
  companies: [
    company(ACME, 'ACME WIDGETS LIMITED', { sic_codes: ['62012'] }),
    company(PURE, '100% PURE_JUICE LTD', { sic_codes: ['10320'] }),
    company(NORTHSTAR, 'NORTHSTAR ANALYTICS PLC', {
      ticker: 'NSA',
      exchange: 'LSE',
      company_category: 'Public Limited Company',
      sic_codes: ['62020'],
    }),
    company(DORMANT, 'DORMANT SHELL LIMITED', { sic_codes: [] }),
    // Charges known only from the register's CSV totals (none stored one by one).
    company(REGISTER, 'REGISTER ONLY MORTGAGES LIMITED', {
      sic_codes: ['41201'],
      mortgages_total: 4,
      mortgages_outstanding: 2,
      mortgages_part_satisfied: 1,
      mortgages_satisfied: 1,
    }),
    company(HOLDINGS, 'ACME HOLDINGS (UK) LIMITED', { ticker: 'ACMH', exchange: 'AIM', sic_codes: ['64209'] }),
    // Quotes and a backslash: text to match, never SQL or LIKE syntax.
    company(OBRIEN, "O'BRIEN \\ PARTNERS LTD", { sic_codes: ['69102'] }),
  ],
  statements: [
    // An older year that the screener must not show (it shows the latest).
    statement(ACME, 2023, { turnover: 9_000_000, employees: 100, document_id: 'ACME-AA-2023' }),
    statement(ACME, 2024, {
      turnover: 12_500_000,
      operating_profit: 1_200_000,
      net_profit_loss: 800_000,
      ebitda: 1_500_000,
      total_assets: 9_000_000,
      total_liabilities: 4_000_000,
      net_assets: 5_000_000,
      cash: 750_000,
      employees: 120,
      earnings_per_share: 0.42,
      debt_to_equity_ratio: 0.8,
      document_id: 'ACME-AA-2024',
      page_numbers: { turnover: 4, operatingProfit: 5, EBITDA: 5, employeeCount: 11 },
      // The bank debt the accounts name: net debt reads it rather than all liabilities.
      balance_sheet: [
        { key: 'borrowings', label: 'Bank loans and overdrafts', value: -1_000_000, currency: 'GBP', pageNumber: 8, term: null },
        { key: 'currentAssets', label: 'Current assets', value: 3_000_000, currency: 'GBP', pageNumber: 8, term: null },
        {
          key: 'creditorsWithinOneYear',
          label: 'Creditors: due within one year',
          value: -1_600_000,
          currency: 'GBP',
          pageNumber: 8,
          term: null,
        },
      ],
      // Interest printed as a deduction; cover reads its amount (issue 27: shared's one definition).
      income_statement: [{ key: 'interestPayable', label: 'Interest payable', value: -96_000, currency: 'GBP', pageNumber: 5, term: null }],
    }),
    statement(PURE, 2023, { turnover: 5_000_000, operating_profit: -250_000, employees: 10, document_id: 'PURE-AA-2023' }),
    statement(NORTHSTAR, 2025, { currency: 'USD', turnover: 1_000_000, net_profit_loss: 120_000, employees: 11, earnings_per_share: 1.5 }),
    statement(REGISTER, 2022, {
      currency: 'EUR',
      turnover: 2_500_000,
      total_assets: 3_000_000,
      total_liabilities: 3_500_000,
      net_assets: -500_000,
      cash: 0,
    }),
    statement(HOLDINGS, 2024, {
      turnover: 25_000_000,
      ebitda: 4_000_000,
      employees: 0,
      earnings_per_share: 0.1,
      debt_to_equity_ratio: 2.25,
    }),
  ],
  charges: [
    charge('ACME-1', ACME, {
      charge_number: 1,
      delivered_on: '2024-05-01',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      persons_entitled: ['HSBC UK Bank PLC'],
    }),
    charge('ACME-2', ACME, {
      charge_number: 2,
      status: 'part-satisfied',
      delivered_on: '2022-02-01',
      contains_fixed_charge: true,
      persons_entitled: ['HSBC UK BANK P.L.C.'],
    }),
    charge('ACME-3', ACME, {
      charge_number: 3,
      status: 'fully-satisfied',
      delivered_on: '2015-06-01',
      satisfied_on: '2020-01-01',
      contains_floating_charge: true,
      persons_entitled: ['Barclays Bank PLC'],
    }),
  ],
};

/** A companies-screener filter as the web sends it, and the same filter for the JS model. */
interface Case {
  name: string;
  send: { id: string; value: Record<string, unknown> }[];
  model: ModelFilter[];
  /** Hand-made companies the answer must hold, and must not. */
  has?: string[];
  hasNot?: string[];
  /** The exact answer, when the filter is made to pick hand-made rows only. */
  exactly?: string[];
}

const vf = (id: string, type: string, rest: Record<string, unknown> = {}) => ({ id, value: { type, ...rest } });
const mf = (id: string, type: string, rest: Omit<ModelFilter, 'id' | 'type'> = {}): ModelFilter => ({ id, type, ...rest });
/** A filter whose model is the filter as sent. */
const same = (
  name: string,
  id: string,
  type: string,
  rest: Record<string, unknown>,
  expectations: Omit<Case, 'name' | 'send' | 'model'> = {},
): Case => ({
  name,
  send: [vf(id, type, rest)],
  model: [mf(id, type, rest as Omit<ModelFilter, 'id' | 'type'>)],
  ...expectations,
});

const CASES: Case[] = [
  // text columns: contains, startsWith, endsWith, equals, empty, notEmpty (case-insensitive)
  same('text contains, any case', 'company_name', 'contains', { value: 'Widgets' }, { has: [ACME], hasNot: [HOLDINGS] }),
  same('text contains with LIKE wildcards taken literally (%)', 'company_name', 'contains', { value: '100%' }, { exactly: [PURE] }),
  same('text contains with LIKE wildcards taken literally (_)', 'company_name', 'contains', { value: 'e_j' }, { exactly: [PURE] }),
  same('text startsWith', 'company_name', 'startsWith', { value: 'acme' }, { has: [ACME, HOLDINGS], hasNot: [PURE] }),
  same('text endsWith', 'company_name', 'endsWith', { value: ' plc' }, { has: [NORTHSTAR], hasNot: [ACME] }),
  same('text equals (whole value, any case)', 'company_name', 'equals', { value: 'acme widgets limited' }, { exactly: [ACME] }),
  same('text equals does not match a part', 'company_name', 'equals', { value: 'acme widgets' }, { exactly: [] }),
  same('text startsWith on the number', 'company_number', 'startsWith', { value: '099000' }, { exactly: HAND_MADE }),
  same('text equals on the number', 'company_number', 'equals', { value: NORTHSTAR }, { exactly: [NORTHSTAR] }),
  same('text with a quote and a backslash', 'company_name', 'contains', { value: "o'brien \\ p" }, { exactly: [OBRIEN] }),
  same('text that looks like SQL', 'company_name', 'contains', { value: "'; DROP TABLE companies; --" }, { exactly: [] }),
  same('text empty', 'ticker', 'empty', {}, { has: [ACME, DORMANT], hasNot: [NORTHSTAR, HOLDINGS] }),
  same('text notEmpty', 'ticker', 'notEmpty', {}, { has: [NORTHSTAR, HOLDINGS], hasNot: [ACME] }),
  same('text contains on a hidden column (ticker)', 'ticker', 'contains', { value: 'acm' }, { has: [HOLDINGS] }),
  // number columns: greaterThan, lessThan, between (inclusive), equals, empty, notEmpty; amounts as text
  {
    name: 'number greaterThan with an amount ("10m")',
    send: [vf('turnover', 'greaterThan', { value: '10m' })],
    model: [mf('turnover', 'greaterThan', { value: 10_000_000 })],
    has: [ACME, HOLDINGS],
    hasNot: [PURE],
  },
  {
    name: 'number lessThan with currency and unit ("£1.5m")',
    send: [vf('turnover', 'lessThan', { value: '£1.5m' })],
    model: [mf('turnover', 'lessThan', { value: 1_500_000 })],
    has: [NORTHSTAR],
    hasNot: [ACME, DORMANT],
  },
  {
    name: 'number between includes both ends',
    send: [vf('turnover', 'between', { value: '1m', valueTo: '5,000,000' })],
    model: [mf('turnover', 'between', { value: 1_000_000, valueTo: 5_000_000 })],
    has: [NORTHSTAR, PURE, REGISTER],
    hasNot: [ACME],
  },
  {
    name: 'number between with its ends the wrong way round',
    send: [vf('turnover', 'between', { value: 5_000_000, valueTo: 1_000_000 })],
    model: [mf('turnover', 'between', { value: 1_000_000, valueTo: 5_000_000 })],
    has: [NORTHSTAR, PURE],
  },
  same('number equals', 'turnover', 'equals', { value: 12_500_000 }, { has: [ACME], hasNot: [HOLDINGS] }),
  same('number empty', 'turnover', 'empty', {}, { has: [DORMANT], hasNot: [ACME] }),
  same('number notEmpty', 'turnover', 'notEmpty', {}, { has: [ACME, PURE], hasNot: [DORMANT] }),
  same('number lessThan zero (a loss)', 'operating_profit', 'lessThan', { value: 0 }, { has: [PURE], hasNot: [ACME] }),
  same('number greaterThan', 'net_profit_loss', 'greaterThan', { value: 100_000 }, { has: [ACME, NORTHSTAR] }),
  same('number between on EBITDA', 'EBITDA', 'between', { value: 1_500_000, valueTo: 4_000_000 }, { has: [ACME, HOLDINGS] }),
  same('number greaterThan on total assets', 'total_assets', 'greaterThan', { value: 2_999_999 }, { has: [ACME, REGISTER] }),
  same('number lessThan on total liabilities', 'total_liabilities', 'lessThan', { value: 3_500_001 }, { has: [REGISTER], hasNot: [ACME] }),
  same('number lessThan zero on net assets', 'net_asset', 'lessThan', { value: 0 }, { has: [REGISTER], hasNot: [ACME] }),
  same('number equals zero', 'cash', 'equals', { value: 0 }, { has: [REGISTER], hasNot: [ACME] }),
  same(
    'integer column: greaterThan a fraction',
    'employee_count',
    'greaterThan',
    { value: 10.5 },
    { has: [NORTHSTAR, ACME], hasNot: [PURE] },
  ),
  same(
    'integer column: lessThan a fraction',
    'employee_count',
    'lessThan',
    { value: 10.5 },
    { has: [PURE, HOLDINGS], hasNot: [NORTHSTAR] },
  ),
  same('integer column: equals a fraction matches nothing', 'employee_count', 'equals', { value: 10.5 }, { exactly: [] }),
  same('integer column: between whole numbers', 'employee_count', 'between', { value: 10, valueTo: 11 }, { has: [PURE, NORTHSTAR] }),
  // Bounds beyond what an integer column holds: answered, not a database error.
  same('integer column: greaterThan beyond its range matches nothing', 'employee_count', 'greaterThan', { value: 1e20 }, { exactly: [] }),
  {
    name: 'integer column: lessThan an amount beyond its range ("5bn")',
    send: [vf('employee_count', 'lessThan', { value: '5bn' })],
    model: [mf('employee_count', 'lessThan', { value: 5e9 })],
    has: [ACME, PURE],
    hasNot: [DORMANT],
  },
  same(
    'integer column: between beyond its range on both sides',
    'total_charges',
    'between',
    { value: -1e12, valueTo: 1e12 },
    { has: [ACME, DORMANT] },
  ),
  same('integer column: equals beyond its range matches nothing', 'outstanding', 'equals', { value: 3e9 }, { exactly: [] }),
  same('ratio column greaterThan (hidden column)', 'earnings_per_share', 'greaterThan', { value: 1 }, { has: [NORTHSTAR], hasNot: [ACME] }),
  same('ratio column lessThan (hidden column)', 'debt_to_equity_ratio', 'lessThan', { value: 1 }, { has: [ACME], hasNot: [HOLDINGS] }),
  same('charge counts: more than two charges', 'total_charges', 'greaterThan', { value: 2 }, { has: [ACME, REGISTER], hasNot: [DORMANT] }),
  same('charge counts: no charges', 'total_charges', 'equals', { value: 0 }, { has: [DORMANT, PURE], hasNot: [ACME] }),
  same('charge counts: outstanding', 'outstanding', 'between', { value: 1, valueTo: 2 }, { has: [ACME, REGISTER] }),
  same('charge counts: fixed', 'fixed', 'equals', { value: 2 }, { has: [ACME] }),
  same('charge counts: floating', 'floating', 'greaterThan', { value: 1 }, { has: [ACME] }),
  same('charge counts: negative pledge', 'negative_pledge', 'greaterThan', { value: 0 }, { has: [ACME], hasNot: [REGISTER] }),
  same('charge counts: part satisfied', 'part_satisfied', 'equals', { value: 1 }, { has: [ACME, REGISTER] }),
  // select columns: is_one_of, is_not_one_of (keeps rows with no value), empty, notEmpty
  same(
    'select is_one_of',
    'industry_sector',
    'is_one_of',
    { values: ['Manufacturing', 'Information and communication'] },
    { has: [ACME, PURE, NORTHSTAR], hasNot: [REGISTER, DORMANT] },
  ),
  same(
    'select is_not_one_of keeps rows without a value',
    'industry_sector',
    'is_not_one_of',
    { values: ['Information and communication'] },
    { has: [DORMANT, PURE, REGISTER], hasNot: [ACME, NORTHSTAR] },
  ),
  same('select is_one_of on the division', 'industry_group', 'is_one_of', { values: ['Manufacture of food products'] }, { has: [PURE] }),
  same(
    'select is_one_of on SIC codes',
    'sic_code',
    'is_one_of',
    { values: ['62012', '62020'] },
    { has: [ACME, NORTHSTAR], hasNot: [PURE] },
  ),
  same('select empty', 'sic_code', 'empty', {}, { has: [DORMANT], hasNot: [ACME] }),
  same('select notEmpty', 'industry_sector', 'notEmpty', {}, { has: [ACME], hasNot: [DORMANT] }),
  {
    name: 'select options in any case are the canonical ones',
    send: [vf('currency', 'is_one_of', { values: ['usd', 'Eur'] })],
    model: [mf('currency', 'is_one_of', { values: ['USD', 'EUR'] })],
    has: [NORTHSTAR, REGISTER],
    hasNot: [ACME],
  },
  same('select empty (no accounts)', 'currency', 'empty', {}, { has: [DORMANT], hasNot: [ACME] }),
  same(
    'select is_one_of on filing years',
    'filing_year',
    'is_one_of',
    { values: ['2024', '2025'] },
    { has: [ACME, NORTHSTAR, HOLDINGS], hasNot: [PURE, REGISTER] },
  ),
  {
    name: 'select is_one_of with numbers for a year',
    send: [vf('filing_year', 'is_one_of', { values: [2022] })],
    model: [mf('filing_year', 'is_one_of', { values: ['2022'] })],
    has: [REGISTER],
    hasNot: [ACME],
  },
  {
    name: 'select is_one_of with one value in "value"',
    send: [vf('industry_sector', 'is_one_of', { value: 'Construction' })],
    model: [mf('industry_sector', 'is_one_of', { values: ['Construction'] })],
    has: [REGISTER],
  },
  same(
    'select is_not_one_of on filing years',
    'filing_year',
    'is_not_one_of',
    { values: ['2024'] },
    { has: [PURE, DORMANT, NORTHSTAR], hasNot: [ACME, HOLDINGS] },
  ),
  // several filters: all must hold
  {
    name: 'several filters at once (AND)',
    send: [
      vf('industry_sector', 'is_one_of', { values: ['Information and communication', 'Financial and insurance activities'] }),
      vf('turnover', 'greaterThan', { value: '5m' }),
      vf('company_name', 'startsWith', { value: 'ACME' }),
    ],
    model: [
      mf('industry_sector', 'is_one_of', { values: ['Information and communication', 'Financial and insurance activities'] }),
      mf('turnover', 'greaterThan', { value: 5_000_000 }),
      mf('company_name', 'startsWith', { value: 'acme' }),
    ],
    exactly: [ACME, HOLDINGS],
  },
];

describe('companies screener API (companies_house/get-screener-info)', () => {
  let t: TestApi;
  let token: string;
  /** Every row, in the default order (company name ascending). */
  let all: Row[];
  let ranks: Map<string, number>;

  const get = (route: string, query: Record<string, unknown> = {}) => t.request('GET', screenerPath(route, query), { token });
  const list = async (query: Record<string, unknown>) => {
    const reply = await get(ROUTE, query);
    if (reply.status !== 200) throw new Error(`${reply.status} ${JSON.stringify(reply.body)} for ${JSON.stringify(query)}`);
    return reply.body.data;
  };
  const numbers = (rows: Row[]) => rows.map((r) => r.company_number);
  const row = (number: string) => all.find((r) => r.company_number === number)!;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await loadScreenerData(t, HAND_MADE_DATA, { companies: 80, seed: 7 });
    const data = await list({ page_size: 100 });
    all = data.companies;
    if (data.total_count !== all.length || all.length <= 80)
      throw new Error(`expected every company on one page, got ${all.length} of ${data.total_count}`);
    ranks = await textRanks(
      t.api.dataSource,
      all.flatMap((r) => Object.values(r)),
    );
  });
  after(async () => {
    // On server Postgres the pages above were answered from the in-memory copy of the view (the
    // embedded runs answer them in the database): the same assertions hold for both.
    const served = t.api.app.get(ScreenerMemory).served;
    await t.close();
    if (process.env.DATABASE_URL) expect(served).toBeGreaterThan(100);
  });

  it('needs a signed-in user', async () => {
    for (const route of [ROUTE, SCREENER_ROUTES.companiesUniqueValues, SCREENER_ROUTES.companiesExport]) {
      const reply = await t.request('GET', screenerPath(route, { column_name: 'currency', format: 'csv' }));
      expect(reply.status).toBe(401);
    }
  });

  it('answers the spec envelope, default page size 100 and default sort by turnover, largest first', async () => {
    const reply = await get(ROUTE);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('success');
    const { companies, ...paging } = reply.body.data;
    expect(paging).toEqual({
      total_count: all.length,
      page_count: 1,
      page: 1,
      page_size: 100,
      total_is_estimate: false,
      next_cursor: null,
      prev_cursor: null,
    });
    expect(numbers(companies)).toEqual(modelOrder(all, 'turnover', 'desc', (r) => r.company_number, ranks));
    // The first page a user sees is trading companies: figures first, the blank ones after them all.
    expect(companies[0].turnover).toBe(Math.max(...all.map((r) => r.turnover ?? -Infinity)));
    const blank = companies.findIndex((r: Row) => r.turnover === null);
    expect(companies.slice(blank).every((r: Row) => r.turnover === null)).toBe(true);
  });

  it('answers every column of spec 2 3.14 from the latest financial year, with charge counts and figure pages', () => {
    expect(row(ACME)).toEqual({
      company_name: 'ACME WIDGETS LIMITED',
      company_number: ACME,
      ticker: null,
      company_status: 'Active',
      post_town: 'Newcastle upon Tyne',
      postcode_area: 'NE',
      region: 'North East',
      incorporation_date: '2012-03-04',
      age_years: wholeYearsSince('2012-03-04'),
      industry_group: 'Computer programming, consultancy and related activities',
      industry_sector: 'Information and communication',
      sic_code: '62012',
      currency: 'GBP',
      filing_year: 2024,
      turnover: 12_500_000,
      operating_profit: 1_200_000,
      net_profit_loss: 800_000,
      EBITDA: 1_500_000,
      total_assets: 9_000_000,
      total_liabilities: 4_000_000,
      net_asset: 5_000_000,
      cash: 750_000,
      // Bank debt 1m less cash 0.75m; gearing 0.25m on net assets of 5m.
      net_debt: 250_000,
      gearing: 5,
      // Operating profit 1.2m over interest 96k; current assets 3m over creditors 1.6m (1.875 rounds away from zero).
      interest_cover: 12.5,
      current_ratio: 1.88,
      employee_count: 120,
      earnings_per_share: 0.42,
      debt_to_equity_ratio: 0.8,
      total_charges: 3,
      outstanding: 1,
      fixed: 2,
      floating: 2,
      negative_pledge: 1,
      part_satisfied: 1,
      // No directors in this register: identity verification is counted in screener-identity-verification.int-spec.
      directors_unverified: 0,
      directors_idv_overdue: 0,
      document_id: 'ACME-AA-2024',
      details: { page_numbers: { turnover: 4, operating_profit: 5, EBITDA: 5, employee_count: 11 } },
    });
    // Charges known only from the register's totals count as such.
    expect(row(REGISTER)).toMatchObject({
      total_charges: 4,
      outstanding: 2,
      part_satisfied: 1,
      fixed: 0,
      floating: 0,
      negative_pledge: 0,
      currency: 'EUR',
      filing_year: 2022,
      net_asset: -500_000,
      cash: 0,
      // No bank debt named: all liabilities stand in; no gearing on negative net assets.
      net_debt: 3_500_000,
      gearing: null,
      interest_cover: null,
      current_ratio: null,
    });
    // No accounts, no SIC code, no charges: empty figures, zero counts.
    expect(row(DORMANT)).toMatchObject({
      industry_sector: null,
      industry_group: null,
      sic_code: null,
      currency: null,
      filing_year: null,
      turnover: null,
      employee_count: null,
      total_charges: 0,
      outstanding: 0,
      document_id: null,
      details: { page_numbers: {} },
    });
    expect(row(NORTHSTAR)).toMatchObject({
      ticker: 'NSA',
      currency: 'USD',
      filing_year: 2025,
      turnover: 1_000_000,
      earnings_per_share: 1.5,
      debt_to_equity_ratio: null,
    });
    expect(row(PURE)).toMatchObject({
      industry_sector: 'Manufacturing',
      industry_group: 'Manufacture of food products',
      operating_profit: -250_000,
      total_charges: 0,
    });
  });

  describe('filters of every type (spec 2 3.15), checked against a model over the whole list', () => {
    for (const c of CASES) {
      it(c.name, async () => {
        const data = await list({ page_size: 100, filters: c.send });
        const expected = numbers(modelFilter(all, COMPANY_SCREENER_COLUMNS, c.model));
        expect(numbers(data.companies)).toEqual(expected);
        expect(data.total_count).toBe(expected.length);
        if (c.exactly) expect([...expected].sort()).toEqual([...c.exactly].sort());
        for (const n of c.has ?? []) expect({ has: n, in: expected.includes(n) }).toEqual({ has: n, in: true });
        for (const n of c.hasNot ?? []) expect({ hasNot: n, in: expected.includes(n) }).toEqual({ hasNot: n, in: false });
      });
    }

    it('searches names and numbers with global_filter, alone and with filters', async () => {
      const byName = await list({ page_size: 100, global_filter: '  acme ' });
      expect(numbers(byName.companies).sort()).toEqual(
        numbers(all.filter((r) => r.company_name.toLowerCase().includes('acme') || r.company_number.toLowerCase().includes('acme'))).sort(),
      );
      expect(numbers(byName.companies)).toEqual(expect.arrayContaining([ACME, HOLDINGS]));
      const byNumber = await list({ page_size: 100, global_filter: '0990000' });
      expect(numbers(byNumber.companies).sort()).toEqual([...HAND_MADE].sort());
      const both = await list({ page_size: 100, global_filter: 'acme', filters: [vf('ticker', 'notEmpty')] });
      expect(numbers(both.companies)).toEqual([HOLDINGS]);
      const wildcard = await list({ page_size: 100, global_filter: '%' });
      expect(numbers(wildcard.companies)).toEqual([PURE]);
      const backslash = await list({ page_size: 100, global_filter: '\\' });
      expect(numbers(backslash.companies)).toEqual([OBRIEN]);
      const sql = await list({ page_size: 100, global_filter: "x' OR '1'='1" });
      expect(sql.total_count).toBe(0);
      expect((await list({ page_size: 100 })).total_count).toBe(all.length);
    });

    it('drops filters whose value is empty (spec 2 section 5) and answers every company', async () => {
      const data = await list({
        page_size: 100,
        filters: [
          vf('turnover', 'greaterThan', { value: '' }),
          vf('company_name', 'contains', { value: '   ' }),
          vf('industry_sector', 'is_one_of', { values: [] }),
          vf('turnover', 'between', { value: '', valueTo: null }),
          vf('currency', 'is_one_of', { values: ['', null] }),
        ],
      });
      expect(data.total_count).toBe(all.length);
      expect(numbers(await list({ page_size: 100, filters: '' }).then((d) => d.companies))).toEqual(numbers(all));
      expect((await list({ page_size: 100, filters: [] })).total_count).toBe(all.length);
    });

    it('answers an empty page, not an error, when nothing matches', async () => {
      const data = await list({ filters: [vf('company_name', 'contains', { value: 'no such company anywhere' })] });
      expect(data).toEqual({
        companies: [],
        total_count: 0,
        page_count: 0,
        page: 1,
        page_size: 100,
        total_is_estimate: false,
        next_cursor: null,
        prev_cursor: null,
      });
    });
  });

  describe('validation: 400 with the spec message and the screener error shape', () => {
    const columnsList = COMPANY_SCREENER_COLUMNS.map((c) => c.id).join(', ');
    const BAD: [string, Record<string, unknown>, string][] = [
      ['filters that are not JSON', { filters: '[{"id":' }, 'filters must be a JSON array of filter objects'],
      [
        'filters that are not an array',
        { filters: { id: 'turnover', value: { type: 'greaterThan', value: 1 } } },
        'filters must be a JSON array of filter objects',
      ],
      ['a filter that is not an object', { filters: ['turnover>10m'] }, 'filters must be a JSON array of filter objects'],
      [
        'an unknown column',
        { filters: [vf('revenue', 'greaterThan', { value: 1 })] },
        `Unknown filter column "revenue"; valid columns: ${columnsList}`,
      ],
      ['a filter with no id', { filters: [{ value: { type: 'contains', value: 'x' } }] }, 'Each filter needs an "id" naming its column'],
      [
        'a filter with no value object',
        { filters: [{ id: 'turnover', type: 'greaterThan', value: 5 }] },
        'turnover: each filter is {id, value: {type, value, valueTo, values}}',
      ],
      [
        'a type the text kind does not take',
        { filters: [vf('company_name', 'greaterThan', { value: 5 })] },
        'company_name: filter type "greaterThan" is not allowed for a text column; allowed: contains, startsWith, endsWith, equals, empty, notEmpty',
      ],
      [
        'a type the number kind does not take',
        { filters: [vf('turnover', 'contains', { value: '5' })] },
        'turnover: filter type "contains" is not allowed for a number column; allowed: greaterThan, lessThan, between, equals, empty, notEmpty',
      ],
      [
        'a type the select kind does not take',
        { filters: [vf('industry_sector', 'contains', { value: 'Man' })] },
        'industry_sector: filter type "contains" is not allowed for a select column; allowed: is_one_of, is_not_one_of, empty, notEmpty',
      ],
      [
        'a date type on a number column',
        { filters: [vf('turnover', 'after', { value: '2024-01-01' })] },
        'turnover: filter type "after" is not allowed for a number column; allowed: greaterThan, lessThan, between, equals, empty, notEmpty',
      ],
      [
        'an unknown type',
        { filters: [vf('turnover', 'bigger', { value: 5 })] },
        'turnover: filter type "bigger" is not allowed for a number column; allowed: greaterThan, lessThan, between, equals, empty, notEmpty',
      ],
      [
        'between with one end missing',
        { filters: [vf('turnover', 'between', { value: '1m' })] },
        'turnover: Please enter valid numbers for between filter',
      ],
      [
        'between with an end that is not a number',
        { filters: [vf('employee_count', 'between', { value: 'ten', valueTo: 50 })] },
        'employee_count: Please enter valid numbers for between filter',
      ],
      [
        'greaterThan with text',
        { filters: [vf('turnover', 'greaterThan', { value: 'lots' })] },
        'turnover: "lots" is not a number (e.g. 250000, 10m, 1.5bn)',
      ],
      [
        'lessThan with a malformed amount',
        { filters: [vf('cash', 'lessThan', { value: '12..5' })] },
        'cash: "12..5" is not a number (e.g. 250000, 10m, 1.5bn)',
      ],
      [
        'a text value that is not text',
        { filters: [vf('company_name', 'contains', { value: { $ne: 1 } })] },
        'company_name: Please enter a filter value',
      ],
      [
        'is_one_of with values that are not a list',
        { filters: [vf('industry_sector', 'is_one_of', { values: 'Manufacturing' })] },
        'industry_sector: Please select at least one value (values must be a list)',
      ],
      [
        'is_one_of with a value that is not text',
        { filters: [vf('sic_code', 'is_one_of', { values: [{ code: '62012' }] })] },
        'sic_code: Please select at least one value (each value must be text or a number)',
      ],
      [
        'a currency that is not an option',
        { filters: [vf('currency', 'is_one_of', { values: ['JPY'] })] },
        'currency: "JPY" is not one of the options (GBP, EUR, USD)',
      ],
      [
        'a filing year that is not an option',
        { filters: [vf('filing_year', 'is_one_of', { values: ['2019'] })] },
        'filing_year: "2019" is not one of the options (2020, 2021, 2022, 2023, 2024, 2025, 2026)',
      ],
      ['too many filters', { filters: Array.from({ length: 21 }, () => vf('turnover', 'notEmpty')) }, 'At most 20 filters at once'],
      [
        'a value that is too long',
        { filters: [vf('company_name', 'contains', { value: 'x'.repeat(201) })] },
        'company_name: filter value is too long (at most 200 characters)',
      ],
      [
        'an unknown sort column',
        { sort_by: 'document_id' },
        `sort_by "document_id" is not a sortable column; sortable columns: ${columnsList}`,
      ],
      [
        'a sort column in the wrong case',
        { sort_by: 'ebitda' },
        `sort_by "ebitda" is not a sortable column; sortable columns: ${columnsList}`,
      ],
      ['a bad sort order', { sort_by: 'turnover', sort_order: 'up' }, 'sort_order must be asc or desc'],
      ['a page size not offered', { page_size: 20 }, 'page_size must be one of 10, 25, 50, 100'],
      ['a page size above the largest', { page_size: 1000 }, 'page_size must be one of 10, 25, 50, 100'],
      ['a page size that is not a number', { page_size: 'ten' }, 'page_size must be a whole number of at least 1'],
      ['page 0', { page: 0 }, 'page must be a whole number of at least 1'],
      ['a negative page', { page: -2 }, 'page must be a whole number of at least 1'],
      ['a fractional page', { page: 1.5 }, 'page must be a whole number of at least 1'],
      ['a search text that is too long', { global_filter: 'a'.repeat(201) }, 'global_filter is too long (at most 200 characters)'],
      [
        'a cursor that was altered',
        { cursor: 'bm90LWEtY3Vyc29y' },
        'The cursor is not valid: it may have been altered or come from another list. Start again from page 1.',
      ],
    ];
    for (const [name, query, message] of BAD) {
      it(`refuses ${name}`, async () => {
        const reply = await get(ROUTE, query);
        expect({ status: reply.status, body: reply.body }).toEqual({
          status: 400,
          body: { status: 'error', message, error: message, statusCode: 400 },
        });
      });
    }

    it('refuses a parameter given twice', async () => {
      const twice = await t.request('GET', `/api/${ROUTE}?page=1&page=2`, { token });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe('page was given more than once');
      const filters = encodeURIComponent('[]');
      const twiceFilters = await t.request('GET', `/api/${ROUTE}?filters=${filters}&filters=${filters}`, { token });
      expect(twiceFilters.status).toBe(400);
      expect(twiceFilters.body.message).toBe('filters was given more than once: send one JSON array');
    });
  });

  describe('sorting', () => {
    const sortable = COMPANY_SCREENER_COLUMNS.filter((c) => c.sortable);

    it('offers every column of the table as sortable', () => {
      expect(sortable.map((c) => c.id)).toEqual(COMPANY_SCREENER_COLUMNS.map((c) => c.id));
      expect(sortable).toHaveLength(37);
    });

    // This register has no directors: the identity-verification counts are all 0 here (their values
    // are held to the shared rule in screener-identity-verification.int-spec; the sort is the same code).
    for (const column of sortable.filter((c) => !c.id.startsWith('directors_'))) {
      it(`sorts by ${column.id} both ways, ties by company number, companies without a value last`, async () => {
        const values = new Set(all.map((r) => r[column.id]).filter((v) => v !== null));
        expect(values.size).toBeGreaterThan(1); // the order is really tested
        for (const order of ['asc', 'desc'] as const) {
          const data = await list({ page_size: 100, sort_by: column.id, sort_order: order });
          const expected = modelOrder(all, column.id, order, (r) => r.company_number, ranks);
          expect({ order, rows: numbers(data.companies) }).toEqual({ order, rows: expected });
        }
      });
    }

    it('sorts ascending when only sort_by is given, and reads the order in any case', async () => {
      const expected = modelOrder(all, 'turnover', 'asc', (r) => r.company_number, ranks);
      expect(numbers((await list({ page_size: 100, sort_by: 'turnover' })).companies)).toEqual(expected);
      const desc = modelOrder(all, 'turnover', 'desc', (r) => r.company_number, ranks);
      expect(numbers((await list({ page_size: 100, sort_by: 'turnover', sort_order: 'DESC' })).companies)).toEqual(desc);
      // NULLs last in both directions: the last rows are the same companies either way round.
      const nulls = all.filter((r) => r.turnover === null).length;
      expect(nulls).toBeGreaterThan(0);
      expect(new Set(expected.slice(-nulls))).toEqual(new Set(desc.slice(-nulls)));
    });
  });

  describe('paging (spec 2 2.11 and section 4)', () => {
    // filing_year has many ties and many companies without accounts: the hard case for cursors.
    const query = { page_size: 10, sort_by: 'filing_year', sort_order: 'desc' };
    let pages: Row[];
    let expected: string[];
    let pageCount: number;

    before(async () => {
      expected = modelOrder(all, 'filing_year', 'desc', (r) => r.company_number, ranks);
      pageCount = Math.ceil(all.length / 10);
      pages = [];
      for (let page = 1; page <= pageCount; page++) pages.push(await list({ ...query, page }));
    });

    it('cuts the list into pages by number, in order, with the counts on each', () => {
      expect(pages.flatMap((p) => numbers(p.companies))).toEqual(expected);
      pages.forEach((p, i) => {
        expect(p).toMatchObject({ total_count: all.length, page_count: pageCount, page: i + 1, page_size: 10, total_is_estimate: false });
        expect(p.companies).toHaveLength(i + 1 < pageCount ? 10 : all.length - 10 * (pageCount - 1));
      });
      expect(pages[0].prev_cursor).toBeNull();
      expect(pages[pageCount - 1].next_cursor).toBeNull();
    });

    it('moves a page past the end to the last page', async () => {
      for (const page of [pageCount + 1, 500, 999_999_999]) {
        const data = await list({ ...query, page });
        expect(data.page).toBe(pageCount);
        expect(numbers(data.companies)).toEqual(numbers(pages[pageCount - 1].companies));
        expect(data.next_cursor).toBeNull();
        expect(data.prev_cursor).not.toBeNull();
      }
      // The same when filters shrink the list under the page asked for.
      const filtered = await list({ ...query, page: 5, filters: [vf('company_number', 'startsWith', { value: '099000' })] });
      expect(filtered).toMatchObject({ page: 1, page_count: 1, total_count: HAND_MADE.length });
    });

    it('walks forwards with next_cursor and backwards with prev_cursor through the same pages', async () => {
      const forwards: Row[] = [pages[0]];
      while (forwards[forwards.length - 1].next_cursor) {
        forwards.push(await list({ ...query, cursor: forwards[forwards.length - 1].next_cursor }));
        if (forwards.length > pageCount) throw new Error('next_cursor did not stop at the last page');
      }
      expect(forwards.map((p) => numbers(p.companies))).toEqual(pages.map((p) => numbers(p.companies)));
      expect(forwards.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));

      const backwards: Row[] = [pages[pageCount - 1]];
      while (backwards[backwards.length - 1].prev_cursor) {
        backwards.push(await list({ ...query, cursor: backwards[backwards.length - 1].prev_cursor }));
        if (backwards.length > pageCount) throw new Error('prev_cursor did not stop at the first page');
      }
      expect(backwards.reverse().map((p) => numbers(p.companies))).toEqual(pages.map((p) => numbers(p.companies)));
      expect(backwards[0].page).toBe(1);
    });

    it('refuses a cursor made for another sort', async () => {
      const reply = await get(ROUTE, { ...query, sort_by: 'turnover', cursor: pages[0].next_cursor });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('The cursor belongs to another sort order: start again from page 1.');
      const otherOrder = await get(ROUTE, { ...query, sort_order: 'asc', cursor: pages[0].next_cursor });
      expect(otherOrder.body.message).toBe('The cursor belongs to another sort order: start again from page 1.');
      const cursor = pages[1].next_cursor as string;
      const altered = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
      expect((await get(ROUTE, { ...query, cursor: altered })).status).toBe(400);
    });
  });

  describe('get-unique-column-values', () => {
    for (const column of ['industry_group', 'industry_sector', 'sic_code', 'currency', 'filing_year']) {
      it(`lists the distinct values of ${column} in order`, async () => {
        const reply = await get(SCREENER_ROUTES.companiesUniqueValues, { column_name: column });
        expect(reply.status).toBe(200);
        const distinct = [...new Set(all.map((r) => r[column]).filter((v) => v !== null))];
        const expected = distinct.sort((a, b) => (typeof a === 'number' ? a - b : ranks.get(a)! - ranks.get(b)!)).map(String);
        expect(reply.body).toEqual({ status: 'success', data: { values: expected } });
      });
    }

    it('refuses a missing column, and columns without an option list', async () => {
      const allowed = 'company_status, postcode_area, region, industry_group, industry_sector, sic_code, currency, filing_year';
      const missing = await get(SCREENER_ROUTES.companiesUniqueValues);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ status: 'error', message: `column_name is required: one of ${allowed}` });
      for (const column of ['company_name', 'turnover', 'pg_catalog', 'sic_code; DROP TABLE companies']) {
        const reply = await get(SCREENER_ROUTES.companiesUniqueValues, { column_name: column });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toBe(`column_name "${column}" has no list of values; choose one of ${allowed}`);
      }
    });
  });
  describe('plain-English queries run on the screener (convert-query-to-filters, then the list)', () => {
    const QUERIES = [
      // The query bar's own placeholder.
      'software companies in London with turnover over 10m',
      'software companies in Newcastle with turnover over 10m',
      'top 10 construction companies by revenue',
      'top 10 companies by revenue',
      'active companies in the North East over 10 years old',
      'net assets below zero',
      'companies in deficit',
      'loss-making companies',
      'net debt over 1m and gearing above 50%',
      'lowest gearing',
      'in liquidation or in administration',
      'incorporated before 2015',
    ];
    for (const query of QUERIES) {
      it(query, async () => {
        const converted = await t.request('POST', '/api/companies_house/convert-query-to-filters', { token, body: { query } });
        expect(converted.status).toBe(200);
        const { filters, unplaced, sort_by, sort_order, page_size } = converted.body;
        expect(unplaced).toEqual([]);
        const data = await list({
          filters: JSON.stringify(filters),
          ...(sort_by && { sort_by, sort_order }),
          page_size: page_size ?? 100,
        });
        const flat = filters.map((f: { id: string; value: Record<string, unknown> }) => ({ id: f.id, ...f.value }));
        const matching = modelFilter(all, COMPANY_SCREENER_COLUMNS, flat);
        const order = sort_by ? modelOrder(matching, sort_by, sort_order, (r) => r.company_number, ranks) : null;
        expect(data.total_count).toBe(matching.length);
        if (order) expect(numbers(data.companies)).toEqual(order.slice(0, page_size ?? 100));
        else expect(new Set(numbers(data.companies))).toEqual(new Set(numbers(matching)));
      });
    }

    it('"top 10 ... by revenue" shows ten rows, largest turnover first', async () => {
      const converted = await t.request('POST', '/api/companies_house/convert-query-to-filters', {
        token,
        body: { query: 'top 10 companies by revenue' },
      });
      expect(converted.body).toMatchObject({ filters: [], sort_by: 'turnover', sort_order: 'desc', page_size: 10 });
      const data = await list({ sort_by: 'turnover', sort_order: 'desc', page_size: 10 });
      expect(data.companies).toHaveLength(10);
      const turnovers = data.companies.map((r: Row) => r.turnover);
      expect(turnovers).toEqual([...turnovers].sort((a, b) => b - a));
    });

    it('"software companies in Newcastle with turnover over 10m" finds the hand-made one there', async () => {
      const converted = await t.request('POST', '/api/companies_house/convert-query-to-filters', {
        token,
        body: { query: 'software companies in Newcastle with turnover over 10m' },
      });
      const data = await list({ filters: JSON.stringify(converted.body.filters) });
      expect(numbers(data.companies)).toContain(ACME);
    });
  });
});
