/**
 * The companies screener screen (spec 2 2.11, sections 4, 5, 9) over the shared view model and a
 * fake list route: paging keys, sort on the focused column, the filter popup with the spec's
 * messages, page sizes, the search, and opening a company.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { COMPANY_SCREENER_COLUMNS } from '@credence/shared';
import { companies, fakeList } from './fake-screener.js';
import { fakeClient, fits, KEY, ME, renderApp, type Rendered } from './harness.js';

afterEach(() => cleanup());

function screener(columns = 120, rows = 40) {
  const api = fakeList({ companies: companies() });
  const client = fakeClient({
    me: async () => ME,
    list: api.list as never,
    uniqueValues: (async () => ({
      status: 'success',
      data: { values: ['Construction', 'Information and communication', 'Manufacturing', 'Real estate activities'] },
    })) as never,
  });
  const ui = renderApp({ client, initial: [{ name: 'screener' }], columns, rows });
  return { ui, api };
}

const ready = (ui: Rendered) => ui.waitFor((f) => f.includes('CO 000 LIMITED'), 'the first page');
/** The lines of the filter popup (between its borders). */
const popup = (ui: Rendered) =>
  ui
    .lines()
    .filter((l) => l.includes('│'))
    .join('\n');
const footer = (ui: Rendered) => ui.lines().at(-2) ?? '';
/** Moves the focus right to a column of the wide table (the catalogue's visible columns, in order). */
const toColumn = (ui: Rendered, id: string) =>
  ui.press(...Array(COMPANY_SCREENER_COLUMNS.filter((c) => c.visible).findIndex((c) => c.id === id)).fill('l'));
const toTurnover = (ui: Rendered) => toColumn(ui, 'turnover');

describe('companies screener: table and paging', () => {
  it("shows the registry's columns, identity verification overdue among them, scrolled to (issue 25 section 3)", async () => {
    const { ui } = screener(400, 30);
    await ready(ui);
    const header = () => ui.lines().find((l) => l.includes('Outstanding')) ?? '';
    expect(header()).toContain('Turnover (£m)');
    await toColumn(ui, 'directors_idv_overdue');
    await ui.waitFor(() => header().includes('Verification O'), 'the identity verification column');
  });

  it('shows the first page of 100 with the total, rendering only the rows that fit (120x40 and 80x24)', async () => {
    for (const [columns, rows] of [
      [120, 40],
      [80, 24],
    ]) {
      const { ui } = screener(columns, rows);
      await ready(ui);
      expect(fits(ui.frame(), columns, rows)).toBe(true);
      expect(ui.frame()).toContain('UK Company Screener · 250 companies');
      expect(footer(ui)).toContain('Page 1 of 3 · Showing 1 to 100 of 250 entries · 100 per page');
      const shown = ui.lines().filter((l) => / CO \d{3} LIMITED/.test(l));
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(rows - 5);
      expect(ui.frame()).not.toContain('CO 099 LIMITED');
      cleanup();
    }
  });

  it('pages with ] [ } { and jumps with :, clamping to the page count and refusing a non-number', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press(']');
    await ui.waitFor((f) => f.includes('Page 2 of 3'), 'page 2');
    expect(api.last().query.page).toBe(2);
    expect(ui.frame()).toContain('CO 100 LIMITED');
    await ui.press('}');
    await ui.waitFor((f) => f.includes('Showing 201 to 250 of 250 entries'), 'the last page');
    await ui.press('[');
    await ui.waitFor((f) => f.includes('Page 2 of 3'), 'back to 2');
    await ui.press('{');
    await ui.waitFor((f) => f.includes('Page 1 of 3'), 'first page');
    await ui.press(':');
    expect(ui.frame()).toContain('Go to page (1-3):');
    await ui.type('99');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Page 3 of 3'), 'clamped to 3');
    const calls = api.calls.length;
    await ui.press(':');
    await ui.type('two');
    await ui.press(KEY.enter);
    expect(ui.lines()[0]).toContain('Page: a whole number from 1 to 3');
    expect(footer(ui)).toContain('Page 3 of 3');
    expect(api.calls.length).toBe(calls);
  });

  it('moves the selection with j/k and PgDn, and Enter opens the selected company', async () => {
    const { ui } = screener();
    await ready(ui);
    await ui.press('j', 'j', KEY.down);
    expect(ui.frame()).toMatch(/› CO 003 LIMITED/);
    await ui.press('k');
    expect(ui.frame()).toMatch(/› CO 002 LIMITED/);
    await ui.press(KEY.pageDown);
    expect(ui.frame()).toMatch(/› CO 0[3-4]\d LIMITED/);
    expect(ui.frame()).not.toContain('CO 002 LIMITED');
    await ui.press('g', KEY.enter);
    await ui.waitFor((f) => f.split('\n')[0].includes('CO 000 LIMITED (10000000)'), 'the company screen');
  });

  it('offers the page sizes 10, 25, 50, 100 and keeps the page count right', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press('z');
    expect(footer(ui)).toMatch(/Rows per page:\s+10\s+25\s+50\s+\[100\]/);
    await ui.press(KEY.left, KEY.left, KEY.enter);
    await ui.waitFor((f) => f.includes('25 per page'), '25 a page');
    expect(api.last().query.page_size).toBe(25);
    expect(footer(ui)).toContain('Page 1 of 10');
  });
});

