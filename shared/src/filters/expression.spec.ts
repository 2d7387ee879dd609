import { describe, it } from 'node:test';
import { expect } from 'expect';
import { CHARGE_SCREENER_COLUMNS, COMPANY_SCREENER_COLUMNS } from './columns.js';
import {
  FilterExpressionError,
  formatFilterExpression,
  parseFilterExpression,
  parseSortExpression,
  toColumnFilter,
  toOperatorFilter,
} from './expression.js';
import { checkColumnFilters, checkOperatorFilters, type NormalisedFilter } from './validate.js';

const company = (expr: string) => parseFilterExpression(expr, COMPANY_SCREENER_COLUMNS);
const charge = (expr: string) => parseFilterExpression(expr, CHARGE_SCREENER_COLUMNS);
const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterExpressionError);
    return (error as Error).message;
  }
  throw new Error('expected a FilterExpressionError');
};

describe('parseFilterExpression', () => {
  it('text: ~ ^ $ = and empty / notEmpty', () => {
    expect(company('company_name~acme')).toEqual({ id: 'company_name', type: 'contains', value: 'acme' });
    expect(company('company_name^ACME')).toEqual({ id: 'company_name', type: 'startsWith', value: 'ACME' });
    expect(company('company_name$ltd')).toEqual({ id: 'company_name', type: 'endsWith', value: 'ltd' });
    expect(company('company_number=00445790')).toEqual({ id: 'company_number', type: 'equals', value: '00445790' });
    expect(company('company_name=a,b..c')).toEqual({ id: 'company_name', type: 'equals', value: 'a,b..c' });
    expect(company('ticker:empty')).toEqual({ id: 'ticker', type: 'empty' });
    expect(company('ticker:notEmpty')).toEqual({ id: 'ticker', type: 'notEmpty' });
    expect(company('ticker:not-empty')).toEqual({ id: 'ticker', type: 'notEmpty' });
    expect(company('company_name~"  spaced  "')).toEqual({ id: 'company_name', type: 'contains', value: 'spaced' });
    expect(company('company_name~"say \\"hi\\""')).toEqual({ id: 'company_name', type: 'contains', value: 'say "hi"' });
    expect(company(' company_name ~ acme ')).toEqual({ id: 'company_name', type: 'contains', value: 'acme' });
  });

  it('numbers: > < = a..b with k / m / bn suffixes', () => {
    expect(company('turnover>10m')).toEqual({ id: 'turnover', type: 'greaterThan', value: 10_000_000 });
    expect(company('turnover<500k')).toEqual({ id: 'turnover', type: 'lessThan', value: 500_000 });
    expect(company('EBITDA>1.2bn')).toEqual({ id: 'EBITDA', type: 'greaterThan', value: 1_200_000_000 });
    expect(company('ebitda>£1bn')).toEqual({ id: 'EBITDA', type: 'greaterThan', value: 1_000_000_000 });
    expect(company('employee_count=250')).toEqual({ id: 'employee_count', type: 'equals', value: 250 });
    expect(company('turnover=1,200')).toEqual({ id: 'turnover', type: 'equals', value: 1_200 });
    expect(company('net_profit_loss<-3.5m')).toEqual({ id: 'net_profit_loss', type: 'lessThan', value: -3_500_000 });
    expect(company('turnover=1m..5m')).toEqual({ id: 'turnover', type: 'between', value: 1_000_000, valueTo: 5_000_000 });
    expect(company('net_asset=-5m..-1m')).toEqual({ id: 'net_asset', type: 'between', value: -5_000_000, valueTo: -1_000_000 });
    expect(company('debt_to_equity_ratio=0.5..1.5')).toEqual({ id: 'debt_to_equity_ratio', type: 'between', value: 0.5, valueTo: 1.5 });
    expect(company('cash:empty')).toEqual({ id: 'cash', type: 'empty' });
  });

  it('dates: > < = a..b become after, before, equals, range', () => {
    expect(charge('delivered_on>2024-01-01')).toEqual({ id: 'delivered_on', type: 'after', value: '2024-01-01' });
    expect(charge('delivered_on<2024-01-01')).toEqual({ id: 'delivered_on', type: 'before', value: '2024-01-01' });
    expect(charge('created_on=2024-02-29')).toEqual({ id: 'created_on', type: 'equals', value: '2024-02-29' });
    expect(charge('created_on=2024-01-01..2024-12-31')).toEqual({
      id: 'created_on',
      type: 'range',
      value: '2024-01-01',
      valueTo: '2024-12-31',
    });
    expect(charge('satisfied_on:empty')).toEqual({ id: 'satisfied_on', type: 'empty' });
  });

  it('select: = one or a list is is_one_of, != is is_not_one_of, quoted items keep their commas', () => {
    expect(charge('status=outstanding')).toEqual({ id: 'status', type: 'is_one_of', values: ['outstanding'] });
    expect(charge('status=outstanding,part-satisfied')).toEqual({
      id: 'status',
      type: 'is_one_of',
      values: ['outstanding', 'part-satisfied'],
    });
    expect(charge('status!=satisfied, fully-satisfied')).toEqual({
      id: 'status',
      type: 'is_not_one_of',
      values: ['satisfied', 'fully-satisfied'],
    });
    expect(company('industry_group="Wholesale trade, except of motor vehicles and motorcycles",Retail')).toEqual({
      id: 'industry_group',
      type: 'is_one_of',
      values: ['Wholesale trade, except of motor vehicles and motorcycles', 'Retail'],
    });
    expect(company('filing_year=2023,2024')).toEqual({ id: 'filing_year', type: 'is_one_of', values: ['2023', '2024'] });
    expect(company('sic_code:notEmpty')).toEqual({ id: 'sic_code', type: 'notEmpty' });
  });

  it('booleans: = true / false / yes / no', () => {
    expect(charge('contains_fixed_charge=true')).toEqual({ id: 'contains_fixed_charge', type: 'equals', value: true });
    expect(charge('contains_negative_pledge=no')).toEqual({ id: 'contains_negative_pledge', type: 'equals', value: false });
  });

  it('matches a column id whatever its case', () => {
    expect(company('Turnover>1m')).toEqual({ id: 'turnover', type: 'greaterThan', value: 1_000_000 });
  });

  it('names an unknown column and lists the valid ones', () => {
    const message = errorOf(() => company('turnovr>1m'));
    expect(message).toMatch(
      /^Unknown column "turnovr" in "turnovr>1m"; valid columns: company_name, company_number, company_status, ticker, post_town/,
    );
    expect(errorOf(() => company('>1m'))).toMatch(/^A filter is column, operator and value/);
  });

  it('names a bad operator and lists the ones valid for the column kind', () => {
    expect(errorOf(() => company('turnover~10'))).toBe(
      'Operator "~" cannot be used on turnover (a number column) in "turnover~10"; valid: > (greater than), < (less than), = (equals), =a..b (between), :empty, :notEmpty',
    );
    expect(errorOf(() => company('turnover>=10'))).toMatch(/^Operator ">=" cannot be used on turnover/);
    expect(errorOf(() => company('turnover==10'))).toMatch(/^Operator "==" cannot be used on turnover/);
    expect(errorOf(() => company('company_name>1'))).toMatch(
      /^Operator ">" cannot be used on company_name \(a text column\).*valid: ~ \(contains\), \^ \(starts with\), \$ \(ends with\), = \(equals\), :empty, :notEmpty$/,
    );
    expect(errorOf(() => company('company_name!=x'))).toMatch(/^Operator "!=" cannot be used on company_name/);
    expect(errorOf(() => company('industry_sector~x'))).toMatch(
      /valid: = \(is one of: =a or =a,b,c\), != \(is not one of\), :empty, :notEmpty$/,
    );
    expect(errorOf(() => charge('delivered_on~2024'))).toMatch(
      /a date column.*valid: > \(after\), < \(before\), = \(on\), =a..b \(range\)/,
    );
    expect(errorOf(() => charge('contains_fixed_charge:empty'))).toBe(
      'Operator ":empty" cannot be used on contains_fixed_charge (a boolean column) in "contains_fixed_charge:empty"; valid: = (true or false)',
    );
    expect(errorOf(() => company('ticker:blank'))).toMatch(/^Operator ":blank" cannot be used on ticker/);
    expect(errorOf(() => company('turnover=1m,2m'))).toMatch(/^Operator "=a,b" cannot be used on turnover/);
    expect(errorOf(() => company('turnover'))).toMatch(/^Operator "\(none\)" cannot be used on turnover/);
    expect(errorOf(() => company('turnover?5'))).toMatch(/^Operator "\?5" cannot be used on turnover/);
  });

  it('explains a missing or unreadable value', () => {
    expect(errorOf(() => company('turnover>'))).toBe('turnover needs a value after ">" in "turnover>"');
    expect(errorOf(() => company('turnover>lots'))).toBe('turnover: "lots" is not a number (e.g. 250000, 10m, 1.5bn) (in "turnover>lots")');
    expect(errorOf(() => company('turnover=1m..'))).toBe('turnover: Please enter valid numbers for between filter (in "turnover=1m..")');
    expect(errorOf(() => charge('delivered_on>2024-02-30'))).toBe(
      'delivered_on: Please enter a valid date in DD/MM/YYYY format (in "delivered_on>2024-02-30")',
    );
    expect(errorOf(() => charge('delivered_on=2024-01-01..x'))).toMatch(/^delivered_on: Please enter a valid end date/);
    expect(errorOf(() => charge('status=bogus'))).toMatch(/^status: "bogus" is not one of the options/);
    expect(errorOf(() => charge('status=,'))).toBe('status needs a value in "status=,"');
    expect(errorOf(() => charge('status="open'))).toBe('Unclosed quote in ""open"');
    expect(errorOf(() => charge('contains_fixed_charge=perhaps'))).toMatch(/^contains_fixed_charge: value must be true or false/);
    expect(errorOf(() => company('company_name~""'))).toBe('company_name needs a value in "company_name~"""');
  });
});

