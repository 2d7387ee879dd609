import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import {
  closedPortUrl,
  identityProviderEnv,
  startFakeIdentityProvider,
  type FakeIdentityProvider,
  type GoogleProfile,
} from '../support/fake-identity-provider.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const NOT_REGISTERED =
  "We couldn't find your account in Credence. Your organization has not been registered with Credence. " +
  'Please signup at http://credence.test/signup or reach out to us at support@credence.local.';

function claims(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
}

function googleProfile(email: string, changes: Partial<GoogleProfile> = {}): GoogleProfile {
  return {
    sub: String(100_000_000_000_000_000_000n + BigInt(email.length * 7919)),
    email,
    email_verified: true,
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/ACg8ocK-fake=s96-c',
    locale: 'en-GB',
    ...changes,
  };
}

describe('sign-in with identity providers', () => {
  let provider: FakeIdentityProvider;
  let t: TestApi;

  before(async () => {
    provider = await startFakeIdentityProvider();
    t = await startTestApi(identityProviderEnv(provider));
    await t.activeUser('ada@example.com');
    await t.activeUser('satya@contoso.example');
    await t.activeUser('alan@fabrikam.example');
  });
  after(async () => {
    await t?.close();
    await provider?.close();
  });

  describe('Google', () => {
    it('signs in an approved account with the e-mail Google vouches for, after asking Google itself', async () => {
      provider.clearRequests();
      const oauthToken = provider.googleToken(googleProfile('ada@example.com'));
      const reply = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: oauthToken, user_info: googleProfile('ada@example.com') },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) });
      expect(claims(reply.body.access_token)).toMatchObject({ email: 'ada@example.com', role: 'analyst' });

      const me = await t.request('GET', '/api/me', { token: reply.body.access_token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('ada@example.com');

      // First whose client the token was issued to, then the profile.
      expect(provider.requests).toHaveLength(2);
      const [tokeninfo, request] = provider.requests;
      expect(tokeninfo).toMatchObject({ method: 'POST', path: '/oauth2/v3/tokeninfo', form: { access_token: oauthToken } });
      expect(request).toMatchObject({ method: 'GET', path: '/oauth2/v3/userinfo', body: '' });
      expect(request.headers.authorization).toBe(`Bearer ${oauthToken}`);
      expect(request.reply?.status).toBe(200);
    });

    it("ignores the browser's user_info: the provider's e-mail decides who signs in", async () => {
      // Ada's token with a profile claiming to be someone else signs in Ada.
      const adaToken = provider.googleToken(googleProfile('ada@example.com'));
      const asAda = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: adaToken, user_info: googleProfile('satya@contoso.example', { name: 'Satya' }) },
      });
      expect(asAda.status).toBe(200);
      expect(claims(asAda.body.access_token).email).toBe('ada@example.com');

      // A stranger's token with a profile claiming a registered e-mail gets nobody's account.
      const strangerToken = provider.googleToken(googleProfile('mallory@evil.example'));
      const asStranger = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: strangerToken, user_info: googleProfile('ada@example.com') },
      });
      expect(asStranger.status).toBe(403);
      expect(asStranger.body).toEqual({ error: NOT_REGISTERED, statusCode: 403 });
    });

    it('matches the e-mail Google answers whatever its case', async () => {
      const reply = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: provider.googleToken(googleProfile('Ada@Example.COM')) },
      });
      expect(reply.status).toBe(200);
      expect(claims(reply.body.access_token).email).toBe('ada@example.com');
    });

    it('answers 403 with the registration notice for an e-mail no account has', async () => {
      const reply = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: provider.googleToken(googleProfile('nobody@example.org')) },
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: NOT_REGISTERED, statusCode: 403 });
      expect(
        ACCOUNT_MESSAGES.googleNotRegistered.replace('{host}', 'http://credence.test').replace('{email}', 'support@credence.local'),
      ).toBe(NOT_REGISTERED);
    });

    it('answers 403 when Google has not verified the e-mail, even of a registered account', async () => {
      const reply = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: provider.googleToken(googleProfile('ada@example.com', { email_verified: false })) },
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: NOT_REGISTERED, statusCode: 403 });
    });

    it('answers 401 when Google refuses the token', async () => {
      provider.clearRequests();
      const reply = await t.request('POST', '/api/auth/google', { body: { oauth_token: 'ya29.forged-or-expired' } });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.oauthTokenRejected, statusCode: 401 });
      // Google's tokeninfo refuses it first; its profile is never asked for.
      expect(provider.requests).toHaveLength(1);
      expect(provider.requests[0]).toMatchObject({
        method: 'POST',
        path: '/oauth2/v3/tokeninfo',
        form: { access_token: 'ya29.forged-or-expired' },
      });
      expect(provider.requests[0].reply).toEqual({ status: 400, body: { error: 'invalid_token', error_description: 'Invalid Value' } });
    });

    it('answers 401 for a real Google token issued to another application, without reading its profile', async () => {
      provider.clearRequests();
      // Any site with Google sign-in receives such tokens from its users and could replay them here.
      const foreign = provider.googleToken(googleProfile('ada@example.com'), '999999999999-some-other-site.apps.googleusercontent.com');
      const reply = await t.request('POST', '/api/auth/google', { body: { oauth_token: foreign } });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.oauthTokenRejected, statusCode: 401 });
      expect(provider.requests.map((r) => r.path)).toEqual(['/oauth2/v3/tokeninfo']);
    });

    it('answers 502 when Google fails with a server error', async () => {
      const oauthToken = provider.googleToken(googleProfile('ada@example.com'));
      provider.failNext('google', 500);
      const reply = await t.request('POST', '/api/auth/google', { body: { oauth_token: oauthToken } });
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.providerUnavailable, statusCode: 502 });
      // The same token works once Google is back.
      expect((await t.request('POST', '/api/auth/google', { body: { oauth_token: oauthToken } })).status).toBe(200);
    });

    it('answers 400 without asking Google when oauth_token is missing or user_info is not an object', async () => {
      provider.clearRequests();
      const missing = await t.request('POST', '/api/auth/google', { body: { user_info: googleProfile('ada@example.com') } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'oauth_token is required: the access token Google gave the browser', statusCode: 400 });
      const blank = await t.request('POST', '/api/auth/google', { body: { oauth_token: '   ' } });
      expect(blank.status).toBe(400);
      const badInfo = await t.request('POST', '/api/auth/google', { body: { oauth_token: 'ya29.x', user_info: 'ada@example.com' } });
      expect(badInfo.status).toBe(400);
      expect(badInfo.body.error).toBe('user_info must be an object');
      expect(provider.requests).toHaveLength(0);
    });

    it('verifies the e-mail of a registered account that is still under review, but does not sign it in', async () => {
      const signup = await t.request('POST', '/api/signup', {
        body: { email: 'grace@example.com', password: 'a perfectly fine passphrase', full_name: 'Grace Hopper', company_name: 'Navy' },
      });
      expect(signup.status).toBe(201);
      const before = await t.api.dataSource.query(`SELECT email_verified_at FROM users WHERE email = 'grace@example.com'`);
      expect(before[0].email_verified_at).toBeNull();

      const reply = await t.request('POST', '/api/auth/google', {
        body: { oauth_token: provider.googleToken(googleProfile('grace@example.com')) },
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.underReview, statusCode: 403 });
      const after = await t.api.dataSource.query(`SELECT email_verified_at FROM users WHERE email = 'grace@example.com'`);
      expect(after[0].email_verified_at).not.toBeNull();
    });
  });

  describe('Microsoft', () => {
    it('exchanges the code with exactly the registered app credentials, reads the profile, and signs in', async () => {
      provider.clearRequests();
      const code = provider.microsoftCode({
        displayName: 'Satya Nadella',
        givenName: 'Satya',
        surname: 'Nadella',
        mail: 'Satya@Contoso.example',
        userPrincipalName: 'satya@contoso.example',
        jobTitle: 'CEO',
      });
      const reply = await t.request('POST', '/api/auth/microsoft', { body: { code } });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) });
      expect(claims(reply.body.access_token).email).toBe('satya@contoso.example');

      expect(provider.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /common/oauth2/v2.0/token', 'GET /v1.0/me']);
      const [grant, me] = provider.requests;
      expect(grant.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(grant.headers.authorization).toBeUndefined();
      expect(grant.form).toEqual({
        client_id: provider.microsoftApp.clientId,
        client_secret: provider.microsoftApp.clientSecret,
        code,
        redirect_uri: 'http://credence.test/login',
        grant_type: 'authorization_code',
        scope: 'User.Read',
      });
      expect(grant.reply?.status).toBe(200);
      expect(me.headers.authorization).toBe(`Bearer ${grant.reply?.body.access_token}`);
      expect(me.body).toBe('');
      expect(me.reply?.status).toBe(200);
    });

    it('uses userPrincipalName when the profile has no mail', async () => {
      const code = provider.microsoftCode({ mail: null, userPrincipalName: 'alan@fabrikam.example' });
      const reply = await t.request('POST', '/api/auth/microsoft', { body: { code } });
      expect(reply.status).toBe(200);
      expect(claims(reply.body.access_token).email).toBe('alan@fabrikam.example');
    });

    it("does not take an unverified mail attribute that differs from the account's own name (nOAuth)", async () => {
      // Anyone who administers an Entra ID tenant can set a user's `mail` to any address, and the
      // /common endpoint accepts every tenant: `mail` alone does not prove the address is theirs.
      const code = provider.microsoftCode({
        displayName: 'Mallory',
        mail: 'ada@example.com',
        userPrincipalName: 'mallory@evilcorp.onmicrosoft.example',
      });
      const reply = await t.request('POST', '/api/auth/microsoft', { body: { code } });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: NOT_REGISTERED, statusCode: 403 });
    });

    it('answers 401 for a code Microsoft rejects, including one already used', async () => {
      provider.clearRequests();
      const bad = await t.request('POST', '/api/auth/microsoft', { body: { code: '0.AXoA-not-a-real-code' } });
      expect(bad.status).toBe(401);
      expect(bad.body).toEqual({ error: ACCOUNT_MESSAGES.oauthTokenRejected, statusCode: 401 });
      expect(provider.requests).toHaveLength(1);
      expect(provider.requests[0].reply).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_codes: [70008] } });

      const code = provider.microsoftCode({ mail: 'satya@contoso.example', userPrincipalName: 'satya@contoso.example' });
      expect((await t.request('POST', '/api/auth/microsoft', { body: { code } })).status).toBe(200);
      const reused = await t.request('POST', '/api/auth/microsoft', { body: { code } });
      expect(reused.status).toBe(401);
      expect(reused.body.error).toBe(ACCOUNT_MESSAGES.oauthTokenRejected);
    });

    it('answers 403 with the registration notice for a Microsoft account without a Credence account', async () => {
      const code = provider.microsoftCode({ mail: 'someone@tailspin.example', userPrincipalName: 'someone@tailspin.example' });
      const reply = await t.request('POST', '/api/auth/microsoft', { body: { code } });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: NOT_REGISTERED, statusCode: 403 });
    });

    it('answers 502 when the token or the profile endpoint fails', async () => {
      provider.failNext('microsoftToken', 500);
      const tokenDown = await t.request('POST', '/api/auth/microsoft', {
        body: { code: provider.microsoftCode({ mail: 'satya@contoso.example', userPrincipalName: 'satya@contoso.example' }) },
      });
      expect(tokenDown.status).toBe(502);
      expect(tokenDown.body).toEqual({ error: ACCOUNT_MESSAGES.providerUnavailable, statusCode: 502 });

      provider.failNext('microsoftProfile', 503);
      const graphDown = await t.request('POST', '/api/auth/microsoft', {
        body: { code: provider.microsoftCode({ mail: 'satya@contoso.example', userPrincipalName: 'satya@contoso.example' }) },
      });
      expect(graphDown.status).toBe(502);
      expect(graphDown.body.error).toBe(ACCOUNT_MESSAGES.providerUnavailable);
    });

    it('answers 400 without calling Microsoft when the code is missing', async () => {
      provider.clearRequests();
      const reply = await t.request('POST', '/api/auth/microsoft', { body: {} });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'code is required: the authorization code from the Microsoft sign-in redirect',
        statusCode: 400,
      });
      expect(provider.requests).toHaveLength(0);
    });
  });

  describe('when the providers are down', () => {
    let down: TestApi;
    before(async () => {
      const nowhere = await closedPortUrl();
      down = await startTestApi({
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        GOOGLE_TOKENINFO_URL: `${nowhere}/oauth2/v3/tokeninfo`,
        GOOGLE_USERINFO_URL: `${nowhere}/oauth2/v3/userinfo`,
        MICROSOFT_CLIENT_ID: 'client',
        MICROSOFT_CLIENT_SECRET: 'secret',
        MICROSOFT_TOKEN_URL: `${nowhere}/common/oauth2/v2.0/token`,
        MICROSOFT_PROFILE_URL: `${nowhere}/v1.0/me`,
      });
    });
    after(() => down?.close());

    it('answers 502 providerUnavailable for Google and Microsoft', async () => {
      const google = await down.request('POST', '/api/auth/google', { body: { oauth_token: 'ya29.anything' } });
      expect(google.status).toBe(502);
      expect(google.body).toEqual({ error: ACCOUNT_MESSAGES.providerUnavailable, statusCode: 502 });
      const microsoft = await down.request('POST', '/api/auth/microsoft', { body: { code: 'anything' } });
      expect(microsoft.status).toBe(502);
      expect(microsoft.body).toEqual({ error: ACCOUNT_MESSAGES.providerUnavailable, statusCode: 502 });
    });
  });

  describe('when Google sign-in is not configured', () => {
    let bare: TestApi;
    before(async () => {
      bare = await startTestApi({ GOOGLE_TOKENINFO_URL: provider.googleTokeninfoUrl, GOOGLE_USERINFO_URL: provider.googleUserinfoUrl });
    });
    after(() => bare?.close());

    it('answers 503 googleNotConfigured without calling Google: with no client id, no token can be checked as ours', async () => {
      provider.clearRequests();
      const reply = await bare.request('POST', '/api/auth/google', {
        body: { oauth_token: provider.googleToken(googleProfile('ada@example.com')) },
      });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.googleNotConfigured, statusCode: 503 });
      expect(provider.requests).toHaveLength(0);
    });
  });

  describe('when Microsoft sign-in is not configured', () => {
    let bare: TestApi;
    before(async () => {
      bare = await startTestApi({ GOOGLE_USERINFO_URL: provider.googleUserinfoUrl });
    });
    after(() => bare?.close());

    it('answers 503 microsoftNotConfigured without calling Microsoft', async () => {
      provider.clearRequests();
      const reply = await bare.request('POST', '/api/auth/microsoft', { body: { code: 'anything' } });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.microsoftNotConfigured, statusCode: 503 });
      expect(provider.requests).toHaveLength(0);
    });
  });
});
