import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError, createApiClient, type FetchLike } from './index.js';

interface Seen {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: (url: URL) => Response | Promise<Response>): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    fetch: async (url, init) => {
      seen.push({ url, init });
      return answer(new URL(url));
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('logs in with a JSON body and keeps the answered token for later calls', async () => {
    const { fetch, seen } = fakeFetch((url) =>
      url.pathname === '/api/login'
        ? json({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 60 })
        : json({ id: 'u1', email: 'a@b.c' }),
    );
    const tokens: string[] = [];
    const client = createApiClient({ baseUrl: 'http://api.test:3000/', fetch, onAccessToken: (t) => tokens.push(t) });
    const login = await client.login({ email: 'a@b.c', password: 'secret' });
    expect(login.access_token).toBe('tok-1');
    expect(seen[0].url).toBe('http://api.test:3000/api/login');
    expect(seen[0].init?.method).toBe('POST');
    expect(JSON.parse(String(seen[0].init?.body))).toEqual({ email: 'a@b.c', password: 'secret' });
    expect((seen[0].init?.headers as Record<string, string>).authorization).toBeUndefined();
    await client.me();
    expect(seen[1].url).toBe('http://api.test:3000/api/me');
    expect((seen[1].init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(tokens).toEqual(['tok-1']);
  });

  it('sends a screener query with the filters JSON-encoded and leaves empty parts out', async () => {
    const { fetch, seen } = fakeFetch(() => json({ status: 'success', data: { companies: [], total_count: 0, page_count: 0 } }));
    const client = createApiClient({ baseUrl: 'http://x', token: 't', fetch });
    const filters = [{ id: 'turnover', value: { type: 'greaterThan' as const, value: 10_000_000 } }];
    await client.list('companies', { page: 2, page_size: 25, sort_by: 'turnover', sort_order: 'desc', filters, global_filter: '  ' });
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/api/companies_house/get-screener-info');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      page_size: '25',
      sort_by: 'turnover',
      sort_order: 'desc',
      filters: JSON.stringify(filters),
    });
  });

  it('routes each table, the lender detail and unique values to the spec paths', async () => {
    const { fetch, seen } = fakeFetch(() => json({ status: 'success', data: {} }));
    const client = createApiClient({ baseUrl: 'http://x', fetch });
    await client.list('charges', { global_filter: 'hsbc' });
    await client.list('lenders');
    await client.list('chargeCompanies');
    await client.lenderDetail('HSBC UK BANK PLC & co');
    await client.uniqueValues('charges', 'status');
    const urls = seen.map((s) => new URL(s.url));
    expect(urls.map((u) => u.pathname)).toEqual([
      '/api/companies_house/charges-screener-info',
      '/api/companies_house/charges/stats/by-lender',
      '/api/companies_house/charges/stats/by-company',
      '/api/companies_house/charges/lender-detail',
      '/api/companies_house/charges-unique-column-values',
    ]);
    expect(urls[0].searchParams.get('global_filter')).toBe('hsbc');
    expect(urls[3].searchParams.get('lender_name')).toBe('HSBC UK BANK PLC & co');
    expect(urls[4].searchParams.get('column_name')).toBe('status');
  });

  it('routes the explorer calls with the company number and search text as query parameters', async () => {
    const { fetch, seen } = fakeFetch(() => json([]));
    const client = createApiClient({ baseUrl: 'http://x/', fetch });
    await client.searchCompanies('acme & sons', { limit: 5 });
    await client.companyList();
    await client.overview('00445790');
    await client.filings('SC005336');
    await client.officers('00445790');
    await client.aggregatedFinancials('00445790', { fileName: 'abc.pdf' });
    const response = await client.filingDocument('00445790', 'abc.pdf');
    expect(response.status).toBe(200);
    const urls = seen.map((s) => new URL(s.url));
    expect(urls.map((u) => u.pathname)).toEqual([
      '/api/companies_house/search_companies',
      '/api/companies_house/get_company_list',
      '/api/companies_house/get_overview',
      '/api/companies_house/get_filings_list',
      '/api/companies_house/officers',
      '/api/companies_house/get_aggregated_financials_data',
      '/api/companies_house/get_filing_pdf',
    ]);
    expect(urls[0].searchParams.get('query')).toBe('acme & sons');
    expect(urls[0].searchParams.get('limit')).toBe('5');
    expect(urls[1].searchParams.has('limit')).toBe(false);
    expect(urls[3].searchParams.get('company_number')).toBe('SC005336');
    expect(urls[5].searchParams.get('file_name')).toBe('abc.pdf');
    expect(urls[6].searchParams.get('file_name')).toBe('abc.pdf');
  });

