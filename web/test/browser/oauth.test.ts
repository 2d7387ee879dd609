/**
 * Sign-in with Google and Microsoft on /login (spec 1 sections 2, 4, 8, 9) in headless chromium,
 * against the real API configured for a fake identity provider on a loopback port.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { freePort, startFakeIdentityProvider, type FakeIdentityProvider } from '../support/fake-identity-provider.ts';

let api: ApiServer;
let idp: FakeIdentityProvider;
let browser: Browser;

before(async () => {
  idp = await startFakeIdentityProvider(ADMIN_EMAIL);
  const port = await freePort();
  [api, browser] = await Promise.all([
    startApi({
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      GOOGLE_CLIENT_ID: 'browser-suite.apps.googleusercontent.example',
      GOOGLE_AUTHORIZE_URL: `${idp.url}/authorize`,
      GOOGLE_TOKENINFO_URL: `${idp.url}/tokeninfo`,
      GOOGLE_USERINFO_URL: `${idp.url}/userinfo`,
      MICROSOFT_CLIENT_ID: 'browser-suite-ms-client',
      MICROSOFT_CLIENT_SECRET: 'browser-suite-ms-secret',
      MICROSOFT_AUTHORIZE_URL: `${idp.url}/authorize`,
      MICROSOFT_TOKEN_URL: `${idp.url}/token`,
      MICROSOFT_PROFILE_URL: `${idp.url}/me`,
    }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await api?.stop();
  await idp?.close();
});

describe('/login with identity providers', () => {
  it('shows both buttons and signs in with Microsoft: state, User.Read, code posted once, on to the redirect', async () => {
    const { context, page, errors } = await newPage(browser, api.url);
    try {
      const posts: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/auth/microsoft') && posts.push(r.postData() ?? ''));
      await page.goto('/login?redirect=%2Fcompanies-screener');
      const microsoft = page.getByRole('button', { name: 'Sign in with Microsoft' });
      await microsoft.waitFor();
      await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
      await screenshot(page, 'login-providers');
      // keyboard: the provider buttons come after the form's Sign in
      await page.getByRole('button', { name: 'Sign in', exact: true }).focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.getByRole('button', { name: 'Sign in with Google' }).evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press('Tab');
      assert.equal(await microsoft.evaluate((el) => el === document.activeElement), true);

      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/companies-screener', { timeout: 15_000 });
      await page.getByRole('heading', { name: 'UK Company Screener' }).waitFor();
      const sent = idp.authorizeRequests.at(-1)!;
      assert.equal(sent.get('client_id'), 'browser-suite-ms-client');
      assert.equal(sent.get('response_type'), 'code');
      assert.equal(sent.get('scope'), 'User.Read');
      assert.equal(sent.get('redirect_uri'), `${api.url}/login`);
      assert.match(sent.get('state') ?? '', /^[0-9a-f]{32}$/, 'a random state');
      assert.equal(posts.length, 1, 'the code is posted once');
      assert.match(JSON.parse(posts[0]).code, /^0\.fake-code-/);
      assert.equal(idp.tokenRequests.at(-1)?.get('redirect_uri'), `${api.url}/login`, 'the API exchanges it with the same redirect');
      assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'the session is stored');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('comes back to /login with the message when Microsoft answers an error', async () => {
    const { context, page } = await newPage(browser, api.url);
    try {
      await page.goto('/login');
      idp.refuseNext();
      await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
      await page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' }).first().waitFor();
      const url = new URL(page.url());
      assert.equal(url.pathname, '/login');
      assert.equal(url.search, '', 'the error and state are gone from the address');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      await screenshot(page, 'login-provider-error');
    } finally {
      await context.close();
    }
  });

  it('signs in with Google: the access token of the redirect is posted, the API asks Google whose it is', async () => {
    const { context, page, errors } = await newPage(browser, api.url);
    try {
      const posted = page.waitForRequest((r) => r.url().endsWith('/api/auth/google') && r.method() === 'POST');
      await page.goto('/login');
      const before = idp.userinfoRequests;
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      const body = (await posted).postDataJSON();
      await page.waitForURL((url) => url.pathname === '/home');
      const sent = idp.authorizeRequests.at(-1)!;
      assert.equal(sent.get('response_type'), 'token');
      assert.equal(sent.get('scope'), 'email profile');
      assert.equal(sent.get('client_id'), 'browser-suite.apps.googleusercontent.example');
      assert.equal(body.oauth_token, 'ya29.fake-google-access-token');
      assert.ok(idp.userinfoRequests > before, 'the API read the profile with the token');
      assert.equal(new URL(page.url()).hash, '', 'the token is not left in the address');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
