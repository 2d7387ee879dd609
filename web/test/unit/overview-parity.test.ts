/**
 * The web and the terminal show the same facts for a company (issue 13, one presentation layer):
 * the web's overview components rendered on the server, the terminal's company view as plain
 * text, and the facts read back from both: distress banner, status, address, SIC codes, key
 * figures with their latest year, ratios of a statement, charge counts, average duration and
 * the registry link. If either side decides one of these rules on its own, this fails.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import {
  chargeStatistics,
  confirmationStatementAnalysis,
  createCompanyOverviewViewModel,
  type CompanyOverviewViewModel,
  companyDistress,
  keyFigures,
  KPI_CARD_KEYS,
  FINANCIAL_SUMMARY_LABELS,
  type ChargeStatistics,
  type ChargeView,
  type CompanyOverview,
  type FinancialSummary,
  type KeyFigures,
  type OverviewInsights,
  type SeriesItem,
  type StatementYear,
} from '@credence/shared';
import { filing, insights, overview, profile } from '@credence/shared/testing';
import { CompanyHeader } from '../../src/pages/uk/company-header.tsx';
import { CompanyProfile, KpiCards } from '../../src/pages/uk/overview-sections.tsx';
import { ChargesPanel } from '../../src/pages/uk/charges-panel.tsx';
import { CompliancePanel } from '../../src/pages/uk/compliance-panel.tsx';
import { StatementTable } from '../../src/pages/uk/statement-table.tsx';
import { cliModule, type Style, type View } from '../support/cli-modules.ts';

/** The parts of the cli's company view (cli/src/commands/company-view.ts) this test calls, typed here so the web compiles alone. */
interface CompanyViewModule {
  headerLines(overview: CompanyOverview, view: View): string[];
  profileLines(overview: CompanyOverview, view: View, full: boolean): string[];
  keyFigureLines(figures: KeyFigures | null | undefined, view: View): string[];
  chargeSummaryLines(stats: ChargeStatistics | null | undefined, view: View): string[];
  complianceLines(cs: OverviewInsights['confirmation_statement'] | null | undefined, view: View, options: { events: number }): string[];
  statementLines(title: string, statement: readonly StatementYear[], view: View, withChange?: boolean): string[];
}
interface TextModule {
  PLAIN: Style;
  styleFor(color: boolean): Style;
}

const { chargeSummaryLines, complianceLines, headerLines, keyFigureLines, profileLines, statementLines } =
  await cliModule<CompanyViewModule>('commands/company-view.js');
const { PLAIN, styleFor } = await cliModule<TextModule>('output/text.js');

const NOW = new Date('2026-06-01T12:00:00Z');

// ---------------------------------------------------------------- one company, as the API answers it

function series(values: Record<number, number>, currency = 'GBP'): SeriesItem[] {
  return Object.entries(values).map(([year, value]) => ({
    year: Number(year),
    value,
    currency,
    pageNumber: 4,
    term: null,
    document_id: 'doc-2024',
  }));
}

// 2024 is the latest year with figures; turnover has no 2024 figure, so its card reads "-".
const SUMMARY = {
  turnover: series({ 2022: 9_000_000, 2023: 12_345_678 }),
  operatingProfit: series({ 2023: 1_250_000, 2024: -400_000 }),
  EBITDA: series({ 2023: 2_000_000, 2024: 1_500_000 }),
  netProfitLoss: series({ 2023: 500_000, 2024: -900_000 }),
  totalAssets: series({ 2023: 50_000_000, 2024: 48_000_000 }),
  totalLiabilities: series({ 2023: 30_000_000, 2024: 41_000_000 }),
  netAssets: series({ 2023: 20_000_000, 2024: 7_000_000 }),
  cash: series({ 2023: 750_000, 2024: 80_000 }),
  employeeCount: series({ 2023: 120, 2024: 95 }, ''),
} as FinancialSummary;

