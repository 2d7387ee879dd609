/**
 * A company in the full-screen UI (spec 2 2.4-2.9): the sidebar of the sections that have data
 * and Filings, the scrolling document, lazy officers, the scroll observer, filings with their
 * labels, a company that is not found, and 80x24.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { ACME, ACME_FILINGS, ACME_FINANCIALS, ACME_OFFICERS, ACME_OVERVIEW, EMPTY, EMPTY_OVERVIEW } from '../support/explorer-fixtures.js';
import { ApiError } from '@credence/shared';
import { fakeClient, fits, KEY, ME, renderApp, type Rendered } from './harness.js';

afterEach(() => cleanup());

function companyScreen(number = ACME, columns = 100, rows = 30) {
  const calls: string[] = [];
  const client = fakeClient({
    me: async () => ME,
    overview: async (n: string) => {
      calls.push(`overview ${n}`);
      if (n === ACME) return ACME_OVERVIEW;
      if (n === EMPTY) return EMPTY_OVERVIEW;
      throw new ApiError({ status: 404, error: 'Not found', call: 'GET /api/companies_house/get_overview' });
    },
    officers: async (n: string) => {
      calls.push(`officers ${n}`);
      return ACME_OFFICERS;
    },
    aggregatedFinancials: async (n: string) => {
      calls.push(`financials ${n}`);
      return ACME_FINANCIALS;
    },
    filings: async (n: string) => {
      calls.push(`filings ${n}`);
      return ACME_FILINGS;
    },
  });
  const ui = renderApp({ client, initial: [{ name: 'company', companyNumber: number }], columns, rows });
  return { ui, calls };
}

/** The sidebar: the text left of its border on each line. */
const sidebar = (ui: Rendered) =>
  ui
    .lines()
    .slice(2, -1)
    .map((l) => l.split('│')[0].trim())
    .filter(Boolean);
