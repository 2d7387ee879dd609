import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { DependencyUnavailableError } from '../../src/core/health/dependency-status.js';
import { BullJobQueue } from '../../src/core/queue/bull-queue.js';
import { RedisStatus } from '../../src/core/redis/redis-status.js';
import { createTestEnvironment, TEST_ADMIN, type TestEnvironment } from '../support/environment.js';
import { call, linesMatching, mailedLink, signupBody } from '../support/outage-api.js';
import { onPath, ownRedis, until, type OwnRedis } from '../support/outage.js';
import { startServer, type Server } from '../support/processes.js';

const skip = onPath('redis-server') ? false : 'needs redis-server on PATH to stop and start a Redis of its own';

describe('the API while its Redis is stopped and started again', { skip }, () => {
  let redis: OwnRedis;
  let environment: TestEnvironment;
  let server: Server;

  before(async () => {
    redis = await ownRedis();
    environment = await createTestEnvironment({ LOG_LEVEL: 'warn', REDIS_URL: redis.url });
    server = await startServer(environment.env);
  });
  after(async () => {
    if (server && server.child.exitCode === null) await server.stop('SIGKILL');
    await redis?.stop();
    await environment?.cleanup();
  });

  it('answers 503 with Retry-After where it needs Redis, serves the rest, says so once, and recovers', async () => {
    const ready = await call(server, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } });
    const reference = await call(server, 'GET', '/api/docs-json');
    expect(Object.keys(reference.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/ready']));

    // An applicant who signed up before the outage and opens the verification link during it.
    const early = 'before-the-outage@example.com';
    expect((await call(server, 'POST', '/api/signup', { body: signupBody(early) })).status).toBe(201);
    let verify: string | null = null;
    await until(
      'the first verification mail is written',
      async () => (verify = await mailedLink(environment.dataDir, early, /^Verify/)) !== null,
    );
    const verifyPath = `/api${new URL(verify!).pathname}`;

    await redis.stop();
    await until('readiness says Redis is down', async () => (await call(server, 'GET', '/api/health/ready')).status === 503);

    const email = 'while-redis-is-down@example.com';
    const refused = await call(server, 'POST', '/api/signup', { body: signupBody(email) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error).toMatch(/job queue \(Redis\)/);
    // That it comes at once, not after ioredis's reconnection attempts, is the queue's own test
    // below (no wall-clock bound here: it would pass a one-retry wait and fail on a busy machine).

    // Verifying mails the admins: refused before the link is spent, so it still works afterwards.
    const refusedVerify = await call(server, 'POST', verifyPath);
    expect(refusedVerify).toMatchObject({ status: 503, body: { error: expect.stringMatching(/Redis/) } });

    const readiness = await call(server, 'GET', '/api/health/ready');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'ok' }, redis: { status: 'down' } } });
    expect(readiness.body.checks.redis.error).toEqual(expect.any(String));
    expect(await call(server, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });

    // Sign-in counts its attempts in this process while Redis is away, rather than refusing them.
    const login = await call(server, 'POST', '/api/login', { body: TEST_ADMIN });
    expect(login.status).toBe(200);
    const token = login.body.access_token;
    expect(await call(server, 'GET', '/api/me', { token })).toMatchObject({ status: 200, body: { email: TEST_ADMIN.email } });
    expect((await call(server, 'GET', '/api/companies_house/search_companies?query=acme', { token })).status).toBe(200);

    await redis.start();
    await until('readiness says ready again', async () => (await call(server, 'GET', '/api/health/ready')).status === 200);
    // The refused sign-up left no account behind: the same one now succeeds, and its mail is sent.
    const accepted = await call(server, 'POST', '/api/signup', { body: signupBody(email) });
    expect(accepted.status).toBe(201);
    await until(
      'the verification mail is written',
      async () => (await mailedLink(environment.dataDir, email, /^Verify your email address/)) !== null,
    );
    expect((await call(server, 'POST', verifyPath)).status).toBe(200);

    const output = server.output();
    expect(linesMatching(output, /Redis is unreachable/)).toBe(1);
    expect(linesMatching(output, /Redis is back/)).toBe(1);
    expect(output).not.toContain('Unhandled error event');
  });
});

/** How a promise stands once the event loop turns: settled by then, or still waiting (on a timer, a reconnection). */
async function afterOneTurn(promise: Promise<unknown>): Promise<unknown> {
  const waiting = Symbol('still waiting');
  const settled = promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  return Promise.race([settled, new Promise((resolve) => setImmediate(() => resolve(waiting)))]).then((state) =>
    state === waiting ? 'still waiting when the event loop turned' : state,
  );
}

describe('the job queue while its Redis is stopped', { skip }, () => {
  it('refuses to queue or read a job before the event loop turns: no timeout, no reconnection waited for', async () => {
    const redis = await ownRedis();
    const status = new RedisStatus(redis.url);
    const queue = new BullJobQueue(redis.url, `fail-fast-${process.pid}`, false, 1, status);
    try {
      await queue.add('warm-up', {}); // opens Bull's connection too, so the outage hits both
      await redis.stop();
      await until('the shared connection has seen the outage', () => !status.state.isUp);
      for (const call of [() => queue.add('during-outage', {}), () => queue.get('1')]) {
        const outcome = await afterOneTurn(call());
        expect(outcome).toBeInstanceOf(DependencyUnavailableError);
        expect((outcome as Error).message).toMatch(/^Redis is unreachable/);
      }
    } finally {
      await queue.close(1_000).catch(() => undefined);
      await status.close();
      await redis.stop();
    }
  });
});