describe('formatFilterExpression', () => {
  const filters: NormalisedFilter[] = [
    { id: 'company_name', type: 'contains', value: 'acme' },
    { id: 'company_name', type: 'startsWith', value: 'the "best"' },
    { id: 'company_name', type: 'endsWith', value: ' ltd' },
    { id: 'company_name', type: 'equals', value: 'a,b..c' },
    { id: 'company_name', type: 'contains', value: '"quoted"' },
    { id: 'company_name', type: 'contains', value: 'back\\slash' },
    { id: 'turnover', type: 'greaterThan', value: 10_000_000 },
    { id: 'turnover', type: 'lessThan', value: -3.5 },
    { id: 'turnover', type: 'equals', value: 1200 },
    { id: 'turnover', type: 'between', value: -5, valueTo: 7.25 },
    { id: 'turnover', type: 'greaterThan', value: 1e21 },
    { id: 'debt_to_equity_ratio', type: 'lessThan', value: 0.0000001 },
    { id: 'industry_group', type: 'is_one_of', values: ['Wholesale trade, except of motor vehicles and motorcycles', 'Retail "and" more'] },
    { id: 'industry_sector', type: 'is_not_one_of', values: ['Manufacturing'] },
    { id: 'ticker', type: 'empty' },
    { id: 'cash', type: 'notEmpty' },
  ];
  const chargeFilters: NormalisedFilter[] = [
    { id: 'delivered_on', type: 'after', value: '2024-01-01' },
    { id: 'delivered_on', type: 'before', value: '2024-01-01' },
    { id: 'delivered_on', type: 'equals', value: '2024-01-01' },
    { id: 'delivered_on', type: 'range', value: '2024-01-01', valueTo: '2024-12-31' },
    { id: 'contains_fixed_charge', type: 'equals', value: false },
    { id: 'status', type: 'is_one_of', values: ['outstanding', 'part-satisfied'] },
  ];

  it('writes the grammar', () => {
    expect(formatFilterExpression(filters[0])).toBe('company_name~acme');
    expect(formatFilterExpression(filters[6])).toBe('turnover>10000000');
    expect(formatFilterExpression(filters[9])).toBe('turnover=-5..7.25');
    expect(formatFilterExpression(chargeFilters[3])).toBe('delivered_on=2024-01-01..2024-12-31');
    expect(formatFilterExpression(chargeFilters[5])).toBe('status=outstanding,part-satisfied');
    expect(formatFilterExpression(filters[14])).toBe('ticker:empty');
    expect(formatFilterExpression(filters[10])).toBe('turnover>1000000000000000000000');
    expect(formatFilterExpression(filters[11])).toBe('debt_to_equity_ratio<0.0000001');
  });

  for (const [columns, list] of [
    [COMPANY_SCREENER_COLUMNS, filters],
    [CHARGE_SCREENER_COLUMNS, chargeFilters],
  ] as const) {
    for (const filter of list) {
      it(`round-trips ${JSON.stringify(filter)}`, () => {
        expect(parseFilterExpression(formatFilterExpression(filter), columns)).toEqual(
          filter.type === 'endsWith' ? { ...filter, value: String(filter.value).trim() } : filter,
        );
      });
    }
  }
});