const charge = (id: string, status: string, created: string, satisfied: string | null, lender: string): ChargeView => ({
  charge_id: id,
  charge_number: Number(id.slice(1)),
  charge_code: `0812345600${id.slice(1)}`,
  etag: null,
  status,
  created_on: created,
  delivered_on: created,
  satisfied_on: satisfied,
  classification: { type: 'charge-description', description: 'A registered charge' },
  particulars: {
    type: null,
    description: 'Fixed and floating charges over the undertaking',
    contains_fixed_charge: true,
    contains_floating_charge: true,
    contains_negative_pledge: false,
    floating_charge_covers_all: true,
  },
  persons_entitled: [{ name: lender }],
  transactions: [],
});
const CHARGES = [
  charge('c1', 'outstanding', '2021-03-01', null, 'HSBC UK Bank PLC'),
  charge('c2', 'part-satisfied', '2019-07-15', null, 'Barclays Bank PLC'),
  charge('c3', 'fully-satisfied', '2015-01-10', '2018-01-10', 'HSBC UK Bank PLC'),
];

// two confirmation statements, the second filed 20 days after its review end; the next one is overdue by NOW
const CS_FILINGS = [
  filing({
    transaction_id: 'cs1',
    category: 'confirmation-statement',
    type: 'CS01',
    date: '2024-04-02',
    description: 'confirmation-statement-with-no-updates',
    description_values: { made_up_date: '2024-03-25' },
  }),
  filing({
    transaction_id: 'cs2',
    category: 'confirmation-statement',
    type: 'CS01',
    date: '2025-04-14',
    description: 'confirmation-statement-with-updates',
    description_values: { made_up_date: '2025-03-25' },
  }),
];

const RATIOS: StatementYear[] = [2023, 2024].map((year) => ({
  year,
  period_start: `${year}-01-01`,
  period_end: `${year}-12-31`,
  currency: 'GBP',
  document_id: `doc-${year}`,
  lines: [
    { key: 'turnover', label: 'Turnover', value: year === 2024 ? 11_000_000 : 12_345_678, currency: 'GBP', pageNumber: 5, term: null },
    { key: 'grossMargin', label: 'Gross margin (%)', value: year === 2024 ? 31.456 : 35.1, currency: 'GBP', pageNumber: 5, term: null },
    {
      key: 'debtToEquityRatio',
      label: 'Debt to equity ratio',
      value: year === 2024 ? 5.857 : 1.5,
      currency: 'GBP',
      pageNumber: 5,
      term: null,
    },
    { key: 'currentRatio', label: 'Current ratio', value: year === 2024 ? 0.62 : 1.1, currency: 'GBP', pageNumber: 5, term: null },
    { key: 'employeeCount', label: 'Employees', value: year === 2024 ? 95 : 120, currency: 'GBP', pageNumber: 5, term: null },
  ],
}));

const DISTRESSED: CompanyOverview = overview({
  company_profile: profile({
    company_name: 'NORTHERN FOUNDRY & FORGE LIMITED',
    company_number: '08123456',
    company_status: 'In Administration',
    incorporation_date: '2012-06-26',
    registered_address: JSON.stringify({
      CareOf: 'Begbies Traynor',
      AddressLine1: '340 Deansgate',
      AddressLine2: 'Castlefield',
      PostTown: 'Manchester',
      Country: 'England',
      PostCode: 'M3 4LY',
    }),
    company_metadata: JSON.stringify({
      'SICCode.SicText_1': '24100 - Manufacture of basic iron and steel and of ferro-alloys',
      'SICCode.SicText_2': '25500 - Forging, pressing, stamping and roll-forming of metal; powder metallurgy',
    }),
    sic_codes: ['24100', '25500'],
  }),
  financial_summary: SUMMARY,
  charges: { charges: CHARGES },
  insights: insights(
    {
      key_figures: keyFigures(SUMMARY),
      charges: chargeStatistics(CHARGES, NOW),
      distress: companyDistress('In Administration'),
      confirmation_statement: confirmationStatementAnalysis(CS_FILINGS, NOW),
    },
    NOW,
  ),
});

