import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, FILING_YEAR_OPTIONS } from '../columns.js';
import type { ColumnFilter, FilterValue } from '../types.js';
import { checkColumnFilters } from '../validate.js';
import { convertQueryToFilters } from './parse.js';

const parse = (query: string) => convertQueryToFilters(query, { currentYear: 2026 });
const f = (id: string, value: FilterValue): ColumnFilter => ({ id, value });
const gt = (id: string, value: number) => f(id, { type: 'greaterThan', value });
const lt = (id: string, value: number) => f(id, { type: 'lessThan', value });
const eq = (id: string, value: number) => f(id, { type: 'equals', value });
const between = (id: string, value: number, valueTo: number) => f(id, { type: 'between', value, valueTo });
const oneOf = (id: string, ...values: string[]) => f(id, { type: 'is_one_of', values });
const years = (...values: string[]) => oneOf('filing_year', ...values);

const RETAIL = 'Retail trade, except of motor vehicles and motorcycles';
const TECH = ['Computer programming, consultancy and related activities', 'Information service activities'];

/** Query → the exact filters it must give, with nothing left unplaced. */
const CASES: [string, ColumnFilter[]][] = [
  // Metrics and their synonyms, amounts with units.
  ['turnover over 10m', [gt('turnover', 10_000_000)]],
  ['revenue above 500k', [gt('turnover', 500_000)]],
  ['sales greater than 1.2bn', [gt('turnover', 1_200_000_000)]],
  ['operating profit more than 2m', [gt('operating_profit', 2_000_000)]],
  ['net profit below 100k', [lt('net_profit_loss', 100_000)]],
  ['earnings under 50,000', [lt('net_profit_loss', 50_000)]],
  ['EBITDA over 5 million', [gt('EBITDA', 5_000_000)]],
  ['total assets exceeding 1bn', [gt('total_assets', 1_000_000_000)]],
  ['debt less than 2m', [lt('total_liabilities', 2_000_000)]],
  ['liabilities under 750k', [lt('total_liabilities', 750_000)]],
  ['net worth above 3m', [gt('net_asset', 3_000_000)]],
  ['cash over 250k', [gt('cash', 250_000)]],
  ['headcount over 200', [gt('employee_count', 200)]],
  ['workforce below 10', [lt('employee_count', 10)]],
  ['earnings per share above 0.5', [gt('earnings_per_share', 0.5)]],
  ['EPS under 1.25', [lt('earnings_per_share', 1.25)]],
  ['D/E below 2', [lt('debt_to_equity_ratio', 2)]],
  ['debt-to-equity ratio above 1.5', [gt('debt_to_equity_ratio', 1.5)]],
  // "at least" / "at most": strict filters, bound moved by one step (whole units; 0.01 for ratios).
  ['at least 50 employees', [gt('employee_count', 49)]],
  ['staff of 500 or fewer', [lt('employee_count', 501)]],
  ['turnover 10m or more', [gt('turnover', 9_999_999)]],
  ['gearing at most 150%', [lt('gearing', 150.01)]],
  ['employees >= 100', [gt('employee_count', 99)]],
  ['revenue greater than or equal to 5m', [gt('turnover', 4_999_999)]],
  ['500+ employees', [gt('employee_count', 499)]],
  // Ranges.
  ['revenue between 5m and 10m', [between('turnover', 5_000_000, 10_000_000)]],
  ['turnover from 1m to 3m', [between('turnover', 1_000_000, 3_000_000)]],
  ['50-250 employees', [between('employee_count', 50, 250)]],
  ['revenue 5-10m', [between('turnover', 5_000_000, 10_000_000)]],
  ['net profit between -1m and 1m', [between('net_profit_loss', -1_000_000, 1_000_000)]],
  ['turnover over 5m and turnover under 20m', [between('turnover', 5_000_001, 19_999_999)]],
  // Currencies: a currency filter only when one is named.
  ['revenue over £10m', [gt('turnover', 10_000_000), oneOf('currency', 'GBP')]],
  ['$3m+ revenue', [gt('turnover', 2_999_999), oneOf('currency', 'USD')]],
  ['turnover above 10 million euros', [gt('turnover', 10_000_000), oneOf('currency', 'EUR')]],
  ['companies reporting in dollars', [oneOf('currency', 'USD')]],
  // Losses are negative profits; signs and zero.
  ['loss over 1m', [lt('net_profit_loss', -1_000_000)]],
  ['operating loss of at least 2m', [lt('operating_profit', -1_999_999)]],
  ['loss under 1m', [between('net_profit_loss', -999_999, -1)]],
  ['profitable', [gt('net_profit_loss', 0)]],
  ['loss-making', [lt('net_profit_loss', 0)]],
  ['negative EBITDA', [lt('EBITDA', 0)]],
  ['EBITDA positive', [gt('EBITDA', 0)]],
  ['positive net assets', [gt('net_asset', 0)]],
  ['no debt', [eq('total_liabilities', 0)]],
  // Charges.
  ['with outstanding charges', [gt('outstanding', 0)]],
  ['with floating charges', [gt('floating', 0)]],
  ['with fixed charges', [gt('fixed', 0)]],
  ['with negative pledges', [gt('negative_pledge', 0)]],
  ['no charges', [eq('total_charges', 0)]],
  ['without outstanding charges', [eq('outstanding', 0)]],
  ['more than 3 charges', [gt('total_charges', 3)]],
  ['more than 2 outstanding charges', [gt('outstanding', 2)]],
  // Sectors by name and by SIC code.
  ['manufacturing', [oneOf('industry_sector', 'Manufacturing')]],
  ['construction firms', [oneOf('industry_sector', 'Construction')]],
  ['retail companies', [oneOf('industry_group', RETAIL)]],
  ['tech firms', [oneOf('industry_group', ...TECH)]],
  ['software companies', [oneOf('sic_code', '58290', '62011', '62012')]],
  ['banks', [oneOf('sic_code', '64110', '64191')]],
  ['food', [oneOf('industry_group', 'Manufacture of food products', 'Food and beverage service activities')]],
  ['SIC 62012', [oneOf('sic_code', '62012')]],
  ['62012', [oneOf('sic_code', '62012')]],
  ['sic codes 62011, 62012', [oneOf('sic_code', '62011', '62012')]],
  ['SIC 47', [oneOf('industry_group', RETAIL)]],
  ['manufacturing or construction', [oneOf('industry_sector', 'Manufacturing', 'Construction')]],
  ['plumbing firms', [oneOf('sic_code', '43220', '46740')]],
  ['fishing', [oneOf('industry_group', 'Fishing and aquaculture')]],
  ['excluding banks', [f('sic_code', { type: 'is_not_one_of', values: ['64110', '64191'] })]],
  ['non retail', [f('industry_group', { type: 'is_not_one_of', values: [RETAIL] })]],
  // Filing years.
  ['in 2023', [years('2023')]],
  ['filed in 2023', [years('2023')]],
  ['since 2021', [years('2021', '2022', '2023', '2024', '2025', '2026')]],
  ['2021-2023', [years('2021', '2022', '2023')]],
  ['before 2024', [years('2020', '2021', '2022', '2023')]],
  ['after 2024', [years('2025', '2026')]],
  ['between 2021 and 2022', [years('2021', '2022')]],
  ['in 2021, 2023 and 2025', [years('2021', '2023', '2025')]],
  ['2024 onwards', [years('2024', '2025', '2026')]],
  ['FY2022', [years('2022')]],
  ['last year', [years('2025')]],
  // Names.
  ['called Acme Trading', [f('company_name', { type: 'contains', value: 'Acme Trading' })]],
  ['named "Smith and Sons"', [f('company_name', { type: 'contains', value: 'Smith and Sons' })]],
  ['name: acme', [f('company_name', { type: 'contains', value: 'acme' })]],
  ['name contains bakery', [f('company_name', { type: 'contains', value: 'bakery' })]],
  ['starting with Brit', [f('company_name', { type: 'startsWith', value: 'Brit' })]],
  ['with holdings in the name', [f('company_name', { type: 'contains', value: 'holdings' })]],
  ['starting with "The "', [f('company_name', { type: 'startsWith', value: 'The ' })]],
  ['name ends with holdings', [f('company_name', { type: 'endsWith', value: 'holdings' })]],
  // Numbers in words, noise around sectors.
  ['with at least one outstanding charge', [gt('outstanding', 0)]],
  ['more than five charges', [gt('total_charges', 5)]],
  ['companies in the education sector', [oneOf('industry_sector', 'Education')]],
];

