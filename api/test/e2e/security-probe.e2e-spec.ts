import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SCREENER_ROUTES, US_EQUITY_ROUTES, paddedCik } from '@credence/shared';
import { seededRandom } from '@credence/shared/query-families';
import { seedUsSample } from '../../src/modules/us-equity/seed/us-first-start.js';
import { US_SAMPLE_FIRST_CIK } from '../../src/modules/us-equity/seed/us-sample.js';
import { uploadPdfs } from '../support/documents-client.js';
import { identityProviderEnv, startFakeIdentityProvider, type FakeIdentityProvider } from '../support/fake-identity-provider.js';
import { opsUser } from '../support/ops-users.js';
import {
  mixedCases,
  nestRoutes,
  problemOf,
  routesOf,
  sendAll,
  singleCases,
  type FuzzAnswer,
  type FuzzRoute,
} from '../support/route-fuzz.js';
import { pagesPdf } from '../support/sample-documents.js';
import { company, loadScreenerData } from '../support/screener-data.js';
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
  `/api/${SCREENER_ROUTES.companiesNumbers}`,
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

/**
 * The route fuzz (issue 24 section 5): every route in the OpenAPI document (which must list every
 * route Nest serves) gets each hostile value in each parameter, one at a time, then a seeded mix of
 * several at once. Routes an analyst may call are fuzzed as the analyst; the ops and admin routes as
 * ops and admin; the mixes are sent as the admin too. Any 5xx, a 4xx without the error body, or no
 * answer in time fails the test, listing route, parameter and value. FUZZ_SEED=n draws other extra
 * values; FUZZ_TIMING=1 prints each route's CPU time and its baseline answer (how deep the fuzz goes).
 */
