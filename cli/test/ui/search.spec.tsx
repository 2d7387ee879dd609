/**
 * Company search (spec 2 2.2) in the full-screen UI: live results over the shared search view
 * model (debounced on a manual clock), arrows and Enter, the field and list panes, going back.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { createManualScheduler, type CompanySearchResult } from '@credence/shared';
import { company, fakeClient, fits, KEY, ME, renderApp } from './harness.js';
import { ACME_OVERVIEW, SEARCH_RESULTS } from '../support/explorer-fixtures.js';

afterEach(() => cleanup());

function search(
  answer: (query: string) => CompanySearchResult[] | Promise<CompanySearchResult[]> = () => SEARCH_RESULTS,
  columns = 80,
  rows = 24,
) {
  const scheduler = createManualScheduler();
  const queries: string[] = [];
  const client = fakeClient({
    me: async () => ME,
    companyList: async () => ({
      companies: [company('BRITANNIA ENGINEERING GROUP PLC', '00123456', { 'Exchange:Ticker': 'LSE:BRIT' })],
      total_count: 1,
    }),
    searchCompanies: async (query: string) => {
      queries.push(query);
      return answer(query);
    },
    overview: async () => ACME_OVERVIEW,
  });
  const ui = renderApp({ client, initial: [{ name: 'search' }], scheduler, columns, rows });
  return { ui, scheduler, queries };
}

describe('company search', () => {
  it('shows the default list for an empty query, then live results once typing pauses (one request)', async () => {
    const { ui, scheduler, queries } = search();
    await ui.waitFor((f) => f.includes('BRITANNIA ENGINEERING GROUP PLC'), 'the default list');
    expect(ui.frame()).toContain('Type to search companies · suggested and largest companies:');
    await ui.type('acme');
    expect(ui.frame()).toContain('Search: acme');
    expect(ui.frame()).toContain('searching…');
    expect(queries).toEqual([]);
    scheduler.advance(300);
    await ui.waitFor((f) => f.includes('2 results for "acme"'), 'the results');
    expect(queries).toEqual(['acme']);
    expect(ui.frame()).toMatch(/›ACME WIDGETS LIMITED\s+01234567\s+LSE:ACME\s+Active/);
    expect(ui.frame()).toMatch(/ACME HOLDINGS PLC\s+SC123456\s+Dissolved/);
    expect(fits(ui.frame(), 80, 24)).toBe(true);
  });

  it('says "No companies found" and shows a failure in words', async () => {
    const { ui, scheduler } = search((q) =>
      q === 'zzz' ? [] : Promise.reject(Object.assign(new Error('Search is down'), { name: 'ApiError', status: 500 })),
    );
    await ui.type('zzz');
    scheduler.advance(300);
    await ui.waitFor((f) => f.includes('No companies found'), 'no results');
    await ui.press(KEY.backspace, KEY.backspace, KEY.backspace);
    await ui.type('err');
    scheduler.advance(300);
    await ui.waitFor((f) => f.includes('Search is down'), 'the failure');
  });

  it('moves with the arrows and opens the chosen company with Enter; Esc comes back to the same results', async () => {
    const { ui, scheduler } = search();
    await ui.type('acme');
    scheduler.advance(300);
    await ui.waitFor((f) => f.includes('2 results'), 'results');
    await ui.press(KEY.down);
    expect(ui.frame()).toMatch(/›ACME HOLDINGS PLC/);
    await ui.press(KEY.up, KEY.enter);
    await ui.waitFor((f) => f.split('\n')[0].includes('Search › ACME WIDGETS LIMITED (01234567)'), 'the company');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Search: acme'), 'the search again');
    expect(ui.frame()).toMatch(/›ACME WIDGETS LIMITED/);
  });

  it('types q and ? into the field; Tab moves to the list where j/k move and / returns to the field', async () => {
    const { ui, scheduler } = search();
    await ui.type('q?');
    expect(ui.frame()).toContain('Search: q?');
    await ui.press(KEY.backspace, KEY.backspace);
    await ui.type('acme');
    scheduler.advance(300);
    await ui.waitFor((f) => f.includes('2 results'), 'results');
    await ui.press(KEY.tab, 'j');
    expect(ui.frame()).toMatch(/›ACME HOLDINGS PLC/);
    await ui.press('k', '/');
    await ui.type('x');
    expect(ui.frame()).toContain('Search: acmex');
    await ui.press(KEY.tab, 'q');
    await ui.exited(); // q in the list quit
    const count = ui.frames.length;
    await ui.press('j');
    expect(ui.frames.length).toBe(count);
  });
});

describe('company search: Enter before the answer', () => {
  it('searches at once and opens the first result when it arrives', async () => {
    const { ui, scheduler, queries } = search();
    await ui.waitFor((f) => f.includes('BRITANNIA ENGINEERING GROUP PLC'), 'the default list');
    await ui.type('acme');
    await ui.press(KEY.enter);
    expect(queries).toEqual(['acme']);
    await ui.waitFor((f) => f.split('\n')[0].includes('ACME WIDGETS LIMITED (01234567)'), 'the first result opened');
    expect(scheduler.pending()).toBe(0);
  });
});