describe('toColumnFilter / toOperatorFilter', () => {
  it('gives the two request shapes, which the validation reads back to the same filters', () => {
    const list: NormalisedFilter[] = [
      { id: 'turnover', type: 'between', value: 1, valueTo: 2 },
      { id: 'industry_sector', type: 'is_one_of', values: ['Manufacturing'] },
      { id: 'ticker', type: 'empty' },
    ];
    expect(toColumnFilter(list[0])).toEqual({ id: 'turnover', value: { type: 'between', value: 1, valueTo: 2, values: [] } });
    expect(checkColumnFilters(list.map(toColumnFilter), COMPANY_SCREENER_COLUMNS)).toEqual({ ok: true, filters: list });

    const chargeList: NormalisedFilter[] = [
      { id: 'status', type: 'is_not_one_of', values: ['satisfied'] },
      { id: 'delivered_on', type: 'range', value: '2024-01-01', valueTo: '2024-02-01' },
    ];
    expect(toOperatorFilter(chargeList[0])).toEqual({
      id: 'status',
      operator: 'is_not_one_of',
      value: null,
      valueTo: null,
      values: ['satisfied'],
    });
    expect(toOperatorFilter(chargeList[1])).toEqual({ id: 'delivered_on', operator: 'range', value: '2024-01-01', valueTo: '2024-02-01' });
    expect(checkOperatorFilters(chargeList.map(toOperatorFilter), CHARGE_SCREENER_COLUMNS)).toEqual({ ok: true, filters: chargeList });
  });
});

