import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { ScreenerCompanyRow } from '../../contracts/screeners.js';
import { createManualScheduler } from '../scheduler.js';
import { pendingClient, settle, type RecordedCall } from '../testing/fakes.js';
import {
  companiesTotalText,
  COMPANIES_SCREENER_TEXTS,
  createCompaniesScreenerViewModel,
  tableShowingText,
} from './companies-screener-view-model.js';

const row = (n: number) => ({ company_name: `CO ${n}`, company_number: String(n).padStart(8, '0') }) as ScreenerCompanyRow;

function page(rows: number, extra: Record<string, unknown> = {}) {
  return {
    status: 'success',
    data: {
      companies: Array.from({ length: rows }, (_, i) => row(i + 1)),
      total_count: 1000,
      page_count: 10,
      page: 1,
      page_size: 100,
      total_is_estimate: false,
      ...extra,
    },
  };
}

function setup(
  answers: Parameters<typeof pendingClient>[0] = { uniqueValues: { status: 'success', data: { values: ['Manufacturing', 'Retail'] } } },
) {
  const clock = createManualScheduler();
  const fake = pendingClient(answers);
  const model = createCompaniesScreenerViewModel({ client: fake.client, scheduler: clock });
  const lists = () => fake.callsOf('list');
  const lastQuery = () => lists().at(-1)!.args[1] as Record<string, unknown>;
  const answer = async (call: RecordedCall | undefined, value: unknown) => {
    call!.answer.resolve(value);
    await settle();
  };
  return { model, clock, lists, lastQuery, answer, ...fake };
}

async function loaded(extra: Record<string, unknown> = {}) {
  const s = setup();
  s.model.start();
  await s.answer(s.lists()[0], page(100, extra));
  return s;
}

