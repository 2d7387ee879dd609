import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import type { WatchlistSummary } from '../../contracts/watchlists.js';
import { watchedNameRows, watchNameInDefaultList } from './watched-names.js';

const summary = (id: string, name: string): WatchlistSummary => ({
  id,
  name,
  rules: [],
  email: 'off',
  companies: 0,
  lenders: 0,
  people: 0,
  created_at: '2026-11-29T00:00:00.000Z',
});

describe('watched lenders and people, worded once', () => {
  it('rows a list’s lenders and people with what each watches, inert', () => {
    const rows = watchedNameRows({
      lender_list: [
        { lender_key: 'BARCLAYS BANK', lender_name: 'Barclays\u001b[2J Bank PLC', companies: 1, added_at: '2026-11-29T10:00:00.000Z' },
      ],
      people_list: [{ officer_id: 'abcdef12', name: 'REID, Fiona', appointments: 3, added_at: '2026-11-28T10:00:00.000Z' }],
    });
    expect(rows.lenders).toEqual([
      expect.objectContaining({
        kind: 'lender',
        key: 'Barclays\u001b[2J Bank PLC',
        name: 'Barclays^[[2J Bank PLC',
        detail: '1 company charges to it',
        removeLabel: 'Remove the lender Barclays^[[2J Bank PLC',
      }),
    ]);
    expect(rows.people).toEqual([
      expect.objectContaining({
        kind: 'person',
        key: 'abcdef12',
        detail: '3 appointments held · officer id abcdef12',
        added: '2026-11-28',
      }),
    ]);
  });

  it('watches a lender in "Watchlist", made on first use, and says what happened', async () => {
    const lists: WatchlistSummary[] = [];
    const sent: string[][] = [];
    const client: Pick<WatchlistsApi, 'watchlists' | 'createWatchlist' | 'watchLenders' | 'watchPeople'> = {
      watchlists: async () => ({ status: 'success', data: { watchlists: lists } }),
      createWatchlist: async (request) => {
        lists.push(summary('w1', request.name));
        return { status: 'success', data: { watchlist: lists[0] } };
      },
      watchLenders: async (_id, names) => {
        sent.push(names);
        const known = names[0] !== 'Nobody Ltd';
        return {
          status: 'success',
          data: {
            added: known && sent.length === 1 ? names : [],
            already: known && sent.length > 1 ? names : [],
            unknown: known ? [] : names,
            total: 1,
          },
        };
      },
      watchPeople: async () => {
        throw Object.assign(new Error('x'), { status: 404, body: { message: 'No such watchlist' } });
      },
    };
    expect(await watchNameInDefaultList(client, 'lender', 'Barclays Bank PLC', 'Barclays Bank PLC')).toEqual({
      ok: true,
      text: 'Watching the lender Barclays Bank PLC in "Watchlist".',
    });
    expect(lists.map((l) => l.name)).toEqual(['Watchlist']);
    expect((await watchNameInDefaultList(client, 'lender', 'Barclays Bank PLC', 'Barclays Bank PLC')).text).toBe(
      'Already watching the lender Barclays Bank PLC in "Watchlist".',
    );
    expect(lists).toHaveLength(1);
    expect(await watchNameInDefaultList(client, 'lender', 'Nobody Ltd', 'Nobody Ltd')).toEqual({
      ok: false,
      text: 'Not watched: no charge Credence holds names the lender Nobody Ltd.',
    });
    expect((await watchNameInDefaultList(client, 'person', 'abcdef12', 'REID, Fiona')).ok).toBe(false);
  });
});
