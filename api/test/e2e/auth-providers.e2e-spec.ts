import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** What the sign-in page reads to show the Google and Microsoft buttons (spec 1 sections 2 and 4). */
describe('GET /api/auth/providers', () => {
  describe('with both providers configured', () => {
    let t: TestApi;
    before(async () => {
      t = await startTestApi({
        GOOGLE_CLIENT_ID: 'google-client.apps.example',
        GOOGLE_USERINFO_URL: 'http://idp.test/oauth2/v3/userinfo',
        MICROSOFT_CLIENT_ID: 'ms-client-id',
        MICROSOFT_CLIENT_SECRET: 'ms-very-secret-value',
        MICROSOFT_AUTHORIZE_URL: 'http://idp.test/common/oauth2/v2.0/authorize',
      });
    });
    after(() => t?.close());

    it('answers without a token: public client ids, addresses and scopes, never the secret', async () => {
      const reply = await t.request('GET', '/api/auth/providers');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        google: {
          client_id: 'google-client.apps.example',
          authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
          redirect_uri: 'http://credence.test/login',
          scope: 'email profile',
        },
        microsoft: {
          client_id: 'ms-client-id',
          authorize_url: 'http://idp.test/common/oauth2/v2.0/authorize',
          redirect_uri: 'http://credence.test/login',
          scope: 'User.Read',
        },
      });
      expect(JSON.stringify(reply.body)).not.toContain('ms-very-secret-value');
    });

    it('ignores a token that is not valid (a public call)', async () => {
      const reply = await t.request('GET', '/api/auth/providers', { token: 'not-a-token' });
      expect(reply.status).toBe(200);
      expect(reply.body.microsoft.client_id).toBe('ms-client-id');
    });
  });

  describe('with no provider configured', () => {
    let bare: TestApi;
    before(async () => {
      bare = await startTestApi({ MICROSOFT_CLIENT_ID: 'id-without-its-secret' });
    });
    after(() => bare?.close());

    it('answers null for each: the page shows no provider button', async () => {
      const reply = await bare.request('GET', '/api/auth/providers');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ google: null, microsoft: null });
    });
  });
});