describe('companies screener view model', () => {
  it('loads page 1 of 100 rows by default and shows the total', async () => {
    const { model, lastQuery } = await loaded();
    expect(lastQuery()).toMatchObject({ page: 1, page_size: 100, filters: [] });
    expect(model.getState()).toMatchObject({ status: 'ready', totalCount: 1000, pageCount: 10, page: 1, selectedIndex: 0, message: null });
    expect(model.pageSizes).toEqual([10, 25, 50, 100]);
    expect(tableShowingText(model.getState())).toBe('Showing 1 to 100 of 1,000 entries');
  });

  it('says "about" when the total is an estimate', async () => {
    const { model } = await loaded({ total_count: 1_250_000, total_is_estimate: true });
    expect(companiesTotalText(model.getState())).toBe('about 1,250,000');
  });

  it("shows the spec's texts for a failure and for no rows", async () => {
    const s = setup();
    s.model.start();
    s.lists()[0].answer.reject(new ApiError({ status: 500, error: 'db down', call: 'GET /api/x' }));
    await settle();
    expect(s.model.getState()).toMatchObject({
      status: 'error',
      message: 'No Data Present for the companies',
      errorDetail: 'db down',
      rows: [],
    });
    s.model.load();
    await s.answer(s.lists()[1], page(0, { total_count: 0, page_count: 0 }));
    expect(s.model.getState()).toMatchObject({ status: 'ready', message: 'No companies found matching your Filters', selectedIndex: -1 });
  });

  it('an answer without data counts as a failure', async () => {
    const s = setup();
    s.model.start();
    await s.answer(s.lists()[0], { status: 'error', message: 'nope' });
    expect(s.model.getState().message).toBe(COMPANIES_SCREENER_TEXTS.error);
  });

  it('pages next, previous, first and last within the page count', async () => {
    const { model, lastQuery, lists, answer } = await loaded();
    model.nextPage();
    expect(lastQuery().page).toBe(2);
    model.lastPage();
    expect(lastQuery().page).toBe(10);
    model.nextPage();
    expect(lists()).toHaveLength(3);
    model.firstPage();
    model.previousPage();
    expect(lastQuery().page).toBe(1);
    await answer(lists().at(-1), page(100));
    expect(model.getState().page).toBe(1);
  });

  it('page jump clamps whole numbers and refuses others (the input reverts)', async () => {
    const { model, lastQuery, lists } = await loaded();
    expect(model.jumpToPage('99')).toBe(true);
    expect(lastQuery().page).toBe(10);
    expect(model.jumpToPage('2.5')).toBe(false);
    expect(model.jumpToPage('x')).toBe(false);
    expect(lists()).toHaveLength(2);
  });

  it('takes the page the server answers (a page past the end moves to the last)', async () => {
    const { model, answer, lists } = await loaded();
    model.setPage(7);
    await answer(lists().at(-1), page(5, { page: 4, page_count: 4 }));
    expect(model.getState()).toMatchObject({ page: 4, pageCount: 4 });
  });

  it('asks for the last page when the server answers a page count below the page without moving it', async () => {
    const { model, answer, lists, lastQuery } = await loaded();
    model.setPage(7);
    await answer(lists().at(-1), page(0, { page: undefined, page_count: 3 }));
    expect(lastQuery().page).toBe(3);
    expect(model.getState().page).toBe(3);
  });

  it('a new page size keeps the page (the answer clamps it) and ignores sizes not offered', async () => {
    const { model, lastQuery, lists } = await loaded();
    model.setPage(3);
    model.setPageSize(25);
    expect(lastQuery()).toMatchObject({ page: 3, page_size: 25 });
    model.setPageSize(30);
    model.setPageSize(25);
    expect(lists()).toHaveLength(3);
  });

  it('sorting cycles and returns to page 1', async () => {
    const { model, lastQuery } = await loaded();
    model.setPage(4);
    model.toggleSort('turnover');
    expect(lastQuery()).toMatchObject({ page: 1, sort_by: 'turnover', sort_order: 'desc' });
    model.toggleSort('turnover');
    expect(lastQuery()).toMatchObject({ sort_by: 'turnover', sort_order: 'asc' });
    model.toggleSort('turnover');
    expect(lastQuery().sort_by).toBeUndefined();
    expect(model.getState().sort).toBeNull();
  });

  it('the search is debounced 300 ms, trimmed, and returns to page 1', async () => {
    const { model, clock, lastQuery, lists } = await loaded();
    model.setPage(5);
    model.setSearch('acm');
    clock.advance(100);
    model.setSearch('acme ');
    expect(model.getState().searchPending).toBe(true);
    clock.advance(299);
    expect(lists()).toHaveLength(2);
    clock.advance(1);
    expect(lastQuery()).toMatchObject({ page: 1, global_filter: 'acme' });
    expect(model.getState().searchPending).toBe(false);
    model.setSearch(' acme');
    clock.runAll();
    expect(lists()).toHaveLength(3);
  });

  it('the latest page wins when answers arrive out of order', async () => {
    const { model, lists, answer } = await loaded();
    model.setPage(2);
    model.setPage(3);
    await answer(lists()[2], page(100, { page: 3 }));
    await answer(lists()[1], page(100, { page: 2 }));
    expect(model.getState().page).toBe(3);
    expect(lists()[1].signal?.aborted).toBe(true);
  });

  it('filter popup: one column at a time; Apply validates, replaces the filter and returns to page 1', async () => {
    const { model, lastQuery, lists } = await loaded();
    model.setPage(3);
    model.openPopup('turnover');
    model.openPopup('cash');
    expect(model.getState().popup?.columnId).toBe('cash');
    expect(model.applyPopup()).toBe(false);
    expect(model.getState().popup?.error).toBe('Please enter a filter value');
    const before = lists().length;
    model.editPopup({ value: '5m' });
    expect(model.getState().popup?.error).toBeNull();
    expect(model.applyPopup()).toBe(true);
    expect(lists()).toHaveLength(before + 1);
    expect(model.getState().popup).toBeNull();
    expect(lastQuery()).toMatchObject({
      page: 1,
      filters: [{ id: 'cash', value: { type: 'greaterThan', value: 5_000_000, valueTo: null, values: [] } }],
    });
    model.openPopup('cash');
    expect(model.getState().popup).toMatchObject({ type: 'greaterThan', value: '5000000' });
    model.editPopup({ type: 'lessThan', value: '1m' });
    model.applyPopup();
    expect(model.getState().filters).toEqual([{ id: 'cash', type: 'lessThan', value: 1_000_000 }]);
    model.openPopup('cash');
    model.clearPopup();
    expect(model.getState()).toMatchObject({ filters: [], popup: null, page: 1 });
  });

  it("a select column's popup loads its options once; closed lists need no call", async () => {
    const { model, callsOf } = await loaded();
    model.openPopup('industry_sector');
    await settle();
    expect(model.getState().options.industry_sector).toEqual({ status: 'ready', values: ['Manufacturing', 'Retail'], error: null });
    model.closePopup();
    model.openPopup('industry_sector');
    model.openPopup('filing_year');
    expect(callsOf('uniqueValues')).toHaveLength(1);
    expect(model.getState().options.filing_year.values).toContain('2026');
    model.openPopup('ticker');
    expect(model.getState().popup?.columnId).toBe('ticker');
  });

  it('says "Failed to load filter options" when options fail, and asks again next time', async () => {
    const s = setup({});
    s.model.openPopup('sic_code');
    s.callsOf('uniqueValues')[0].answer.reject(new Error('x'));
    await settle();
    expect(s.model.getState().options.sic_code).toMatchObject({ status: 'error', error: 'Failed to load filter options' });
    s.model.loadOptions('sic_code');
    expect(s.callsOf('uniqueValues')).toHaveLength(2);
  });

  it('clear filters removes filters and search', async () => {
    const { model, lastQuery, lists } = await loaded();
    model.setFilter({ id: 'turnover', type: 'greaterThan', value: 1 });
    model.setSearch('x');
    model.submitSearch();
    model.clearFilters();
    expect(lastQuery()).toMatchObject({ filters: [], page: 1 });
    expect(lastQuery().global_filter).toBeUndefined();
    const count = lists().length;
    model.clearFilters();
    expect(lists()).toHaveLength(count);
  });

  it('moves the row selection within the page', async () => {
    const { model } = await loaded();
    model.moveSelection(-1);
    expect(model.getState().selectedIndex).toBe(0);
    model.moveSelection(500);
    expect(model.getState().selectedIndex).toBe(99);
  });
});

