/**
 * GET /api/research/page_text over HTTP on a seeded sample company: the page a built-in answer
 * cites for the turnover holds the figure on a line with its boxes; an unknown page, document or
 * company is a 404 that says what is missing; no token is a 401; a page that is not a positive
 * whole number is a 400.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_SAMPLE_COMPANY_NUMBER, type FilingPageText, type ResearchAnswer, type ResearchCitation } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { formatAmount } from '../../src/platform/register/documents/accounts-format.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;
const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('research page text: a filing page as lines, over HTTP', () => {
  let t: TestApi;
  let token: string;
  let turnover: string;
  let cited: ResearchCitation;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await seedSampleData(t.api.dataSource, loadConfig(t.environment.env), {
      companies: 2,
      seed: 5,
      referenceDate: '2026-06-15',
      reporter: quiet,
    });
    const [row] = await t.api.dataSource.query(
      `SELECT turnover::float8 AS turnover FROM financial_statements WHERE company_number = $1 ORDER BY period_end DESC LIMIT 1`,
      [COMPANY],
    );
    turnover = formatAmount(row.turnover);
    const stream = await openSse(`${t.url}/api/research/ask`, {
      body: { query: 'Create a summary sheet', company_number: COMPANY },
      token,
    });
    const events = await stream.finished(60_000);
    const answer = events.at(-1)!.data.answer as ResearchAnswer;
    const found = answer.citations.find((c) => c.kind === 'filing' && c.verified && c.quote?.includes(turnover));
    if (!found) throw new Error(`no verified citation quotes the turnover ${turnover}`);
    cited = found;
  });
  after(() => t.close());

  const pageText = (query: Record<string, string | number>, auth: string | null = token) =>
    t.request<FilingPageText & { error?: string; message?: string }>(
      'GET',
      `/api/research/page_text?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
      auth ? { token: auth } : {},
    );

  it('answers the cited accounts page: its title, page count and the line that holds the figure, with its boxes', async () => {
    const reply = await pageText({ company_number: COMPANY, document_id: cited.document_id, page: cited.page! });
    expect(reply.status).toBe(200);
    const page = reply.body;
    expect(page).toMatchObject({ company_number: COMPANY, document_id: cited.document_id, page: cited.page, title: cited.title });
    expect(page.pages).toBeGreaterThanOrEqual(cited.page!);
    expect(page.lines.length).toBeGreaterThan(3);
    const line = page.lines.find((l) => l.text.includes(turnover) && squeeze(cited.quote!).includes(squeeze(l.text)));
    expect(line).toBeDefined();
    expect(line!.boxes.length).toBeGreaterThan(0);
    for (const box of line!.boxes) {
      expect(box.page).toBe(cited.page);
      expect(box.x1).toBeGreaterThan(box.x0);
      expect(box.bottom).toBeGreaterThan(box.top);
    }
    // the citation's own boxes are boxes of the page's lines
    const all = page.lines.flatMap((l) => l.boxes);
    for (const box of cited.boxes ?? []) expect(all).toContainEqual(box);
  });

  it('an unknown page, document or company is a 404 that says what is missing', async () => {
    const past = await pageText({ company_number: COMPANY, document_id: cited.document_id, page: 999 });
    expect(past.status).toBe(404);
    expect(JSON.stringify(past.body)).toMatch(/there is no page 999/);
    const document = await pageText({ company_number: COMPANY, document_id: 'NoSuchDocument123', page: 1 });
    expect(document.status).toBe(404);
    expect(JSON.stringify(document.body)).toContain('no filing document NoSuchDocument123');
    const company = await pageText({ company_number: '99999998', document_id: cited.document_id, page: 1 });
    expect(company.status).toBe(404);
  });

  it('a page that is not a positive whole number is a 400, an unknown parameter too', async () => {
    for (const page of [0, -1, 1.5, 'two']) {
      const reply = await pageText({ company_number: COMPANY, document_id: cited.document_id, page });
      expect(reply.status).toBe(400);
    }
    const extra = await pageText({ company_number: COMPANY, document_id: cited.document_id, page: 1, sql: 'x' });
    expect(extra.status).toBe(400);
  });

  it('without a token it is a 401', async () => {
    const reply = await pageText({ company_number: COMPANY, document_id: cited.document_id, page: cited.page! }, null);
    expect(reply.status).toBe(401);
  });
});
