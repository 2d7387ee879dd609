/**
 * A stand-in for Google's and Microsoft's sign-in endpoints on a loopback port, for the browser
 * suite: the authorization page (answers at once with a redirect, or with ?error= when told to
 * refuse), Microsoft's token and profile endpoints (called by the API), and Google's tokeninfo
 * (the client the token was issued to: the one that asked /authorize for it) and userinfo (called
 * by the API; userinfo also answers CORS).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIdentityProvider {
  url: string;
  /** The query of every authorization request, in order. */
  authorizeRequests: URLSearchParams[];
  /** The form of every code exchange (Microsoft's token endpoint). */
  tokenRequests: URLSearchParams[];
  userinfoRequests: number;
  /** The next authorization is refused (?error=access_denied). */
  refuseNext(): void;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

export async function startFakeIdentityProvider(email: string): Promise<FakeIdentityProvider> {
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const codes = new Set<string>();
  let userinfoRequests = 0;
  let refuse = false;
  let serial = 0;
  let googleAudience = '';
  const GOOGLE_TOKEN = 'ya29.fake-google-access-token';
  const MS_TOKEN = 'eyJ0eXAi.fake-graph-access-token';
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization' };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://idp.invalid');
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      authorizeRequests.push(q);
      const back = new URL(q.get('redirect_uri') ?? 'http://invalid/');
      const answer = new URLSearchParams({ state: q.get('state') ?? '' });
      if (refuse) {
        refuse = false;
        answer.set('error', 'access_denied');
        answer.set('error_description', 'The user declined.');
      } else if (q.get('response_type') === 'code') {
        const code = `0.fake-code-${++serial}`;
        codes.add(code);
        answer.set('code', code);
      } else {
        googleAudience = q.get('client_id') ?? '';
        answer.set('access_token', GOOGLE_TOKEN);
        answer.set('token_type', 'Bearer');
        answer.set('expires_in', '3599');
      }
      const location =
        q.get('response_type') === 'token' ? `${back.origin}${back.pathname}#${answer}` : `${back.origin}${back.pathname}?${answer}`;
      response.writeHead(302, { location });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await body(request));
      tokenRequests.push(form);
      const code = form.get('code') ?? '';
      if (!codes.delete(code)) return json(response, 400, { error: 'invalid_grant' });
      return json(response, 200, { access_token: MS_TOKEN, token_type: 'Bearer', expires_in: 3599, scope: 'User.Read' });
    }
    if (url.pathname === '/me') {
      if (request.headers.authorization !== `Bearer ${MS_TOKEN}`)
        return json(response, 401, { error: { code: 'InvalidAuthenticationToken' } });
      return json(response, 200, { displayName: 'Admin', mail: email, userPrincipalName: email });
    }
    if (url.pathname === '/tokeninfo' && request.method === 'POST') {
      const form = new URLSearchParams(await body(request));
      if (form.get('access_token') !== GOOGLE_TOKEN)
        return json(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
      return json(response, 200, {
        azp: googleAudience,
        aud: googleAudience,
        sub: '1000001',
        scope: 'openid email profile',
        expires_in: '3599',
        email,
        email_verified: 'true',
      });
    }
    if (url.pathname === '/userinfo') {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors);
        return response.end();
      }
      userinfoRequests++;
      if (request.headers.authorization !== `Bearer ${GOOGLE_TOKEN}`) return json(response, 401, { error: 'invalid_token' }, cors);
      return json(response, 200, { sub: '1000001', email, email_verified: true, name: 'Admin' }, cors);
    }
    json(response, 404, { error: 'not_found' });
  };
  // A failure answers 500 rather than rejecting a promise nobody awaits.
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizeRequests,
    tokenRequests,
    get userinfoRequests() {
      return userinfoRequests;
    },
    refuseNext: () => {
      refuse = true;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A port nothing listens on right now (the API is started on it, so PUBLIC_URL can name it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}
