import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { LenderDetail } from '../../contracts/screeners.js';
import { createManualScheduler } from '../scheduler.js';
import { hasActiveFilters } from '../screener/table-state.js';
import { tableShowingText } from '../screener/companies-screener-view-model.js';
import { pendingClient, settle, type RecordedCall } from '../testing/fakes.js';
import { activityBarPercent, CREDITORS_TABS, creditorsTotalText } from './creditors-tabs.js';
import { createCreditorsScreenerViewModel } from './creditors-screener-view-model.js';

const lenders = (names: string[], extra: Record<string, unknown> = {}) => ({
  status: 'success',
  data: {
    lender_stats: names.map((lender_name) => ({ lender_name, total_charges: 3 })),
    total_count: 120,
    page_count: 3,
    page: 1,
    page_size: 50,
    total_is_estimate: false,
    ...extra,
  },
});
const DETAIL = { lender_name: 'HSBC UK BANK PLC', total_charges: 3 } as LenderDetail;

function setup() {
  const clock = createManualScheduler();
  const fake = pendingClient();
  const model = createCreditorsScreenerViewModel({ client: fake.client, scheduler: clock });
  const lists = (table?: string) => fake.callsOf('list').filter((c) => !table || c.args[0] === table);
  const lastQuery = (table: string) => lists(table).at(-1)!.args[1] as Record<string, unknown>;
  const answer = async (call: RecordedCall | undefined, value: unknown) => {
    call!.answer.resolve(value);
    await settle();
  };
  return { model, clock, lists, lastQuery, answer, ...fake };
}

async function loaded() {
  const s = setup();
  s.model.start();
  await s.answer(s.lists('lenders')[0], lenders(['HSBC UK BANK PLC', 'BARCLAYS BANK PLC']));
  return s;
}

describe('creditors tabs', () => {
  it('names the three tabs, titles and suffixes of spec 2 2.12', () => {
    expect(CREDITORS_TABS.map((t) => [t.label, t.title, t.suffix])).toEqual([
      ['Creditor Overview', 'Creditor Overview', 'Lenders'],
      ['Charges Screener', 'Charges Screener', 'Charges'],
      ['Company Aggregation', 'Company Charge Aggregation', 'Companies'],
    ]);
    expect(creditorsTotalText('lenders', 1234)).toBe('1,234 Lenders');
    expect(creditorsTotalText('chargeCompanies', 1)).toBe('1 Company');
    expect(creditorsTotalText('charges', 2_000_000, true)).toBe('about 2,000,000 Charges');
  });

  it('draws 20 percent of activity bar per recent charge, capped at 100', () => {
    expect(activityBarPercent(0)).toBe(0);
    expect(activityBarPercent(3)).toBe(60);
    expect(activityBarPercent(9)).toBe(100);
  });
});

