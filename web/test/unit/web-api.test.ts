import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_MESSAGES, ApiError } from '@credence/shared';
import { createWebApi, errorText, NETWORK_ERROR } from '../../src/features/api/web-api.ts';
import { createSessionStore } from '../../src/features/session/session-store.ts';
import { APPROVE_FAILED, approveFailure, LOGIN_FAILED, loginFailureMessage } from '../../src/features/accounts/failures.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;
const future = Math.floor(Date.now() / 1000) + 3600;
const first = jwt({ email: 'ada@example.com', full_name: 'Ada', exp: future });
const second = jwt({ email: 'ada@example.com', full_name: 'Ada', exp: future + 60 });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeServer(answer: (sent: Sent) => { status: number; body?: unknown }) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const request: Sent = {
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    const { status, body } = answer(request);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch };
}

function setup(answer: Parameters<typeof fakeServer>[0], token: string | null = null) {
  const session = createSessionStore({ storage: null });
  if (token) session.setToken(token);
  const server = fakeServer(answer);
  const api = createWebApi({ baseUrl: 'http://app.test', session, fetch: server.fetch });
  return { session, api, sent: server.sent };
}

describe('web API: the account calls, through the shared client', () => {
  it('calls each route under /api with the bearer of the session', async () => {
    const { api, sent } = setup(() => ({ status: 200, body: { message: 'ok', data: { data: {} } } }), first);
    await api.client.signup({ email: 'a@b.co', password: 'long enough', full_name: 'A', company_name: 'C' });
    await api.client.verify('v/1');
    await api.client.userByToken('a1');
    await api.client.approve('a1');
    await api.client.requestReset('a@b.co');
    await api.client.resetPassword({ token: 'r1', email: 'a@b.co', password: 'long enough' });
    await api.client.helpRequest({ type: 'feedback', feedback: { subject: 'S', message: 'M' } });
    assert.deepEqual(
      sent.map((s) => `${s.method} ${s.url}`),
      [
        'POST http://app.test/api/signup',
        'POST http://app.test/api/verify/v%2F1',
        'GET http://app.test/api/user_by_token/a1',
        'POST http://app.test/api/approve/a1',
        'POST http://app.test/api/request-reset',
        'POST http://app.test/api/reset-password',
        'POST http://app.test/api/help_requests',
      ],
    );
    assert.ok(sent.every((s) => s.headers.authorization === `Bearer ${first}`));
    assert.deepEqual(sent[5].body, { token: 'r1', email: 'a@b.co', password: 'long enough' });
    assert.equal(sent[1].headers['content-type'], undefined, 'no body, no content type');
  });

  it("fails with the shared ApiError carrying the server's error text", async () => {
    const { api } = setup(() => ({ status: 400, body: { error: ACCOUNT_MESSAGES.resetLinkInvalid, statusCode: 400 } }));
    await assert.rejects(api.client.resetPassword({ token: 'x', email: 'a@b.co', password: 'long enough' }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.equal(errorText(error, 'Failed to reset password. Please try again.'), ACCOUNT_MESSAGES.resetLinkInvalid);
      return true;
    });
  });

  it('says the server could not be reached when fetch itself fails', async () => {
    const session = createSessionStore({ storage: null });
    const api = createWebApi({ baseUrl: 'http://app.test', session, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await assert.rejects(api.client.requestReset('a@b.co'), (error: unknown) => errorText(error, 'fallback') === NETWORK_ERROR);
    await assert.rejects(
      api.client.login({ email: 'a@b.co', password: 'x' }),
      (error: unknown) => errorText(error, 'fallback') === NETWORK_ERROR,
    );
  });
});

describe('web API: the session follows the answers (spec 1 section 4)', () => {
  it('stores the token of a sign-in and sends it from then on', async () => {
    const { api, session, sent } = setup((s) =>
      s.url.endsWith('/login')
        ? { status: 200, body: { access_token: first, token_type: 'Bearer', expires_in: 3600 } }
        : { status: 200, body: { message: 'ok' } },
    );
    await api.client.login({ email: 'ada@example.com', password: 'pw' });
    assert.equal(session.getState().token, first);
    await api.client.requestReset('ada@example.com');
    assert.equal(sent[1].headers.authorization, `Bearer ${first}`);
  });

  it('refreshes from an access_token in any answer, success or error', async () => {
    const ok = setup(() => ({ status: 200, body: { message: 'ok', access_token: second } }), first);
    await ok.api.client.approve('t');
    assert.equal(ok.session.getState().token, second);

    const failed = setup(() => ({ status: 409, body: { error: 'conflict', access_token: second } }), first);
    await assert.rejects(failed.api.client.approve('t'));
    assert.equal(failed.session.getState().token, second);
  });

  it('ends the session when a call that sent a token answers 401', async () => {
    const { api, session } = setup(() => ({ status: 401, body: { error: ACCOUNT_MESSAGES.sessionInvalid, statusCode: 401 } }), first);
    await assert.rejects(api.client.userByToken('t'));
    assert.deepEqual(session.getState(), { token: null, user: null, endedBy: 'rejected' });
  });

  it('leaves no session behind after logout, and the shared client stops sending the token', async () => {
    const { api, session, sent } = setup(() => ({ status: 200, body: { message: 'bye' } }), first);
    session.end('logout');
    assert.equal(api.client.token(), null);
    await api.client.requestReset('a@b.co');
    assert.equal(sent[0].headers.authorization, undefined);
  });

  it('a wrong password (401 with no token sent) does not touch the session', async () => {
    const { api, session } = setup(() => ({ status: 401, body: { error: ACCOUNT_MESSAGES.invalidCredentials, statusCode: 401 } }));
    await assert.rejects(api.client.login({ email: 'a@b.co', password: 'wrong' }));
    assert.equal(session.getState().endedBy, null);
  });
});

describe('account failure messages (spec 1 section 8)', () => {
  const failure = (status: number, error: string) => new ApiError({ status, error, call: 'POST /api/x' });

  it('sign-in: 401 is the shared invalid-credentials text; others the server error; no answer the network text', () => {
    assert.equal(loginFailureMessage(failure(401, 'whatever the server said')), ACCOUNT_MESSAGES.invalidCredentials);
    assert.equal(loginFailureMessage(failure(403, ACCOUNT_MESSAGES.underReview)), ACCOUNT_MESSAGES.underReview);
    assert.equal(loginFailureMessage(failure(429, ACCOUNT_MESSAGES.tooManyAttempts)), ACCOUNT_MESSAGES.tooManyAttempts);
    assert.equal(loginFailureMessage(failure(0, 'Could not reach the API at http://x (ECONNREFUSED)')), NETWORK_ERROR);
    assert.equal(loginFailureMessage(new Error('boom')), LOGIN_FAILED);
  });

  it('approve: an already approved applicant counts as approved; other failures do not', () => {
    assert.deepEqual(approveFailure(failure(400, ACCOUNT_MESSAGES.approveLinkUsed)), {
      message: ACCOUNT_MESSAGES.approveLinkUsed,
      approved: true,
    });
    assert.deepEqual(approveFailure(failure(400, ACCOUNT_MESSAGES.approveLinkInvalid)), {
      message: ACCOUNT_MESSAGES.approveLinkInvalid,
      approved: false,
    });
    assert.deepEqual(approveFailure(failure(403, ACCOUNT_MESSAGES.adminOnly)), { message: ACCOUNT_MESSAGES.adminOnly, approved: false });
    assert.deepEqual(approveFailure(new Error('x')), { message: APPROVE_FAILED, approved: false });
  });
});
