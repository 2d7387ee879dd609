import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS } from '../columns.js';
import type { ColumnFilter, FilterValue } from '../types.js';
import { checkColumnFilters } from '../validate.js';
import { convertQueryToFilters } from './parse.js';

const parse = (query: string) => convertQueryToFilters(query, { currentYear: 2026 });
const f = (id: string, value: FilterValue): ColumnFilter => ({ id, value });
const gt = (id: string, value: number) => f(id, { type: 'greaterThan', value });
const lt = (id: string, value: number) => f(id, { type: 'lessThan', value });
const oneOf = (id: string, ...values: string[]) => f(id, { type: 'is_one_of', values });
const noneOf = (id: string, ...values: string[]) => f(id, { type: 'is_not_one_of', values });
const SOFTWARE = oneOf('sic_code', '58290', '62011', '62012');

/** Query → the exact filters it must give, with nothing left unplaced. */
const CASES: [string, ColumnFilter[]][] = [
  // The query bar's own placeholder.
  ['software companies in London with turnover over 10m', [SOFTWARE, oneOf('region', 'London'), gt('turnover', 10_000_000)]],
  // Regions (ITL1), their everyday names, and exclusions.
  ['companies in the North West', [oneOf('region', 'North West')]],
  ['north-west firms', [oneOf('region', 'North West')]],
  ['based in Scotland or Wales', [oneOf('region', 'Scotland', 'Wales')]],
  ['in Yorkshire', [oneOf('region', 'Yorkshire and The Humber')]],
  ['in the Midlands', [oneOf('region', 'East Midlands', 'West Midlands')]],
  ['East Anglia', [oneOf('region', 'East of England')]],
  ['Scottish manufacturers', [oneOf('region', 'Scotland'), oneOf('industry_sector', 'Manufacturing')]],
  ['outside London', [noneOf('region', 'London')]],
  ['not in London or the South East', [noneOf('region', 'London', 'South East')]],
  // Towns by their postcode area, and postcode areas by their letters.
  ['in Leeds', [oneOf('postcode_area', 'LS')]],
  ['based in Manchester or Salford', [oneOf('postcode_area', 'M')]],
  ['near Newcastle', [oneOf('postcode_area', 'NE')]],
  ['registered in Stoke-on-Trent', [oneOf('postcode_area', 'ST')]],
  ['postcode area LS', [oneOf('postcode_area', 'LS')]],
  ['postcodes BS, BA', [oneOf('postcode_area', 'BS', 'BA')]],
  // Status as the register words it.
  ['active companies', [oneOf('company_status', 'Active')]],
  ['dissolved', [oneOf('company_status', 'Dissolved')]],
  ['companies in liquidation', [oneOf('company_status', 'Liquidation')]],
  ['in administration', [oneOf('company_status', 'In Administration', 'Administration Order')]],
  ['in receivership', [oneOf('company_status', 'Receivership', 'Receivership Action', 'Live but Receiver Manager on at least one charge')]],
  ['companies in a CVA', [oneOf('company_status', 'Voluntary Arrangement')]],
  ['excluding dissolved', [noneOf('company_status', 'Dissolved')]],
  // Incorporation date and age in whole years.
  ['incorporated in 2015', [f('incorporation_date', { type: 'range', value: '2015-01-01', valueTo: '2015-12-31' })]],
  ['founded before 1990', [f('incorporation_date', { type: 'before', value: '1990-01-01' })]],
  ['established after 2010', [f('incorporation_date', { type: 'after', value: '2010-12-31' })]],
  ['incorporated since 2020', [f('incorporation_date', { type: 'after', value: '2019-12-31' })]],
  ['incorporated between 2000 and 2005', [f('incorporation_date', { type: 'range', value: '2000-01-01', valueTo: '2005-12-31' })]],
  ['incorporated in the last 3 years', [lt('age_years', 3)]],
  ['incorporated over 20 years ago', [gt('age_years', 19)]],
  ['over 10 years old', [gt('age_years', 9)]],
  ['less than 5 years old', [lt('age_years', 5)]],
  ['aged at least 30', [gt('age_years', 29)]],
  ['older than 50 years', [gt('age_years', 49)]],
  ['younger than 2 years', [lt('age_years', 2)]],
  ['10+ years old', [gt('age_years', 9)]],
  ['between 5 and 10 years old', [f('age_years', { type: 'between', value: 5, valueTo: 10 })]],
  // Leverage: net debt and gearing (a percentage).
  ['net debt over 5m', [gt('net_debt', 5_000_000)]],
  ['with net cash', [lt('net_debt', 0)]],
  ['net cash over 1m', [lt('net_debt', -1_000_000)]],
  ['gearing over 100%', [gt('gearing', 100)]],
  ['leverage above 50 per cent', [gt('gearing', 50)]],
  ['gearing below 25', [lt('gearing', 25)]],
  // Signs.
  ['net assets below zero', [lt('net_asset', 0)]],
  ['companies in deficit', [lt('net_asset', 0)]],
  ['with net liabilities', [lt('net_asset', 0)]],
  ['net liabilities over 1m', [lt('net_asset', -1_000_000)]],
  ['negative net assets', [lt('net_asset', 0)]],
  ['net assets negative', [lt('net_asset', 0)]],
  ['negative equity', [lt('net_asset', 0)]],
  ['balance sheet insolvent', [lt('net_asset', 0)]],
  ['loss-making', [lt('net_profit_loss', 0)]],
  ['operating profit under zero', [lt('operating_profit', 0)]],
];

