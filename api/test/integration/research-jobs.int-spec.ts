import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createTestEnvironment, TEST_ADMIN, type TestEnvironment } from '../support/environment.js';
import { ownRedis, until, type OwnRedis } from '../support/outage.js';
import { startServer, type Server } from '../support/processes.js';
import { SCRIPT_PLAN } from '../support/scripted-engine.js';

const WORKER = join(dirname(fileURLToPath(import.meta.url)), '..', 'support', 'research-worker.js');
// Runs with REDIS_URL (the server-mode run of npm test and CI). A Redis of its own, started when the
// variable is unset, hung this suite in CI's embedded run: until that is understood, the embedded
// run leaves it to the server-mode run, and a hang fails instead of stalling the run.
const skip = process.env.REDIS_URL ? false : 'runs with REDIS_URL (the server-mode run of npm test covers it)';

function startResearchWorker(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER], { env: { PATH: process.env.PATH!, ...env } });
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('research-worker: ready')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`research worker exited with ${code}:\n${output}`)));
  });
}

const stopped = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

describe('research jobs on Redis: they outlive an API restart, and a dead worker fails its job', { skip, timeout: 180_000 }, () => {
  let redis: OwnRedis | null = null;
  let environment: TestEnvironment;
  let server: Server;
  let token: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const status = async (jobId: string) => (await call('GET', `/api/check_query?job_id=${jobId}`)).body;

  before(async () => {
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      redis = await ownRedis();
      await redis.start();
      redisUrl = redis.url;
    }
    // A lock of 1 s: a killed worker's job counts as lost a second later (the default is 30 s).
    environment = await createTestEnvironment({ REDIS_URL: redisUrl, RUN_JOBS: 'false', JOB_LOCK_MS: '1000' });
    server = await startServer(environment.env);
    const login = await fetch(server.url + '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
  });
  after(async () => {
    await server?.stop();
    await environment?.cleanup();
    await redis?.stop();
  });

  it('keeps a queued job through an API restart; a worker started later completes it', async () => {
    const started = await call('POST', '/api/companies_house/generate_thought_process', { query: 'Summary sheet', company_id: '00000001' });
    expect(started.status).toBe(200);
    const jobId: string = started.body.job_id;
    expect(await status(jobId)).toEqual({ status: 'pending' });

    await server.stop('SIGTERM');
    server = await startServer(environment.env);
    expect(await status(jobId)).toEqual({ status: 'pending' });

    // The default lock: the suite's 1 s lock is for the dead-worker test, and on a loaded machine a
    // live worker can miss renewing it twice, which fails its job as stalled (seen once in CI).
    const worker = await startResearchWorker({ ...environment.env, RUN_JOBS: 'true', JOB_LOCK_MS: '30000' });
    try {
      let last: unknown;
      await until('the job completes', async () => {
        last = await status(jobId);
        return ['completed', 'failed'].includes((last as { status: string }).status);
      });
      expect(last).toEqual({ status: 'completed', result: { thought_process: SCRIPT_PLAN } });
    } finally {
      await stopped(worker, 'SIGTERM');
    }
  });

  it('ends a job failed, with a clear error, when its worker dies mid-job (never running forever); no credit is used', async () => {
    const credits = (await call('GET', '/api/model_access_info')).body.accessed_count;
    const worker = await startResearchWorker({ ...environment.env, RUN_JOBS: 'true', RESEARCH_TEST_HOLD: '1' });
    const started = await call('POST', '/api/companies_house/run_query', { query: 'Capital structure analysis', company_id: '00000001' });
    const jobId: string = started.body.job_id;
    await until('the worker runs the job', async () => (await status(jobId)).status === 'running');
    await stopped(worker, 'SIGKILL');
    await until('the job ends', async () => (await status(jobId)).status !== 'running', 15_000);
    expect(await status(jobId)).toEqual({
      status: 'failed',
      error: 'The worker running this job stopped before it finished. Please try again.',
    });
    expect((await call('GET', '/api/model_access_info')).body.accessed_count).toBe(credits);
  });
});
