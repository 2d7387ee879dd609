import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { defaultWebDist } from '../../src/core/bootstrap.js';
import { createTestEnvironment, TEST_ADMIN, type TestEnvironment } from '../support/environment.js';
import { closedPortUrl } from '../support/fake-identity-provider.js';
import { startServer, type Server } from '../support/processes.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const webIndex = () => readFileSync(join(defaultWebDist(), 'index.html'), 'utf8');

/** fetch, reading the whole body: an unread body keeps the connection busy and delays the API's close. */
async function fetchAll(url: string | URL, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the HTTP platform', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t?.close());

  it('answers GET /api/health with exactly {"status":"ok"}', async () => {
    const response = await fetchAll(`${t.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.text).toBe('{"status":"ok"}');
  });

  it('serves the API reference at /api/docs, with its assets, and the OpenAPI 3 document at /api/docs-json', async () => {
    const page = await fetchAll(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).toContain('swagger-ui');
    for (const asset of html.match(/(?<=(?:src|href)=")\.\/docs\/[^"]+\.(?:js|css)(?=")/g) ?? []) {
      const response = await fetchAll(new URL(asset, `${t.url}/api/docs`));
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
    }
    expect(html).toMatch(/swagger-ui-bundle\.js/);

    const json = await t.request('GET', '/api/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body.info).toMatchObject({ title: 'Credence API' });
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/signup', '/api/health']));
    expect(json.body.paths['/api/login'].post).toBeDefined();
    expect(json.body.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
  });

  it('sends the security headers of helmet on API answers and on the web app', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/uk/12345678']) {
      const response = await fetchAll(`${t.url}${path}`);
      expect({ path, nosniff: response.headers.get('x-content-type-options') }).toEqual({ path, nosniff: 'nosniff' });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('answers an unknown /api route with a JSON 404, whatever the method', async () => {
    const get = await t.request('GET', '/api/no-such-route');
    expect(get.status).toBe(404);
    expect(get.headers.get('content-type')).toMatch(/^application\/json/);
    expect(get.body).toEqual({ error: expect.stringContaining('/api/no-such-route'), statusCode: 404 });
    expect(get.body.error).toContain('/api/docs');

    const bare = await t.request('GET', '/api');
    expect(bare.status).toBe(404);
    expect(bare.body).toEqual({ error: expect.any(String), statusCode: 404 });

    const post = await t.request('POST', '/api/no-such-route', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ error: expect.any(String), statusCode: 404 });
  });

  it("serves the web app's index.html for the app's own routes (read from its router), whatever the case or trailing slash", async () => {
    for (const path of ['/uk/12345678', '/login', '/Login/', '/reset-password/some-token', '/us/anything/below', '/home?x=1']) {
      const response = await fetchAll(`${t.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toBe(webIndex());
    }
  });

  it('answers any other address with status 404 and the prerendered not-found page, and an unknown /api route with JSON', async () => {
    const notFound = readFileSync(join(defaultWebDist(), 'prerendered', '404.html'), 'utf8');
    for (const path of ['/nonexistent-page', '/screener/saved?sort=name', '/reset-password/a/b', '/assets/no-such-chunk.js']) {
      const response = await fetchAll(`${t.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toBe(notFound);
      expect(response.text).toContain('<h1>Page not found</h1>');
      expect(response.text).toContain('<meta name="robots" content="noindex" />');
    }
    // an unknown blog post: the blog's own "Article not found", as the client renders it there
    const post = await fetchAll(`${t.url}/blogs/nope`);
    expect(post.status).toBe(404);
    expect(post.text).toContain('<h1>Article not found</h1>');
    expect(post.text).toContain('<meta name="robots" content="noindex" />');
    const api = await fetchAll(`${t.url}/api/nonexistent`);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toMatchObject({ statusCode: 404 });
  });

  it('sends the hashed assets precompressed (brotli, else gzip) and cached for a year; HTML revalidated against its ETag', async () => {
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(webIndex())![1];
    const plain = readFileSync(join(defaultWebDist(), script));
    for (const [accept, encoding, file] of [
      ['gzip, deflate, br', 'br', `${script}.br`],
      ['gzip', 'gzip', `${script}.gz`],
      ['identity', null, script],
    ] as const) {
      const response = await fetch(`${t.url}${script}`, { headers: { 'accept-encoding': accept } });
      const body = Buffer.from(await response.arrayBuffer());
      expect({ accept, status: response.status, encoding: response.headers.get('content-encoding') }).toEqual({
        accept,
        status: 200,
        encoding,
      });
      expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes what it can: the bytes are the build's, whichever form carried them
      expect(body.equals(plain)).toBe(true);
      expect(readFileSync(join(defaultWebDist(), file)).length).toBeLessThanOrEqual(plain.length);
    }
    for (const path of ['/pricing', '/login']) {
      const first = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      await first.arrayBuffer();
      expect({ path, cache: first.headers.get('cache-control'), encoding: first.headers.get('content-encoding') }).toEqual({
        path,
        cache: 'no-cache',
        encoding: 'br',
      });
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      // the browser revalidates as it asked first (a validator belongs to one encoding of the page);
      // cache-control set here, or fetch would add no-cache, which asks for the page whatever its validator
      const revalidate = { 'accept-encoding': 'br', 'cache-control': 'max-age=0' };
      const again = await fetchAll(`${t.url}${path}`, { headers: { ...revalidate, 'if-none-match': etag! } });
      expect({ path, status: again.status, text: again.text }).toEqual({ path, status: 304, text: '' });
    }
  });

  it('serves the public pages as their prerendered HTML, addressed at PUBLIC_URL, with the sitemap and robots.txt', async () => {
    const origin = t.api.config.publicUrl;
    const manifest = JSON.parse(readFileSync(join(defaultWebDist(), 'prerendered', 'manifest.json'), 'utf8')) as {
      pages: { path: string; sitemap: boolean }[];
    };
    expect(manifest.pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/pricing', '/security', '/privacy-policy']));
    for (const path of ['/', '/pricing', '/pricing/', '/products/search?ref=mail']) {
      const response = await fetchAll(`${t.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const canonical = `${origin}${path.replace(/\/?(\?.*)?$/, '') || '/'}`;
      expect(response.text).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(response.text).not.toContain('__CREDENCE_ORIGIN__');
      expect(response.text).toMatch(/<h1[^>]*>[^<]+/);
    }
    const sitemap = await fetchAll(`${t.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain(`<loc>${origin}/pricing</loc>`);
    expect([...sitemap.text.matchAll(/<loc>/g)].length).toBe(manifest.pages.filter((page) => page.sitemap).length);
    // /revamped-website shows the solutions page: its canonical address is /solutions, and only that is listed
    expect(sitemap.text).toContain(`<loc>${origin}/solutions</loc>`);
    expect(sitemap.text).not.toContain('/revamped-website');
    expect((await fetchAll(`${t.url}/revamped-website`)).text).toContain(`<link rel="canonical" href="${origin}/solutions" />`);
    const robots = await fetchAll(`${t.url}/robots.txt`);
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect((await fetchAll(`${t.url}/prerendered/index.html`)).status).toBe(404);
  });

  it('lets browsers revalidate the fallback index.html, so a new release is picked up at once', async () => {
    const response = await fetchAll(`${t.url}/uk/12345678`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a body over 1 MB with a JSON 413', async () => {
    const reply = await t.request('POST', '/api/login', {
      body: JSON.stringify({ email: 'ada@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ error: expect.any(String), statusCode: 413 });
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const reply = await t.request('POST', '/api/login', {
      body: '{"email": "ada@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.stringMatching(/JSON/), statusCode: 400 });
  });

  it('answers a body that is not JSON (XML, multipart) with a JSON 415', async () => {
    for (const contentType of ['application/xml', 'multipart/form-data; boundary=x']) {
      const reply = await t.request('POST', '/api/login', { body: '<login/>', headers: { 'content-type': contentType } });
      expect({ contentType, status: reply.status }).toEqual({ contentType, status: 415 });
      expect(reply.body).toEqual({ error: expect.any(String), statusCode: 415 });
    }
  });

  it('answers a JSON body labelled text/plain with 415 instead of validating it as an empty form', async () => {
    // What fetch() sends when a client forgets the content-type header.
    const reply = await t.request('POST', '/api/login', {
      body: JSON.stringify({ email: 'ada@example.com', password: 'a perfectly fine passphrase' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ error: expect.any(String), statusCode: 415 });
  });

  it('sends no CORS headers when no origins are configured', async () => {
    const preflight = await fetchAll(`${t.url}/api/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('with CORS_ORIGINS', () => {
    let cors: TestApi;
    before(async () => {
      cors = await startTestApi({ CORS_ORIGINS: 'https://app.example.com' });
    });
    after(() => cors?.close());

    const preflight = (origin: string) =>
      fetchAll(`${cors.url}/api/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });

    it('allows a preflight and a request from a listed origin', async () => {
      const response = await preflight('https://app.example.com');
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/i);

      const health = await fetchAll(`${cors.url}/api/health`, { headers: { origin: 'https://app.example.com' } });
      expect(health.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(health.headers.get('vary')).toMatch(/Origin/);
    });

    it('does not allow another origin', async () => {
      for (const origin of ['https://evil.example.com', 'https://app.example.com.evil.example', 'http://app.example.com']) {
        const response = await preflight(origin);
        expect({ origin, allowed: response.headers.get('access-control-allow-origin') }).toEqual({ origin, allowed: null });
        const health = await fetchAll(`${cors.url}/api/health`, { headers: { origin } });
        expect({ origin, allowed: health.headers.get('access-control-allow-origin') }).toEqual({ origin, allowed: null });
      }
    });
  });
});

/** The mails the server wrote to DATA_DIR/outbox for `to`, decoded as test-api does. */
function outbox(dataDir: string, to: string): { subject: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => {
      const [head, ...body] = readFileSync(join(dataDir, 'outbox', f), 'utf8').split('\n\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), text: body.join('\n\n').replace(/=\n/g, '').replace(/=3D/g, '=') };
    })
    .filter((m) => m.to.includes(to));
}

async function mailedToken(dataDir: string, to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = outbox(dataDir, to).find((m) => subject.test(m.subject));
    const token = mail && /http:\/\/credence\.test\/\S+\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the request log of a running server (LOG_LEVEL=info)', () => {
  let environment: TestEnvironment;
  let server: Server;
  before(async () => {
    // Google sign-in goes nowhere: the test only needs its request in the log.
    const closed = await closedPortUrl();
    environment = await createTestEnvironment({
      LOG_LEVEL: 'info',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_TOKENINFO_URL: `${closed}/oauth2/v3/tokeninfo`,
      GOOGLE_USERINFO_URL: `${closed}/oauth2/v3/userinfo`,
    });
    server = await startServer({ ...environment.env, PORT: '0' });
  });
  after(async () => {
    if (server && server.child.exitCode === null) await server.stop('SIGKILL');
    await environment?.cleanup();
  });

  it('logs one line per request without link tokens, secret query parameters or passwords', async () => {
    const password = 'correct horse battery staple 7c1f';
    const wrongPassword = 'wrong guess of the passphrase 93ab';
    const newPassword = 'a brand new passphrase e5d2';
    const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetchAll(`${server.url}${path}`, {
        method: 'POST',
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const signup = await post('/api/signup', { email: 'logged@example.com', password, full_name: 'Log Ged', company_name: 'Logs Ltd' });
    expect(signup.status).toBe(201);
    const verifyToken = await mailedToken(environment.dataDir, 'logged@example.com', /Verify/);
    expect((await post(`/api/verify/${verifyToken}`)).status).toBe(200);
    const approveToken = await mailedToken(environment.dataDir, TEST_ADMIN.email, /logged@example\.com|Log Ged/);
    expect((await fetchAll(`${server.url}/api/user_by_token/${approveToken}`)).status).toBe(401);
    expect((await post(`/api/approve/${approveToken}`)).status).toBe(401);
    expect((await post('/api/login', { email: 'logged@example.com', password: wrongPassword })).status).toBe(401);
    expect((await post('/api/request-reset', { email: 'logged@example.com' })).status).toBe(200);
    const resetToken = await mailedToken(environment.dataDir, 'logged@example.com', /[Rr]eset/);
    const reset = await post('/api/reset-password', { token: resetToken, email: 'logged@example.com', password: newPassword });
    expect(reset.status).toBe(200);
    expect((await fetchAll(`${server.url}/api/verify/${verifyToken}`)).status).toBe(404);
    expect((await fetchAll(`${server.url}/api/health?token=query-secret-1&code=query-secret-2&access_token=query-secret-3`)).status).toBe(
      200,
    );
    expect((await post('/api/auth/google?oauth_token=query-secret-4', { oauth_token: 'body-secret-5' })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await fetchAll(`${server.url}/api/me`, { headers: { authorization: 'Bearer header-secret-6' } })).status).toBe(401);
    // A request's line is written as its response ends: wait for the last one's.
    const lastLogged = () => server.output().includes('"url":"/api/me"');
    for (const deadline = Date.now() + 10_000; !lastLogged(); await new Promise((r) => setTimeout(r, 25))) {
      if (Date.now() > deadline) throw new Error('No request line for GET /api/me within 10 s');
    }

    const output = server.output();
    const requestLines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>)
      .filter((entry) => entry.msg === 'request');
    const urls = requestLines.map((entry) => `${entry.method} ${entry.url} ${entry.statusCode}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/signup 201',
        'POST /api/verify/[redacted] 200',
        'GET /api/user_by_token/[redacted] 401',
        'POST /api/approve/[redacted] 401',
        'POST /api/login 401',
        'POST /api/reset-password 200',
        'GET /api/verify/[redacted] 404',
        'GET /api/health?token=[redacted]&code=[redacted]&access_token=[redacted] 200',
        'POST /api/auth/google?oauth_token=[redacted] 502',
      ]),
    );
    for (const entry of requestLines) expect(typeof entry.ms).toBe('number');

    const requestLog = JSON.stringify(requestLines);
    for (const secret of [
      verifyToken,
      approveToken,
      resetToken,
      'query-secret',
      'body-secret',
      'header-secret',
      password,
      wrongPassword,
      newPassword,
    ]) {
      expect({ secret, inRequestLog: requestLog.includes(secret) }).toEqual({ secret, inRequestLog: false });
    }
    // Passwords appear nowhere in the output, whatever the logger.
    for (const secret of [password, wrongPassword, newPassword, 'body-secret', 'header-secret']) {
      expect({ secret, inOutput: output.includes(secret) }).toEqual({ secret, inOutput: false });
    }
  });
});