describe('creditors screener view model', () => {
  it('opens on Creditor Overview: 50 rows sorted by total charges, descending', async () => {
    const { model, lastQuery } = await loaded();
    expect(model.getState().activeTab).toBe('lenders');
    expect(lastQuery('lenders')).toMatchObject({ page: 1, page_size: 50, sort_by: 'total_charges', sort_order: 'desc' });
    expect(tableShowingText(model.getState().tabs.lenders)).toBe('Showing 1 to 50 of 120 entries');
    expect(model.getState().tabs.lenders.rows).toHaveLength(2);
  });

  it('switching tabs loads that tab with its default sort; the other tabs keep their state', async () => {
    const { model, lists, lastQuery } = await loaded();
    model.setTab('charges');
    expect(lastQuery('charges')).toMatchObject({ page: 1, page_size: 50, sort_by: 'delivered_on', sort_order: 'desc' });
    model.nextTab();
    expect(model.getState().activeTab).toBe('chargeCompanies');
    expect(lastQuery('chargeCompanies')).toMatchObject({ sort_by: 'total_charges', sort_order: 'desc' });
    model.nextTab();
    expect(model.getState().activeTab).toBe('lenders');
    expect(lists('lenders')).toHaveLength(2);
    model.previousTab();
    expect(model.getState().activeTab).toBe('chargeCompanies');
    expect(model.activeTable()).toBe(model.tables.chargeCompanies);
  });

  it('sends operator filters and returns to page 1 on a new page size', async () => {
    const { model, lastQuery } = await loaded();
    model.tables.lenders.setPage(3);
    model.tables.lenders.setPageSize(100);
    expect(lastQuery('lenders')).toMatchObject({ page: 1, page_size: 100 });
    model.setTab('charges');
    model.tables.charges.setFilter({ id: 'status', type: 'is_one_of', values: ['outstanding'] });
    expect(lastQuery('charges').filters).toEqual([
      { id: 'status', operator: 'is_one_of', value: null, valueTo: null, values: ['outstanding'] },
    ]);
  });

  it("debounces each tab's search 300 ms, and shows Clear Filters while a filter or search is active", async () => {
    const { model, clock, lists, lastQuery } = await loaded();
    model.tables.lenders.setSearch('hsbc');
    expect(hasActiveFilters(model.getState().tabs.lenders)).toBe(true);
    clock.advance(299);
    expect(lists('lenders')).toHaveLength(1);
    clock.advance(1);
    expect(lastQuery('lenders')).toMatchObject({ global_filter: 'hsbc', page: 1 });
    model.tables.lenders.clearFilters();
    expect(hasActiveFilters(model.getState().tabs.lenders)).toBe(false);
    expect(lastQuery('lenders').global_filter).toBeUndefined();
    expect(hasActiveFilters(model.getState().tabs.charges)).toBe(false);
  });

  it('words failures and empty tabs as spec 2 section 8 does', async () => {
    const { model, lists, answer } = await loaded();
    model.setTab('chargeCompanies');
    lists('chargeCompanies')[0].answer.reject(new ApiError({ status: 500, error: 'timeout', call: 'GET /api/x' }));
    await settle();
    expect(model.getState().tabs.chargeCompanies).toMatchObject({
      status: 'error',
      message: 'Error Loading Data',
      errorDetail: 'Error fetching company stats: timeout',
    });
    model.setTab('charges');
    lists('charges')[0].answer.reject(new Error(''));
    await settle();
    expect(model.getState().tabs.charges.errorDetail).toBe('Failed to fetch charges data.');
    model.setTab('lenders');
    await answer(lists('lenders').at(-1), lenders([], { total_count: 0, page_count: 0 }));
    expect(model.getState().tabs.lenders.message).toBe('No lenders to display.');
  });

  it('expands one lender at a time, loading its detail once and keeping it', async () => {
    const { model, callsOf, answer } = await loaded();
    model.toggleLender('HSBC UK BANK PLC');
    expect(model.getState().expandedLender).toBe('HSBC UK BANK PLC');
    expect(model.getState().lenderDetails['HSBC UK BANK PLC'].status).toBe('loading');
    await answer(callsOf('lenderDetail')[0], { status: 'success', data: DETAIL });
    expect(model.getState().lenderDetails['HSBC UK BANK PLC']).toEqual({ status: 'ready', detail: DETAIL, error: null });
    model.toggleLender('BARCLAYS BANK PLC');
    expect(model.getState().expandedLender).toBe('BARCLAYS BANK PLC');
    model.toggleLender('HSBC UK BANK PLC');
    model.toggleLender('HSBC UK BANK PLC');
    expect(model.getState().expandedLender).toBeNull();
    expect(callsOf('lenderDetail').map((c) => c.args[0])).toEqual(['HSBC UK BANK PLC', 'BARCLAYS BANK PLC']);
  });

  it('shows "Error: ..." or "No details available." for a failed detail, and asks again on the next expansion', async () => {
    const { model, callsOf, answer } = await loaded();
    model.toggleLender('X');
    callsOf('lenderDetail')[0].answer.reject(new ApiError({ status: 404, error: 'Lender X not found', call: 'GET /api/x' }));
    await settle();
    expect(model.getState().lenderDetails.X).toEqual({ status: 'error', detail: null, error: 'Error: Lender X not found' });
    model.collapseLender();
    model.toggleLender('X');
    await answer(callsOf('lenderDetail')[1], { status: 'success', data: null });
    expect(model.getState().lenderDetails.X.error).toBe('No details available.');
  });

  it('collapses the expanded lender when the page, page size or sort changes', async () => {
    const { model } = await loaded();
    const expandThen = (change: () => void) => {
      model.collapseLender();
      model.toggleLender('HSBC UK BANK PLC');
      change();
      return model.getState().expandedLender;
    };
    expect(expandThen(() => model.tables.lenders.nextPage())).toBeNull();
    expect(expandThen(() => model.tables.lenders.setPageSize(25))).toBeNull();
    expect(expandThen(() => model.tables.lenders.toggleSort('companies_count'))).toBeNull();
    expect(expandThen(() => model.tables.lenders.moveSelection(1))).toBe('HSBC UK BANK PLC');
    expect(expandThen(() => model.tables.charges.nextPage())).toBe('HSBC UK BANK PLC');
  });

  it('dispose aborts the lender detail in flight; start asks for it again', async () => {
    const { model, callsOf } = await loaded();
    model.toggleLender('HSBC UK BANK PLC');
    model.dispose();
    expect(callsOf('lenderDetail')[0].signal?.aborted).toBe(true);
    model.start();
    expect(callsOf('lenderDetail')).toHaveLength(2);
  });
});
