import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's and Microsoft's identity endpoints, answering in their real shapes:
 *
 * - Google   POST /oauth2/v3/tokeninfo           (access_token=<token>: whose client the token was issued to)
 * - Google   GET  /oauth2/v3/userinfo            (Authorization: Bearer <access token>)
 * - Microsoft POST /common/oauth2/v2.0/token      (application/x-www-form-urlencoded, authorization_code grant)
 * - Microsoft GET  /v1.0/me                       (Microsoft Graph, Authorization: Bearer <access token>)
 *
 * It records every request it receives, so a test can check exactly what the API sent.
 */

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
  locale: string;
  /** Google Workspace accounts carry their domain. */
  hd?: string;
}

export interface GraphProfile {
  displayName: string;
  givenName: string;
  surname: string;
  /** Null for many accounts that have no Exchange mailbox: then userPrincipalName is the address. */
  mail: string | null;
  userPrincipalName: string;
  id: string;
  jobTitle: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The fields of a form-urlencoded body. */
  form?: Record<string, string>;
  /** What the fake answered. */
  reply?: { status: number; body: any };
}

export type Endpoint = 'google' | 'googleTokeninfo' | 'microsoftToken' | 'microsoftProfile';

/** The Google client id tokens are issued to unless a test names another (an other site's sign-in). */
export const FAKE_GOOGLE_CLIENT_ID = '000000000000-credencetest.apps.googleusercontent.com';

export interface MicrosoftApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface FakeIdentityProvider {
  url: string;
  googleUserinfoUrl: string;
  googleTokeninfoUrl: string;
  googleClientId: string;
  microsoftTokenUrl: string;
  microsoftProfileUrl: string;
  microsoftApp: MicrosoftApp;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** A Google access token for this profile, issued to `audience` (default FAKE_GOOGLE_CLIENT_ID). */
  googleToken(profile: GoogleProfile, audience?: string): string;
  /** A Microsoft authorization code (single use, as Azure AD's are) for this Graph profile. */
  microsoftCode(profile: Partial<GraphProfile> & Pick<GraphProfile, 'userPrincipalName'>): string;
  /** The next request to `endpoint` is answered with this status (a server error, say). */
  failNext(endpoint: Endpoint, status: number): void;
  /** Forgets the recorded requests. */
  clearRequests(): void;
  close(): Promise<void>;
}

