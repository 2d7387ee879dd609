import { describe, it } from 'node:test';
import { expect } from 'expect';
import { CHARGE_SCREENER_COLUMNS, COMPANY_SCREENER_COLUMNS } from './columns.js';
import { FILTER_TYPES, FILTER_TYPES_BY_KIND, type ColumnSpec, type FilterType } from './types.js';
import {
  checkColumnFilters,
  checkFilter,
  checkOperatorFilters,
  FILTER_MESSAGES,
  isoToPopupDate,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTERS,
  parseFilterBoolean,
  parseFilterDate,
  popupDateToIso,
  popupFilterError,
} from './validate.js';

const companies = (filters: unknown) => checkColumnFilters(filters, COMPANY_SCREENER_COLUMNS);
const charges = (filters: unknown) => checkOperatorFilters(filters, CHARGE_SCREENER_COLUMNS);
const cf = (id: string, type: string, rest: Record<string, unknown> = {}) => ({ id, value: { type, ...rest } });
const message = (result: ReturnType<typeof companies>) => (result.ok ? null : result.message);

describe('checkColumnFilters (companies screener shape)', () => {
  it('normalises each kind: numbers as numbers, amount text read, select values as canonical options', () => {
    const result = companies([
      cf('company_name', 'contains', { value: '  acme ' }),
      cf('turnover', 'greaterThan', { value: '10m' }),
      cf('employee_count', 'lessThan', { value: 250 }),
      cf('net_asset', 'between', { value: '5m', valueTo: '£1.5bn' }),
      cf('industry_sector', 'is_one_of', { values: ['Manufacturing', 'Construction'] }),
      cf('currency', 'is_not_one_of', { values: ['gbp'] }),
      cf('filing_year', 'is_one_of', { values: [2023, '2024'] }),
      cf('ticker', 'empty'),
      cf('sic_code', 'notEmpty'),
    ]);
    expect(result).toEqual({
      ok: true,
      filters: [
        { id: 'company_name', type: 'contains', value: 'acme' },
        { id: 'turnover', type: 'greaterThan', value: 10_000_000 },
        { id: 'employee_count', type: 'lessThan', value: 250 },
        { id: 'net_asset', type: 'between', value: 5_000_000, valueTo: 1_500_000_000 },
        { id: 'industry_sector', type: 'is_one_of', values: ['Manufacturing', 'Construction'] },
        { id: 'currency', type: 'is_not_one_of', values: ['GBP'] },
        { id: 'filing_year', type: 'is_one_of', values: ['2023', '2024'] },
        { id: 'ticker', type: 'empty' },
        { id: 'sic_code', type: 'notEmpty' },
      ],
    });
  });

  it('accepts the JSON text of the query string', () => {
    expect(companies(JSON.stringify([cf('turnover', 'equals', { value: 5 })]))).toEqual({
      ok: true,
      filters: [{ id: 'turnover', type: 'equals', value: 5 }],
    });
    expect(companies('')).toEqual({ ok: true, filters: [] });
    expect(companies(undefined)).toEqual({ ok: true, filters: [] });
    expect(companies(null)).toEqual({ ok: true, filters: [] });
  });

  it('drops filters with empty values, keeps empty/notEmpty', () => {
    expect(
      companies([
        cf('company_name', 'contains', { value: '' }),
        cf('company_name', 'startsWith', { value: '   ' }),
        cf('turnover', 'greaterThan', { value: null }),
        cf('turnover', 'between', { value: '', valueTo: null }),
        cf('industry_sector', 'is_one_of', { values: [] }),
        cf('industry_sector', 'is_one_of', { values: ['', null] }),
        cf('industry_group', 'is_not_one_of'),
        cf('ticker', 'empty', { value: 'ignored' }),
      ]),
    ).toEqual({ ok: true, filters: [{ id: 'ticker', type: 'empty' }] });
  });

  it('swaps a between given high to low and removes duplicate list values', () => {
    expect(
      companies([cf('turnover', 'between', { value: '9m', valueTo: '1m' }), cf('sic_code', 'is_one_of', { values: ['10710', '10710'] })]),
    ).toEqual({
      ok: true,
      filters: [
        { id: 'turnover', type: 'between', value: 1_000_000, valueTo: 9_000_000 },
        { id: 'sic_code', type: 'is_one_of', values: ['10710'] },
      ],
    });
  });

  it('names an unknown column and lists the valid ones', () => {
    const text = message(companies([cf('turnovr', 'greaterThan', { value: 1 })]));
    expect(text).toMatch(/^Unknown filter column "turnovr"; valid columns: company_name, company_number, company_status, ticker, /);
    expect(text).toContain('debt_to_equity_ratio');
  });

  it('names column, type and the allowed types when the type does not fit the kind', () => {
    expect(message(companies([cf('turnover', 'contains', { value: 'x' })]))).toBe(
      'turnover: filter type "contains" is not allowed for a number column; allowed: greaterThan, lessThan, between, equals, empty, notEmpty',
    );
    expect(message(companies([cf('company_name', 'greaterThan', { value: 1 })]))).toBe(
      'company_name: filter type "greaterThan" is not allowed for a text column; allowed: contains, startsWith, endsWith, equals, empty, notEmpty',
    );
    expect(message(companies([cf('industry_sector', 'contains', { value: 'x' })]))).toMatch(
      /^industry_sector: filter type "contains" is not allowed for a select column; allowed: is_one_of, is_not_one_of/,
    );
    expect(message(companies([cf('turnover', 'bogus', { value: 1 })]))).toMatch(/^turnover: filter type "bogus" is not allowed/);
    expect(message(companies([cf('turnover', 42 as unknown as string)]))).toMatch(/^turnover: filter type "42" is not allowed/);
  });

  it("answers the spec's texts, prefixed with the column id", () => {
    expect(message(companies([cf('turnover', 'between', { value: '1m', valueTo: 'lots' })]))).toBe(
      'turnover: Please enter valid numbers for between filter',
    );
    expect(message(companies([cf('turnover', 'between', { value: '1m' })]))).toBe(
      'turnover: Please enter valid numbers for between filter',
    );
    expect(message(companies([cf('company_name', 'contains', { value: { nested: true } })]))).toBe(
      'company_name: Please enter a filter value',
    );
    expect(message(companies([cf('industry_sector', 'is_one_of', { values: 'Manufacturing' })]))).toBe(
      'industry_sector: Please select at least one value (values must be a list)',
    );
    expect(message(companies([cf('industry_sector', 'is_one_of', { values: [{}] })]))).toBe(
      'industry_sector: Please select at least one value (each value must be text or a number)',
    );
  });

  it('refuses a number it cannot read, and an option not in a closed list', () => {
    expect(message(companies([cf('turnover', 'greaterThan', { value: 'lots' })]))).toBe(
      'turnover: "lots" is not a number (e.g. 250000, 10m, 1.5bn)',
    );
    expect(message(companies([cf('currency', 'is_one_of', { values: ['JPY'] })]))).toBe(
      'currency: "JPY" is not one of the options (GBP, EUR, USD)',
    );
    expect(message(companies([cf('filing_year', 'is_one_of', { values: ['1999'] })]))).toMatch(
      /^filing_year: "1999" is not one of the options \(2020, /,
    );
  });

  it('explains a list or items that are not filter objects', () => {
    expect(message(companies('{"id": "turnover"}'))).toBe('filters must be a JSON array of filter objects');
    expect(message(companies('[1, 2]'))).toBe('filters must be a JSON array of filter objects');
    expect(message(companies('[not json'))).toBe('filters must be a JSON array of filter objects');
    expect(message(companies([null]))).toBe('filters must be a JSON array of filter objects');
    expect(message(companies([{ value: { type: 'contains', value: 'x' } }]))).toBe('Each filter needs an "id" naming its column');
    expect(message(companies([{ id: 'turnover', value: 5 }]))).toBe('turnover: each filter is {id, value: {type, value, valueTo, values}}');
    expect(message(companies([{ id: 'nope', value: 5 }]))).toMatch(/^Unknown filter column "nope"/);
  });

  it('caps the number of filters, their text and list lengths', () => {
    const many = Array.from({ length: MAX_FILTERS + 1 }, () => cf('turnover', 'greaterThan', { value: 1 }));
    expect(message(companies(many))).toBe(`At most ${MAX_FILTERS} filters at once`);
    expect(companies(many.slice(0, MAX_FILTERS)).ok).toBe(true);
    expect(message(companies([cf('company_name', 'contains', { value: 'x'.repeat(MAX_FILTER_VALUE_LENGTH + 1) })]))).toBe(
      `company_name: filter value is too long (at most ${MAX_FILTER_VALUE_LENGTH} characters)`,
    );
    expect(message(companies([cf('sic_code', 'is_one_of', { values: Array.from({ length: 501 }, (_, i) => String(i)) })]))).toBe(
      'sic_code: at most 500 values in one filter',
    );
    expect(message(companies('x'.repeat(60_000)))).toMatch(/^filters is too long/);
  });

  it('reads a text value given as a number', () => {
    expect(companies([cf('company_number', 'startsWith', { value: 123 })])).toEqual({
      ok: true,
      filters: [{ id: 'company_number', type: 'startsWith', value: '123' }],
    });
  });
});

describe('checkOperatorFilters (charges shape)', () => {
  it('normalises dates (ISO or DD/MM/YYYY), booleans, lists given as value or values', () => {
    expect(
      charges([
        { id: 'delivered_on', operator: 'after', value: '01/02/2024' },
        { id: 'created_on', operator: 'range', value: '2024-12-31', valueTo: '2024-01-01' },
        { id: 'satisfied_on', operator: 'equals', value: '2024-03-05T00:00:00.000Z' },
        { id: 'contains_fixed_charge', operator: 'equals', value: 'yes' },
        { id: 'contains_floating_charge', operator: 'equals', value: false },
        { id: 'status', operator: 'is_one_of', value: ['Outstanding', 'part-satisfied'] },
        { id: 'status', operator: 'is_not_one_of', value: 'satisfied' },
        { id: 'classification_description', operator: 'is_one_of', values: ['Charge code'] },
        { id: 'lenders', operator: 'contains', value: 'hsbc' },
        { id: 'charge_number', operator: 'between', value: 1, valueTo: '3' },
      ]),
    ).toEqual({
      ok: true,
      filters: [
        { id: 'delivered_on', type: 'after', value: '2024-02-01' },
        { id: 'created_on', type: 'range', value: '2024-01-01', valueTo: '2024-12-31' },
        { id: 'satisfied_on', type: 'equals', value: '2024-03-05' },
        { id: 'contains_fixed_charge', type: 'equals', value: true },
        { id: 'contains_floating_charge', type: 'equals', value: false },
        { id: 'status', type: 'is_one_of', values: ['outstanding', 'part-satisfied'] },
        { id: 'status', type: 'is_not_one_of', values: ['satisfied'] },
        { id: 'classification_description', type: 'is_one_of', values: ['Charge code'] },
        { id: 'lenders', type: 'contains', value: 'hsbc' },
        { id: 'charge_number', type: 'between', value: 1, valueTo: 3 },
      ],
    });
  });

  it('answers the date texts of the spec', () => {
    expect(message(charges([{ id: 'delivered_on', operator: 'before', value: '31/02/2024' }]))).toBe(
      'delivered_on: Please enter a valid date in DD/MM/YYYY format',
    );
    expect(message(charges([{ id: 'delivered_on', operator: 'equals', value: '2024-13-01' }]))).toBe(
      'delivered_on: Please enter a valid date in DD/MM/YYYY format',
    );
    expect(message(charges([{ id: 'delivered_on', operator: 'range', value: 'soon', valueTo: '2024-01-01' }]))).toBe(
      'delivered_on: Please enter a valid date in DD/MM/YYYY format',
    );
    expect(message(charges([{ id: 'delivered_on', operator: 'range', value: '2024-01-01' }]))).toBe(
      'delivered_on: Please enter a valid end date in DD/MM/YYYY format',
    );
    expect(message(charges([{ id: 'delivered_on', operator: 'range', value: '2024-01-01', valueTo: '2024-02-30' }]))).toBe(
      'delivered_on: Please enter a valid end date in DD/MM/YYYY format',
    );
  });

  it('refuses a boolean it cannot read and a type the kind does not take', () => {
    expect(message(charges([{ id: 'contains_fixed_charge', operator: 'equals', value: 'maybe' }]))).toBe(
      'contains_fixed_charge: value must be true or false',
    );
    expect(message(charges([{ id: 'contains_fixed_charge', operator: 'empty' }]))).toBe(
      'contains_fixed_charge: filter type "empty" is not allowed for a boolean column; allowed: equals',
    );
    expect(message(charges([{ id: 'delivered_on', operator: 'greaterThan', value: '2024-01-01' }]))).toMatch(
      /^delivered_on: filter type "greaterThan" is not allowed for a date column; allowed: equals, after, before, range, empty, notEmpty$/,
    );
    expect(message(charges([{ id: 'status', value: 'x' }]))).toBe('status: each filter is {id, operator, value, valueTo}');
    expect(message(charges([{ id: 'status', value: { type: 'is_one_of', values: ['outstanding'] } }]))).toBe(
      'status: each filter is {id, operator, value, valueTo}',
    );
    expect(message(charges([{ id: 'nope', value: 'x' }]))).toMatch(/^Unknown filter column "nope"; valid columns: company_name, /);
    expect(message(charges([{ id: 'status', operator: 'between', value: 'x' }]))).toBe(
      'status: filter type "between" is not allowed for a select column; allowed: is_one_of, is_not_one_of, empty, notEmpty',
    );
  });

  it('takes every type FILTER_TYPES_BY_KIND allows, for every kind', () => {
    const sample: Record<string, unknown> = { text: 'x', number: 5, date: '2024-01-01', boolean: true };
    const columns: ColumnSpec[] = (['text', 'number', 'date', 'select', 'boolean'] as const).map((kind) => ({
      id: kind,
      label: kind,
      kind,
      format: 'text',
      sortable: true,
      filterable: true,
      visible: true,
    }));
    for (const column of columns) {
      for (const type of FILTER_TYPES) {
        const allowed = FILTER_TYPES_BY_KIND[column.kind].includes(type);
        const result = checkFilter(
          column.id,
          type as FilterType,
          { value: sample[column.kind], valueTo: sample[column.kind], values: ['a'] },
          columns,
        );
        expect({ kind: column.kind, type, ok: result.ok }).toEqual({ kind: column.kind, type, ok: allowed });
        if (result.ok) expect(result.filters).toHaveLength(1);
      }
    }
  });

  it('refuses columns that are not filterable', () => {
    const columns: ColumnSpec[] = [
      { id: 'secret', label: 's', kind: 'text', format: 'text', sortable: true, filterable: false, visible: true },
    ];
    expect(message(checkOperatorFilters([{ id: 'secret', operator: 'contains', value: 'x' }], columns))).toBe(
      'Unknown filter column "secret"; valid columns: ',
    );
  });
});

describe('dates and booleans', () => {
  it('popupDateToIso reads real DD/MM/YYYY dates only', () => {
    expect(popupDateToIso('31/12/2024')).toBe('2024-12-31');
    expect(popupDateToIso('1/2/2024')).toBe('2024-02-01');
    expect(popupDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(popupDateToIso('29/02/2023')).toBeNull();
    expect(popupDateToIso('2024-12-31')).toBeNull();
    expect(popupDateToIso('12/31/2024')).toBeNull();
    expect(popupDateToIso('')).toBeNull();
    expect(popupDateToIso(undefined)).toBeNull();
    expect(isoToPopupDate('2024-12-31')).toBe('31/12/2024');
  });

  it('parseFilterDate reads ISO (with or without a time) and DD/MM/YYYY', () => {
    expect(parseFilterDate('2024-02-29')).toBe('2024-02-29');
    expect(parseFilterDate('2024-02-29T10:00:00Z')).toBe('2024-02-29');
    expect(parseFilterDate('29/02/2024')).toBe('2024-02-29');
    expect(parseFilterDate('2024-2-29')).toBeNull();
    expect(parseFilterDate('0999-01-01')).toBeNull();
    expect(parseFilterDate(20240229)).toBeNull();
  });

  it('parseFilterBoolean', () => {
    expect([true, 'true', 'YES', 'y', '1', 1].map(parseFilterBoolean)).toEqual([true, true, true, true, true, true]);
    expect([false, 'false', 'No', 'n', '0', 0].map(parseFilterBoolean)).toEqual([false, false, false, false, false, false]);
    expect(['maybe', 2, null].map(parseFilterBoolean)).toEqual([null, null, null]);
  });
});

describe('popupFilterError (spec 2 section 5)', () => {
  const text = { kind: 'text' } as const;
  const number = { kind: 'number' } as const;
  const date = { kind: 'date' } as const;
  const select = { kind: 'select' } as const;
  const boolean = { kind: 'boolean' } as const;

  it('companies screener texts', () => {
    for (const type of ['equals', 'contains', 'startsWith', 'endsWith'] as const)
      expect(popupFilterError(text, { type, value: '' }, 'companies')).toBe('Please enter a filter value');
    for (const type of ['greaterThan', 'lessThan', 'equals'] as const)
      expect(popupFilterError(number, { type, value: null }, 'companies')).toBe('Please enter a filter value');
    expect(popupFilterError(number, { type: 'greaterThan', value: 'lots' }, 'companies')).toBe('Please enter a filter value');
    expect(popupFilterError(number, { type: 'between', value: '1', valueTo: '' }, 'companies')).toBe(
      'Please enter valid numbers for between filter',
    );
    expect(popupFilterError(number, { type: 'between', value: 'a', valueTo: '2' }, 'companies')).toBe(
      'Please enter valid numbers for between filter',
    );
    expect(popupFilterError(select, { type: 'is_one_of', values: [] }, 'companies')).toBe('Please select at least one value');
    expect(popupFilterError(select, { type: 'is_not_one_of' }, 'companies')).toBe('Please select at least one value');
  });

  it('creditors screener texts', () => {
    expect(popupFilterError(select, { type: 'is_one_of', values: [''] }, 'creditors')).toBe('Please select at least one option');
    expect(popupFilterError(text, { type: 'contains', value: ' ' }, 'creditors')).toBe('Please enter a filter value');
    expect(popupFilterError(number, { type: 'between', value: '1m', valueTo: 'x' }, 'creditors')).toBe(FILTER_MESSAGES.betweenNumbers);
    expect(popupFilterError(date, { type: 'after', value: '' }, 'creditors')).toBe('Please enter a date in DD/MM/YYYY format');
    expect(popupFilterError(date, { type: 'equals', value: '32/01/2024' }, 'creditors')).toBe(
      'Please enter a valid date in DD/MM/YYYY format',
    );
    expect(popupFilterError(date, { type: 'range', value: '', valueTo: '01/01/2024' }, 'creditors')).toBe(
      'Please enter a date in DD/MM/YYYY format',
    );
    expect(popupFilterError(date, { type: 'range', value: 'x', valueTo: '01/01/2024' }, 'creditors')).toBe(
      'Please enter a valid date in DD/MM/YYYY format',
    );
    expect(popupFilterError(date, { type: 'range', value: '01/01/2024', valueTo: '' }, 'creditors')).toBe(
      'Please enter a valid end date in DD/MM/YYYY format',
    );
    expect(popupFilterError(date, { type: 'range', value: '01/01/2024', valueTo: '31/02/2024' }, 'creditors')).toBe(
      'Please enter a valid end date in DD/MM/YYYY format',
    );
    expect(popupFilterError(boolean, { type: 'equals', value: null }, 'creditors')).toBe('Please enter a filter value');
  });

  it('null when the filter may be applied', () => {
    expect(popupFilterError(text, { type: 'contains', value: 'acme' }, 'companies')).toBeNull();
    expect(popupFilterError(number, { type: 'greaterThan', value: '10m' }, 'companies')).toBeNull();
    expect(popupFilterError(number, { type: 'between', value: 1, valueTo: '2m' }, 'companies')).toBeNull();
    expect(popupFilterError(select, { type: 'is_one_of', values: ['a'] }, 'creditors')).toBeNull();
    expect(popupFilterError(date, { type: 'range', value: '01/01/2024', valueTo: '31/12/2024' }, 'creditors')).toBeNull();
    expect(popupFilterError(date, { type: 'before', value: '2024-01-01' }, 'creditors')).toBeNull();
    expect(popupFilterError(boolean, { type: 'equals', value: false }, 'creditors')).toBeNull();
    expect(popupFilterError(text, { type: 'empty' }, 'creditors')).toBeNull();
    expect(popupFilterError(number, { type: 'notEmpty' }, 'companies')).toBeNull();
  });
});
