/**
 * The alerts view of the full-screen UI (issue 29 §5) against a fake client: reached with A from
 * home, newest first with the unread marked, the selected alert whole (what changed, published,
 * its source link never cut), a live alert coming on top while the selection stays on its alert,
 * r marking read, register text inert, and the frame fitting 80x24 and 120x40. Then w on a
 * company watching it in the default list and taking it off.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { alertView, type Alert, type AlertStreamEvent, type ApiClient, type WatchlistDetail, type WatchOptions } from '@credence/shared';
import { ACME, ACME_OVERVIEW } from '../support/explorer-fixtures.js';
import { fakeClient, fits, KEY, ME, renderApp } from './harness.js';
import { alertDetailLines } from '../../src/ui/screens/alerts.js';

afterEach(() => cleanup());

const SOURCE = 'https://find-and-update.company-information.service.gov.uk/company/00445790/charges/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5';

const alert = (id: number, part: Partial<Alert> = {}): Alert => ({
  id,
  kind: 'charge-created',
  company_number: '00445790',
  company_name: 'TESCO PLC',
  watchlist: 'Watchlist',
  via: null,
  summary: `Charge 00445790000${id} created on 2026-11-20: A registered charge; persons entitled: Shawbrook Bank Limited`,
  published_at: `2026-11-28T09:0${id}:00.000Z`,
  source_url: SOURCE,
  resource_uri: null,
  created_at: '2026-11-28T09:01:01.000Z',
  read: false,
  ...part,
});

function alertsClient(page: Alert[], unread: number, more: Partial<ApiClient> = {}) {
  let stream: WatchOptions<AlertStreamEvent> | null = null;
  const marked: (number[] | undefined)[] = [];
  let count = unread;
  const client = fakeClient({
    me: async () => ME,
    alerts: async () => ({ status: 'success', data: { alerts: page, unread } }),
    followAlerts: (options) => {
      stream = options;
      options.onEvent({ type: 'unread', data: { unread } });
      return new Promise<void>(() => undefined);
    },
    markAlertsRead: async (ids) => {
      marked.push(ids);
      count = ids ? count - ids.length : 0;
      return { status: 'success', data: { unread: count } };
    },
    ...more,
  });
  const push = (event: AlertStreamEvent) => {
    count = event.data.unread;
    stream!.onEvent(event);
  };
  return { client, marked, push };
}

const plain = (frame: string) => frame.replace(/\u001b\[[0-9;]*m/g, '');

describe('alerts view', () => {
  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}x${rows}: A from home, newest first, unread marked, the source whole, live, r marks read`, async () => {
      const { client, marked, push } = alertsClient(
        [alert(3), alert(2, { kind: 'officer-resigned', summary: 'Officer resigned: REID, Fiona', read: true }), alert(1)],
        2,
      );
      const ui = renderApp({ client, columns, rows });
      await ui.waitFor((f) => f.includes('Choose a database') && f.includes('A alerts'), 'home');
      await ui.press('A');
      let frame = plain(await ui.waitFor((f) => f.includes('2 unread alerts') && f.includes('Officer resigned'), 'the alerts'));
      expect(fits(frame, columns, rows)).toBe(true);
      expect(frame).toContain('Credence › Databases › Alerts');
      // newest first; unread marked; the selected one (the newest) whole below
      const rowsOf = (f: string) => f.split('\n').filter((l) => /(New charge|Officer resigned) · 00445790 TESCO PLC/.test(l));
      expect(rowsOf(frame).map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
        '›● New charge · 00445790 TESCO PLC 2026-11-28 09:03',
        'Officer resigned · 00445790 TESCO PLC 2026-11-28 09:02',
        '● New charge · 00445790 TESCO PLC 2026-11-28 09:01',
        'New charge · 00445790 TESCO PLC',
      ]);
      expect(frame).toContain('published 2026-11-28 09:03 · list "Watchlist"');
      expect(frame).toContain('Source on Companies House:');
      expect(
        frame
          .split('\n')
          .map((l) => l.trim())
          .join(''),
      ).toContain(SOURCE);

      // down to the second; a live alert comes on top, the selection stays on the one chosen
      await ui.press('j');
      await ui.waitFor((f) => plain(f).includes('Officer resigned: REID, Fiona'), 'the second selected');
      push({ type: 'alert', data: { alert: alert(4, { kind: 'psc-change', summary: 'PSC ceased: Jane Doe' }), unread: 3 } });
      frame = plain(await ui.waitFor((f) => f.includes('3 unread alerts') && f.includes('PSC change'), 'the live alert'));
      expect(frame.indexOf('PSC change')).toBeLessThan(frame.indexOf('Officer resigned'));
      expect(frame).toMatch(/›\s*Officer resigned/);
      expect(frame).toContain('Officer resigned: REID, Fiona');
      expect(fits(frame, columns, rows)).toBe(true);

      // r on the newest unread (k back up twice): read, the count goes down
      await ui.press('k', 'k');
      await ui.waitFor((f) => plain(f).includes('PSC ceased: Jane Doe'), 'the live one selected');
      await ui.press('r');
      frame = plain(await ui.waitFor((f) => f.includes('2 unread alerts'), 'one read'));
      expect(marked).toEqual([[4]]);
      expect(frame).toMatch(/›\s+PSC change/);
      await ui.press('R');
      await ui.waitFor((f) => f.includes('No unread alerts'), 'all read');
      expect(marked).toEqual([[4], undefined]);
      ui.unmount();
    });
  }

  it("shows register text inert: an alert's control codes are printed visibly, never sent to the terminal", async () => {
    const { client } = alertsClient(
      [
        alert(1, {
          company_name: 'EVIL\u001b]0;pwned\u0007 LTD',
          summary: 'Charge created; persons entitled: BANK\u001b[2J\u001b[31m RED',
        }),
      ],
      1,
    );
    const ui = renderApp({ client, columns: 80, rows: 24, initial: [{ name: 'alerts' }] });
    const frame = await ui.waitFor((f) => f.includes('persons entitled'), 'the alert');
    expect(frame).toContain('EVIL^[]0;pwned^G LTD');
    expect(frame).toContain('BANK^[[2J^[[31m RED');
    expect(frame).not.toContain('\u001b]0;');
    expect(frame).not.toContain('\u001b[2J');
    ui.unmount();
  });

  it('says how to start when there are no alerts, and Enter on an alert opens its company', async () => {
    const empty = alertsClient([], 0);
    let ui = renderApp({ client: empty.client, columns: 80, rows: 24, initial: [{ name: 'alerts' }] });
    await ui.waitFor((f) => f.includes('No alerts yet') && f.includes('credence watch add'), 'the empty view');
    ui.unmount();
    const one = alertsClient([alert(1, { company_number: ACME, company_name: 'ACME' })], 1, { overview: async () => ACME_OVERVIEW });
    ui = renderApp({ client: one.client, columns: 100, rows: 30, initial: [{ name: 'alerts' }] });
    await ui.waitFor((f) => f.includes('1 unread alert'), 'the alert');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes(`Alerts › ACME (${ACME})`), 'the company');
    expect(one.marked).toEqual([[1]]);
    ui.unmount();
  });
});

describe('an alert watched through a lender or a person', () => {
  it('says why beside its list in the detail, within the width', () => {
    const lines = alertDetailLines(alertView(alert(1, { via: 'lender Barclays Bank PLC' })), 80);
    expect(lines.join('\n')).toContain('list "Watchlist" · via lender Barclays Bank PLC');
    expect(alertDetailLines(alertView(alert(1)), 80).join('\n')).not.toContain('via ');
  });
});

describe('w on a company', () => {
  it('watches it in "Watchlist" (made on first use), marks it watched, and w again takes it off', async () => {
    const held = new Set<string>();
    let made = false;
    const detail = (): WatchlistDetail => ({
      id: 'w1',
      name: 'Watchlist',
      rules: [],
      email: 'off',
      companies: held.size,
      lenders: 0,
      people: 0,
      created_at: '',
      company_list: [...held].map((n) => ({ company_number: n, company_name: null, company_status: null, added_at: '' })),
      lender_list: [],
      people_list: [],
    });
    const client = fakeClient({
      me: async () => ME,
      overview: async () => ACME_OVERVIEW,
      watchlistsOf: async (number) => ({
        status: 'success',
        data: { watchlists: made ? [{ ...detail(), watching: held.has(number) }] : [] },
      }),
      createWatchlist: async () => {
        made = true;
        return { status: 'success', data: { watchlist: detail() } };
      },
      watchCompanies: async (_id, request) => {
        request.company_numbers!.forEach((n) => held.add(n));
        return { status: 'success', data: { added: request.company_numbers!, already: [], unknown: [], companies: held.size } };
      },
      unwatchCompanies: async (_id, numbers) => {
        numbers.forEach((n) => held.delete(n));
        return { status: 'success', data: { removed: numbers, companies: held.size } };
      },
    });
    const ui = renderApp({ client, columns: 120, rows: 30, initial: [{ name: 'company', companyNumber: ACME }] });
    await ui.waitFor((f) => f.includes(`ACME WIDGETS LIMITED · ${ACME} · not watched`), 'the company, not watched');
    await ui.press('w');
    await ui.waitFor((f) => f.includes(`Watching ${ACME} in "Watchlist"`) && f.includes('★ watched (Watchlist)'), 'watched');
    expect([...held]).toEqual([ACME]);
    await ui.press('w');
    await ui.waitFor((f) => f.includes(`Stopped watching ${ACME}`) && f.includes('not watched'), 'not watched again');
    expect(held.size).toBe(0);
    ui.unmount();
  });
});
