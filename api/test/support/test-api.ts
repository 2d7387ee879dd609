import { outboxLink, outboxMails } from '@credence/shared/mail';
import { createApi, type Api } from '../../src/core/bootstrap.js';
import { loadConfig } from '../../src/core/config/config.js';
import { ensureFirstAdmin } from '../../src/core/users/first-admin.js';
import { createTestEnvironment, TEST_ADMIN, type TestEnvironment } from './environment.js';
import { startWorker, type Server } from './processes.js';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApi {
  url: string;
  api: Api;
  environment: TestEnvironment;
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  /** Waits for the mail to `to` whose subject matches, and answers the link in it. */
  mailLink(to: string, subject: RegExp): Promise<string>;
  mails(to: string): Promise<{ subject: string; text: string }[]>;
  adminToken(): Promise<string>;
  /** Signs up, verifies and approves an account; answers its access token. */
  activeUser(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real API on a random loopback port, with its own database (embedded or server) and outbox.
 * With Redis, background jobs run as in a scaled deployment: in a separate `worker` process.
 */
export async function startTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const environment = await createTestEnvironment(overrides);
  let worker: Server | null = null;
  if (environment.env.REDIS_URL) {
    worker = await startWorker({ ...environment.env, RUN_JOBS: 'true' });
    environment.env.RUN_JOBS = 'false';
  }
  const config = loadConfig(environment.env);
  const api = await createApi(config);
  await ensureFirstAdmin(api.app, config);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.getHttpServer().address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const mails = (to: string) => outboxMails(environment.dataDir, to);

  const testApi: TestApi = {
    url,
    api,
    environment,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(url + path, {
        method,
        headers,
        body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: body as any, headers: response.headers };
    },
    mails,
    mailLink: (to, subject) => outboxLink(environment.dataDir, to, subject),
    async adminToken() {
      const reply = await testApi.request('POST', '/api/login', { body: TEST_ADMIN });
      if (reply.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(reply.body)}`);
      return reply.body.access_token;
    },
    async activeUser(email, password = 'a perfectly fine passphrase') {
      const signup = await testApi.request('POST', '/api/signup', {
        body: { email, password, full_name: 'Test User', company_name: 'Test Co' },
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      const verify = new URL(await testApi.mailLink(email, /Verify/)).pathname;
      await testApi.request('POST', `/api${verify}`);
      const approve = new URL(await testApi.mailLink(TEST_ADMIN.email, new RegExp(email.replace(/[.+]/g, '\\$&')))).pathname;
      const approved = await testApi.request('POST', `/api${approve}`, { token: await testApi.adminToken() });
      if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
      const login = await testApi.request('POST', '/api/login', { body: { email, password } });
      return login.body.access_token;
    },
    async close() {
      // A response the test left unread holds its connection open, and a graceful close would wait
      // for the client to give up on it (about 30 s for the API reference's script).
      const closing = api.close();
      api.app.getHttpServer().closeAllConnections();
      await closing;
      if (worker) await worker.stop('SIGTERM');
      await environment.cleanup();
    },
  };
  return testApi;
}