describe('convertQueryToFilters: status, place, age and leverage', () => {
  for (const [query, filters] of CASES) {
    it(query, () => {
      const result = parse(query);
      expect(result.filters).toEqual(filters);
      expect(result.unplaced).toEqual([]);
      // Every filter is one the screener accepts.
      expect(checkColumnFilters(result.filters, COMPANY_SCREENER_COLUMNS).ok).toBe(true);
    });
  }

  it('explains places and statuses in the words of the table', () => {
    expect(parse('software companies in London with turnover over 10m').explanation).toContain('Region: London; Turnover over 10m');
    expect(parse('in Leeds or Bradford').explanation).toBe('Postcode Area: LS (Leeds) or BD (Bradford)');
    expect(parse('over 10 years old').explanation).toBe('Age over 10 years');
    expect(parse('companies in deficit').explanation).toBe('In deficit (net liabilities) (Net Assets under 0)');
  });

  it('reads a town only as a place: "bath products" is no postcode area', () => {
    expect(parse('bath products').filters).toEqual([]);
    expect(parse('insolvent balance sheet').filters).toEqual([lt('net_asset', 0)]);
    expect(parse('active charges over 2').filters).toEqual([gt('outstanding', 2)]);
  });
});

describe('convertQueryToFilters: rankings set the sort and the page size', () => {
  it('top 10 construction companies by revenue', () => {
    expect(parse('top 10 construction companies by revenue')).toEqual({
      filters: [oneOf('industry_sector', 'Construction')],
      explanation: 'Industry sector: Construction; Sorted by Turnover, highest first, 10 a page',
      unplaced: [],
      sort_by: 'turnover',
      sort_order: 'desc',
      page_size: 10,
    });
  });

  it('counts that are no page size take the next one up and say so', () => {
    const result = parse('the 20 largest employers in Wales by employees');
    expect(result).toMatchObject({ sort_by: 'employee_count', sort_order: 'desc', page_size: 25 });
    expect(result.explanation).toContain('the first 20 on a page of 25');
  });

  it('reads directions, columns named by rank words, and rankings without a count', () => {
    expect(parse('lowest gearing')).toMatchObject({ sort_by: 'gearing', sort_order: 'asc' });
    expect(parse('lowest gearing').page_size).toBeUndefined();
    expect(parse('sorted by net debt ascending')).toMatchObject({ sort_by: 'net_debt', sort_order: 'asc' });
    expect(parse('oldest 50 companies in Leeds')).toMatchObject({
      filters: [oneOf('postcode_area', 'LS')],
      sort_by: 'incorporation_date',
      sort_order: 'asc',
      page_size: 50,
    });
    expect(parse('biggest companies in Scotland')).toMatchObject({ sort_by: 'turnover', sort_order: 'desc' });
    expect(parse('bottom 25 by net assets')).toMatchObject({ sort_by: 'net_asset', sort_order: 'asc', page_size: 25 });
  });

  it('leaves "top line" and "most recent" alone', () => {
    expect(parse('top line over 5m')).toEqual({ filters: [gt('turnover', 5_000_000)], explanation: 'Turnover over 5m', unplaced: [] });
    expect(parse('most recent accounts').sort_by).toBeUndefined();
  });
});