describe('companies screener at 80 columns', () => {
  it('shows the most telling columns first with short headers, the name readable and the number whole', async () => {
    const { ui } = screener(80, 24);
    await ready(ui);
    const header = ui.lines()[4];
    expect(header).toMatch(/Company Name\s+Number\s+Status\s+Turnover £m/);
    expect(header).not.toContain('Industry Group');
    const row = ui.lines().find((l) => l.includes('CO 000 LIMITED'))!;
    expect(row).toMatch(/CO 000 LIMITED\s+10000000/);
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    // the focus still reaches every shown column; Turnover is the fourth
    await ui.press('l', 'l', 'l');
    expect(ui.lines()[4]).toContain('›Turnover £m');
  });
});

describe('companies screener: sorting and filtering', () => {
  it('sorts by the focused column: descending, ascending, then the server order; back to page 1', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press(']');
    await ui.waitFor((f) => f.includes('Page 2 of 3'), 'page 2');
    await toTurnover(ui);
    expect(ui.lines()[4]).toContain('›Turnover (£m)');
    await ui.press('s');
    await ui.waitFor((f) => f.includes('Sort: Turnover ▼'), 'descending');
    expect(api.last().query).toMatchObject({ sort_by: 'turnover', sort_order: 'desc', page: 1 });
    expect(ui.frame()).toMatch(/› CO 249 LIMITED .* 249\.00/);
    await ui.press('s');
    await ui.waitFor((f) => f.includes('Sort: Turnover ▲'), 'ascending');
    expect(api.last().query).toMatchObject({ sort_by: 'turnover', sort_order: 'asc' });
    await ui.press('s');
    await ui.waitFor((f) => f.includes('Sort: none'), 'no sort');
    expect(api.last().query.sort_by).toBeUndefined();
  });

  it('filters the focused column in a popup: a bad value gets the spec message, a good one applies and returns to page 1', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press(']');
    await ui.waitFor((f) => f.includes('Page 2 of 3'), 'page 2');
    await toTurnover(ui);
    await ui.press('f');
    expect(ui.frame()).toContain('Filter Turnover');
    expect(ui.frame()).toContain('‹greater than›');
    const calls = api.calls.length;
    await ui.press(KEY.enter);
    expect(ui.frame()).toContain('Please enter a filter value');
    await ui.type('abc');
    await ui.press(KEY.enter);
    expect(ui.frame()).toContain('Please enter a filter value');
    expect(api.calls.length).toBe(calls);
    await ui.press('\u0015'); // Ctrl-U empties the field
    await ui.type('200m');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Filters: turnover>200000000'), 'the filter line');
    expect(ui.frame()).not.toContain('Filter Turnover');
    expect(api.last().query).toMatchObject({ page: 1, filters: [{ id: 'turnover', value: { type: 'greaterThan', value: 200_000_000 } }] });
    await ui.waitFor((f) => f.includes('Showing 1 to 49 of 49 entries'), '49 companies over £200m');
    expect(ui.lines()[4]).toContain('Turnover (£m)•');
    await ui.press('x');
    await ui.waitFor((f) => f.includes('Filters: none'), 'cleared');
    expect(footer(ui)).toContain('of 250 entries');
  });

  it('between needs two numbers ("Please enter valid numbers for between filter"); Ctrl-X clears; Esc closes', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await toTurnover(ui);
    await ui.press('f', KEY.tab, KEY.right, KEY.right);
    expect(ui.frame()).toContain('‹between›');
    await ui.press(KEY.tab);
    await ui.type('10m');
    await ui.press(KEY.enter);
    expect(ui.frame()).toContain('Please enter valid numbers for between filter');
    await ui.press(KEY.tab);
    await ui.type('12m');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Filters: turnover=10000000..12000000'), 'between applied');
    expect(api.last().query.filters).toEqual([
      { id: 'turnover', value: { type: 'between', value: 10_000_000, valueTo: 12_000_000, values: [] } },
    ]);
    await ui.press('f');
    expect(ui.frame()).toContain('From: 10000000');
    await ui.press(KEY.ctrlX);
    await ui.waitFor((f) => f.includes('Filters: none'), 'cleared by Ctrl-X');
    await ui.press('f', KEY.escape);
    expect(ui.frame()).not.toContain('Filter Turnover');
    await ui.press(KEY.escape);
    await ui.waitFor(
      (f) => f.includes('Choose a database') || f.split('\n')[0].trim() === 'Credence › UK Company Screener',
      'Esc left the popup only',
    );
  });

  it('a select column offers its options: none chosen says "Please select at least one value"; Space ticks', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await toColumn(ui, 'industry_sector');
    await ui.press('f');
    await ui.waitFor((f) => f.includes('[ ] Manufacturing'), 'the options');
    await ui.press(KEY.enter);
    expect(ui.frame()).toContain('Please select at least one value');
    expect(popup(ui)).toContain('[ ] Construction');
    await ui.type('manu');
    expect(popup(ui)).not.toContain('Construction');
    await ui.press(' ');
    expect(popup(ui)).toContain('[x] Manufacturing');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Filters: industry_sector=Manufacturing'), 'applied');
    expect(api.last().query.filters).toEqual([
      { id: 'industry_sector', value: { type: 'is_one_of', value: null, valueTo: null, values: ['Manufacturing'] } },
    ]);
    await ui.waitFor((f) => f.includes('of 63 entries'), 'a quarter of the companies');
  });

  it('searches names and numbers from /, and c clears filters and search', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press('/');
    await ui.type('co 12');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('of 10 entries'), 'CO 120 to CO 129');
    expect(api.last().query.global_filter).toBe('co 12');
    await ui.press('c');
    await ui.waitFor((f) => f.includes('of 250 entries'), 'all again');
    expect(api.last().query.global_filter).toBeUndefined();
  });

  it('reads keys typed faster than one render each ("z", ←, Enter in one read)', async () => {
    const { ui, api } = screener();
    await ready(ui);
    await ui.press(`z${KEY.left}${KEY.enter}`);
    await ui.waitFor((f) => f.includes('50 per page'), '50 a page');
    expect(api.last().query.page_size).toBe(50);
    await ui.press('jjj');
    expect(ui.frame()).toMatch(/› CO 003 LIMITED/);
  });
});