describe('parseSortExpression', () => {
  it('reads column and order (ascending by default)', () => {
    expect(parseSortExpression('turnover:desc', COMPANY_SCREENER_COLUMNS)).toEqual({ sort_by: 'turnover', sort_order: 'desc' });
    expect(parseSortExpression('company_name', COMPANY_SCREENER_COLUMNS)).toEqual({ sort_by: 'company_name', sort_order: 'asc' });
    expect(parseSortExpression(' Turnover : ASC ', COMPANY_SCREENER_COLUMNS)).toEqual({ sort_by: 'turnover', sort_order: 'asc' });
  });

  it('refuses unknown and unsortable columns and bad orders, listing the sortable columns', () => {
    expect(errorOf(() => parseSortExpression('turnovr:desc', COMPANY_SCREENER_COLUMNS))).toMatch(
      /^Unknown column "turnovr" in sort "turnovr:desc"; sortable columns: company_name, company_number/,
    );
    const lenders = errorOf(() => parseSortExpression('lenders', CHARGE_SCREENER_COLUMNS));
    expect(lenders).toMatch(
      /^Column "lenders" cannot be sorted; sortable columns: company_name, company_number, status, delivered_on, charge_code/,
    );
    expect(lenders).not.toMatch(/particulars_description/);
    expect(errorOf(() => parseSortExpression('turnover:down', COMPANY_SCREENER_COLUMNS))).toBe(
      'Sort order "down" in "turnover:down" is not valid; valid: asc, desc',
    );
    expect(errorOf(() => parseSortExpression('turnover desc', COMPANY_SCREENER_COLUMNS))).toMatch(/^A sort is column\[:asc\|:desc\]/);
  });
});
