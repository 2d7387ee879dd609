import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createApiClient, type ApiClient } from '@credence/shared';
import { createDeferredClient } from '../../src/features/api/deferred-client.ts';
import { createWebApi, errorText, NETWORK_ERROR } from '../../src/features/api/web-api.ts';
import { createSessionStore } from '../../src/features/session/session-store.ts';

function recordingFetch() {
  const sent: { url: string; authorization: string | undefined }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    sent.push({ url, authorization: (init?.headers as Record<string, string>)?.authorization });
    return new Response(JSON.stringify([]), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch };
}

describe('the deferred typed client (its code loads on the first call)', () => {
  it('loads nothing until a call, then answers every area through the real client', async () => {
    const server = recordingFetch();
    let loads = 0;
    const client = createDeferredClient({
      baseUrl: 'http://app.test/',
      token: 'first',
      load: async (token) => {
        loads += 1;
        return createApiClient({ baseUrl: 'http://app.test', token, fetch: server.fetch });
      },
    });
    assert.equal(client.baseUrl, 'http://app.test');
    assert.equal(client.token(), 'first');
    client.setToken('second');
    assert.equal(loads, 0, 'reading the token and the address loads nothing');
    // a call from each of two areas, the second before the first has loaded the chunk
    await Promise.all([client.usCompanies({ search: 'acme' }), client.getChatHistory()]);
    assert.equal(loads, 1, 'the chunk loads once');
    assert.deepEqual(server.sent.map((s) => new URL(s.url).pathname).sort(), ['/api/get_chat_history', '/api/us/companies'].sort());
    assert.deepEqual(
      server.sent.map((s) => s.authorization),
      ['Bearer second', 'Bearer second'],
      'the token set before loading',
    );
    client.setToken(null);
    await client.getChatHistory();
    assert.equal(server.sent.at(-1)?.authorization, undefined, 'a token set after loading reaches the real client');
  });

  it('gives each call one identity, so hooks that depend on it do not rerun', () => {
    const client = createDeferredClient({ baseUrl: 'http://app.test', token: null, load: async () => ({}) as ApiClient });
    assert.equal(client.overview, client.overview);
    assert.notEqual(client.overview, client.filings);
    assert.equal((client as unknown as { then?: unknown }).then, undefined, 'awaiting the client is not a call');
  });

  it('turns a chunk that fails to load into a connection error, and tries again on the next call', async () => {
    const server = recordingFetch();
    let attempt = 0;
    const client = createDeferredClient({
      baseUrl: 'http://app.test',
      token: null,
      load: async (token) => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return createApiClient({ baseUrl: 'http://app.test', token, fetch: server.fetch });
      },
    });
    await assert.rejects(client.getChatHistory(), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 0);
      assert.equal(errorText(error, 'fallback'), NETWORK_ERROR);
      return true;
    });
    assert.deepEqual(await client.getChatHistory(), []);
    assert.equal(attempt, 2);
  });

  it('in the web app: a fresh token in an answer reaches the session, and the session its calls', async () => {
    const session = createSessionStore({ storage: null });
    const sent: (string | undefined)[] = [];
    const api = createWebApi({
      baseUrl: 'http://app.test',
      session,
      fetch: async (_url, init) => {
        sent.push((init?.headers as Record<string, string>)?.authorization);
        return new Response(JSON.stringify({ access_token: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig' }), { status: 200 });
      },
    });
    await api.client.me();
    assert.equal(session.getState().token, 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig');
    assert.equal(api.client.token(), session.getState().token);
    await api.client.me();
    assert.equal(sent.at(-1), `Bearer ${session.getState().token}`);
  });
});
