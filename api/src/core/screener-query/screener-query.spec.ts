import { describe, it } from 'node:test';
import { expect } from 'expect';
import { BadRequestException } from '@nestjs/common';
import { CHARGE_SCREENER_COLUMNS, COMPANY_SCREENER_COLUMNS, COMPANY_SCREENER_PAGE_SIZES, type NormalisedFilter } from '@credence/shared';
import { escapeLike, filterSql, globalFilterSql, ScreenerQueryError, type SqlColumnMap } from './sql-filters.js';
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  keysetCondition,
  keysetOrderBy,
  type CursorPayload,
  type SortSpec,
} from './keyset.js';
import { parseScreenerQuery, type ScreenerQueryOptions } from './parse-query.js';
import { errorBody } from '../errors/http-exception.filter.js';

const MAP: SqlColumnMap = {
  name: { sql: 't.name', kind: 'text' },
  prefixed: { sql: 't.name', kind: 'text', prefixIndex: true },
  lenders: { sql: 't.lenders', kind: 'text', array: true },
  codes: { sql: 't.codes', kind: 'select', array: true },
  amount: { sql: 't.amount', kind: 'number' },
  count: { sql: 't.n', kind: 'number', integer: true },
  day: { sql: 't.day', kind: 'date' },
  status: { sql: 't.status', kind: 'select' },
  year: { sql: 't.year', kind: 'select', integer: true },
  flag: { sql: 't.flag', kind: 'boolean' },
  indexedLenders: { sql: 't.lenders', kind: 'text', array: true, containsSql: 't.lenders_text' },
};

function sql(filters: NormalisedFilter[]): { where: string; params: unknown[] } {
  const params: unknown[] = ['already there'];
  return { where: filterSql(filters, MAP, params), params: params.slice(1) };
}

