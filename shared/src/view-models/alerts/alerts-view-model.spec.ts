import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { WatchOptions } from '../../client/ops-client.js';
import type { AlertStreamEvent, WatchlistsApi } from '../../client/watchlists-client.js';
import type { Alert, WatchlistSummary } from '../../contracts/watchlists.js';
import { settle } from '../testing/fakes.js';
import { ALERTS_TEXTS, createAlertsViewModel, mergeAlerts } from './alerts-view-model.js';
import { createCompanyWatchViewModel, watchMark } from './company-watch.js';

const alert = (id: number, read = false): Alert => ({
  id,
  kind: 'charge-created',
  company_number: '00445790',
  company_name: 'TESCO PLC',
  watchlist: 'Watchlist',
  via: null,
  summary: `change ${id}`,
  published_at: '2026-11-28T09:01:00.000Z',
  source_url: 'https://example.test/x',
  resource_uri: null,
  created_at: '2026-11-28T09:01:01.000Z',
  read,
});

function alertsClient(page: Alert[], unread: number) {
  let follow: WatchOptions<AlertStreamEvent> | null = null;
  const read: (number[] | undefined)[] = [];
  const client: Pick<WatchlistsApi, 'alerts' | 'followAlerts' | 'markAlertsRead'> = {
    alerts: async () => ({ status: 'success', data: { alerts: page, unread } }),
    followAlerts: (options) => {
      follow = options;
      return new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve()));
    },
    markAlertsRead: async (ids) => {
      read.push(ids);
      return { status: 'success', data: { unread: ids ? unread - ids.length : 0 } };
    },
  };
  return { client, read, stream: () => follow! };
}

describe('alerts view model', () => {
  it('merges newest first, each alert once, at most a page', () => {
    expect(mergeAlerts([alert(3)], [alert(5), alert(3, true), alert(1)], 2).map((a) => [a.id, a.read])).toEqual([
      [5, false],
      [3, false],
    ]);
  });

  it('reads the page, then puts each live alert on top with the count the server sends; mark read updates both', async () => {
    const { client, read, stream } = alertsClient([alert(2), alert(1, true)], 1);
    const vm = createAlertsViewModel({ client });
    vm.start();
    expect(vm.getState().status).toBe('loading');
    await settle();
    expect(vm.getState()).toMatchObject({ status: 'ready', unread: 1 });
    stream().onEvent({ type: 'alert', data: { alert: alert(7), unread: 2 } });
    expect(vm.getState().alerts.map((a) => a.id)).toEqual([7, 2, 1]);
    expect(vm.getState()).toMatchObject({ unread: 2, arrived: 1 });
    stream().onReconnecting?.(1, new Error('cut'), 1000);
    expect(vm.getState().notice).toBe(ALERTS_TEXTS.reconnecting);
    stream().onReconnected?.();
    expect(vm.getState().notice).toBeNull();
    await vm.markRead([7]);
    expect(read).toEqual([[7]]);
    expect(vm.getState().alerts.map((a) => a.read)).toEqual([true, false, true]);
    // the count is the server's answer (this fake: the page's 1 less the one marked)
    expect(vm.getState().unread).toBe(0);
    vm.dispose();
    stream().onEvent({ type: 'alert', data: { alert: alert(9), unread: 3 } });
    expect(vm.getState().alerts).toHaveLength(3);
  });
});

describe('company watch view model', () => {
  function listsClient() {
    const lists: (WatchlistSummary & { numbers: Set<string> })[] = [];
    const summary = ({ numbers, ...l }: (typeof lists)[number]): WatchlistSummary => ({ ...l, companies: numbers.size });
    const client = {
      watchlistsOf: async (number: string) => ({
        status: 'success' as const,
        data: { watchlists: lists.map((l) => ({ ...summary(l), watching: l.numbers.has(number) })) },
      }),
      createWatchlist: async ({ name }: { name: string }) => {
        const list = {
          id: `l${lists.length + 1}`,
          name,
          rules: [],
          email: 'off' as const,
          companies: 0,
          lenders: 0,
          people: 0,
          created_at: '',
          numbers: new Set<string>(),
        };
        lists.push(list);
        return { status: 'success' as const, data: { watchlist: summary(list) } };
      },
      watchCompanies: async (id: string, request: { company_numbers?: string[] }) => {
        const list = lists.find((l) => l.id === id)!;
        request.company_numbers!.forEach((n) => list.numbers.add(n));
        return {
          status: 'success' as const,
          data: { added: request.company_numbers!, already: [], unknown: [], companies: list.numbers.size },
        };
      },
      unwatchCompanies: async (id: string, numbers: string[]) => {
        const list = lists.find((l) => l.id === id)!;
        numbers.forEach((n) => list.numbers.delete(n));
        return { status: 'success' as const, data: { removed: numbers, companies: list.numbers.size } };
      },
    };
    return { client, lists };
  }

  it('watches in the default list made on first use, and a second toggle takes it off', async () => {
    const { client, lists } = listsClient();
    const vm = createCompanyWatchViewModel({ client, companyNumber: '00445790' });
    vm.start();
    await settle();
    expect(watchMark(vm.getState())).toBe('not watched');
    await vm.toggle();
    expect(lists.map((l) => [l.name, [...l.numbers]])).toEqual([['Watchlist', ['00445790']]]);
    expect(vm.getState().message).toBe('Watching 00445790 in "Watchlist": its changes raise alerts');
    expect(watchMark(vm.getState())).toBe('★ watched (Watchlist)');
    await vm.toggle();
    expect([...lists[0].numbers]).toEqual([]);
    expect(vm.getState().message).toBe('Stopped watching 00445790 (taken off "Watchlist")');
  });
});
