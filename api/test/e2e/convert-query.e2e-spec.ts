import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, SCREENER_ROUTES, checkColumnFilters, type ColumnFilter, type FilterValue } from '@credence/shared';
import { startTestApi, type TestApi } from '../support/test-api.js';

const PATH = '/api/companies_house/convert-query-to-filters';

const f = (id: string, value: FilterValue): ColumnFilter => ({ id, value });
const gt = (id: string, value: number) => f(id, { type: 'greaterThan', value });
const lt = (id: string, value: number) => f(id, { type: 'lessThan', value });
const eq = (id: string, value: number) => f(id, { type: 'equals', value });
const between = (id: string, value: number, valueTo: number) => f(id, { type: 'between', value, valueTo });
const oneOf = (id: string, ...values: string[]) => f(id, { type: 'is_one_of', values });
const years = (...values: string[]) => oneOf('filing_year', ...values);
const RETAIL = 'Retail trade, except of motor vehicles and motorcycles';
const SOFTWARE = ['58290', '62011', '62012'];

/**
 * Queries as users type them, over HTTP, with the exact filters each must give and what it could
 * not place (other wordings than the parser's unit suite: synonyms, comparison phrases, symbols,
 * currencies, sectors at every level, year phrases, names, charges, several conditions at once).
 */