const QUIET: CompanyOverview = overview({
  company_profile: profile({
    company_name: 'QUIET HOLDINGS LTD',
    company_number: 'SC612345',
    company_status: 'active',
    registered_address: '{}',
    company_metadata: '{}',
    sic_codes: ['99999'],
  }),
});

// ---------------------------------------------------------------- reading the facts back

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all);
/** The text of the first element with this class, tags dropped. */
function textOfClass(html: string, className: string): string | null {
  const match = new RegExp(`<(\\w+)[^>]*class="[^"]*\\b${className}\\b[^"]*"[^>]*>`).exec(html);
  if (!match) return null;
  const rest = html.slice(match.index);
  const close = rest.indexOf(`</${match[1]}>`);
  return decode(rest.slice(match[0].length, close).replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
/** The <dd> after the <dt> with this label, as its lines (spans), or its text. */
function definition(html: string, term: RegExp): string[] {
  const match = new RegExp(`<dt>(${term.source})</dt><dd>([\\s\\S]*?)</dd>`).exec(html);
  assert.ok(match, `no ${term} in ${html}`);
  const lines = [...match[2].matchAll(/<span[^>]*class="[^"]*(?:address-line|status-badge)[^"]*"[^>]*>([^<]*)<\/span>/g)].map((m) =>
    decode(m[1]),
  );
  return lines.length > 0 ? lines : [decode(match[2].replace(/<[^>]+>/g, '')).trim()];
}
const render = (element: ReactElement) => renderToStaticMarkup(createElement(MemoryRouter, null, element));

/** The compliance tracker's facts from the web's cards: status, due, health and the reason for it (issue 27). */
function complianceOf(html: string) {
  const headlines = [...html.matchAll(/insight-card__headline">([^<]*)</g)].map((m) => decode(m[1]));
  if (headlines.length === 0) return null;
  const due = /Next due [^<(]*\(([^)]*)\)/.exec(decode(html.replace(/<!-- -->/g, '')))?.[1] ?? null;
  return {
    status: headlines[0],
    due,
    health: headlines[1],
    reason: decode(/insight-card__reason">([^<]*)</.exec(html)?.[1] ?? ''),
  };
}

function webFacts(o: CompanyOverview) {
  const header = render(createElement(CompanyHeader, { profile: o.company_profile, notice: null }));
  const profileHtml = render(createElement(CompanyProfile, { overview: o }));
  const kpis = o.financial_summary ? render(createElement(KpiCards, { overview: o })) : '';
  const charges = render(createElement(ChargesPanel, { overview: o }));
  const statement = render(createElement(StatementTable, { years: RATIOS, companyNumber: o.company_profile.company_number }));
  // the compliance tracker with its health details open
  const model: CompanyOverviewViewModel = createCompanyOverviewViewModel({ client: {} as never });
  model.togglePanel('compliance:health');
  const compliance = render(createElement(CompliancePanel, { model, overview: o }));
  const card = (key: string) => {
    const at = kpis.indexOf(`data-metric="${key}"`);
    const html = kpis.slice(at, kpis.indexOf('</div>', at));
    return { value: textOfClass(html, 'kpi-card__value'), change: textOfClass(html, 'kpi-card__change') };
  };
  const stat = (label: string) =>
    new RegExp(`stat-card__label">${label}</span><span class="stat-card__value">([^<]*)<`).exec(charges)?.[1] ?? null;
  const row = (label: string) => {
    const tr = new RegExp(`<th scope="row">${label.replace(/[()]/g, '\\$&')}</th>([\\s\\S]*?)</tr>`).exec(statement)![1];
    return [...tr.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => decode(m[1].replace(/<[^>]+>/g, '')).trim());
  };
  const distress = textOfClass(header, 'distress-banner__title');
  return {
    distress: distress ? { title: distress, text: textOfClass(header, 'distress-banner__text') } : null,
    registry: /href="(https:\/\/find-and-update[^"]+)"/.exec(header)?.[1] ?? null,
    status: definition(profileHtml, /Status/)[0],
    statusColour: /class="status-badge status-badge--(\w+)"/.exec(profileHtml)?.[1] ?? null,
    address: definition(profileHtml, /Registered address/).filter((line) => line !== ''),
    sic: definition(profileHtml, /SIC codes?/),
    year: kpis ? /Financial year (\w+)/.exec(kpis)![1] : null,
    figures: o.financial_summary ? Object.fromEntries(KPI_CARD_KEYS.map((key) => [key, card(key)])) : null,
    charges: { total: stat('Total'), active: stat('Active'), satisfied: stat('Satisfied'), duration: stat('Avg. duration') },
    compliance: complianceOf(compliance),
    // the FY columns (newest first) of the ratio lines and the employees; the change column left out
    ratios: ['Gross margin (%)', 'Debt to equity ratio', 'Current ratio', 'Employees'].map((label) => [label, ...row(label).slice(0, 2)]),
  };
}

const SGR_COLOURS: Record<string, string> = { '32': 'green', '33': 'yellow', '31': 'red', '2': 'grey' };
/** The colour of the value of a labelled line: the SGR code just before its text. */
function colourOf(line: string): string | null {
  const codes = [...line.matchAll(/\u001b\[([0-9;]+)m(?=[^\u001b])/g)].map((m) => m[1]);
  return SGR_COLOURS[codes.at(-1) ?? ''] ?? null;
}

function terminalFacts(o: CompanyOverview) {
  const view: View = { width: 120, tableWidth: 200, style: PLAIN, now: NOW };
  const header = headerLines(o, view);
  const profileText = profileLines(o, view, true);
  /** The value lines of a labelled pair (the first, then the lines indented under it). */
  const values = (lines: string[], label: RegExp) => {
    const i = lines.findIndex((l) => new RegExp(`^ *(${label.source})  `).test(l));
    if (i < 0) return null;
    const parts = [
      lines[i]
        .trimStart()
        .replace(new RegExp(`^(${label.source})`), '')
        .trim(),
    ];
    for (const next of lines.slice(i + 1)) {
      if (!/^ {10,}\S/.test(next)) break; // the lines under the first
      parts.push(next.trim());
    }
    return parts;
  };
  const pair = (lines: string[], label: string) => values(lines, new RegExp(label.replace(/[()]/g, '\\$&')))?.join(' ') ?? null;
  const cells = (lines: string[], label: string) =>
    lines
      .find((l) => l.trimStart().startsWith(label))!
      .trim()
      .slice(label.length)
      .trim()
      .split(/\s{2,}/);
  // the banner: its title on a line of its own, then its text (wrapped) above the company name
  const nameAt = header.indexOf(o.company_profile.company_name);
  const banner = nameAt > 0 ? { title: header[0].trim(), text: header.slice(1, nameAt).join(' ') } : null;
  const figures = keyFigureLines(o.insights?.key_figures, view);
  const year = o.insights?.key_figures ? /Key Figures · FY(\d+)/.exec(figures[0])![1] : null;
  const charges = chargeSummaryLines(o.insights?.charges, view);
  const statement = statementLines('Key Financials', RATIOS, view, true);
  const cs = complianceLines(o.insights?.confirmation_statement, view, { events: 0 });
  const csStatus = pair(cs, 'Status');
  const csHealth = pair(cs, 'Compliance health');
  const sic = values(profileText, /SIC codes?/)!;
  const address = pair(profileText, 'Registered address')!;
  return {
    distress: banner,
    registry: /https:\/\/find-and-update\S+/.exec(profileText.join('\n'))?.[0] ?? null,
    status: pair(profileText, 'Status'),
    statusColour: colourOf(profileLines(o, { ...view, style: styleFor(true) }, true).find((l) => l.includes('Status'))!),
    address: address === 'N/A' ? [] : address.split(', '),
    sic,
    year,
    figures: o.insights?.key_figures
      ? Object.fromEntries(
          KPI_CARD_KEYS.map((key) => {
            const [value, , change] = cells(figures, FINANCIAL_SUMMARY_LABELS[key]);
            return [key, { value, change: change === 'N/A' ? 'N/A' : `${change} YoY` }];
          }),
        )
      : null,
    charges: o.insights?.charges
      ? {
          total: pair(charges, 'Total'),
          active: pair(charges, 'Active')!.split(' ')[0],
          satisfied: pair(charges, 'Satisfied'),
          duration: pair(charges, 'Average duration'),
        }
      : { total: null, active: null, satisfied: null, duration: null },
    ratios: ['Gross margin (%)', 'Debt to equity ratio', 'Current ratio', 'Employees'].map((label) => [
      label,
      ...cells(statement, label).slice(0, 2),
    ]),
    compliance:
      csStatus && csHealth
        ? {
            status: csStatus.split(' · ')[0],
            due: /\(([^)]*)\)$/.exec(csStatus)?.[1] ?? null,
            health: csHealth.split(': ')[0],
            reason: csHealth.slice(csHealth.indexOf(': ') + 2),
          }
        : null,
  };
}

describe('the web and the terminal show the same facts for a company', () => {
  it('a company in administration: banner, status, address, SIC, key figures of the latest year, ratios, charges, registry', () => {
    const web = webFacts(DISTRESSED);
    const terminal = terminalFacts(DISTRESSED);
    // what the facts are (so that both agreeing on something wrong fails too)
    assert.deepEqual(web.distress, {
      title: 'In administration',
      text: 'Companies House status: In Administration. An administrator runs the company for its creditors.',
    });
    assert.equal(web.status, 'In Administration');
    assert.equal(web.statusColour, 'yellow'); // spec 2 2.5: liquidation (every insolvency) yellow; the banner is the red
    assert.deepEqual(web.address, ['c/o Begbies Traynor', '340 Deansgate', 'Castlefield', 'Manchester', 'England', 'M3 4LY']);
    assert.equal(web.sic.length, 2);
    assert.equal(web.year, '2024');
    assert.deepEqual(web.figures!.turnover, { value: '-', change: 'N/A' });
    assert.deepEqual(web.figures!.totalLiabilities, { value: '£41.0M', change: '+36.7% YoY' });
    assert.deepEqual({ ...web.charges, duration: null }, { total: '3', active: '2', satisfied: '1', duration: null });
    assert.match(web.charges.duration!, /^\d+\.\d months$/);
    assert.deepEqual(web.ratios[1], ['Debt to equity ratio', '5.86', '1.50']);
    assert.equal(web.registry, 'https://find-and-update.company-information.service.gov.uk/company/08123456/filing-history');
    assert.equal(web.compliance!.status, 'Overdue');
    assert.match(web.compliance!.due!, /^\d+ days overdue$/);
    // Overdue makes it poor whatever the history, so the overdue date is the reason given.
    assert.equal(web.compliance!.health, 'POOR');
    assert.match(web.compliance!.reason, /^confirmation statement overdue since \d{1,2} [A-Z][a-z]+ \d{4}$/);
    // and the terminal shows the same
    assert.deepEqual(terminal.distress, { ...web.distress!, title: web.distress!.title.toUpperCase() });
    assert.deepEqual({ ...terminal, distress: null }, { ...web, distress: null });
  });

  it('an active company without figures or charges: no banner, the same status, SIC and empty address', () => {
    const web = webFacts(QUIET);
    const terminal = terminalFacts(QUIET);
    assert.equal(web.distress, null);
    assert.equal(web.status, 'Active');
    assert.equal(web.statusColour, 'green');
    assert.deepEqual(web.sic, ['99999 - Dormant Company']);
    assert.deepEqual(web.address, []);
    assert.equal(web.registry, 'https://find-and-update.company-information.service.gov.uk/company/SC612345/filing-history');
    assert.deepEqual(terminal, web);
  });
});
