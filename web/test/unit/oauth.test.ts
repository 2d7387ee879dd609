import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_MESSAGES, ApiError, type AuthProvidersResponse } from '@credence/shared';
import {
  authorizeUrl,
  OAUTH_STATE_KEY,
  oauthFailureMessage,
  randomState,
  readProviderReturn,
  startSignIn,
} from '../../src/features/accounts/oauth.ts';

const PROVIDERS: AuthProvidersResponse = {
  google: {
    client_id: 'g-id',
    authorize_url: 'https://accounts.example/auth',
    redirect_uri: 'https://app.example/login',
    scope: 'email profile',
  },
  microsoft: {
    client_id: 'm-id',
    authorize_url: 'https://login.example/authorize',
    redirect_uri: 'https://app.example/login',
    scope: 'User.Read',
  },
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('sign-in with identity providers (spec 1 sections 4 and 9)', () => {
  it('sends Microsoft a code request with User.Read and the state, Google a token request with "email profile"', () => {
    const ms = new URL(authorizeUrl('microsoft', PROVIDERS, 'abc'));
    assert.equal(ms.origin + ms.pathname, 'https://login.example/authorize');
    assert.deepEqual(Object.fromEntries(ms.searchParams), {
      client_id: 'm-id',
      redirect_uri: 'https://app.example/login',
      response_type: 'code',
      scope: 'User.Read',
      state: 'abc',
      prompt: 'select_account',
      response_mode: 'query',
    });
    const google = new URL(authorizeUrl('google', PROVIDERS, 'xyz'));
    assert.equal(google.searchParams.get('response_type'), 'token');
    assert.equal(google.searchParams.get('scope'), 'email profile');
    assert.equal(google.searchParams.get('state'), 'xyz');
    assert.throws(() => authorizeUrl('google', { ...PROVIDERS, google: null }, 's'));
  });

  it('makes a new random state each time', () => {
    const a = randomState();
    assert.match(a, /^[0-9a-f]{32}$/);
    assert.notEqual(a, randomState());
  });

  it('takes the code back once, only with the state it sent, and keeps the redirect', () => {
    const storage = memoryStorage();
    startSignIn('microsoft', PROVIDERS, '/uk/?companyNumber=1', storage, 'st-1');
    assert.deepEqual(readProviderReturn('?code=C1&state=st-1', '', storage), {
      kind: 'microsoft',
      code: 'C1',
      redirect: '/uk/?companyNumber=1',
    });
    assert.equal(storage.items.has(OAUTH_STATE_KEY), false, 'consumed');
    assert.deepEqual(
      readProviderReturn('?code=C1&state=st-1', '', storage),
      { kind: 'failed', provider: null, redirect: null },
      'a replay fails',
    );
  });

  it('refuses another state, and an error answer', () => {
    const storage = memoryStorage();
    startSignIn('microsoft', PROVIDERS, null, storage, 'mine');
    assert.equal(readProviderReturn('?code=C1&state=theirs', '', storage).kind, 'failed');
    startSignIn('microsoft', PROVIDERS, '/home', storage, 'mine');
    assert.deepEqual(readProviderReturn('?error=access_denied&state=mine', '', storage), {
      kind: 'failed',
      provider: 'microsoft',
      redirect: '/home',
    });
  });

  it("reads Google's token from the fragment; an ordinary /login is no return at all", () => {
    const storage = memoryStorage();
    assert.deepEqual(readProviderReturn('?redirect=%2Fhome', '', storage), { kind: 'none' });
    startSignIn('google', PROVIDERS, null, storage, 'g-state');
    assert.deepEqual(readProviderReturn('', '#access_token=ya29.t&token_type=Bearer&state=g-state', storage), {
      kind: 'google',
      accessToken: 'ya29.t',
      redirect: null,
    });
  });

  it("says the spec's messages when a provider sign-in fails", () => {
    const failure = (status: number, error: string) => new ApiError({ status, error, call: 'POST /api/auth/google' });
    assert.equal(oauthFailureMessage('microsoft', null), 'Login failed. Please try again.');
    assert.equal(oauthFailureMessage('google', null), 'Login failed');
    assert.equal(oauthFailureMessage('google', failure(401, 'x')), ACCOUNT_MESSAGES.invalidCredentials);
    assert.equal(oauthFailureMessage('google', failure(403, 'Not registered')), 'Not registered');
    assert.equal(oauthFailureMessage('microsoft', failure(502, 'Provider down')), 'Provider down');
  });
});
