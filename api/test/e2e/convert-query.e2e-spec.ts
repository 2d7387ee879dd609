import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, checkColumnFilters } from '@credence/shared';
import { startTestApi, type TestApi } from '../support/test-api.js';

const PATH = '/api/companies_house/convert-query-to-filters';

describe('POST companies_house/convert-query-to-filters', () => {
  let t: TestApi;
  let token: string;

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
  });
  after(() => t.close());

  const convert = (body: unknown) => t.request('POST', PATH, { token, body });

  it('needs a signed-in user', async () => {
    const reply = await t.request('POST', PATH, { body: { query: 'turnover over 10m' } });
    expect(reply.status).toBe(401);
  });

  it('turns a query with several conditions into companies-screener filters', async () => {
    const reply = await convert({ query: 'Show me manufacturing companies with turnover over £10m and at least 50 employees, filed in 2023' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: 'success',
      filters: [
        { id: 'industry_sector', value: { type: 'is_one_of', values: ['Manufacturing'] } },
        { id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } },
        { id: 'currency', value: { type: 'is_one_of', values: ['GBP'] } },
        { id: 'employee_count', value: { type: 'greaterThan', value: 49 } },
        { id: 'filing_year', value: { type: 'is_one_of', values: ['2023'] } },
      ],
      explanation: 'Industry sector: Manufacturing; Turnover over £10m; Currency GBP; Employees at least 50; Filed in 2023',
      unplaced: [],
    });
  });

  it('places SIC codes, charges and names', async () => {
    const reply = await convert({ query: 'SIC 62012 called "Northern Light" with outstanding charges' });
    expect(reply.status).toBe(200);
    expect(reply.body.filters).toEqual([
      { id: 'sic_code', value: { type: 'is_one_of', values: ['62012'] } },
      { id: 'company_name', value: { type: 'contains', value: 'Northern Light' } },
      { id: 'outstanding', value: { type: 'greaterThan', value: 0 } },
    ]);
  });

  it('answers what it could not place, in the list and in the explanation', async () => {
    const reply = await convert({ query: 'retail companies in Leeds with revenue between 1m and 5m' });
    expect(reply.status).toBe(200);
    expect(reply.body.filters).toEqual([
      { id: 'industry_group', value: { type: 'is_one_of', values: ['Retail trade, except of motor vehicles and motorcycles'] } },
      { id: 'turnover', value: { type: 'between', value: 1_000_000, valueTo: 5_000_000 } },
    ]);
    expect(reply.body.unplaced).toEqual(['Leeds']);
    expect(reply.body.explanation).toContain('Could not place "Leeds"');
  });

  it("gives filters that pass the companies screener's own filter validation", async () => {
    const { body } = await convert({ query: 'profitable software firms with 10-250 staff since 2022' });
    expect(body.filters).toHaveLength(4);
    expect(checkColumnFilters(body.filters, COMPANY_SCREENER_COLUMNS)).toMatchObject({ ok: true });
  });

  it('refuses an empty, blank, missing or too long query with the screener error shape', async () => {
    for (const body of [{ query: '' }, { query: '   ' }, {}, { query: 42 }]) {
      const reply = await convert(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: 'error', message: 'Please enter a query', error: 'Please enter a query' });
    }
    const long = await convert({ query: 'turnover over 10m '.repeat(40) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The query must be at most 500 characters');
    const extra = await convert({ query: 'banks', model: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatch(/model/);
  });
});