const QUERIES: [string, ColumnFilter[], string[]?][] = [
  // metrics by their synonyms, comparison phrases, amounts with units and currencies
  ['companies with annual turnover in excess of £250m', [gt('turnover', 250_000_000), oneOf('currency', 'GBP')]],
  ['top line north of 40 million', [gt('turnover', 40_000_000)]],
  ['turnover over 1 billion dollars', [gt('turnover', 1_000_000_000), oneOf('currency', 'USD')]],
  ['revenue up to $750k', [lt('turnover', 750_001), oneOf('currency', 'USD')]],
  ['sales of 2bn or more', [gt('turnover', 1_999_999_999)]],
  ['  TURNOVER   OVER   10M  ', [gt('turnover', 10_000_000)]],
  ['turnover ≥ 1m', [gt('turnover', 999_999)]],
  ['companies with turnover of 5m', [eq('turnover', 5_000_000)]],
  ['revenue between 10m and 2m', [between('turnover', 2_000_000, 10_000_000)]],
  ['operating income below 500k', [lt('operating_profit', 500_000)]],
  ['EBIT of at least 1.5m', [gt('operating_profit', 1_499_999)]],
  ['bottom line above £2m', [gt('net_profit_loss', 2_000_000), oneOf('currency', 'GBP')]],
  ['net losses over 3m', [lt('net_profit_loss', -3_000_000)]],
  ['loss under 500k and no debt', [between('net_profit_loss', -499_999, -1), eq('total_liabilities', 0)]],
  ['in the red', [lt('net_profit_loss', 0)]],
  ['debt free', [eq('total_liabilities', 0)]],
  ['borrowings no more than 5m', [lt('total_liabilities', 5_000_001)]],
  ['shareholders funds over 20m', [gt('net_asset', 20_000_000)]],
  ['total assets between €1m and €4m', [between('total_assets', 1_000_000, 4_000_000), oneOf('currency', 'EUR')]],
  ['cash at bank of at least 100k', [gt('cash', 99_999)]],
  ['cash > 1m and debt < 500k', [gt('cash', 1_000_000), lt('total_liabilities', 500_000)]],
  ['head count between 20 and 80', [between('employee_count', 20, 80)]],
  ['fewer than 5 members of staff', [lt('employee_count', 5)]],
  ['more than twenty staff', [gt('employee_count', 20)]],
  ['employees <= 250', [lt('employee_count', 251)]],
  ['gearing ratio under 0.75', [lt('gearing', 75)]],
  ['debt to equity under 0.75', [lt('debt_to_equity_ratio', 0.75)]],
  ['leverage of no less than 3', [gt('gearing', 299.99)]],
  ['gearing over 50%', [gt('gearing', 50)]],
  ['net debt above 5m', [gt('net_debt', 5_000_000)]],
  ['net assets below zero', [lt('net_asset', 0)]],
  ['companies in deficit', [lt('net_asset', 0)]],
  ['active companies in the North West', [oneOf('company_status', 'Active'), oneOf('region', 'North West')]],
  ['in liquidation', [oneOf('company_status', 'Liquidation')]],
  ['over 10 years old', [gt('age_years', 9)]],
  ['earnings per share of at least 2', [gt('earnings_per_share', 1.99)]],
  ['EPS = 0.5', [eq('earnings_per_share', 0.5)]],
  // charges
  ['at least 2 floating charges', [gt('floating', 1)]],
  ['with partially satisfied charges', [gt('part_satisfied', 0)]],
  ['no outstanding charges', [eq('outstanding', 0)]],
  ['free of charges', [eq('total_charges', 0)]],
  ['active charges over 4', [gt('outstanding', 4)]],
  ['registered charges between 2 and 6', [between('total_charges', 2, 6)]],
  // sectors: sections, divisions, SIC codes, by name or by code, and their negation
  ['hotels', [oneOf('sic_code', '55100')]],
  ['law firms', [oneOf('sic_code', '69101', '69102', '69109')]],
  ['logistics firms', [oneOf('industry_sector', 'Transportation and storage')]],
  ['healthcare', [oneOf('industry_sector', 'Human health and social work activities')]],
  [
    'telecoms or media',
    [
      oneOf(
        'industry_group',
        'Telecommunications',
        'Publishing activities',
        'Motion picture, video and television programme production, sound recording and music publishing activities',
        'Programming and broadcasting activities',
      ),
    ],
  ],
  ['gyms or hairdressers with cash under 50k', [oneOf('sic_code', '93130', '96020'), lt('cash', 50_000)]],
  ['except hotels', [f('sic_code', { type: 'is_not_one_of', values: ['55100'] })]],
  ['SIC code 56302', [oneOf('sic_code', '56302')]],
  ['SIC 10', [oneOf('industry_group', 'Manufacture of food products')]],
  // filing years
  ['filed between 2022 and 2024', [years('2022', '2023', '2024')]],
  ['filed since 2024', [years('2024', '2025', '2026')]],
  ['prior to 2022', [years('2020', '2021')]],
  ['2023 or later', [years('2023', '2024', '2025', '2026')]],
  ['FY23', [years('2023')]],
  ['in 2020 or 2022', [years('2020', '2022')]],
  // names and currencies
  ['name begins with Northern', [f('company_name', { type: 'startsWith', value: 'Northern' })]],
  ['names containing "& Sons"', [f('company_name', { type: 'contains', value: '& Sons' })]],
  ['ending in Group', [f('company_name', { type: 'endsWith', value: 'Group' })]],
  ['sterling', [oneOf('currency', 'GBP')]],
  ['reporting in euros with turnover over 1m', [oneOf('currency', 'EUR'), gt('turnover', 1_000_000)]],
  // several conditions
  [
    'pharmaceutical companies with EBITDA above 50m',
    [oneOf('industry_group', 'Manufacture of basic pharmaceutical products and pharmaceutical preparations'), gt('EBITDA', 50_000_000)],
  ],
  ['real estate with net assets above 10m', [oneOf('industry_sector', 'Real estate activities'), gt('net_asset', 10_000_000)]],
  ['breweries in 2024', [oneOf('sic_code', '11050'), years('2024')]],
  ['dentists with fewer than 10 employees', [oneOf('sic_code', '86230'), lt('employee_count', 10)]],
  ['care homes with outstanding charges', [oneOf('industry_group', 'Residential care activities'), gt('outstanding', 0)]],
  ['agricultural firms with no charges', [oneOf('industry_sector', 'Agriculture, forestry and fishing'), eq('total_charges', 0)]],
  ['profit making retailers with 10 or more staff', [gt('net_profit_loss', 0), oneOf('industry_group', RETAIL), gt('employee_count', 9)]],
  [
    'accountants named Smith filed in 2022, 2023 and 2024',
    [oneOf('sic_code', '69201', '69202', '69203'), f('company_name', { type: 'contains', value: 'Smith' }), years('2022', '2023', '2024')],
  ],
  [
    'holding companies with total assets over 1bn and gearing above 2',
    [oneOf('sic_code', '64201', '64202', '64203', '64204', '64205', '64209'), gt('total_assets', 1_000_000_000), gt('gearing', 200)],
  ],
  [
    'UK construction companies with revenue between £5m and £50m, profitable, filed in 2025',
    [
      oneOf('industry_sector', 'Construction'),
      between('turnover', 5_000_000, 50_000_000),
      oneOf('currency', 'GBP'),
      gt('net_profit_loss', 0),
      years('2025'),
    ],
  ],
  // with words it cannot place, named back
  [
    'software companies in Manchester with turnover over 2m',
    [oneOf('sic_code', ...SOFTWARE), oneOf('postcode_area', 'M'), gt('turnover', 2_000_000)],
  ],
  [
    'software companies in London with turnover over 10m',
    [oneOf('sic_code', ...SOFTWARE), oneOf('region', 'London'), gt('turnover', 10_000_000)],
  ],
  ['software companies in Atlantis', [oneOf('sic_code', ...SOFTWARE)], ['Atlantis']],
  [
    'founded in 2015 with positive EBITDA',
    [f('incorporation_date', { type: 'range', value: '2015-01-01', valueTo: '2015-12-31' }), gt('EBITDA', 0)],
  ],
  ['biggest 20 banks by assets', [oneOf('sic_code', '64110', '64191')]],
];