describe('companies screener query bar', () => {
  it('ignores an empty or whitespace query', async () => {
    const { model, callsOf } = await loaded();
    model.setNaturalQuery('   ');
    model.submitNaturalQuery();
    expect(callsOf('convertQueryToFilters')).toHaveLength(0);
  });

  it('converts a sentence to filters, replacing the current ones, back to page 1; disabled while converting', async () => {
    const { model, callsOf, lastQuery } = await loaded();
    model.setFilter({ id: 'cash', type: 'greaterThan', value: 1 });
    model.setPage(2);
    model.setNaturalQuery(' manufacturers with turnover over 10m ');
    model.submitNaturalQuery();
    expect(model.getState().naturalQuery.converting).toBe(true);
    model.setNaturalQuery('changed');
    model.submitNaturalQuery();
    expect(model.getState().naturalQuery.text).toBe(' manufacturers with turnover over 10m ');
    const calls = callsOf('convertQueryToFilters');
    expect(calls.map((c) => c.args[0])).toEqual(['manufacturers with turnover over 10m']);
    calls[0].answer.resolve({
      status: 'success',
      filters: [{ id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } }],
      explanation: 'Turnover over £10m',
      unplaced: ['manufacturers'],
    });
    await settle();
    expect(model.getState().naturalQuery).toMatchObject({
      converting: false,
      error: null,
      explanation: 'Turnover over £10m',
      unplaced: ['manufacturers'],
    });
    expect(model.getState().filters).toEqual([{ id: 'turnover', type: 'greaterThan', value: 10_000_000 }]);
    expect(lastQuery().page).toBe(1);
  });

  it("takes a ranking's sort and page size with its filters, in one load", async () => {
    const { model, callsOf, lists, lastQuery } = await loaded();
    model.setNaturalQuery('top 10 construction companies by revenue');
    model.submitNaturalQuery();
    const before = lists().length;
    callsOf('convertQueryToFilters')[0].answer.resolve({
      status: 'success',
      filters: [{ id: 'industry_sector', value: { type: 'is_one_of', values: ['Construction'] } }],
      explanation: 'Industry sector: Construction; Sorted by Turnover, highest first, 10 a page',
      unplaced: [],
      sort_by: 'turnover',
      sort_order: 'desc',
      page_size: 10,
    });
    await settle();
    expect(lists().length).toBe(before + 1);
    expect(lastQuery()).toMatchObject({ sort_by: 'turnover', sort_order: 'desc', page_size: 10, page: 1 });
    expect(model.getState()).toMatchObject({ sort: { columnId: 'turnover', order: 'desc' }, pageSize: 10 });
  });

  it('words failures as spec 2 section 8 does', async () => {
    const { model, callsOf } = await loaded();
    const submit = async (outcome: (call: RecordedCall) => void) => {
      model.setNaturalQuery('big firms');
      model.submitNaturalQuery();
      outcome(callsOf('convertQueryToFilters').at(-1)!);
      await settle();
      return model.getState().naturalQuery.error;
    };
    expect(
      await submit((c) =>
        c.answer.reject(
          new ApiError({ status: 400, error: 'Bad', serverMessage: 'Could not understand "big firms"', call: 'POST /api/x' }),
        ),
      ),
    ).toBe('Could not understand "big firms"');
    expect(await submit((c) => c.answer.resolve({ status: 'success' }))).toBe('Failed to convert query to filters');
    expect(await submit((c) => c.answer.reject(new ApiError({ status: 0, error: 'Could not reach the API', call: 'POST /api/x' })))).toBe(
      'Error converting query to filters',
    );
  });
});