const recordedOf = new WeakMap<ServerResponse, RecordedRequest>();

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const recorded = recordedOf.get(response);
  if (recorded) recorded.reply = { status, body };
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function bearer(request: IncomingMessage): string | null {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

function aadError(status: number, error: string, code: number, description: string) {
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${randomBytes(16).toString('hex')}\r\nTimestamp: ${new Date().toISOString()}`,
      error_codes: [code],
      timestamp: new Date().toISOString().replace('T', ' ').replace(/\..*/, 'Z'),
      trace_id: randomBytes(16).toString('hex'),
      correlation_id: randomBytes(16).toString('hex'),
    },
  };
}

export async function startFakeIdentityProvider(app: Partial<MicrosoftApp> = {}): Promise<FakeIdentityProvider> {
  const microsoftApp: MicrosoftApp = {
    clientId: app.clientId ?? '00000000-0000-4000-8000-00000000c0de',
    clientSecret: app.clientSecret ?? 'fake~client~secret',
    redirectUri: app.redirectUri ?? 'http://credence.test/login',
  };
  const googleTokens = new Map<string, { profile: GoogleProfile; audience: string }>();
  const microsoftCodes = new Map<string, GraphProfile>();
  const graphTokens = new Map<string, GraphProfile>();
  const failures = new Map<Endpoint, number>();
  const requests: RecordedRequest[] = [];

  const failure = (endpoint: Endpoint): number | undefined => {
    const status = failures.get(endpoint);
    failures.delete(endpoint);
    return status;
  };

  function google(request: IncomingMessage, response: ServerResponse): void {
    const failed = failure('google');
    if (failed) return send(response, failed, { error: 'backend_error', error_description: 'Backend Error' });
    const issued = googleTokens.get(bearer(request) ?? '');
    if (!issued) {
      return send(
        response,
        401,
        { error: 'invalid_token', error_description: 'Invalid Credentials' },
        { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      );
    }
    send(response, 200, issued.profile);
  }

  function googleTokeninfo(response: ServerResponse, form: Record<string, string>): void {
    const failed = failure('googleTokeninfo');
    if (failed) return send(response, failed, { error: 'backend_error', error_description: 'Backend Error' });
    const issued = googleTokens.get(form.access_token ?? '');
    if (!issued) return send(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    const { profile, audience } = issued;
    send(response, 200, {
      azp: audience,
      aud: audience,
      sub: profile.sub,
      scope: 'https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile openid',
      exp: String(Math.floor(Date.now() / 1000) + 3599),
      expires_in: '3599',
      email: profile.email,
      email_verified: String(profile.email_verified),
      access_type: 'online',
    });
  }

  function microsoftToken(request: IncomingMessage, response: ServerResponse, form: Record<string, string>): void {
    const failed = failure('microsoftToken');
    if (failed)
      return send(response, failed, {
        error: 'temporarily_unavailable',
        error_description: 'AADSTS90033: A transient error has occurred.',
      });
    const reply = (() => {
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return aadError(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'grant_type'.");
      }
      if (form.grant_type !== 'authorization_code') {
        return aadError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
      }
      if (form.client_id !== microsoftApp.clientId) {
        return aadError(
          400,
          'unauthorized_client',
          700016,
          `Application with identifier '${form.client_id}' was not found in the directory.`,
        );
      }
      if (form.client_secret !== microsoftApp.clientSecret) {
        return aadError(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
      }
      if (form.redirect_uri !== microsoftApp.redirectUri) {
        return aadError(
          400,
          'invalid_grant',
          50011,
          'The redirect URI specified in the request does not match the redirect URIs configured for the application.',
        );
      }
      if (!(form.scope ?? '').split(' ').includes('User.Read')) {
        return aadError(400, 'invalid_scope', 70011, "The provided value for the input parameter 'scope' is not valid.");
      }
      const profile = form.code ? microsoftCodes.get(form.code) : undefined;
      if (!profile) {
        return aadError(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity.');
      }
      microsoftCodes.delete(form.code);
      const accessToken = token('eyJ0eXAiOiJKV1Qi.');
      graphTokens.set(accessToken, profile);
      return {
        status: 200,
        body: {
          token_type: 'Bearer',
          scope: 'User.Read profile openid email',
          expires_in: 4523,
          ext_expires_in: 4523,
          access_token: accessToken,
        },
      };
    })();
    send(response, reply.status, reply.body);
  }

  function microsoftProfile(request: IncomingMessage, response: ServerResponse): void {
    const failed = failure('microsoftProfile');
    if (failed) return send(response, failed, { error: { code: 'serviceNotAvailable', message: 'Service unavailable' } });
    const profile = graphTokens.get(bearer(request) ?? '');
    if (!profile) {
      return send(response, 401, {
        error: {
          code: 'InvalidAuthenticationToken',
          message: 'Access token validation failure. Invalid audience.',
          innerError: {
            date: new Date().toISOString(),
            'request-id': randomBytes(16).toString('hex'),
            'client-request-id': randomBytes(16).toString('hex'),
          },
        },
      });
    }
    send(response, 200, {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
      businessPhones: [],
      displayName: profile.displayName,
      givenName: profile.givenName,
      jobTitle: profile.jobTitle,
      mail: profile.mail,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-GB',
      surname: profile.surname,
      userPrincipalName: profile.userPrincipalName,
      id: profile.id,
    });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?')[0];
      const recorded: RecordedRequest = { method: request.method ?? 'GET', path, headers: request.headers, body };
      if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        recorded.form = Object.fromEntries(new URLSearchParams(body));
      }
      requests.push(recorded);
      recordedOf.set(response, recorded);
      if (request.method === 'GET' && path === '/oauth2/v3/userinfo') return google(request, response);
      if (request.method === 'POST' && path === '/oauth2/v3/tokeninfo') return googleTokeninfo(response, recorded.form ?? {});
      if (request.method === 'POST' && path === '/common/oauth2/v2.0/token') return microsoftToken(request, response, recorded.form ?? {});
      if (request.method === 'GET' && path === '/v1.0/me') return microsoftProfile(request, response);
      send(response, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    googleUserinfoUrl: `${url}/oauth2/v3/userinfo`,
    googleTokeninfoUrl: `${url}/oauth2/v3/tokeninfo`,
    googleClientId: FAKE_GOOGLE_CLIENT_ID,
    microsoftTokenUrl: `${url}/common/oauth2/v2.0/token`,
    microsoftProfileUrl: `${url}/v1.0/me`,
    microsoftApp,
    requests,
    googleToken(profile, audience = FAKE_GOOGLE_CLIENT_ID) {
      const accessToken = token('ya29.');
      googleTokens.set(accessToken, { profile, audience });
      return accessToken;
    },
    microsoftCode(profile) {
      const code = token('0.AXoA');
      microsoftCodes.set(code, {
        displayName: 'Test Person',
        givenName: 'Test',
        surname: 'Person',
        mail: null,
        id: randomBytes(16).toString('hex'),
        jobTitle: null,
        ...profile,
      });
      return code;
    },
    failNext(endpoint, status) {
      failures.set(endpoint, status);
    },
    clearRequests() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL on which nothing listens: a provider that is down. */
/** The API's settings for sign-in with Google and Microsoft against this stand-in. */
export function identityProviderEnv(provider: FakeIdentityProvider): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: provider.googleClientId,
    GOOGLE_TOKENINFO_URL: provider.googleTokeninfoUrl,
    GOOGLE_USERINFO_URL: provider.googleUserinfoUrl,
    MICROSOFT_CLIENT_ID: provider.microsoftApp.clientId,
    MICROSOFT_CLIENT_SECRET: provider.microsoftApp.clientSecret,
    MICROSOFT_TOKEN_URL: provider.microsoftTokenUrl,
    MICROSOFT_PROFILE_URL: provider.microsoftProfileUrl,
  };
}

export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
