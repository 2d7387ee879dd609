import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createTestEnvironment, TEST_ADMIN, type TestEnvironment } from '../support/environment.js';
import { call, linesMatching, mailedLink, signupBody } from '../support/outage-api.js';
import { cuttableProxy, type CuttableProxy } from '@credence/shared/cuttable-proxy';
import { until } from '../support/outage.js';
import { startServer, type Server } from '../support/processes.js';

const skip = process.env.DATABASE_URL ? false : 'needs server Postgres (DATABASE_URL): the embedded database cannot go away under the API';

describe('the API while its database server is unreachable and back', { skip }, () => {
  let environment: TestEnvironment;
  let proxy: CuttableProxy;
  let server: Server;

  before(async () => {
    environment = await createTestEnvironment({ LOG_LEVEL: 'warn' });
    // Jobs in-process: this suite is about the database alone.
    delete environment.env.REDIS_URL;
    delete environment.env.REDIS_PREFIX;
    const database = new URL(environment.env.DATABASE_URL);
    // closed, not reset: this suite is about refused connections, and it has run that way since it was written
    proxy = await cuttableProxy({ host: database.hostname, port: Number(database.port || 5432) }, { reset: false });
    database.hostname = '127.0.0.1';
    database.port = String(proxy.port);
    server = await startServer({ ...environment.env, DATABASE_URL: database.toString() });
  });
  after(async () => {
    if (server && server.child.exitCode === null) await server.stop('SIGKILL');
    await proxy?.close();
    await environment?.cleanup();
  });

  it('answers 503 with Retry-After where it needs the database, says so once, and recovers', async () => {
    const token = (await call(server, 'POST', '/api/login', { body: TEST_ADMIN })).body.access_token;
    expect((await call(server, 'GET', '/api/health/ready')).body).toEqual({ status: 'ok', checks: { database: { status: 'ok' } } });

    await proxy.cut();
    const email = 'while-the-database-is-down@example.com';
    const refused = await call(server, 'POST', '/api/signup', { body: signupBody(email) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error).toMatch(/database/);
    const search = await call(server, 'GET', '/api/companies_house/search_companies?query=acme', { token });
    expect(search.status).toBe(503);
    expect(search.headers.get('retry-after')).toMatch(/^\d+$/);

    const readiness = await call(server, 'GET', '/api/health/ready');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'down' } } });
    // Refused at once by the refused connection, not after the pool's 15 s connection timeout
    // (connectionTimeoutMillis) or the check's own 3 s: the error is the refusal, no wall-clock bound.
    expect(readiness.body.checks.database.error).toMatch(/ECONNREFUSED/);
    expect(readiness.body.checks.database.error).not.toMatch(/timeout|no answer within/i);
    expect(await call(server, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });

    await proxy.restore();
    await until('readiness says ready again', async () => (await call(server, 'GET', '/api/health/ready')).status === 200);
    expect((await call(server, 'POST', '/api/signup', { body: signupBody(email) })).status).toBe(201);
    await until(
      'the verification mail is written',
      async () => (await mailedLink(environment.dataDir, email, /^Verify your email address/)) !== null,
    );
    expect((await call(server, 'GET', '/api/companies_house/search_companies?query=acme', { token })).status).toBe(200);

    const output = server.output();
    expect(linesMatching(output, /The database is unreachable/)).toBe(1);
    expect(linesMatching(output, /The database is back/)).toBe(1);
    expect(output).not.toMatch(/Something went wrong|statusCode":500/);
  });
});