describe('filterSql', () => {
  it('is TRUE without filters', () => {
    expect(filterSql([], MAP, [])).toBe('TRUE');
  });

  it('writes text filters against lower(col), escaping LIKE metacharacters, numbering after existing params', () => {
    expect(sql([{ id: 'name', type: 'contains', value: '50%_Off\\' }])).toEqual({
      where: '(lower(t.name) LIKE $2)',
      params: ['%50\\%\\_off\\\\%'],
    });
    expect(sql([{ id: 'name', type: 'startsWith', value: 'Acme' }])).toEqual({ where: '(lower(t.name) LIKE $2)', params: ['acme%'] });
    expect(sql([{ id: 'prefixed', type: 'startsWith', value: 'Acme' }])).toEqual({
      where: '(lower(t.name) COLLATE "C" LIKE $2)',
      params: ['acme%'],
    });
    expect(sql([{ id: 'prefixed', type: 'contains', value: 'Acme' }])).toEqual({ where: '(lower(t.name) LIKE $2)', params: ['%acme%'] });
    expect(sql([{ id: 'name', type: 'endsWith', value: 'LTD' }])).toEqual({ where: '(lower(t.name) LIKE $2)', params: ['%ltd'] });
    expect(sql([{ id: 'name', type: 'equals', value: 'ACME LTD' }])).toEqual({ where: '(lower(t.name) = $2)', params: ['acme ltd'] });
    expect(sql([{ id: 'prefixed', type: 'equals', value: 'ACME LTD' }])).toEqual({
      where: '(lower(t.name) COLLATE "C" = $2)',
      params: ['acme ltd'],
    });
  });

  it('matches any element of an array column', () => {
    expect(sql([{ id: 'lenders', type: 'contains', value: 'HSBC' }]).where).toBe(
      '(EXISTS (SELECT 1 FROM unnest(t.lenders) AS __e(v) WHERE lower(__e.v) LIKE $2))',
    );
    expect(sql([{ id: 'lenders', type: 'empty' }]).where).toBe('((t.lenders IS NULL OR cardinality(t.lenders) = 0))');
    expect(sql([{ id: 'lenders', type: 'notEmpty' }]).where).toBe('(cardinality(t.lenders) > 0)');
    expect(sql([{ id: 'codes', type: 'is_one_of', values: ['10710'] }])).toEqual({ where: '(t.codes && $2::text[])', params: [['10710']] });
    expect(sql([{ id: 'codes', type: 'is_not_one_of', values: ['10710'] }])).toEqual({
      where: '((t.codes IS NULL OR NOT (t.codes && $2::text[])))',
      params: [['10710']],
    });
  });

  it('writes numbers, dates, lists, booleans and emptiness', () => {
    expect(
      sql([
        { id: 'amount', type: 'greaterThan', value: 10 },
        { id: 'amount', type: 'lessThan', value: 20 },
        { id: 'amount', type: 'between', value: 1, valueTo: 2 },
        { id: 'amount', type: 'equals', value: 5 },
        { id: 'day', type: 'after', value: '2024-01-01' },
        { id: 'day', type: 'before', value: '2024-02-01' },
        { id: 'day', type: 'range', value: '2024-01-01', valueTo: '2024-12-31' },
        { id: 'day', type: 'equals', value: '2024-06-01' },
        { id: 'status', type: 'is_one_of', values: ['a', 'b'] },
        { id: 'status', type: 'is_not_one_of', values: ['c'] },
        { id: 'flag', type: 'equals', value: false },
        { id: 'name', type: 'empty' },
        { id: 'amount', type: 'notEmpty' },
        { id: 'day', type: 'empty' },
        { id: 'status', type: 'notEmpty' },
      ]),
    ).toEqual({
      where: [
        '(t.amount > $2)',
        '(t.amount < $3)',
        '(t.amount BETWEEN $4 AND $5)',
        '(t.amount = $6)',
        '(t.day > $7)',
        '(t.day < $8)',
        '(t.day BETWEEN $9 AND $10)',
        '(t.day = $11)',
        '(t.status = ANY($12))',
        '((t.status IS NULL OR t.status <> $13))',
        '(t.flag = $14)',
        "((t.name IS NULL OR t.name::text = ''))",
        '(t.amount IS NOT NULL)',
        '(t.day IS NULL)',
        "((t.status IS NOT NULL AND t.status::text <> ''))",
      ].join(' AND '),
      params: [10, 20, 1, 2, 5, '2024-01-01', '2024-02-01', '2024-01-01', '2024-12-31', '2024-06-01', ['a', 'b'], 'c', false],
    });
  });

  it('rounds bounds of integer columns to what they mean', () => {
    expect(sql([{ id: 'count', type: 'greaterThan', value: 10.5 }]).params).toEqual([10]);
    expect(sql([{ id: 'count', type: 'lessThan', value: 10.5 }]).params).toEqual([11]);
    expect(sql([{ id: 'count', type: 'between', value: 1.5, valueTo: 3.5 }]).params).toEqual([2, 3]);
    expect(sql([{ id: 'count', type: 'equals', value: 2.5 }])).toEqual({ where: '(FALSE)', params: [] });
    expect(sql([{ id: 'year', type: 'is_one_of', values: ['2023', 'x', '2024'] }]).params).toEqual([['2023', '2024']]);
    expect(sql([{ id: 'year', type: 'is_one_of', values: ['2023', 'x'] }])).toEqual({ where: '(t.year = $2)', params: ['2023'] });
  });

  it('refuses a filter whose column the map does not have (never writes its id into SQL)', () => {
    expect(() => filterSql([{ id: 'nope; DROP TABLE x', type: 'empty' }], MAP, [])).toThrow(ScreenerQueryError);
    expect(() => filterSql([{ id: 'toString', type: 'empty' }], MAP, [])).toThrow(ScreenerQueryError);
  });
});

describe('globalFilterSql', () => {
  it('ORs the text columns with one parameter', () => {
    const params: unknown[] = [];
    expect(globalFilterSql(' Acme_1 ', ['name', 'lenders'], MAP, params)).toBe(
      '(lower(t.name) LIKE $1 OR EXISTS (SELECT 1 FROM unnest(t.lenders) AS __e(v) WHERE lower(__e.v) LIKE $1))',
    );
    expect(params).toEqual(['%acme\\_1%']);
  });

  it("writes contains and the search box against a column's indexed text when it has one", () => {
    const params: unknown[] = [];
    expect(globalFilterSql('HSBC', ['indexedLenders'], MAP, params)).toBe('(t.lenders_text LIKE $1)');
    expect(filterSql([{ id: 'indexedLenders', type: 'contains', value: '50%' }], MAP, params)).toBe('(t.lenders_text LIKE $2)');
    expect(filterSql([{ id: 'indexedLenders', type: 'startsWith', value: 'hs' }], MAP, params)).toContain('unnest(t.lenders)');
    expect(params).toEqual(['%hsbc%', '%50\\%%', 'hs%']);
  });

  it('is TRUE for blank text', () => {
    const params: unknown[] = [];
    expect(globalFilterSql('  ', ['name'], MAP, params)).toBe('TRUE');
    expect(globalFilterSql(null, ['name'], MAP, params)).toBe('TRUE');
    expect(params).toEqual([]);
  });

  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});

