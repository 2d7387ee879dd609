import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SCREENER_ROUTES, US_EQUITY_ROUTES } from '@credence/shared';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * The hostile client's probe (issue 13, acceptance): a battery of bad inputs against the public and
 * signed-in routes. Every answer is a 4xx with a JSON `{error, statusCode}` body; none is a 500.
 */

const NUL = '\u0000';
const HUGE = 'x'.repeat(200_000);
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Bodies as sent on the wire, with their content type. */
const BODIES: [label: string, body: string, contentType: string][] = [
  [
    'NUL in every field',
    JSON.stringify({ email: `a${NUL}@x.com`, password: NUL, full_name: NUL, query: NUL, token: NUL, code: NUL }),
    'application/json',
  ],
  ['JSON 2,000 levels deep', deep(2000), 'application/json'],
  ['JSON 100,000 levels deep', '['.repeat(100_000) + ']'.repeat(100_000), 'application/json'],
  [
    'a 200,000-character field',
    JSON.stringify({ email: HUGE, password: HUGE, full_name: HUGE, query: HUGE, company_name: HUGE }),
    'application/json',
  ],
  ['a body over the 1 MB limit', JSON.stringify({ email: 'x'.repeat(1_100_000) }), 'application/json'],
  ['malformed JSON', '{"email": "a@example.com", ', 'application/json'],
  ['empty JSON', '', 'application/json'],
  ['a JSON array', '[{"email":"a@example.com"}]', 'application/json'],
  ['a JSON string', '"a@example.com"', 'application/json'],
  ['a JSON number', '42', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  [
    'objects and arrays for strings',
    JSON.stringify({ email: {}, password: [], full_name: { $ne: 1 }, query: ['a'], companies: {} }),
    'application/json',
  ],
  [
    'numbers and booleans for strings',
    JSON.stringify({ email: 1, password: true, full_name: 0, query: 5, token: false }),
    'application/json',
  ],
  ['prototype pollution', '{"__proto__":{"admin":true},"email":"a@example.com"}', 'application/json'],
  ['constructor pollution', '{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
  ['form-encoded', 'email=a%40example.com&password=x', 'application/x-www-form-urlencoded'],
  ['text/plain', '{"email":"a@example.com"}', 'text/plain'],
  ['XML', '<login><email>a@example.com</email></login>', 'application/xml'],
  ['multipart', '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--b--\r\n', 'multipart/form-data; boundary=b'],
  ['a broken content type', '{}', 'application/json; charset'],
  ['a nonsense content type', '{}', '%%%/;;'],
];

const PUBLIC_POSTS = [
  '/api/signup',
  '/api/login',
  '/api/request-reset',
  '/api/reset-password',
  '/api/contact_sales',
  '/api/pricing_requests',
  '/api/auth/google',
  '/api/auth/microsoft',
  '/api/verify/abc',
];
const SIGNED_IN_POSTS = ['/api/help_requests', `/api/${SCREENER_ROUTES.convertQuery}`, '/api/logout'];

/** Query strings for the signed-in GET routes. */
const QUERIES: [label: string, query: string, harmless?: boolean][] = [
  ['NUL', 'query=a%00b&company_number=0%00&global_filter=%00&filters=%00&file_name=%00&column_name=%00'],
  [
    'NUL inside JSON filters',
    `filters=${encodeURIComponent(JSON.stringify([{ id: 'company_name', value: { type: 'contains', value: NUL } }]))}`,
  ],
  ['deep JSON filters', `filters=${encodeURIComponent(deep(2000))}&sorting=${encodeURIComponent(deep(2000))}`],
  ['malformed JSON filters', 'filters=%7B%22id&sorting=%5B'],
  ['filters of the wrong shape', `filters=${encodeURIComponent(JSON.stringify({ a: [1, { b: null }] }))}&page=-1&page_size=1e9`],
  ['huge values', `query=${'x'.repeat(6000)}&global_filter=${'y'.repeat(6000)}&company_number=${'9'.repeat(6000)}`],
  ['repeated parameters', 'query=a&query=b&page=1&page=2&filters=[]&filters=[]&company_number=1&company_number=2', true],
  ['bracket parameters', 'query[a]=1&filters[0][id]=x&page[]=1', true],
  ['invalid percent-encoding', 'query=%E0%A4%A&company_number=%ZZ', true],
];
const SIGNED_IN_GETS = [
  '/api/companies_house/search_companies',
  '/api/companies_house/get_company_list',
  '/api/companies_house/get_filings_list',
  '/api/companies_house/get_filing_pdf',
  '/api/companies_house/get_overview',
  '/api/companies_house/officers',
  `/api/${SCREENER_ROUTES.companies}`,
  `/api/${SCREENER_ROUTES.companiesExport}`,
  `/api/${SCREENER_ROUTES.companiesUniqueValues}`,
  `/api/${SCREENER_ROUTES.charges}`,
  `/api/${SCREENER_ROUTES.lenders}`,
  `/api/${SCREENER_ROUTES.lenderDetail}`,
  ...Object.values(US_EQUITY_ROUTES)
    .filter((r) => r !== US_EQUITY_ROUTES.requests)
    .map((r) => `/api/${r}`),
];

describe('security probe: hostile input gets a 4xx, never a 500', () => {
  let t: TestApi;
  let token: string;
  before(async () => {
    t = await startTestApi({ TRUST_PROXY: 'true' });
    token = await t.activeUser('probe@example.com');
  });
  after(() => t?.close());

  let address = 0;
  async function send(method: string, path: string, body: string | undefined, contentType: string | undefined, auth?: string) {
    const headers: Record<string, string> = { 'x-forwarded-for': `10.9.${(++address >> 8) & 255}.${address & 255}` };
    if (contentType) headers['content-type'] = contentType;
    if (auth) headers.authorization = `Bearer ${auth}`;
    const response = await fetch(t.url + path, { method, headers, body });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* checked below */
    }
    return { status: response.status, json };
  }

  const expect4xx = (what: string, reply: { status: number; json: unknown }) =>
    expect({ what, status: reply.status >= 400 && reply.status < 500 ? '4xx' : reply.status, body: reply.json }).toEqual({
      what,
      status: '4xx',
      body: expect.objectContaining({ error: expect.any(String), statusCode: reply.status }),
    });

  it('public forms', async () => {
    for (const path of PUBLIC_POSTS) {
      for (const [label, body, type] of BODIES) expect4xx(`${path} with ${label}`, await send('POST', path, body, type));
    }
  });

  it('signed-in forms', async () => {
    for (const path of SIGNED_IN_POSTS.filter((p) => p !== '/api/logout')) {
      for (const [label, body, type] of BODIES) expect4xx(`${path} with ${label}`, await send('POST', path, body, type, token));
    }
    // Signed out last: a body on logout is refused before the session ends.
    for (const [label, body, type] of BODIES) {
      const reply = await send('POST', '/api/logout', body, type, token);
      if (reply.status !== 200) expect4xx(`/api/logout with ${label}`, reply);
    }
  });

  it('signed-in lists, screeners, exports and documents', async () => {
    const fresh = await t.activeUser('probe.reader@example.com');
    for (const path of SIGNED_IN_GETS) {
      for (const [label, query, harmless] of QUERIES) {
        const reply = await send('GET', `${path}?${query}`, undefined, undefined, fresh);
        // Some odd but harmless queries may be answered (their extra parameters ignored): never with a 500.
        if (harmless && reply.status < 300) continue;
        expect4xx(`${path} with ${label}`, reply);
      }
    }
  });

  it('path parameters and tokens', async () => {
    for (const path of ['/api/verify/%00', '/api/verify/' + 'a'.repeat(10_000), '/api/verify/%E0%A4%A', '/api/approve/%00']) {
      expect4xx(`POST ${path}`, await send('POST', path, undefined, undefined, token));
    }
    for (const header of [`Bearer ${NUL}`, 'Bearer ' + 'a'.repeat(10_000), 'Bearer a.b.c', 'Basic abc', 'Bearer']) {
      const response = await fetch(`${t.url}/api/me`, { headers: { authorization: header.replace(NUL, '%00') } });
      expect({ header: header.slice(0, 20), status: response.status }).toEqual({ header: header.slice(0, 20), status: 401 });
    }
  });
});
