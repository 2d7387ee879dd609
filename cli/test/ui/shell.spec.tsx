/**
 * The shell of the full-screen UI: home (spec 2 2.3), the screen stack, `?`, the status bar,
 * quitting, and the frame fitting 80x24 and following a resize.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { KEYS } from '../../src/ui/keys.js';
import { fakeClient, fits, KEY, ME, renderApp } from './harness.js';

afterEach(() => cleanup());

const signedIn = () => fakeClient({ me: async () => ME, companyList: async () => ({ companies: [], total_count: 0 }) });

describe('home: the database selector', () => {
  it('lists the databases by section, marks the ones not built yet as coming, and fits 80x24', async () => {
    const ui = renderApp({ client: signedIn() });
    const frame = await ui.waitFor((f) => f.includes('Ada Lovelace'), 'the signed-in user');
    expect(fits(frame, 80, 24)).toBe(true);
    for (const text of [
      'Company Explorer',
      'Screeners and Filters',
      'Research and Intelligence',
      'UK Companies Explorer',
      'UK Company Screener [Updated]',
      'UK Creditor Screener',
      'Intelligent Quick Search',
    ]) {
      expect(frame).toContain(text);
    }
    // the US explorer is built: the terminal serves it with `credence us` commands, never "coming" (issue 27)
    expect(frame).toMatch(/US Companies Explorer \[commands\]/);
    expect(frame).not.toContain('(coming)');
    // the Deep Insights Engine is the research chat here (issue 14)
    expect(frame).toMatch(/Deep Insights Engine(?! \(coming\))/);
    expect(frame).not.toMatch(/UK Companies Explorer \(coming\)/);
    expect(ui.lines()[0]).toContain('Credence › Databases');
  });

  it('opens a database after the loading screen, and Esc comes back to the selector', async () => {
    const ui = renderApp({ client: signedIn(), databaseDelay: 120 });
    expect(ui.frame()).toMatch(/›\s+UK Companies Explorer/); // the default choice
    await ui.press(KEY.enter);
    expect(ui.frame()).toContain('Loading Database');
    expect(ui.frame()).toContain('Preparing your financial intelligence dashboard...');
    await ui.waitFor((f) => f.includes('Search: '), 'the search screen');
    expect(ui.lines()[0]).toContain('Databases › Search');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Choose a database'), 'home again');
  });

  it('moves with j/k and arrows; the US explorer lists its commands', async () => {
    const ui = renderApp({ client: signedIn() });
    await ui.press('k');
    expect(ui.frame()).toMatch(/›\s+US Companies Explorer/);
    await ui.press(KEY.enter);
    const notice = await ui.waitFor((f) => f.includes('US Companies Explorer is explored with commands'), 'the commands');
    expect(notice).toContain('credence us kpis <ticker>');
    expect(notice).not.toContain('under construction');
    await ui.press(KEY.escape);
    await ui.press(KEY.down, 'j', 'j');
    expect(ui.frame()).toMatch(/›\s+UK Creditor Screener/);
    await ui.press('G');
    expect(ui.frame()).toMatch(/›\s+Intelligent Quick Search/);
    await ui.press('k', 'k');
    expect(ui.frame()).toMatch(/›\s+UK Creditor Screener/);
  });
});

describe('keys everywhere', () => {
  it('? shows every key the UI has, scrolls with j, and closes with Esc', async () => {
    const ui = renderApp({ client: signedIn(), columns: 80, rows: 24 });
    await ui.press('?');
    // scroll until the list stops moving (bounded), however many keys the UI grows
    const seen = new Set<string>();
    let last = '';
    for (let i = 0; i < 300 && ui.lines().join('\n') !== last; i++) {
      last = ui.lines().join('\n');
      for (const line of ui.lines()) seen.add(line);
      await ui.press('j');
    }
    const all = [...seen].join('\n');
    for (const binding of Object.values(KEYS)) expect(all).toContain(binding.help);
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Choose a database'), 'the selector again');
  });

  it('/ opens the company search from anywhere; H goes home; S and C open the screeners', async () => {
    const ui = renderApp({ client: signedIn() });
    await ui.press('/');
    await ui.waitFor((f) => f.includes('Search: '), 'search');
    await ui.press(KEY.escape, 'H');
    await ui.waitFor((f) => f.includes('Choose a database'), 'home');
    expect(ui.lines()[0]).toMatch(/Credence › Databases\s*$/);
  });

  it('q quits: nothing more is drawn after it', async () => {
    const ui = renderApp({ client: signedIn() });
    await ui.waitFor((f) => f.includes('Ada Lovelace'), 'the user');
    await ui.press('q');
    await ui.exited();
    const count = ui.frames.length;
    await ui.press('j', 'j', KEY.enter);
    expect(ui.frames.length).toBe(count);
  });

  it('Ctrl-C quits too', async () => {
    const ui = renderApp({ client: signedIn() });
    await ui.press(KEY.ctrlC);
    await ui.exited();
    const count = ui.frames.length;
    await ui.press('j');
    expect(ui.frames.length).toBe(count);
  });
});

describe('status bar and frame', () => {
  it('shows the signed-in user and the API', async () => {
    const ui = renderApp({ client: signedIn() });
    const last = (await ui.waitFor((f) => f.includes('Ada Lovelace'), 'user')).split('\n').at(-1)!;
    expect(last).toContain('Ada Lovelace <ada@example.com>');
    expect(last).toContain('api.test:3000');
    expect(last).toContain('? keys');
  });

  it('says so when there is no session, and when the session was refused', async () => {
    const none = renderApp({ client: fakeClient({}, null) });
    expect(none.lines().at(-1)).toContain('not signed in: run `credence login`');
    none.unmount();
    const refused = renderApp({
      client: fakeClient({ me: () => Promise.reject(Object.assign(new Error('Unauthorized'), { name: 'ApiError', status: 401 })) }),
    });
    await refused.waitFor((f) => f.includes('session expired'), 'the refusal');
  });

  it('fills the terminal exactly and follows a resize', async () => {
    const ui = renderApp({ client: signedIn(), columns: 80, rows: 24 });
    await ui.waitFor((f) => f.includes('Ada'), 'user');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    ui.setSize(120, 40);
    await ui.waitFor((f) => fits(f, 120, 40), 'a 120x40 frame');
    expect(ui.lines().at(-1)).toContain('Ada Lovelace');
    ui.setSize(60, 15);
    await ui.waitFor((f) => fits(f, 60, 15), 'a 60x15 frame');
  });
});
