import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { HELP_MAX_COMPANIES, HELP_MESSAGES, SCREENER_ROUTES } from '@credence/shared';
import { screenerPath } from '../support/screener-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Security review points 2, 3, 4 (query time), 6 and 8 (issue 13): what the API takes as input before any form sees it.
 * A NUL character anywhere answers 400 naming the field (it was a 500: Postgres text cannot hold
 * it); JSON nested past 32 levels answers 400 (2,000 levels was a 500); and a body that is not
 * JSON answers 415, so another website cannot make its visitors' browsers post forms here; a help
 * request holds at most 500 companies.
 */

const NUL = '\u0000';
const signup = (email: string) => ({ email, full_name: 'Nora Null', company_name: 'Null Ltd', password: 'a perfectly fine passphrase' });
const sales = (email: string) => ({ full_name: 'Nora Null', email, company_name: 'Null Ltd', job_role: 'Analyst' });
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('security: hostile input is refused with a 4xx naming the problem', () => {
  let t: TestApi;
  let token: string;
  before(async () => {
    t = await startTestApi();
    token = await t.activeUser('input.checks@example.com');
  });
  after(() => t?.close());

  const expectNul = (reply: { status: number; body: any }, field: string) =>
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 400,
      body: { error: `${field} must not contain a NUL character (\\u0000).`, statusCode: 400 },
    });

  describe('NUL characters (point 2)', () => {
    it('in the sign-in, sign-up, sales and password forms: 400 naming the field', async () => {
      expectNul(await t.request('POST', '/api/login', { body: { email: `a${NUL}@example.com`, password: 'x' } }), 'email');
      expectNul(await t.request('POST', '/api/login', { body: { email: 'a@example.com', password: `pass${NUL}word` } }), 'password');
      expectNul(await t.request('POST', '/api/signup', { body: { ...signup('nul.1@example.com'), full_name: `Nora${NUL}` } }), 'full_name');
      expectNul(await t.request('POST', '/api/signup', { body: signup(`nul${NUL}@example.com`) }), 'email');
      expectNul(
        await t.request('POST', '/api/contact_sales', { body: { ...sales('nul.2@example.com'), company_name: `Null${NUL}Ltd` } }),
        'company_name',
      );
      expectNul(
        await t.request('POST', '/api/pricing_requests', { body: { ...sales('nul.3@example.com'), sales_metadata: { referrer: NUL } } }),
        'sales_metadata.referrer',
      );
      expectNul(await t.request('POST', '/api/request-reset', { body: { email: `x${NUL}@example.com` } }), 'email');
      const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM sales_requests`);
      expect(rows[0].n).toBe(0);
    });

    it('in the help widget, deep in a list: 400 naming the row', async () => {
      const reply = await t.request('POST', '/api/help_requests', {
        token,
        body: {
          companies: [
            { number: '00445790', name: 'Tesco PLC' },
            { number: '1', name: `Weir${NUL}` },
          ],
        },
      });
      expectNul(reply, 'companies[1].name');
    });

    it('in screener filters, search and the query bar: 400 naming the parameter', async () => {
      const filters = [{ id: 'company_name', value: { type: 'contains', value: `tes${NUL}co` } }];
      expectNul(await t.request('GET', screenerPath(SCREENER_ROUTES.companies, { filters }), { token }), 'filters[0].value.value');
      const deep = await t.request('GET', screenerPath(SCREENER_ROUTES.companies, { filters: nested(2000) }), { token });
      expect({ status: deep.status, error: deep.body.error }).toEqual({ status: 400, error: 'filters nests deeper than 32 levels.' });
      expectNul(await t.request('GET', screenerPath(SCREENER_ROUTES.charges, { global_filter: `a${NUL}` }), { token }), 'global_filter');
      expectNul(await t.request('GET', `/api/companies_house/search_companies?query=tes%00co`, { token }), 'query');
      expectNul(await t.request('POST', `/api/${SCREENER_ROUTES.convertQuery}`, { token, body: { query: `software${NUL}` } }), 'query');
    });

    it('in a path parameter: 400 naming it', async () => {
      expectNul(await t.request('POST', '/api/verify/abc%00def'), 'token');
    });
  });

  describe('deeply nested JSON (point 3)', () => {
    it('refuses a body nested 2,000 levels deep with 400 on public and signed-in routes', async () => {
      for (const [path, auth] of [
        ['/api/signup', undefined],
        ['/api/login', undefined],
        ['/api/contact_sales', undefined],
        ['/api/help_requests', token],
        [`/api/${SCREENER_ROUTES.convertQuery}`, token],
      ] as const) {
        const body = `{"email":${nested(2000)}}`;
        const reply = await t.request('POST', path, { body, token: auth });
        expect({ path, status: reply.status, body: reply.body }).toEqual({
          path,
          status: 400,
          body: { error: 'The request body nests deeper than 32 levels.', statusCode: 400 },
        });
      }
    });

    it('reads brackets inside strings as text, not nesting', async () => {
      const reply = await t.request('POST', '/api/contact_sales', {
        body: { ...sales('brackets@example.com'), business_challenge: '[[[[{{{{'.repeat(100) },
      });
      expect(reply.status).toBe(201);
    });

    it('answers malformed and empty JSON with 400', async () => {
      const malformed = await t.request('POST', '/api/login', { body: '{"email": "a@example.com",' });
      expect({ status: malformed.status, body: malformed.body }).toEqual({
        status: 400,
        body: { error: 'The request body is not valid JSON.', statusCode: 400 },
      });
      const empty = await t.request('POST', '/api/login', { body: '', headers: { 'content-type': 'application/json' } });
      expect(empty.status).toBe(400);
    });
  });

  describe('natural-language query time (point 4)', () => {
    it('answers a 500-character adversarial query ("-", 498 spaces, "x") about as fast as a normal one', async () => {
      const time = async (query: string) => {
        const start = performance.now();
        const reply = await t.request('POST', `/api/${SCREENER_ROUTES.convertQuery}`, { token, body: { query } });
        expect(reply.status).toBe(200);
        return performance.now() - start;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const normal: number[] = [];
      const adversarial: number[] = [];
      for (let i = 0; i < 9; i++) {
        normal.push(await time('software companies in London with turnover over 10m'));
        adversarial.push(await time('-' + ' '.repeat(498) + 'x'));
      }
      // It took 30-80 ms against 2 ms (cubic backtracking in the amount pattern).
      expect(median(adversarial)).toBeLessThan(median(normal) * 4 + 3);
    });
  });

  describe('size of a help request (point 8)', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ number: String(10_000_000 + i), name: `Company ${i}` }));
    const stored = async () => (await t.api.dataSource.query(`SELECT count(*)::int AS n FROM help_requests`))[0].n as number;

    it(`refuses 12,000 company rows with 400 naming the field and the limit, and stores nothing`, async () => {
      const before = await stored();
      const reply = await t.request('POST', '/api/help_requests', { token, body: { companies: rows(12_000) } });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: { error: HELP_MESSAGES.tooManyCompanies, statusCode: 400 },
      });
      expect(reply.body.error).toMatch(new RegExp(`^companies: at most ${HELP_MAX_COMPANIES} `));
      expect(await stored()).toBe(before);
    });

    it(`takes ${HELP_MAX_COMPANIES} rows`, async () => {
      const reply = await t.request('POST', '/api/help_requests', { token, body: { companies: rows(HELP_MAX_COMPANIES) } });
      expect(reply.status).toBe(201);
    });
  });

  describe('JSON only (point 6)', () => {
    const json415 = (type: string) => ({
      status: 415,
      body: { error: `This route takes a JSON body: send it with Content-Type: application/json (got ${type}).`, statusCode: 415 },
    });

    it('refuses a form-encoded sign-up, reset request and sales form with 415, and stores nothing', async () => {
      const form = 'application/x-www-form-urlencoded';
      for (const [path, fields] of [
        ['/api/signup', signup('form.post@example.com')],
        ['/api/request-reset', { email: 'input.checks@example.com' }],
        ['/api/contact_sales', sales('form.post@example.com')],
        ['/api/login', { email: 'input.checks@example.com', password: 'a perfectly fine passphrase' }],
      ] as const) {
        const reply = await t.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': form } });
        expect({ path, status: reply.status, body: reply.body }).toEqual({ path, ...json415(form) });
      }
      expect(await t.api.dataSource.query(`SELECT email FROM users WHERE email = 'form.post@example.com'`)).toEqual([]);
      expect(await t.api.dataSource.query(`SELECT email FROM sales_requests WHERE email = 'form.post@example.com'`)).toEqual([]);
    });

    it('refuses multipart and text/plain bodies (the other types a page can post without asking) with 415', async () => {
      const multipart = new FormData();
      multipart.set('email', 'multi.part@example.com');
      const response = await fetch(`${t.url}/api/request-reset`, { method: 'POST', body: multipart });
      expect(response.status).toBe(415);
      const text = await t.request('POST', '/api/signup', {
        body: JSON.stringify(signup('plain.text@example.com')),
        headers: { 'content-type': 'text/plain' },
      });
      expect({ status: text.status, body: text.body }).toEqual(json415('text/plain'));
      expect(await t.api.dataSource.query(`SELECT email FROM users WHERE email = 'plain.text@example.com'`)).toEqual([]);
    });

    it('still takes JSON with a charset, and bodiless posts', async () => {
      const reply = await t.request('POST', '/api/request-reset', {
        body: { email: 'input.checks@example.com' },
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(reply.status).toBe(200);
      const verify = await t.request('POST', '/api/verify/not-a-real-token');
      expect(verify.status).toBe(400);
    });
  });
});