describe('route fuzz: every route, hostile values in every parameter, never a 500', () => {
  const SEED = Number(process.env.FUZZ_SEED ?? 24);
  const MIXES_PER_ROUTE = 6;
  let t: TestApi;
  let provider: FakeIdentityProvider;
  let tokens: { analyst: string; ops: string; admin: string };
  let routes: FuzzRoute[];
  const ANALYST = 'fuzz.analyst@example.com';
  const PASSWORD = 'a perfectly fine passphrase';
  const CHAT = 'fuzz-chat';
  const PDF = 'fuzz-report.pdf';
  const CIK = String(US_SAMPLE_FIRST_CIK);
  const COMPANY_NUMBER = '00445790';

  before(async () => {
    const high = '1000000/60s';
    // Sign-in with Google and Microsoft configured (against the local stand-in), so their routes read what they are sent.
    provider = await startFakeIdentityProvider();
    t = await startTestApi({
      ...identityProviderEnv(provider),
      TRUST_PROXY: 'true',
      FORM_RATE_LIMIT: high,
      QUERY_RATE_LIMIT: high,
      EXPORT_RATE_LIMIT: high,
      DOCUMENT_RATE_LIMIT: high,
      OPS_RATE_LIMIT: high,
      PAGE_TEXT_RATE_LIMIT: high,
      PDF_FILE_RATE_LIMIT: high,
      CHAT_RATE_LIMIT: high,
      UPLOAD_RATE_LIMIT: high,
      WATCHLIST_RATE_LIMIT: high,
      WEBHOOK_RATE_LIMIT: high,
      LOGIN_FAILURE_LIMIT: high,
      LOGIN_ADDRESS_FAILURE_LIMIT: high,
      RESEARCH_CREDITS_PER_MONTH: '1000000',
      // A dropped research stream stops its work at once: the fuzz drops every stream it opens.
      RESEARCH_RESUME_GRACE_MS: '0',
    });
    tokens = { analyst: await t.activeUser(ANALYST, PASSWORD), ops: await opsUser(t, 'fuzz.ops@example.com'), admin: await t.adminToken() };
    // Real rows behind the baseline values, so a hostile value in one parameter meets the code
    // that runs when the others are right: a US and a UK company, a chat, an uploaded PDF, a log file.
    await seedUsSample(t.api.dataSource, 1);
    await loadScreenerData(t, { companies: [company(COMPANY_NUMBER, 'FUZZ TEST LTD')] });
    const upload = await uploadPdfs(t, tokens.analyst, CHAT, [{ name: PDF, bytes: await pagesPdf(2) }]);
    expect(upload.status).toBe(200);
    const documentId: string = upload.body.files[0].document_id;
    const chat = await t.request('POST', '/api/create_chat_history', {
      token: tokens.analyst,
      body: { chat_id: CHAT, query_str: 'Lenders of FUZZ TEST LTD', chat_category: 'companies-house' },
    });
    expect(chat.status).toBe(200);
    const logs = join(t.environment.dataDir, 'logs');
    mkdirSync(logs, { recursive: true });
    writeFileSync(join(logs, 'pipeline.log'), 'started\nrow 1 ok\nrow 2 failed\n');

    const table = await t.request('GET', `/api/us/get_kpi_values_by_table_name?company_id=${CIK}&table_name=Income%20Statement`, {
      token: tokens.analyst,
    });
    const kvId: string = table.body.table_data[0].cells.find((cell: { kpi_value_id?: string } | null) => cell)!.kpi_value_id;
    const doc = (await t.request('GET', '/api/docs-json')).body;
    const usRoute = (route: string) =>
      /equity|\/us\/|get_kpis_list|get_kpi_value_by_id|backlinker|highlighted|download_excel|\/requests/.test(route);
    const known: Record<string, (route: string) => unknown> = {
      company_number: () => COMPANY_NUMBER,
      company_id: (route) => (usRoute(route) ? CIK : COMPANY_NUMBER),
      cik: () => CIK,
      cik_str: () => CIK,
      kv_id: () => kvId,
      doc_cg: () => 'annual',
      table_name: (route) => (usRoute(route) ? 'Income Statement' : 'income_statement'),
      company_name: () => 'FUZZ TEST LTD',
      chatPDFFileName: () => PDF,
      company: () => CIK,
      chat_id: () => CHAT,
      chatKey: () => CHAT,
      chat_key: () => CHAT,
      document_id: () => documentId,
      pdf_name: () => PDF,
      file_name: () => PDF,
      fileName: () => PDF,
      page: () => 1,
      instance_id: () => 'local',
      path: () => join(logs, 'pipeline.log'),
      pattern: () => 'row',
      email: (route) => (/admin|login/.test(route) ? ANALYST : 'someone@example.com'),
      password: () => PASSWORD,
      filing_type: () => 'AA',
      document_category: (route) => (usRoute(route) ? 'annual' : 'AA'),
      page_size: () => 10,
      filters: () => '[]',
      sort_by: () => null,
      cursor: () => null,
      run_id: () => null,
      thoughtProcess: () => ['Read the lenders of each facility'],
      thoughts: () => ['Read the lenders of each facility', 'Columns: [Lender] [Facility]'],
    };
    routes = routesOf(doc, (route, name) => known[name]?.(route));
  });
  after(async () => {
    await t?.close();
    await provider?.close();
  });

  it('lists every route Nest serves in the OpenAPI document, so the fuzz reaches them all', () => {
    const documented = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const served = nestRoutes(t.api.app).filter((r) => !r.startsWith('ALL '));
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
    expect(routes.length).toBeGreaterThan(80);
  });

  it('refuses a CIK past the integer column, CIK 0 and a page past any upload with a 400 naming the field', async () => {
    const cikMessage = (field: string) =>
      `${field} must be an SEC CIK: digits from 1 to 2147483647 (up to 10 with leading zeros), such as 320193`;
    const kv = 'doc_cg=annual&kv_id=revenue@FY2023';
    const refused: [method: string, path: string, message: string][] = [
      [
        'GET',
        '/api/us/company?company=2147483648',
        'company must be a CIK (digits, from 1 to 2147483647) or a ticker such as AAPL or BRK-B',
      ],
      ['GET', '/api/get_kpis_list?company_id=2147483648', cikMessage('company_id')],
      ['GET', '/api/us/get_kpi_values_by_table_name?company_id=9999999999&table_name=Income%20Statement', cikMessage('company_id')],
      ['GET', `/api/get_kpi_value_by_id?cik=2147483648&${kv}`, cikMessage('cik')],
      ['GET', `/api/get_highlighted_source?cik=2147483648&${kv}`, cikMessage('cik')],
      ['GET', `/api/backlinker?cik=2147483648&${kv}`, cikMessage('cik')],
      ['GET', '/api/download_excel?cik=2147483648', cikMessage('cik')],
      ['POST', '/api/requests?cik_str=2147483648', cikMessage('cik_str')],
      ['GET', '/api/run_equity_analysis_query?company_id=0&query=Revenue', cikMessage('company_id')],
      ['GET', '/api/run_equity_analysis_query?company_id=2147483648&query=Revenue', cikMessage('company_id')],
      [
        'GET',
        '/api/pdf_page_text?document_id=6f6eacec-f265-4a5e-b301-0a8c92956536&page=2147483648',
        'page must be a whole number from 1 to 100000',
      ],
    ];
    for (const [method, path, message] of refused) {
      const reply = await t.request(method, path, { token: tokens.analyst });
      expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 400, body: { error: message, statusCode: 400 } });
    }
    // The largest CIK the column holds is a CIK like any other: no company has it.
    expect((await t.request('GET', '/api/get_kpis_list?company_id=2147483647', { token: tokens.analyst })).status).toBe(404);
    expect((await t.request('GET', `/api/get_kpis_list?company_id=${paddedCik(CIK)}`, { token: tokens.analyst })).status).toBe(200);
  });

  it('answers every hostile value with a 4xx (or a success), never a 500, to an analyst, ops and an admin', async () => {
    let address = 0;
    const options = (token: string) => ({
      token,
      concurrency: 4,
      timeoutMs: 15_000,
      address: () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    // Logging out ends the session the fuzz is using: its bodies are probed above ('signed-in forms').
    // The routes that delete go last, so the chat and the PDF stay for the routes that read them.
    const deletes = (r: FuzzRoute) => (/delete/.test(r.path) ? 1 : 0);
    const fuzzed = routes.filter((r) => !(r.method === 'POST' && r.path === '/api/logout')).sort((a, b) => deletes(a) - deletes(b));
    const random = seededRandom(SEED);
    const answers: FuzzAnswer[] = [];
    const started = Date.now();
    const cpu = process.cpuUsage();
    for (const route of fuzzed) {
      const cases = singleCases(route, random);
      const routeCpu = process.cpuUsage();
      // The analyst where the route lets an analyst in; else ops, else the admin.
      let token = tokens.analyst;
      let baseline: FuzzAnswer | undefined;
      for (const candidate of [tokens.analyst, tokens.ops, tokens.admin]) {
        [baseline] = await sendAll(t.url, cases.slice(0, 1), options(candidate));
        token = candidate;
        if (baseline.status !== 401 && baseline.status !== 403) break;
      }
      answers.push(baseline!, ...(await sendAll(t.url, cases.slice(1), options(token))));
      answers.push(...(await sendAll(t.url, mixedCases(route, random, MIXES_PER_ROUTE), options(tokens.admin))));
      if (process.env.FUZZ_TIMING) {
        const used = process.cpuUsage(routeCpu);
        console.error(`${route.method} ${route.path}: ${cases.length} cases, ${Math.round((used.user + used.system) / 1000)} ms CPU`);
      }
    }
    if (process.env.FUZZ_TIMING) {
      for (const a of answers.filter((a) => a.fuzz.what === 'the baseline request')) {
        console.error(`baseline ${a.fuzz.method} ${a.fuzz.url.slice(0, 150)}: ${a.status} ${JSON.stringify(a.body).slice(0, 150)}`);
      }
    }
    const problems = answers.flatMap((a) => {
      const problem = problemOf(a);
      return problem ? [`${a.fuzz.method} ${a.fuzz.route.path} with ${a.fuzz.what}: ${problem}`] : [];
    });
    // A rate limit answering most of a route's requests would hide its code from the fuzz.
    for (const route of fuzzed) {
      const mine = answers.filter((a) => a.fuzz.route === route);
      const limited = mine.filter((a) => a.status === 429).length;
      if (limited > mine.length / 4) {
        problems.push(`${route.method} ${route.path}: 429 to ${limited} of ${mine.length}: raise its limit in the fuzz's environment`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const { user, system } = process.cpuUsage(cpu);
    const cpuSeconds = ((user + system) / 1e6).toFixed(1);
    console.error(
      `route fuzz: ${answers.length} requests to ${fuzzed.length} routes in ${seconds} s, ${cpuSeconds} s of CPU (seed ${SEED})`,
    );
    expect(problems).toEqual([]);
  });
});
