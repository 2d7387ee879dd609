import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { WatchlistSummary } from '../../contracts/watchlists.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { createWatchMenuViewModel } from './watch-menu-view-model.js';
import { createWatchlistsViewModel, WATCHLISTS_TEXTS } from './watchlists-view-model.js';

const summary = (id: string, name: string, watching: boolean, companies = 1): WatchlistSummary => ({
  id,
  name,
  rules: [],
  email: 'off',
  companies,
  lenders: 0,
  people: 0,
  created_at: '2026-11-29T00:00:00.000Z',
  watching,
});

describe('the Watch control of a company', () => {
  it("reads the user's lists for the company, watches in one, stops in another, and starts a new one", async () => {
    const { client, callsOf } = pendingClient();
    const model = createWatchMenuViewModel({ client, companyNumber: '00445790' });
    model.start();
    expect(callsOf('watchlistsOf')[0].args[0]).toBe('00445790');
    expect(model.button().label).toBe('Watch');
    callsOf('watchlistsOf')[0].answer.resolve({
      data: { watchlists: [summary('a', 'Borrowers', false), summary('b', 'Suppliers', true)] },
    });
    await settle();
    expect(model.button()).toMatchObject({ label: 'Watching', detail: 'On your watchlist "Suppliers"' });

    const adding = model.toggle('a');
    expect(model.getState().busy).toBe('a');
    expect(callsOf('watchCompanies')[0].args.slice(0, 2)).toEqual(['a', { company_numbers: ['00445790'] }]);
    callsOf('watchCompanies')[0].answer.resolve({ data: { added: ['00445790'], already: [], unknown: [], companies: 2 } });
    await adding;
    expect(model.getState().lists.map((l) => [l.name, l.watching, l.companies])).toEqual([
      ['Borrowers', true, 2],
      ['Suppliers', true, 1],
    ]);
    expect(model.getState().message).toEqual({ kind: 'success', text: 'Watching 1 company in "Borrowers".' });

    const removing = model.toggle('b');
    expect(callsOf('unwatchCompanies')[0].args.slice(0, 2)).toEqual(['b', ['00445790']]);
    callsOf('unwatchCompanies')[0].answer.resolve({ data: { removed: ['00445790'], companies: 0 } });
    await removing;
    expect(model.getState().lists.find((l) => l.id === 'b')?.watching).toBe(false);

    expect(await model.create('borrowers')).toBe(false);
    expect(model.getState().message?.text).toBe('You already have a watchlist named "borrowers".');
    const creating = model.create(' Credit book ');
    await settle();
    expect(callsOf('createWatchlist')[0].args[0]).toEqual({ name: 'Credit book' });
    callsOf('createWatchlist')[0].answer.resolve({ data: { watchlist: summary('c', 'Credit book', false, 0) } });
    await settle();
    callsOf('watchCompanies')[1].answer.resolve({ data: { added: ['00445790'], already: [], unknown: [], companies: 1 } });
    expect(await creating).toBe(true);
    expect(model.getState().lists.map((l) => l.name)).toEqual(['Borrowers', 'Credit book', 'Suppliers']);
  });

  it("shows the server's refusal of a change", async () => {
    const { client, callsOf } = pendingClient({ watchlistsOf: { data: { watchlists: [summary('a', 'Full', false)] } } });
    const model = createWatchMenuViewModel({ client, companyNumber: '00445790' });
    model.start();
    await settle();
    const adding = model.toggle('a');
    callsOf('watchCompanies')[0].answer.reject(
      new ApiError({ status: 400, error: 'A watchlist holds at most 10,000 companies', call: 'POST /api/watchlists/a/add' }),
    );
    await adding;
    expect(model.getState()).toMatchObject({ busy: null, message: { kind: 'error', text: 'A watchlist holds at most 10,000 companies' } });
  });
});

describe('the watchlists page', () => {
  it("says another user's list (a 404) is not found", async () => {
    const { client, callsOf } = pendingClient({ watchlists: { data: { watchlists: [] } } });
    const model = createWatchlistsViewModel({ client });
    model.start();
    model.openList('6b0f8f5e-0000-4000-8000-000000000000');
    callsOf('watchlist')[0].answer.reject(new ApiError({ status: 404, error: 'No such watchlist', call: 'GET /api/watchlists/x' }));
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', openStatus: 'not-found', open: null });
    expect(WATCHLISTS_TEXTS.notFound).toMatch(/not one of yours/);
  });
});
