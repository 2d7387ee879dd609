/**
 * The creditors screener screen (spec 2 2.12, sections 4, 5, 8, 9): three tabs with their titles,
 * default sorts and 50-row pages, a search per tab, "Clear Filters", filter messages, and one
 * expanded lender whose detail is loaded once.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { creditorTables, fakeList, lenderDetail } from './fake-screener.js';
import { fakeClient, fits, KEY, ME, renderApp, type Rendered } from './harness.js';

afterEach(() => cleanup());

function creditors(columns = 120, rows = 40) {
  const api = fakeList(creditorTables());
  const details: string[] = [];
  const client = fakeClient({
    me: async () => ME,
    list: api.list as never,
    uniqueValues: (async () => ({
      status: 'success',
      data: { values: ['fully-satisfied', 'outstanding', 'part-satisfied', 'satisfied'] },
    })) as never,
    lenderDetail: (async (name: string) => {
      details.push(name);
      return lenderDetail(name);
    }) as never,
  });
  const ui = renderApp({ client, initial: [{ name: 'creditors' }], columns, rows });
  return { ui, api, details };
}

const ready = (ui: Rendered, text: string) => ui.waitFor((f) => f.includes(text), text);
const popup = (ui: Rendered) =>
  ui
    .lines()
    .filter((l) => l.includes('│'))
    .join('\n');

describe('creditors screener: tabs', () => {
  it('opens on Creditor Overview (lenders by total charges, 50 a page) and switches tabs with 1 2 3 and t', async () => {
    const { ui, api } = creditors();
    await ready(ui, 'HSBC UK BANK PLC');
    expect(ui.frame()).toContain('[1 Creditor Overview]');
    expect(ui.frame()).toContain('Creditor Overview · 60 Lenders');
    expect(api.last()).toMatchObject({ table: 'lenders', query: { sort_by: 'total_charges', sort_order: 'desc', page_size: 50, page: 1 } });
    expect(ui.frame()).toContain('Showing 1 to 50 of 60 entries');
    await ui.press('2');
    await ready(ui, 'Charges Screener · 120 Charges');
    expect(ui.frame()).toContain('[2 Charges Screener]');
    expect(api.last()).toMatchObject({ table: 'charges', query: { sort_by: 'delivered_on', sort_order: 'desc', page_size: 50 } });
    await ui.press('3');
    await ready(ui, 'Company Charge Aggregation · 40 Companies');
    expect(api.last()).toMatchObject({ table: 'chargeCompanies', query: { sort_by: 'total_charges', sort_order: 'desc' } });
    await ui.press('t');
    await ready(ui, '[1 Creditor Overview]');
  });

  it('fits 80x24 on every tab', async () => {
    const { ui } = creditors(80, 24);
    await ready(ui, 'HSBC UK BANK PLC');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    for (const key of ['2', '3']) {
      await ui.press(key);
      await ui.waitFor((f) => f.includes('BORROWER'), 'rows');
      expect(fits(ui.frame(), 80, 24)).toBe(true);
    }
  });

  it('searches a tab (debounced), offers Clear Filters while a search or filter is active, and c clears', async () => {
    const { ui, api } = creditors();
    await ready(ui, 'HSBC UK BANK PLC');
    expect(ui.frame()).not.toContain('Clear Filters');
    await ui.press('/');
    await ui.type('bank');
    await ready(ui, 'Showing 1 to 3 of 3 entries');
    expect(api.last().query).toMatchObject({ global_filter: 'bank', page: 1 });
    expect(ui.frame()).toContain('c Clear Filters');
    await ui.press(KEY.escape, 'c');
    await ready(ui, 'Showing 1 to 50 of 60 entries');
    expect(ui.frame()).not.toContain('Clear Filters');
  });

  it('gives the creditors wording of the popup messages: dates DD/MM/YYYY, "Please select at least one option"', async () => {
    const { ui, api } = creditors();
    await ready(ui, 'HSBC UK BANK PLC');
    await ui.press('2');
    await ready(ui, 'BORROWER');
    await ui.press('l', 'l', 'l', 'f');
    expect(popup(ui)).toContain('Filter Delivered On (DD/MM/YYYY)');
    await ui.type('31/02/2024');
    await ui.press(KEY.enter);
    expect(popup(ui)).toContain('Please enter a valid date in DD/MM/YYYY format');
    await ui.press('\u0015');
    await ui.type('15/06/2024');
    await ui.press(KEY.enter);
    await ready(ui, 'Filters: delivered_on=2024-06-15');
    expect(api.last().query.filters).toEqual([{ id: 'delivered_on', operator: 'equals', value: '2024-06-15', valueTo: null }]);
    await ui.press('h', 'f');
    await ui.waitFor((f) => f.includes('[ ] outstanding'), 'status options');
    await ui.press(KEY.enter);
    expect(popup(ui)).toContain('Please select at least one option');
    await ui.press(KEY.escape, 'c');
    await ready(ui, 'Filters: none');
  });

  it('Enter on a charge opens its company', async () => {
    const { ui } = creditors();
    await ready(ui, 'HSBC UK BANK PLC');
    await ui.press('2');
    await ready(ui, 'BORROWER');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => /Credence › UK Creditor Screener › BORROWER \d\d LTD \(200000\d\d\)/.test(f.split('\n')[0]), 'the company');
  });
});

describe('creditors screener: lender expansion', () => {
  it('expands one lender at a time, loads each detail once, and collapses on a new page', async () => {
    const { ui, details } = creditors();
    await ready(ui, 'HSBC UK BANK PLC');
    await ui.press(KEY.enter);
    await ready(ui, 'HSBC UK BANK PLC · 40 charges · 12 companies');
    expect(ui.frame()).toContain('Status: outstanding 20 · part-satisfied 5 · fully-satisfied 15 · unknown 0');
    expect(ui.frame()).toContain('Charge types: floating 30 · fixed 35 · negative pledge 4');
    expect(ui.frame()).toContain('By year: 2024 30 · 2023 10');
    expect(ui.frame()).toMatch(/›▾ HSBC UK BANK PLC/);
    await ui.press('j', ' ');
    await ready(ui, 'BARCLAYS BANK PLC · 40 charges');
    expect(ui.frame()).not.toContain('HSBC UK BANK PLC · 40 charges');
    expect(ui.frame()).not.toMatch(/▾ HSBC/);
    expect(ui.frame()).toMatch(/›▾ BARCLAYS BANK PLC/);
    await ui.press('k', KEY.enter);
    await ready(ui, 'HSBC UK BANK PLC · 40 charges');
    expect(details).toEqual(['HSBC UK BANK PLC', 'BARCLAYS BANK PLC']); // HSBC's detail came from the cache
    await ui.press(']');
    await ready(ui, 'Page 2 of 2');
    expect(ui.frame()).not.toContain('· 40 charges');
  });

  it('Tab gives the keys to the detail, where j scrolls it; Tab again returns them to the table', async () => {
    const { ui } = creditors(80, 24);
    await ready(ui, 'HSBC UK BANK PLC');
    await ui.press(KEY.enter);
    await ready(ui, 'HSBC UK BANK PLC · 40 charges');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    await ui.press(KEY.tab, 'j', 'j', 'j');
    expect(ui.frame()).not.toContain('HSBC UK BANK PLC · 40 charges');
    expect(ui.frame()).toMatch(/›▾ HSBC/); // the table's selection did not move
    await ui.press('G');
    expect(ui.frame()).toContain('RECENT CO');
    expect(ui.frame()).toMatch(/█{2}░{3}|█{3}░{2}/);
    await ui.press(KEY.tab, 'j');
    expect(ui.frame()).toMatch(/› {2}BARCLAYS BANK PLC|›▾? ?BARCLAYS/);
  });
});