describe('convertQueryToFilters: single conditions', () => {
  for (const [query, filters] of CASES) {
    it(query, () => {
      const result = parse(query);
      expect(result.filters).toEqual(filters);
      expect(result.unplaced).toEqual([]);
    });
  }

  it('gives filters the screener accepts (every case validates as a companies-screener filter)', () => {
    for (const [query] of CASES) {
      const check = checkColumnFilters(parse(query).filters, COMPANY_SCREENER_COLUMNS);
      expect({ query, ok: check.ok }).toEqual({ query, ok: true });
    }
  });
});

describe('convertQueryToFilters: several conditions', () => {
  it('joins conditions by and, with and commas, and ignores noise words', () => {
    const result = parse(
      'Show me UK manufacturing companies with turnover over £10m, more than 50 employees and no outstanding charges, filed in 2023',
    );
    expect(result.filters).toEqual([
      oneOf('industry_sector', 'Manufacturing'),
      gt('turnover', 10_000_000),
      oneOf('currency', 'GBP'),
      gt('employee_count', 50),
      eq('outstanding', 0),
      years('2023'),
    ]);
    expect(result.unplaced).toEqual([]);
    expect(result.explanation).toBe(
      'Industry sector: Manufacturing; Turnover over £10m; Currency GBP; Employees over 50; Outstanding charges: none; Filed in 2023',
    );
  });

  it('ties a comparison to the metric before it, or else to the one after it', () => {
    expect(parse('find firms with revenue between 1m and 5m and at least 20 staff').filters).toEqual([
      between('turnover', 1_000_000, 5_000_000),
      gt('employee_count', 19),
    ]);
    expect(parse('turnover above 2m employees over 30').filters).toEqual([gt('turnover', 2_000_000), gt('employee_count', 30)]);
    expect(parse('over £5m in revenue and 10 staff').filters).toEqual([
      gt('turnover', 5_000_000),
      oneOf('currency', 'GBP'),
      eq('employee_count', 10),
    ]);
  });

  it('keeps numbers that follow a metric as amounts, not years or SIC codes', () => {
    expect(parse('revenue from 2000 to 5000').filters).toEqual([between('turnover', 2000, 5000)]);
    expect(parse('2023 employees').filters).toEqual([eq('employee_count', 2023)]);
    expect(parse('turnover over 10m in 2023').filters).toEqual([gt('turnover', 10_000_000), years('2023')]);
    expect(parse('with 2023 turnover over 10m').filters).toEqual([years('2023'), gt('turnover', 10_000_000)]);
  });

  it('does not take incorporation years for filing years', () => {
    const result = parse('incorporated in 2020 with revenue over 1m');
    expect(result.filters).toEqual([
      f('incorporation_date', { type: 'range', value: '2020-01-01', valueTo: '2020-12-31' }),
      gt('turnover', 1_000_000),
    ]);
    expect(result.unplaced).toEqual([]);
    expect(parse('dissolved in 2020').unplaced).toEqual(['dissolved in 2020']);
  });

  it('spells sectors of different levels out at the finest one, so that they stay alternatives', () => {
    const result = parse('manufacturing and software');
    expect(result.filters).toHaveLength(1);
    const [filter] = result.filters;
    expect(filter.id).toBe('sic_code');
    expect(filter.value.values).toEqual(expect.arrayContaining(['10710', '33200', '62012', '58290']));
    expect(filter.value.values).not.toContain('47110');
    expect(result.explanation).toBe('Industry: Manufacturing or SIC 58290, 62011 or 62012');
  });

  it('explains "at least" in the user\'s terms while the filter moves the bound', () => {
    expect(parse('at least 50 employees').explanation).toBe('Employees at least 50');
    expect(parse('loss under 1m').explanation).toBe('Net Profit/Loss between -999,999 and -1 (a loss under 1m)');
    expect(parse('sic 62012').explanation).toBe('SIC code: 62012 Business and domestic software development');
  });
});

