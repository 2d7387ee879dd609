import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { WatchlistDetail, WatchlistSummary } from '../../contracts/watchlists.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { watchScreenerSelection } from './watch-selection.js';
import { createWatchlistsViewModel } from './watchlists-view-model.js';

const summary = (id: string, name: string): WatchlistSummary => ({
  id,
  name,
  rules: [],
  email: 'off',
  companies: 1,
  lenders: 0,
  people: 0,
  created_at: '2026-11-29T00:00:00.000Z',
});
const detail = (id: string, name: string): WatchlistDetail => ({
  ...summary(id, name),
  company_list: [{ company_number: '00445790', company_name: 'TESCO PLC', company_status: 'Active', added_at: '2026-11-29T00:00:00.000Z' }],
  lender_list: [],
  people_list: [],
});

describe('the watchlists page model', () => {
  it('renames the open list, sets its e-mail, removes a company and deletes it, reading the lists again after each', async () => {
    const lists = [summary('a', 'Borrowers'), summary('b', 'Suppliers')];
    const { client, callsOf } = pendingClient({
      watchlists: () => ({ data: { watchlists: lists } }),
      watchlist: (id: string) => ({ data: { watchlist: detail(id, 'Borrowers') } }),
      updateWatchlist: { data: { watchlist: lists[0] } },
      unwatchCompanies: { data: { removed: ['00445790'], companies: 0 } },
      deleteWatchlist: { status: 'success' },
    });
    const model = createWatchlistsViewModel({ client });
    model.start();
    model.openList('a');
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', openStatus: 'ready', open: { id: 'a' } });

    expect(await model.rename('suppliers')).toBe(false);
    expect(model.getState().message?.text).toBe('You already have a watchlist named "suppliers".');
    expect(await model.rename(' Credit book ')).toBe(true);
    expect(callsOf('updateWatchlist')[0].args.slice(0, 2)).toEqual(['a', { name: 'Credit book' }]);
    expect(model.getState().message).toEqual({ kind: 'success', text: 'Renamed to "Credit book".' });

    await model.setEmail('digest');
    expect(callsOf('updateWatchlist')[1].args.slice(0, 2)).toEqual(['a', { email: 'digest' }]);
    expect(model.getState().message?.text).toBe('E-mail for "Borrowers": a daily digest.');

    await model.remove('00445790');
    expect(callsOf('unwatchCompanies')[0].args.slice(0, 2)).toEqual(['a', ['00445790']]);
    const reads = callsOf('watchlists').length;
    expect(reads).toBeGreaterThanOrEqual(4);

    expect(await model.deleteOpen()).toBe(true);
    await settle();
    expect(model.getState()).toMatchObject({ openId: null, open: null, openStatus: 'idle', message: { text: 'Deleted "Borrowers".' } });
  });
});

describe('watch all N results', () => {
  const query = { filters: [{ id: 'company_name', value: { type: 'contains' as const, value: 'bank' } }] };

  it('puts the selection on a new list', async () => {
    const { client, callsOf } = pendingClient({
      screenerCompanyNumbers: { data: { company_numbers: ['00000001', '00000002'], total: 2 } },
      createWatchlist: { data: { watchlist: summary('n', 'Banks') } },
      watchCompanies: { data: { added: ['00000001', '00000002'], already: [], unknown: [], companies: 2 } },
    });
    expect(await watchScreenerSelection(client, query, { newName: ' Banks ' })).toBe('Watching 2 companies in "Banks".');
    expect(callsOf('screenerCompanyNumbers')[0].args[0]).toEqual(query);
    expect(callsOf('createWatchlist')[0].args[0]).toEqual({ name: 'Banks' });
    expect(callsOf('watchCompanies')[0].args.slice(0, 2)).toEqual(['n', { company_numbers: ['00000001', '00000002'] }]);
  });

  it('puts it on a chosen list, and adds nothing when the filters select none', async () => {
    const { client, callsOf } = pendingClient({
      screenerCompanyNumbers: { data: { company_numbers: ['00000001'], total: 1 } },
      watchlists: { data: { watchlists: [summary('a', 'Borrowers')] } },
      watchCompanies: { data: { added: [], already: ['00000001'], unknown: [], companies: 1 } },
    });
    expect(await watchScreenerSelection(client, query, { listId: 'a' })).toBe('Nothing new to watch in "Borrowers" (1 already there).');
    expect(callsOf('createWatchlist')).toEqual([]);
    const none = pendingClient({ screenerCompanyNumbers: { data: { company_numbers: [], total: 0 } } });
    expect(await watchScreenerSelection(none.client, query, { listId: 'a' })).toBe('No companies to watch: the filters select none.');
    expect(none.callsOf('watchCompanies')).toEqual([]);
  });
});