describe('cursors', () => {
  const payload: CursorPayload = { direction: 'after', value: '12.5', key: '00000001', page: 3, sort: 'abc' };

  it('round-trip as opaque base64url', () => {
    const token = encodeCursor(payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token)).toEqual(payload);
    expect(decodeCursor(token, 'abc')).toEqual(payload);
    expect(decodeCursor(encodeCursor({ ...payload, direction: 'before', value: null }))).toEqual({
      ...payload,
      direction: 'before',
      value: null,
    });
  });

  it('refuse tampering, truncation, garbage and another sort', () => {
    const token = encodeCursor(payload);
    const text = Buffer.from(token, 'base64url').toString('utf8');
    const edited = Buffer.from(text.replace('12.5', '99'), 'utf8').toString('base64url');
    for (const bad of [
      edited,
      token.slice(0, -3),
      'abc',
      '',
      'not base64!',
      'x'.repeat(5000),
      Buffer.from('[1,"a",null,"k",1,"s"]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    }
    expect(() => decodeCursor(token, 'other')).toThrow('The cursor belongs to another sort order: start again from page 1.');
  });
});

describe('keyset SQL', () => {
  const asc = { sql: 't.amount', order: 'asc' as const };
  const desc = { sql: 't.amount', order: 'desc' as const };

  it('orders NULLs last both ways, and reverses for a previous page', () => {
    expect(keysetOrderBy(asc, 't.id')).toBe('t.amount ASC NULLS LAST, t.id ASC');
    expect(keysetOrderBy(desc, 't.id')).toBe('t.amount DESC NULLS LAST, t.id DESC');
    expect(keysetOrderBy(asc, 't.id', true)).toBe('t.amount DESC NULLS FIRST, t.id DESC');
    expect(keysetOrderBy(desc, 't.id', true)).toBe('t.amount ASC NULLS FIRST, t.id ASC');
    expect(keysetOrderBy({ ...asc, nullsLast: false }, 't.id')).toBe('t.amount ASC NULLS FIRST, t.id ASC');
    expect(keysetOrderBy({ ...desc, nullsLast: false }, 't.id', true)).toBe('t.amount ASC NULLS LAST, t.id ASC');
  });

  it('writes after / before conditions for values and NULLs', () => {
    const cases: [SortSpec, 'after' | 'before', string | null, string][] = [
      [asc, 'after', '5', '((t.amount, t.id) > ($2, $1) OR t.amount IS NULL)'],
      [desc, 'after', '5', '((t.amount, t.id) < ($2, $1) OR t.amount IS NULL)'],
      [asc, 'after', null, '(t.amount IS NULL AND t.id > $1)'],
      [desc, 'after', null, '(t.amount IS NULL AND t.id < $1)'],
      [asc, 'before', '5', '(t.amount, t.id) < ($2, $1)'],
      [desc, 'before', '5', '(t.amount, t.id) > ($2, $1)'],
      [asc, 'before', null, '(t.amount IS NOT NULL OR t.id < $1)'],
      [desc, 'before', null, '(t.amount IS NOT NULL OR t.id > $1)'],
      [{ ...asc, nullsLast: false }, 'after', '5', '(t.amount, t.id) > ($2, $1)'],
      [{ ...asc, nullsLast: false }, 'after', null, '(t.amount IS NOT NULL OR t.id > $1)'],
      [{ ...asc, nullsLast: false }, 'before', '5', '((t.amount, t.id) < ($2, $1) OR t.amount IS NULL)'],
      [{ ...asc, nullsLast: false }, 'before', null, '(t.amount IS NULL AND t.id < $1)'],
    ];
    for (const [sort, direction, value, expected] of cases) {
      const params: unknown[] = [];
      expect(keysetCondition(sort, 't.id', { direction, value, key: 'k' }, params)).toBe(expected);
      expect(params).toEqual(value === null ? ['k'] : ['k', value]);
    }
  });
});

describe('parseScreenerQuery', () => {
  const companies: ScreenerQueryOptions = {
    columns: COMPANY_SCREENER_COLUMNS,
    style: 'value',
    pageSizes: COMPANY_SCREENER_PAGE_SIZES,
    defaultPageSize: 100,
    defaultSort: { sortBy: 'company_name', sortOrder: 'asc' },
  };
  const charges: ScreenerQueryOptions = {
    columns: CHARGE_SCREENER_COLUMNS,
    style: 'operator',
    defaultPageSize: 50,
    defaultSort: { sortBy: 'delivered_on', sortOrder: 'desc' },
  };
  const failure = (raw: unknown, options = companies): unknown => {
    try {
      parseScreenerQuery(raw, options);
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestException);
      return (error as BadRequestException).getResponse();
    }
    throw new Error('expected a 400');
  };
  const messageOf = (raw: unknown, options = companies) => (failure(raw, options) as { message: string }).message;

  it('fills the defaults', () => {
    expect(parseScreenerQuery({}, companies)).toEqual({
      page: 1,
      pageSize: 100,
      sortBy: 'company_name',
      sortOrder: 'asc',
      filters: [],
      globalFilter: null,
      cursor: null,
    });
    expect(parseScreenerQuery(undefined, charges)).toEqual({
      page: 1,
      pageSize: 50,
      sortBy: 'delivered_on',
      sortOrder: 'desc',
      filters: [],
      globalFilter: null,
      cursor: null,
    });
    expect(parseScreenerQuery({ sort_by: 'charge_number' }, charges).sortOrder).toBe('asc');
  });

  it('reads every parameter', () => {
    expect(
      parseScreenerQuery(
        {
          page: '3',
          page_size: '25',
          sort_by: 'turnover',
          sort_order: 'DESC',
          filters: JSON.stringify([{ id: 'turnover', value: { type: 'greaterThan', value: '10m', valueTo: null, values: [] } }]),
          global_filter: '  acme ',
          cursor: 'abc',
        },
        companies,
      ),
    ).toEqual({
      page: 3,
      pageSize: 25,
      sortBy: 'turnover',
      sortOrder: 'desc',
      filters: [{ id: 'turnover', type: 'greaterThan', value: 10_000_000 }],
      globalFilter: 'acme',
      cursor: 'abc',
    });
    expect(
      parseScreenerQuery({ filters: '[{"id":"status","operator":"is_one_of","value":["outstanding"]}]', page_size: '1000' }, charges),
    ).toMatchObject({
      pageSize: 1000,
      filters: [{ id: 'status', type: 'is_one_of', values: ['outstanding'] }],
    });
  });

  it('answers 400 {status, message, error, statusCode} for each bad parameter', () => {
    expect(failure({ page: '0' })).toEqual({
      status: 'error',
      message: 'page must be a whole number of at least 1',
      error: 'page must be a whole number of at least 1',
      statusCode: 400,
    });
    expect(messageOf({ page: '1.5' })).toBe('page must be a whole number of at least 1');
    expect(messageOf({ page: 'two' })).toBe('page must be a whole number of at least 1');
    expect(messageOf({ page: ['1', '2'] })).toBe('page was given more than once');
    expect(messageOf({ page_size: '20' })).toBe('page_size must be one of 10, 25, 50, 100');
    expect(messageOf({ page_size: '1001' }, charges)).toBe('page_size must be from 1 to 1000');
    expect(messageOf({ page_size: '0' }, charges)).toBe('page_size must be a whole number of at least 1');
    expect(messageOf({ sort_by: 'nope' }, charges)).toBe(
      'sort_by "nope" is not a sortable column; sortable columns: company_name, company_number, status, delivered_on, charge_code, classification_description, charge_number, contains_fixed_charge, contains_floating_charge, contains_negative_pledge, created_on, satisfied_on',
    );
    expect(messageOf({ sort_by: 'lenders' }, charges)).toMatch(/^sort_by "lenders" is not a sortable column/);
    expect(messageOf({ sort_order: 'up' })).toBe('sort_order must be asc or desc');
    expect(messageOf({ filters: 'nope' })).toBe('filters must be a JSON array of filter objects');
    expect(messageOf({ filters: ['[]', '[]'] })).toBe('filters was given more than once: send one JSON array');
    expect(parseScreenerQuery({ filters: [] }, companies).filters).toEqual([]);
    expect(parseScreenerQuery({ filters: ['[{"id":"ticker","value":{"type":"empty"}}]'] }, companies).filters).toEqual([
      { id: 'ticker', type: 'empty' },
    ]);
    expect(parseScreenerQuery({ filters: [{ id: 'ticker', value: { type: 'notEmpty' } }] }, companies).filters).toEqual([
      { id: 'ticker', type: 'notEmpty' },
    ]);
    expect(messageOf({ filters: '[{"id":"turnover","value":{"type":"between","value":"1","valueTo":"x"}}]' })).toBe(
      'turnover: Please enter valid numbers for between filter',
    );
    expect(messageOf({ filters: '[{"id":"turnover","operator":"greaterThan","value":1}]' })).toBe(
      'turnover: each filter is {id, value: {type, value, valueTo, values}}',
    );
    expect(messageOf({ global_filter: 'x'.repeat(201) })).toBe('global_filter is too long (at most 200 characters)');
  });

  it('keeps message and status through the error filter', () => {
    const response = failure({ page: '0' });
    expect(errorBody(400, response, 'Bad Request')).toEqual({
      status: 'error',
      message: 'page must be a whole number of at least 1',
      error: 'page must be a whole number of at least 1',
      statusCode: 400,
    });
    expect(errorBody(400, 'plain', 'Bad Request')).toEqual({ error: 'plain', statusCode: 400 });
  });
});