  it('answers an export as the raw Response, with format and without paging', async () => {
    const { fetch, seen } = fakeFetch(() => new Response('a,b\r\n1,2\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const client = createApiClient({ baseUrl: 'http://x', token: 't', fetch });
    const response = await client.export('lenders', { page: 3, page_size: 10, sort_by: 'total_charges', sort_order: 'desc' }, 'csv');
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/api/companies_house/charges/stats/by-lender/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort_by: 'total_charges', sort_order: 'desc', format: 'csv' });
  });

  it('turns a failure into an ApiError carrying the status and the server text', async () => {
    const { fetch } = fakeFetch(() =>
      json({ status: 'error', message: 'Unknown column "foo"', error: 'Unknown column "foo"', statusCode: 400 }, 400),
    );
    const client = createApiClient({ baseUrl: 'http://x', fetch });
    const error = await client.list('companies').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).error).toBe('Unknown column "foo"');
    expect((error as ApiError).serverMessage).toBe('Unknown column "foo"');
    expect((error as ApiError).call).toBe('GET /api/companies_house/get-screener-info');
  });

  it('marks a 401 as an auth error and keeps a plain-text body readable', async () => {
    const client401 = createApiClient({ baseUrl: 'http://x', fetch: async () => json({ error: 'Session expired', statusCode: 401 }, 401) });
    const e401 = (await client401.me().catch((e: unknown) => e)) as ApiError;
    expect(e401.isAuthError).toBe(true);
    expect(e401.error).toBe('Session expired');
    const client502 = createApiClient({
      baseUrl: 'http://x',
      fetch: async () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    });
    const e502 = (await client502.me().catch((e: unknown) => e)) as ApiError;
    expect(e502.status).toBe(502);
    expect(e502.error).toBe('Bad gateway');
    expect(e502.isAuthError).toBe(false);
  });

  it('reports an unreachable server as status 0 naming the address', async () => {
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
    });
    const error = (await client.me().catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Could not reach the API at http://127.0.0.1:9 (ECONNREFUSED)');
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => createApiClient({ baseUrl: 'localhost:3000' })).toThrow('must start with http:// or https://');
  });
  it('makes the account, help and sign-in provider calls under /api with the bearer', async () => {
    const { fetch, seen } = fakeFetch(() => json({ message: 'ok' }));
    const client = createApiClient({ baseUrl: 'http://api.test', fetch, token: 'tok' });
    await client.signup({ email: 'a@b.co', password: 'long enough', full_name: 'A', company_name: 'C' });
    await client.verify('v/1');
    await client.userByToken('a1');
    await client.approve('a1');
    await client.requestReset('a@b.co');
    await client.resetPassword({ token: 'r1', email: 'a@b.co', password: 'long enough' });
    await client.helpRequest({ type: 'feedback', feedback: { subject: 'S', message: 'M' } });
    await client.authProviders();
    await client.googleLogin({ oauth_token: 'ya29.x', user_info: { email: 'a@b.co' } });
    await client.microsoftLogin('code-1');
    expect(seen.map((s) => `${s.init?.method} ${s.url}`)).toEqual([
      'POST http://api.test/api/signup',
      'POST http://api.test/api/verify/v%2F1',
      'GET http://api.test/api/user_by_token/a1',
      'POST http://api.test/api/approve/a1',
      'POST http://api.test/api/request-reset',
      'POST http://api.test/api/reset-password',
      'POST http://api.test/api/help_requests',
      'GET http://api.test/api/auth/providers',
      'POST http://api.test/api/auth/google',
      'POST http://api.test/api/auth/microsoft',
    ]);
    expect(seen.every((s) => (s.init?.headers as Record<string, string>).authorization === 'Bearer tok')).toBe(true);
    expect(JSON.parse(String(seen[5].init?.body))).toEqual({ token: 'r1', email: 'a@b.co', password: 'long enough' });
    expect(JSON.parse(String(seen[9].init?.body))).toEqual({ code: 'code-1' });
    expect(seen[6].init?.signal).toBeInstanceOf(AbortSignal);
  });
});