describe('convertQueryToFilters: what it cannot place', () => {
  it('answers unknown words as typed and names them in the explanation', () => {
    const result = parse('loss-making software companies in Londinium');
    expect(result.filters).toEqual([lt('net_profit_loss', 0), oneOf('sic_code', '58290', '62011', '62012')]);
    expect(result.unplaced).toEqual(['Londinium']);
    expect(result.explanation).toContain('Could not place "Londinium"');
  });

  it('says why: an amount with no figure, a figure with no amount, a year outside the options', () => {
    const noFigure = parse('companies over 10m');
    expect(noFigure.filters).toEqual([]);
    expect(noFigure.unplaced).toEqual(['over 10m']);
    expect(noFigure.explanation).toBe(
      'No filters could be made from this query. Could not place "over 10m" (no figure named for it): rephrase it or use the filters panel.',
    );
    expect(parse('revenue and profit over 1m')).toMatchObject({ filters: [gt('net_profit_loss', 1_000_000)], unplaced: ['revenue'] });
    const old = parse('retail in 2015');
    expect(old.filters).toEqual([oneOf('industry_group', RETAIL)]);
    expect(old.unplaced).toEqual(['in 2015']);
    expect(old.explanation).toContain(`(filing years run from ${FILING_YEAR_OPTIONS[0]} to 2026)`);
    expect(parse('sic 12345')).toMatchObject({ filters: [], unplaced: ['12345'] });
  });

  it('reads rankings as a sort and a page size, not as filters', () => {
    const result = parse('top 10 companies by revenue');
    expect(result).toMatchObject({ filters: [], unplaced: [], sort_by: 'turnover', sort_order: 'desc', page_size: 10 });
    expect(result.explanation).toBe('Sorted by Turnover, highest first, 10 a page');
  });

  it('does not place an "or" between two amounts as an and', () => {
    expect(parse('turnover over 10m or under 1m')).toMatchObject({ filters: [gt('turnover', 10_000_000)], unplaced: ['under 1m'] });
  });

  it('refuses sector lists too long for one filter rather than cutting them short', () => {
    const result = parse(
      'agriculture, mining, manufacturing, energy, construction, retail, wholesale, hospitality, transport, finance, property or software',
    );
    expect(result.filters).toEqual([]);
    expect(result.unplaced).toContain('manufacturing');
    expect(result.explanation).toContain('over 500 SIC codes');
  });

  it('never ties an amount to a metric an unknown word changes, nor places percentages', () => {
    const margin = parse('sales of at least 2 million and EBITDA margin above 10%');
    expect(margin.filters).toEqual([gt('turnover', 1_999_999)]);
    expect(margin.unplaced).toEqual(['EBITDA margin', 'above 10%']);
    expect(margin.explanation).toContain('"above 10%" (no screener column holds percentages)');
    expect(parse('firms with revenue growth')).toMatchObject({ filters: [], unplaced: ['revenue growth'] });
    expect(parse('companies with floating charges in Leeds')).toMatchObject({
      filters: [oneOf('postcode_area', 'LS'), gt('floating', 0)],
      unplaced: [],
    });
    expect(parse('EBITDA margin above 10%').unplaced).toEqual(['EBITDA margin', 'above 10%']);
  });

  it('merges neighbouring unknown words into one phrase and keeps the rest', () => {
    const result = parse('fast growing unicorn startups with turnover over 1m');
    expect(result.filters).toEqual([gt('turnover', 1_000_000)]);
    expect(result.unplaced).toEqual(['fast growing unicorn startups']);
  });
});

describe('convertQueryToFilters: edge cases', () => {
  it('answers no filters for an empty or blank query', () => {
    for (const query of ['', '   ', '\n\t']) {
      const result = parse(query);
      expect(result.filters).toEqual([]);
      expect(result.unplaced).toEqual([]);
      expect(result.explanation).toMatch(/empty/);
    }
  });

  it('answers no filters, only unplaced words, for noise and nonsense', () => {
    expect(parse('show me all the companies')).toMatchObject({ filters: [] });
    expect(parse('show me all the companies').unplaced).toEqual([]);
    expect(parse('%%% ???').unplaced).toEqual(['%%%']);
  });

  it('does not read numbers glued to letters or a lone currency as amounts', () => {
    expect(parse('b2b firms').unplaced).toEqual(['b2b']);
    expect(parse('10x revenue').unplaced).toEqual(['10x', 'revenue']);
  });
});