const content = (ui: Rendered) =>
  ui
    .lines()
    .slice(2, -1)
    .map((l) => l.split('│').slice(1).join('│'))
    .join('\n')
    .replace(/\u001b\[[0-9;]*m/g, '');

describe('company view', () => {
  it('lists the sections that have data, then Filings, beside the overview', async () => {
    const { ui } = companyScreen();
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    expect(sidebar(ui)).toEqual([
      '› Overview',
      'Company Profile',
      'Key Financials',
      'Leadership',
      'PSCs',
      'Creditor and Charges',
      'Capital Overview',
      'Compliance Tracker',
      'Risk Profile',
      'Auditor',
      'Filings',
    ]);
    expect(content(ui)).toContain('ACME WIDGETS LIMITED');
    expect(content(ui)).toContain('Business Overview');
    expect(ui.lines()[1]).toContain('ACME WIDGETS LIMITED · 01234567');
  });

  it('opens a company in administration with the red distress banner on top of its document, at 80x24', async () => {
    const distressed = { ...ACME_OVERVIEW, company_profile: { ...ACME_OVERVIEW.company_profile, company_status: 'In Administration' } };
    const client = fakeClient({
      me: async () => ME,
      overview: async () => distressed,
      officers: async () => ACME_OFFICERS,
      aggregatedFinancials: async () => ACME_FINANCIALS,
      filings: async () => ACME_FILINGS,
    });
    const ui = renderApp({ client, initial: [{ name: 'company', companyNumber: ACME }], columns: 80, rows: 24 });
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    const top = content(ui).split('\n');
    expect(top[0].trim()).toBe('IN ADMINISTRATION');
    expect(top.slice(1, 4).join(' ')).toContain('Companies House status: In Administration.');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
  });

  it('shows only the sections with data for a bare company, with the sample-data notice', async () => {
    const { ui } = companyScreen(EMPTY);
    await ui.waitFor((f) => f.includes('EMPTY SHELL LTD'), 'the company');
    expect(sidebar(ui)).toEqual(['› Overview', 'Company Profile', 'Leadership', 'PSCs', 'Compliance Tracker', 'Filings']);
    expect(content(ui)).toContain('Sample data: generated for demonstration');
  });

  it('walks the sections from the sidebar: the text scrolls to each, and Leadership loads the officers once', async () => {
    const { ui, calls } = companyScreen();
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    await ui.press('j');
    expect(sidebar(ui)).toContain('› Company Profile');
    expect(content(ui).split('\n')[0]).toMatch(/── Company Profile/);
    await ui.press('j');
    await ui.waitFor(() => calls.includes(`financials ${ACME}`), 'the statements');
    await ui.press('j');
    await ui.waitFor((f) => f.includes('DOE, Jane') || f.includes('Doe'), 'the officers');
    expect(content(ui).split('\n')[0]).toMatch(/── Leadership/);
    await ui.press('n', 'p', 'p', 'n');
    expect(calls.filter((c) => c.startsWith('officers'))).toHaveLength(1);
    for (let i = 0; i < 6; i++) await ui.press('j');
    expect(sidebar(ui)).toContain('› Auditor');
    expect(content(ui)).toContain('Grant & Co LLP');
  });

  it('scrolls the text with Tab then j/PgDn/G, and the sidebar follows the section at the top', async () => {
    const { ui } = companyScreen();
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    await ui.press(KEY.tab);
    const first = content(ui).split('\n')[0];
    await ui.press('j');
    expect(content(ui).split('\n')[0]).not.toBe(first);
    await ui.press(KEY.pageDown, KEY.pageDown);
    expect(sidebar(ui).find((s) => s.startsWith('›'))).not.toBe('› Overview');
    await ui.press('G');
    await ui.waitFor((f) => f.includes('Grant & Co LLP'), 'the end');
    expect(sidebar(ui)).toContain('› Auditor');
    await ui.press('g');
    expect(sidebar(ui)).toContain('› Overview');
    expect(content(ui).split('\n')[0]).toContain('ACME WIDGETS LIMITED');
  });

  it('lists the filings by category, newest first, labelled "category: date - description" cut at 30', async () => {
    const { ui, calls } = companyScreen();
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    await ui.press('G');
    await ui.waitFor((f) => f.includes('accounts: 20/06/2026'), 'the filings');
    expect(calls.filter((c) => c.startsWith('filings'))).toHaveLength(1);
    const text = content(ui);
    expect(text.indexOf(' accounts\n') >= 0 || /\n\s*›?\s*accounts\s*$/m.test(text)).toBe(true);
    expect(text).toContain('accounts: 20/06/2026 - Full ac...');
    expect(text.indexOf('accounts: 20/06/2026')).toBeLessThan(text.indexOf('accounts: 18/06/2025'));
    expect(text.indexOf('capital: ')).toBeGreaterThan(text.indexOf('accounts: 18/06/2025'));
    await ui.press(KEY.tab, KEY.enter);
    await ui.waitFor((f) => f.includes(`credence filing ${ACME} TxAccounts2025 --output filing.pdf`), 'the filing detail');
    expect(ui.frame()).toContain('Full accounts made up to 31 December 2025');
    await ui.press('j', KEY.enter);
    expect(ui.frame()).toContain('Full accounts made up to 31 December 2024');
  });

  it('says when a company number is not found', async () => {
    const { ui } = companyScreen('99999999');
    await ui.waitFor((f) => f.includes('Company with number 99999999 not found.'), 'the message');
  });

  it('fits 80x24 and follows a resize', async () => {
    const { ui } = companyScreen(ACME, 80, 24);
    await ui.waitFor((f) => f.includes('Key Figures'), 'the overview');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    await ui.press('j', 'j', 'j');
    expect(fits(ui.frame(), 80, 24)).toBe(true);
    ui.setSize(120, 40);
    await ui.waitFor((f) => fits(f, 120, 40), '120x40');
    await ui.press('b');
    expect(sidebar(ui)).not.toContain('Company Profile');
    expect(fits(ui.frame(), 120, 40)).toBe(true);
  });
});
