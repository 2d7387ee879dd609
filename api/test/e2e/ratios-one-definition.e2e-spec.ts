import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import {
  ratioValueText,
  SCREENER_ROUTES,
  statementRatios,
  type CitedRatio,
  type RatioKey,
  type RatioStatement,
  type ResearchTable,
} from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { screenerPath } from '../support/screener-data.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * One definition per ratio (issue 27 §2): the same company's gearing, net debt, interest cover
 * and current ratio, as the chat, the summary sheet, the overview, the screener and the export
 * show them, are one value each; and the screener's SQL view (frozen in a migration) agrees with
 * the shared functions on every seeded company.
 */

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
type Row = Record<string, any>;

/** The four ratios, their screener column and their unit. */
const CHECKED: [RatioKey, string][] = [
  ['gearing', 'gearing'],
  ['netDebt', 'net_debt'],
  ['interestCover', 'interest_cover'],
  ['currentRatio', 'current_ratio'],
];

/** "£2,112,000", "-£12", "52.8%", "1.50x" → the number. */
const numberIn = (text: string): number => Number(String(text).replace(/[^0-9.-]/g, ''));

describe('one ratio definition across chat, summary sheet, overview, screener and export', () => {
  let t: TestApi;
  let token: string;
  let company: string;
  let statements: (RatioStatement & { company_number: string })[];

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await seedSampleData(t.api.dataSource, loadConfig(t.environment.env), {
      companies: 12,
      seed: 5,
      referenceDate: '2026-06-15',
      reporter: quiet,
    });
    statements = await t.api.dataSource.query(
      `SELECT DISTINCT ON (company_number) company_number, period_end::text AS period_end, fiscal_year, currency, document_id,
              turnover::float8 AS turnover, operating_profit::float8 AS operating_profit, net_profit_loss::float8 AS net_profit_loss,
              ebitda::float8 AS ebitda, total_assets::float8 AS total_assets, total_liabilities::float8 AS total_liabilities,
              net_assets::float8 AS net_assets, cash::float8 AS cash, debt_to_equity_ratio::float8 AS debt_to_equity_ratio,
              page_numbers, income_statement, balance_sheet, cash_flow, key_financials
         FROM financial_statements ORDER BY company_number, period_end DESC`,
    );
    // A company whose latest accounts name bank loans and interest: every ratio by its main formula.
    const full = statements.find((s) => {
      const r = statementRatios(s);
      return CHECKED.every(([key]) => r.find((x) => x.key === key && x.fallback === null));
    });
    if (!full) throw new Error('no seeded company with bank loans, interest and current assets');
    company = full.company_number;
  });
  after(() => t.close());

  const get = async (path: string) => {
    const reply = await t.request('GET', path, { token });
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const screenerRows = async (): Promise<Row[]> => (await get(screenerPath(SCREENER_ROUTES.companies, { page_size: 100 }))).data.companies;

  it('the screener SQL (frozen in its migration) and the shared functions agree on every company', async () => {
    const rows = new Map((await screenerRows()).map((r) => [r.company_number, r]));
    let compared = 0;
    for (const s of statements) {
      const row = rows.get(s.company_number);
      if (!row) continue;
      const shared = new Map(
        statementRatios(
          s,
          CHECKED.map(([k]) => k),
        ).map((r) => [r.key, r.value]),
      );
      for (const [key, column] of CHECKED) {
        expect({ company: s.company_number, key, value: row[column] ?? null }).toEqual({
          company: s.company_number,
          key,
          value: shared.get(key) ?? null,
        });
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(CHECKED.length * 8);
  });

  it('renders one value per ratio in chat, summary sheet, overview, screener and export', async () => {
    const overview = await get(`/api/companies_house/get_overview?company_number=${company}`);
    const ratios: CitedRatio[] = overview.insights.ratios;
    const byKey = new Map(ratios.map((r) => [r.key, r]));
    const text = (key: RatioKey) => ratioValueText(byKey.get(key)!.value, byKey.get(key)!.unit, byKey.get(key)!.currency);

    // Overview: every input cited with a page; the formula is the one definition's.
    for (const [key] of CHECKED) {
      const r = byKey.get(key)!;
      expect(r.fallback).toBeNull();
      expect(r.inputs.every((i) => typeof i.pageNumber === 'number')).toBe(true);
    }
    expect(byKey.get('gearing')!.formula).toBe('net debt / net assets × 100');

    // Screener and export: the same numbers.
    const filters = [{ id: 'company_number', value: { type: 'equals', value: company } }];
    const [row] = (await get(screenerPath(SCREENER_ROUTES.companies, { filters }))).data.companies as Row[];
    const exported = await fetch(t.url + screenerPath(SCREENER_ROUTES.companiesExport, { filters, format: 'json' }), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    const [line] = (await exported.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    for (const [key, column] of CHECKED) {
      expect([key, row[column]]).toEqual([key, byKey.get(key)!.value]);
      expect([key, line[column]]).toEqual([key, byKey.get(key)!.value]);
    }

    // Chat (capital structure) and summary sheet: the same figures, each shown with its formula.
    const ask = async (query: string, chatId: string) => {
      const stream = await openSse(`${t.url}/api/research/ask`, { body: { query, company_number: company, chat_id: chatId }, token });
      expect(stream.status).toBe(200);
      const events = await stream.finished(60_000);
      const done = events.at(-1)!.data.answer as { text: string; tables: ResearchTable[] };
      return done;
    };
    const capital = await ask('Capital structure analysis', 'ratios-capital');
    const table = capital.tables.find((tb) => tb.title === 'Capital structure by year')!;
    const latest = (label: RegExp) => String(table.rows.find((r) => label.test(String(r[0])))!.at(-1));
    expect(latest(/^Gearing \(net debt \/ net assets × 100\)$/)).toBe(text('gearing'));
    expect(latest(/^Interest cover \(/)).toBe(text('interestCover'));
    expect(numberIn(latest(/^Net debt \(/))).toBe(byKey.get('netDebt')!.value);

    const sheet = await ask('Create a summary sheet', 'ratios-sheet');
    const said = (label: string) => new RegExp(`- ${label}: ([^ (\\n]+)`).exec(sheet.text)?.[1];
    expect(said('Gearing')).toBe(text('gearing'));
    expect(said('Interest cover')).toBe(text('interestCover'));
    expect(said('Current ratio')).toBe(text('currentRatio'));
    expect(numberIn(said('Net debt')!)).toBe(byKey.get('netDebt')!.value);
    expect(sheet.text).toContain('net debt / net assets × 100');
    expect(sheet.text).toContain('current assets / creditors due within one year');
  });
});
