import { describe, it } from 'node:test';
import { expect } from 'expect';
import { CHARGE_SCREENER_COLUMNS, COMPANY_SCREENER_COLUMNS, findColumn } from '../../filters/columns.js';
import { FILTER_MESSAGES } from '../../filters/validate.js';
import {
  applyFilterPopup,
  editFilterPopup,
  openFilterPopup,
  removeColumnFilter,
  replaceColumnFilter,
  toggleFilterPopupValue,
} from './filter-popup.js';

const company = (id: string) => findColumn(COMPANY_SCREENER_COLUMNS, id)!;
const charge = (id: string) => findColumn(CHARGE_SCREENER_COLUMNS, id)!;

describe('filter popup', () => {
  it("opens with the column kind's first type, or the current filter shown as typed (dates DD/MM/YYYY)", () => {
    expect(openFilterPopup(company('turnover'), undefined)).toMatchObject({
      columnId: 'turnover',
      type: 'greaterThan',
      value: '',
      error: null,
    });
    expect(openFilterPopup(company('company_name'), undefined).type).toBe('contains');
    expect(openFilterPopup(company('industry_sector'), undefined).type).toBe('is_one_of');
    const popup = openFilterPopup(charge('delivered_on'), {
      id: 'delivered_on',
      type: 'range',
      value: '2024-01-31',
      valueTo: '2024-12-31',
    });
    expect(popup).toMatchObject({ type: 'range', value: '31/01/2024', valueTo: '31/12/2024' });
  });

  it("says the spec's messages on Apply", () => {
    const turnover = openFilterPopup(company('turnover'), undefined);
    expect(applyFilterPopup(turnover, COMPANY_SCREENER_COLUMNS, 'companies')).toEqual({ ok: false, error: FILTER_MESSAGES.value });
    const between = editFilterPopup(turnover, { type: 'between', value: '1m', valueTo: 'x' });
    expect(applyFilterPopup(between, COMPANY_SCREENER_COLUMNS, 'companies')).toEqual({
      ok: false,
      error: 'Please enter valid numbers for between filter',
    });
    const sector = openFilterPopup(company('industry_sector'), undefined);
    expect(applyFilterPopup(sector, COMPANY_SCREENER_COLUMNS, 'companies')).toEqual({
      ok: false,
      error: 'Please select at least one value',
    });
    const status = openFilterPopup(charge('status'), undefined);
    expect(applyFilterPopup(status, CHARGE_SCREENER_COLUMNS, 'creditors')).toEqual({
      ok: false,
      error: 'Please select at least one option',
    });
    const date = editFilterPopup(openFilterPopup(charge('delivered_on'), undefined), { value: '31/02/2024' });
    expect(applyFilterPopup(date, CHARGE_SCREENER_COLUMNS, 'creditors')).toEqual({
      ok: false,
      error: 'Please enter a valid date in DD/MM/YYYY format',
    });
  });

  it('applies a normalised filter: amounts as numbers, dates as ISO, options as chosen', () => {
    const turnover = editFilterPopup(openFilterPopup(company('turnover'), undefined), { value: '10m' });
    expect(applyFilterPopup(turnover, COMPANY_SCREENER_COLUMNS, 'companies')).toEqual({
      ok: true,
      filter: { id: 'turnover', type: 'greaterThan', value: 10_000_000 },
    });
    const range = editFilterPopup(openFilterPopup(charge('delivered_on'), undefined), {
      type: 'range',
      value: '01/01/2024',
      valueTo: '31/12/2024',
    });
    expect(applyFilterPopup(range, CHARGE_SCREENER_COLUMNS, 'creditors')).toEqual({
      ok: true,
      filter: { id: 'delivered_on', type: 'range', value: '2024-01-01', valueTo: '2024-12-31' },
    });
    let status = openFilterPopup(charge('status'), undefined);
    status = toggleFilterPopupValue(toggleFilterPopupValue(toggleFilterPopupValue(status, 'outstanding'), 'satisfied'), 'satisfied');
    expect(applyFilterPopup(status, CHARGE_SCREENER_COLUMNS, 'creditors')).toEqual({
      ok: true,
      filter: { id: 'status', type: 'is_one_of', values: ['outstanding'] },
    });
  });

  it('an edit clears the message; a type the column does not take is ignored', () => {
    const popup = { ...openFilterPopup(company('turnover'), undefined), error: 'x' };
    const edited = editFilterPopup(popup, { type: 'contains', value: '5' });
    expect(edited).toMatchObject({ type: 'greaterThan', value: '5', error: null });
  });

  it("Apply replaces the column's filter in place; Clear removes it", () => {
    const filters = [
      { id: 'turnover', type: 'greaterThan' as const, value: 1 },
      { id: 'cash', type: 'lessThan' as const, value: 2 },
    ];
    expect(replaceColumnFilter(filters, { id: 'turnover', type: 'lessThan', value: 3 })).toEqual([
      { id: 'turnover', type: 'lessThan', value: 3 },
      filters[1],
    ]);
    expect(replaceColumnFilter(filters, { id: 'EBITDA', type: 'empty' })).toHaveLength(3);
    expect(removeColumnFilter(filters, 'turnover')).toEqual([filters[1]]);
  });
});
