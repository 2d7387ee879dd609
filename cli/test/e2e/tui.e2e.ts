/**
 * The full-screen UI end to end: the real API on the embedded database with sample data, a user
 * signed in with `credence login`, and `credence` (no arguments) in a real terminal (tmux) at
 * 120x40 and at 80x24. Each run types a search, opens a company, walks its sections, opens the
 * screener, sorts, filters with a bad then a good value, pages, shows the keys and quits; the
 * screen is read after every step. Figures are checked against the list route called directly.
 */
import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import { BIN, credence, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';
import { Tmux } from './tmux.js';
import { COMPANY_COLUMN_PRIORITY, COMPANY_SCREENER_COLUMNS, columnsByPriority } from '@credence/shared';

const EMAIL = 'tui.tester@example.com';
const PASSWORD = 'a long and unusual tui passphrase';
const NAME = 'Tui Tester';

describe('credence full-screen UI in a terminal', () => {
  let api: ApiServer;
  let env: Record<string, string>;
  let token: string;

  async function route(path: string, params: Record<string, string>): Promise<{ data: Record<string, unknown> }> {
    const answer = await fetch(`${api.url}/api/${path}?${new URLSearchParams(params)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { data: Record<string, unknown> };
  }

  before(async () => {
    api = await sharedApi();
    ({ env, token } = await signedInUser(api, { email: EMAIL, password: PASSWORD, name: NAME }));
  });
  it('without a terminal, `credence` alone still prints the help and exits 2 (no full-screen codes)', async () => {
    const result = await credence([], env);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain('Usage: credence');
    expect(result.stdout + result.stderr).not.toContain('\u001b[?1049h');
    const tui = await credence(['tui'], env);
    expect(tui.code).toBe(2);
    expect(tui.stderr).toContain('the full-screen UI needs a terminal');
  });

  it('gives the terminal back on Ctrl-C and on SIGTERM', async () => {
    for (const end of ['ctrl-c', 'SIGTERM'] as const) {
      const term = new Tmux();
      try {
        term.start([process.execPath, BIN], env, 80, 24);
        await term.waitFor((s) => s.includes('Choose a database') && s.includes(NAME), 'home');
        if (end === 'ctrl-c') term.keys('C-c');
        else process.kill(term.programPid(), 'SIGTERM');
        const screen = await term.waitFor((s) => /EXIT=\d+/.test(s), 'the exit');
        expect(screen).toContain(end === 'ctrl-c' ? 'EXIT=0' : 'EXIT=143');
        expect(screen).not.toContain('Choose a database');
        expect(screen).not.toContain('q quit');
      } finally {
        term.stop();
      }
    }
  });

  for (const [columns, rows] of [
    [120, 40],
    [80, 24],
  ] as const) {
    it(`runs at ${columns}x${rows}: search, company sections, screener sort, filter, paging, keys, quit`, async () => {
      const top = await route('companies_house/get-screener-info', { page: '1', page_size: '10', sort_by: 'turnover', sort_order: 'desc' });
      const topName = (top.data.companies as { company_name: string }[])[0].company_name;
      const over10m = await route('companies_house/get-screener-info', {
        page: '1',
        page_size: '10',
        filters: JSON.stringify([{ id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } }]),
      });
      const over10mCount = over10m.data.total_count as number;
      expect(over10mCount).toBeGreaterThan(10);

      const term = new Tmux();
      const fitsTerminal = (screen: string) => {
        const lines = screen.replace(/\n$/, '').split('\n');
        expect(lines).toHaveLength(rows);
        for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
        expect(lines[0]).toMatch(/^ Credence › /);
        expect(lines[rows - 1]).toContain('q quit');
      };
      try {
        term.start([process.execPath, BIN], env, columns, rows);

        // home: the database selector, the signed-in user and the API in the status bar
        let screen = await term.waitFor((s) => s.includes('Choose a database') && s.includes(NAME), 'home with the user');
        fitsTerminal(screen);
        expect(screen).toContain('UK Companies Explorer');
        expect(screen).toContain('US Companies Explorer [commands]');
        expect(screen.split('\n')[rows - 1]).toContain(api.url.replace(/^https?:\/\//, ''));

        // a search with live results, arrow and Enter
        term.keys('/');
        await term.waitFor((s) => s.includes('Search: '), 'the search field');
        term.type('britannia engineering');
        screen = await term.waitFor(
          (s) => s.includes('1 result for "britannia engineering"') && /›\s*BRITANNIA ENGINEERING GROUP PLC/.test(s),
          'the live results',
        );
        fitsTerminal(screen);
        expect(screen).toContain('00123456');
        term.keys('Enter');
        screen = await term.waitFor(
          (s) => s.includes('BRITANNIA ENGINEERING GROUP PLC · 00123456') && s.includes('Key Figures'),
          'the company',
        );
        fitsTerminal(screen);

        // its sections, one by one from the sidebar
        const sidebar = (s: string) =>
          s
            .split('\n')
            .slice(2, rows - 1)
            .map((l) => (l.includes('│') ? l.split('│')[0].trim() : ''))
            .filter(Boolean);
        const sections = sidebar(screen).map((l) => l.replace(/^›\s*/, ''));
        expect(sections[0]).toBe('Overview');
        expect(sections).toEqual(expect.arrayContaining(['Company Profile', 'Leadership', 'Compliance Tracker', 'Filings']));
        let previousText = '';
        for (const label of sections.slice(1)) {
          term.keys('j');
          screen = await term.waitFor((s) => sidebar(s).includes(`› ${label}`), `the ${label} section`);
          fitsTerminal(screen);
          const text = screen
            .split('\n')
            .slice(2, rows - 1)
            .map((l) => l.split('│').slice(1).join('│'))
            .join('\n');
          expect(text).not.toBe(previousText);
          previousText = text;
          if (label === 'Filings') await term.waitFor((s) => /accounts: \d\d\/\d\d\/\d{4}/.test(s), 'the filings');
        }

        // the companies screener: sort by turnover, filter with a bad and a good value, page
        term.keys('S');
        screen = await term.waitFor((s) => /UK Company Screener · [\d,]+ companies/.test(s) && s.includes('Page 1 of'), 'the screener');
        fitsTerminal(screen);
        // At 80 columns the most telling columns come first, with short headers, and the name stays readable.
        const visible = COMPANY_SCREENER_COLUMNS.filter((c) => c.visible);
        const shown = columns < 110 ? columnsByPriority(visible, COMPANY_COLUMN_PRIORITY) : visible;
        if (columns < 110) {
          screen = await term.waitFor((s) => / [0-9A-Z]{8} {2}/.test(s) && !s.includes('Loading…'), 'the first rows');
          const header = screen.split('\n').find((l) => l.includes('Company Name'))!;
          expect(header).toMatch(/Company Name\s+Number\s+Status\s+Turnover £m/);
          expect(header).not.toContain('Industry Group');
          expect(screen).toMatch(/ [A-Z0-9&' ]{20,}.* [0-9A-Z]{8} /);
        }
        for (let i = 0; i < shown.findIndex((c) => c.id === 'turnover'); i++) term.keys('l');
        await term.waitFor((s) => s.includes('›Turnover'), 'the turnover column focused');
        term.keys('s');
        screen = await term.waitFor((s) => s.includes('Sort: Turnover ▼'), 'sorted by turnover');
        await term.waitFor(
          (s) => new RegExp(`› ${topName.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(s),
          `${topName} first`,
        );
        fitsTerminal(term.screen());
        term.keys('f');
        await term.waitFor((s) => s.includes('Filter Turnover'), 'the filter popup');
        term.type('abc');
        term.keys('Enter');
        screen = await term.waitFor((s) => s.includes('Please enter a filter value'), 'the validation message');
        fitsTerminal(screen);
        term.keys('C-u');
        term.type('10m');
        term.keys('Enter');
        screen = await term.waitFor(
          (s) => s.includes('Filters: turnover>10000000') && s.includes(`of ${over10mCount} entries`),
          'the filter applied',
        );
        fitsTerminal(screen);
        expect(screen).not.toContain('Filter Turnover');
        term.keys('z');
        await term.waitFor((s) => s.includes('Rows per page:'), 'the page sizes');
        term.keys('Left', 'Left', 'Left', 'Enter');
        const pages = Math.ceil(over10mCount / 10);
        screen = await term.waitFor((s) => s.includes(`Page 1 of ${pages}`) && s.includes('10 per page'), '10 rows a page');
        term.keys(']');
        screen = await term.waitFor(
          (s) => s.includes(`Page 2 of ${pages}`) && s.includes(`Showing 11 to 20 of ${over10mCount} entries`),
          'page 2',
        );
        fitsTerminal(screen);
        term.keys('}');
        screen = await term.waitFor((s) => s.includes(`Page ${pages} of ${pages}`), 'the last page');
        fitsTerminal(screen);

        // every key, then quit: the terminal is given back
        term.keys('?');
        screen = await term.waitFor((s) => s.includes('Everywhere') && s.includes('show or hide every key'), 'the keys');
        fitsTerminal(screen);
        term.keys('Escape');
        await term.waitFor((s) => s.includes('Sort: Turnover ▼'), 'the screener again');
        if (columns === 120) {
          term.resize(80, 24);
          screen = await term.waitFor(
            (s) => s.replace(/\n$/, '').split('\n').length === 24 && s.split('\n')[23]?.includes('q quit'),
            'the screener at 80x24',
          );
          expect(screen).toContain('Sort: Turnover ▼');
        }
        term.keys('q');
        screen = await term.waitFor((s) => s.includes('EXIT=0'), 'the exit');
        expect(screen).not.toContain('q quit');
        expect(screen).not.toContain('Credence ›');
      } finally {
        term.stop();
      }
    });
  }
});
