import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Security review point 10 (issue 13): signed-in answers are never stored by a browser or a proxy,
 * and the content security policy runs no inline script, on the web app and the API reference alike.
 */

function scriptSources(policy: string | null): string[] {
  const directive = (policy ?? '').split(';').find((d) => d.trim().startsWith('script-src'));
  return directive ? directive.trim().split(/\s+/).slice(1) : [];
}

describe('security: caching and content security policy', () => {
  let t: TestApi;
  let token: string;
  before(async () => {
    t = await startTestApi();
    token = await t.activeUser('headers.check@example.com');
  });
  after(() => t?.close());

  it('sends Cache-Control: no-store on signed-in answers and on the answer that carries a token', async () => {
    const me = await t.request('GET', '/api/me', { token });
    expect({ status: me.status, cache: me.headers.get('cache-control') }).toEqual({ status: 200, cache: 'no-store' });
    const list = await t.request('GET', '/api/companies_house/get_company_list', { token });
    expect(list.headers.get('cache-control')).toBe('no-store');
    const refused = await t.request('GET', '/api/me', { token: 'a.b.c' });
    expect({ status: refused.status, cache: refused.headers.get('cache-control') }).toEqual({ status: 401, cache: 'no-store' });
    const login = await t.request('POST', '/api/login', {
      body: { email: 'headers.check@example.com', password: 'a perfectly fine passphrase' },
    });
    expect({ status: login.status, cache: login.headers.get('cache-control') }).toEqual({ status: 200, cache: 'no-store' });
  });

  it('allows no inline script: script-src is the site itself only, on the API, the web app and the API reference', async () => {
    for (const path of ['/api/me', '/', '/login', '/api/docs']) {
      const reply = await t.request('GET', path);
      expect({ path, scriptSrc: scriptSources(reply.headers.get('content-security-policy')) }).toEqual({ path, scriptSrc: ["'self'"] });
    }
  });

  it('serves an API reference that starts without inline script, so it still works under that policy', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    const scripts = [...String(page.body).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, code] of scripts) {
      expect({ attributes, code: code.trim() }).toEqual({ attributes: expect.stringMatching(/\bsrc=/), code: '' });
      const src = /src=["']?([^"'\s>]+)/.exec(attributes)![1];
      const asset = await fetch(new URL(src, `${t.url}/api/docs/`));
      await asset.arrayBuffer();
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    expect(page.body).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
  });
});
