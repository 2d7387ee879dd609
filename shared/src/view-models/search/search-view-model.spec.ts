import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { CompanySearchResult } from '../../contracts/uk-companies.js';
import { createManualScheduler } from '../scheduler.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { createSearchViewModel, SEARCH_DEBOUNCE_MS, SEARCH_TEXTS } from './search-view-model.js';

const company = (name: string, number: string): CompanySearchResult => ({
  CompanyName: name,
  CompanyNumber: number,
  'Exchange:Ticker': null,
  SICCode_SicText_1: null,
  SICCode_SicText_2: null,
  company_status: 'active',
  address: null,
  sample: false,
});
const ACME = company('ACME LTD', '00000001');
const ACORN = company('ACORN PLC', '00000002');
const BIG = company('BIG CO', '00000003');

function setup(options: { emptyQuery?: 'default-list' | 'nothing' } = {}) {
  const clock = createManualScheduler();
  const fake = pendingClient();
  const model = createSearchViewModel({ client: fake.client, scheduler: clock, ...options });
  return { clock, model, ...fake };
}

describe('search view model', () => {
  it('shows the default company list for an empty query', async () => {
    const { model, callsOf } = setup();
    model.start();
    expect(model.getState().status).toBe('loading');
    callsOf('companyList')[0].answer.resolve({ companies: [BIG], total_count: 1 });
    await settle();
    expect(model.getState()).toMatchObject({ source: 'default', results: [BIG], status: 'ready', message: null, selectedIndex: 0 });
  });

  it('with emptyQuery "nothing" asks for nothing and shows the prompt', () => {
    const { model, calls } = setup({ emptyQuery: 'nothing' });
    model.start();
    expect(calls).toHaveLength(0);
    expect(model.getState()).toMatchObject({ status: 'idle', results: [], message: SEARCH_TEXTS.prompt });
  });

  it('searches once, 300 ms after the last keystroke', () => {
    const { model, clock, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('a');
    clock.advance(200);
    model.setQuery('ac');
    expect(model.getState()).toMatchObject({ query: 'ac', pending: true });
    clock.advance(SEARCH_DEBOUNCE_MS - 1);
    expect(callsOf('searchCompanies')).toHaveLength(0);
    clock.advance(1);
    expect(callsOf('searchCompanies').map((c) => c.args[0])).toEqual(['ac']);
    expect(model.getState()).toMatchObject({ pending: false, status: 'loading' });
  });

  it('searches the trimmed query and submit runs a waiting search at once', () => {
    const { model, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('  acme  ');
    model.submit();
    expect(callsOf('searchCompanies').map((c) => c.args[0])).toEqual(['acme']);
  });

  it('lets the latest request win: a late answer to an older query is ignored and its request aborted', async () => {
    const { model, clock, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('ac');
    clock.advance(SEARCH_DEBOUNCE_MS);
    model.setQuery('acm');
    clock.advance(SEARCH_DEBOUNCE_MS);
    const [older, newer] = callsOf('searchCompanies');
    expect(older.signal?.aborted).toBe(true);
    newer.answer.resolve([ACME]);
    older.answer.resolve([ACME, ACORN]);
    await settle();
    expect(model.getState()).toMatchObject({ results: [ACME], resultsQuery: 'acm', status: 'ready' });
  });

  it('says "No companies found" when the search answers nothing', async () => {
    const { model, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('zzz');
    model.submit();
    callsOf('searchCompanies')[0].answer.resolve([]);
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', message: SEARCH_TEXTS.noResults, selectedIndex: -1 });
  });

  it('shows the server text of a failed search, else "An error occurred."', async () => {
    const { model, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('x');
    model.submit();
    callsOf('searchCompanies')[0].answer.reject(new ApiError({ status: 500, error: 'Search is down', call: 'GET /api/x' }));
    await settle();
    expect(model.getState()).toMatchObject({ status: 'error', error: 'Search is down', message: 'Search is down' });
    model.setQuery('y');
    model.submit();
    callsOf('searchCompanies')[1].answer.reject({});
    await settle();
    expect(model.getState().error).toBe(SEARCH_TEXTS.searchFailed);
  });

  it('says "Failed to load company list." when the default list fails, and retry asks again', async () => {
    const { model, callsOf } = setup();
    model.start();
    callsOf('companyList')[0].answer.reject(new ApiError({ status: 500, error: 'boom', call: 'GET /api/x' }));
    await settle();
    expect(model.getState()).toMatchObject({ status: 'error', message: SEARCH_TEXTS.listFailed });
    model.retry();
    expect(callsOf('companyList')).toHaveLength(2);
  });

  it('clearing the query cancels a waiting search and shows the cached default list', async () => {
    const { model, clock, callsOf } = setup();
    model.start();
    callsOf('companyList')[0].answer.resolve({ companies: [BIG], total_count: 1 });
    await settle();
    model.setQuery('acme');
    model.clear();
    clock.runAll();
    expect(callsOf('searchCompanies')).toHaveLength(0);
    expect(callsOf('companyList')).toHaveLength(1);
    expect(model.getState()).toMatchObject({ query: '', source: 'default', results: [BIG], pending: false });
  });

  it('an in-flight search answering after the query was cleared is ignored', async () => {
    const { model, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('acme');
    model.submit();
    model.clear();
    callsOf('searchCompanies')[0].answer.resolve([ACME]);
    await settle();
    expect(model.getState()).toMatchObject({ results: [], message: SEARCH_TEXTS.prompt });
  });

  it('does not search again when only surrounding spaces changed', async () => {
    const { model, clock, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('acme');
    model.submit();
    callsOf('searchCompanies')[0].answer.resolve([ACME]);
    await settle();
    model.setQuery('acme ');
    clock.runAll();
    expect(callsOf('searchCompanies')).toHaveLength(1);
    expect(model.getState().pending).toBe(false);
  });

  it('moves the selection up and down, clamped to the results', async () => {
    const { model, callsOf } = setup({ emptyQuery: 'nothing' });
    model.setQuery('ac');
    model.submit();
    callsOf('searchCompanies')[0].answer.resolve([ACME, ACORN, BIG]);
    await settle();
    model.moveSelection(1);
    model.moveSelection(1);
    model.moveSelection(1);
    expect(model.getState().selectedIndex).toBe(2);
    expect(model.selected()).toBe(BIG);
    model.moveSelection(-5);
    expect(model.selected()).toBe(ACME);
    model.select(99);
    expect(model.getState().selectedIndex).toBe(2);
  });

  it('dispose stops the waiting search; start afterwards loads again', async () => {
    const { model, clock, callsOf } = setup();
    model.start();
    model.dispose();
    expect(callsOf('companyList')[0].signal?.aborted).toBe(true);
    expect(model.getState().status).toBe('idle');
    model.setQuery('a');
    model.dispose();
    clock.runAll();
    expect(callsOf('searchCompanies')).toHaveLength(0);
    model.start();
    expect(callsOf('searchCompanies').map((c) => c.args[0])).toEqual(['a']);
  });
});
