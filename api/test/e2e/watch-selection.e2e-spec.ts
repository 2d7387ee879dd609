/**
 * Watching from where analysts look (issue 29 §3), the API side of the web's controls: each list
 * says whether it holds a company (the company view's Watch button), and "watch all N results"
 * of a companies-screener selection reads its company numbers in one bounded call (at most 1,000,
 * more refused with how many and what to do, bad filters a 400, limited per user as exports are).
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SCREENER_ROUTES, WATCHLIST_LIMITS } from '@credence/shared';
import { company, loadScreenerData, screenerPath } from '../support/screener-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { useManualClock } from '../support/manual-clock.js';

const SMALL = Array.from({ length: 5 }, (_, i) => String(96_100_001 + i));
const LARGE = Array.from({ length: WATCHLIST_LIMITS.perRequest + 20 }, (_, i) => String(96_200_001 + i));
const named = (text: string) => [{ id: 'company_name', value: { type: 'contains', value: text } }];

describe('watch from the company view and the screener', () => {
  let t: TestApi;
  let ada: string;
  let bob: string;

  before(async () => {
    t = await startTestApi({ EXPORT_RATE_LIMIT: '12/60s', RUN_JOBS: 'false' });
    // Windows are whole minutes of the clock: a real one could end a window between two calls.
    useManualClock(t);
    await loadScreenerData(t, {
      companies: [...SMALL.map((n) => company(n, `SMALLSET ${n} LIMITED`)), ...LARGE.map((n) => company(n, `BIGSELECTION ${n} LIMITED`))],
    });
    ada = await t.activeUser('ada.watch-selection@example.com');
    bob = await t.activeUser('bob.watch-selection@example.com');
  });
  after(async () => {
    await t?.close();
  });

  it('says which of your lists hold a company, and only yours', async () => {
    const make = async (token: string, name: string) =>
      (await t.request('POST', '/api/watchlists', { token, body: { name } })).body.data.watchlist.id as string;
    const borrowers = await make(ada, 'Borrowers');
    await make(ada, 'Suppliers');
    const bobs = await make(bob, 'Borrowers');
    await t.request('POST', `/api/watchlists/${borrowers}/add`, { token: ada, body: { company_numbers: [SMALL[0]] } });
    await t.request('POST', `/api/watchlists/${bobs}/add`, { token: bob, body: { company_numbers: [SMALL[0], SMALL[1]] } });

    const lists = (await t.request('GET', `/api/watchlists?company=${SMALL[0]}`, { token: ada })).body.data.watchlists;
    expect(lists.map((l: { name: string; watching: boolean }) => [l.name, l.watching])).toEqual([
      ['Borrowers', true],
      ['Suppliers', false],
    ]);
    const other = (await t.request('GET', `/api/watchlists?company=${SMALL[1]}`, { token: ada })).body.data.watchlists;
    expect(other.every((l: { watching: boolean }) => !l.watching)).toBe(true);
    // without company, no watching field (the terminal's `watch ls` reads the same)
    expect((await t.request('GET', '/api/watchlists', { token: ada })).body.data.watchlists[0]).not.toHaveProperty('watching');

    const bad = await t.request('GET', '/api/watchlists?company=%3Cscript%3E', { token: ada });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/company must be a company number/);
    expect((await t.request('GET', `/api/watchlists/${bobs}`, { token: ada })).status).toBe(404);
  });

  it('answers the company numbers of a selection within the bound, in the list order', async () => {
    const reply = await t.request('GET', screenerPath(SCREENER_ROUTES.companiesNumbers, { filters: named('SMALLSET') }), { token: ada });
    expect(reply.status).toBe(200);
    expect(reply.body.data.total).toBe(5);
    expect([...reply.body.data.company_numbers].sort()).toEqual(SMALL);

    const list = (await t.request('POST', '/api/watchlists', { token: ada, body: { name: 'Screened' } })).body.data.watchlist.id;
    const added = await t.request('POST', `/api/watchlists/${list}/add`, {
      token: ada,
      body: { company_numbers: reply.body.data.company_numbers },
    });
    expect(added.body.data).toMatchObject({ companies: 5, unknown: [] });
  });

  it('refuses a selection over the bound with how many and what to do, and bad filters with the field', async () => {
    const over = await t.request('GET', screenerPath(SCREENER_ROUTES.companiesNumbers, { filters: named('BIGSELECTION') }), { token: ada });
    expect({ status: over.status, error: over.body.error }).toEqual({
      status: 400,
      error: `These filters select ${LARGE.length.toLocaleString('en-GB')} companies; Watch all takes at most 1,000 at a time: narrow the filters (or add a CSV of company numbers in parts)`,
    });
    const bad = await t.request('GET', screenerPath(SCREENER_ROUTES.companiesNumbers, { filters: [{ id: 'nonsense', value: {} }] }), {
      token: ada,
    });
    expect(bad.status).toBe(400);
    expect((await t.request('GET', screenerPath(SCREENER_ROUTES.companiesNumbers))).status).toBe(401);
  });

  it('limits the call per user as exports are', async () => {
    const call = (token: string) =>
      t.request('GET', screenerPath(SCREENER_ROUTES.companiesNumbers, { filters: named('SMALLSET') }), { token });
    let status = 200;
    for (let i = 0; i < 14 && status === 200; i++) status = (await call(ada)).status;
    expect(status).toBe(429);
    expect((await call(bob)).status).toBe(200);
  });
});