describe('POST companies_house/convert-query-to-filters', () => {
  let t: TestApi;
  let token: string;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
  });
  after(() => t.close());

  const convert = (body: unknown) => t.request('POST', PATH, { token, body });

  it('needs a signed-in user', async () => {
    const reply = await t.request('POST', PATH, { body: { query: 'turnover over 10m' } });
    expect(reply.status).toBe(401);
  });

  it('turns a query with several conditions into companies-screener filters', async () => {
    const reply = await convert({
      query: 'Show me manufacturing companies with turnover over £10m and at least 50 employees, filed in 2023',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: 'success',
      filters: [
        { id: 'industry_sector', value: { type: 'is_one_of', values: ['Manufacturing'] } },
        { id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } },
        { id: 'currency', value: { type: 'is_one_of', values: ['GBP'] } },
        { id: 'employee_count', value: { type: 'greaterThan', value: 49 } },
        { id: 'filing_year', value: { type: 'is_one_of', values: ['2023'] } },
      ],
      explanation: 'Industry sector: Manufacturing; Turnover over £10m; Currency GBP; Employees at least 50; Filed in 2023',
      unplaced: [],
    });
  });

  it('places SIC codes, charges and names', async () => {
    const reply = await convert({ query: 'SIC 62012 called "Northern Light" with outstanding charges' });
    expect(reply.status).toBe(200);
    expect(reply.body.filters).toEqual([
      { id: 'sic_code', value: { type: 'is_one_of', values: ['62012'] } },
      { id: 'company_name', value: { type: 'contains', value: 'Northern Light' } },
      { id: 'outstanding', value: { type: 'greaterThan', value: 0 } },
    ]);
  });

  it('answers what it could not place, in the list and in the explanation', async () => {
    const reply = await convert({ query: 'retail companies in Gotham with revenue between 1m and 5m' });
    expect(reply.status).toBe(200);
    expect(reply.body.filters).toEqual([
      { id: 'industry_group', value: { type: 'is_one_of', values: ['Retail trade, except of motor vehicles and motorcycles'] } },
      { id: 'turnover', value: { type: 'between', value: 1_000_000, valueTo: 5_000_000 } },
    ]);
    expect(reply.body.unplaced).toEqual(['Gotham']);
    expect(reply.body.explanation).toContain('Could not place "Gotham"');
  });

  describe(`the parser on ${QUERIES.length} varied queries`, () => {
    it('has at least 40 of them', () => {
      expect(QUERIES.length).toBeGreaterThanOrEqual(40);
      expect(new Set(QUERIES.map(([q]) => q.trim().toLowerCase())).size).toBe(QUERIES.length);
    });

    for (const [query, filters, unplaced = []] of QUERIES) {
      it(query.trim(), async () => {
        const reply = await convert({ query });
        expect(reply.status).toBe(200);
        const { status, explanation } = reply.body;
        expect({ status, filters: reply.body.filters, explanation, unplaced: reply.body.unplaced }).toEqual({
          status: 'success',
          filters,
          explanation: expect.any(String),
          unplaced,
        });
        for (const phrase of unplaced) expect(reply.body.explanation).toContain(`"${phrase}"`);
        if (unplaced.length === 0) expect(reply.body.explanation).not.toContain('Could not place');
      });
    }

    it('explains in one line what it understood', async () => {
      const explain = async (query: string) => (await convert({ query })).body.explanation;
      expect(await explain('UK construction companies with revenue between £5m and £50m, profitable, filed in 2025')).toBe(
        'Industry sector: Construction; Turnover between £5m and £50m; Currency GBP; Profitable (Net Profit/Loss over 0); Filed in 2025',
      );
      expect(await explain('loss under 500k and no debt')).toBe(
        'Net Profit/Loss between -499,999 and -1 (a loss under 500k); Total Liabilities: none',
      );
      expect(await explain('founded in 2015 with positive EBITDA')).toBe('Incorporated in 2015; EBITDA over 0');
      expect(await explain('biggest 20 banks by assets')).toBe(
        'SIC code: 64110 Central banking or 64191 Banks; Sorted by Total Assets, highest first, the first 20 on a page of 25',
      );
    });

    it('gives filters that the companies screener accepts as they are', async () => {
      for (const [query] of QUERIES) {
        const { body } = await convert({ query });
        const reply = await t.request(
          'GET',
          `/api/${SCREENER_ROUTES.companies}?filters=${encodeURIComponent(JSON.stringify(body.filters))}`,
          { token },
        );
        expect({ query, status: reply.status, message: reply.body.message }).toEqual({ query, status: 200, message: undefined });
        expect(reply.body.data).toMatchObject({ total_count: 0, companies: [] });
      }
    });
  });

  it("gives filters that pass the companies screener's own filter validation", async () => {
    const { body } = await convert({ query: 'profitable software firms with 10-250 staff since 2022' });
    expect(body.filters).toHaveLength(4);
    expect(checkColumnFilters(body.filters, COMPANY_SCREENER_COLUMNS)).toMatchObject({ ok: true });
  });

  it('refuses an empty, blank, missing or too long query with the screener error shape', async () => {
    for (const body of [{ query: '' }, { query: '   ' }, {}, { query: 42 }]) {
      const reply = await convert(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: 'error', message: 'Please enter a query', error: 'Please enter a query' });
    }
    const long = await convert({ query: 'turnover over 10m '.repeat(40) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The query must be at most 500 characters');
    const extra = await convert({ query: 'banks', model: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatch(/model/);
  });
});
