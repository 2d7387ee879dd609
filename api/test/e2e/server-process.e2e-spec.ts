import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createTestEnvironment, type TestEnvironment } from '../support/environment.js';
import { ADMIN, MAIN, createUserWithAdmin, run, startServer, type Server } from '../support/processes.js';

const embedded = !process.env.DATABASE_URL;

describe('the server process and credence-admin', () => {
  let environment: TestEnvironment;
  let server: Server;
  let env: Record<string, string>;

  before(async () => {
    environment = await createTestEnvironment({ LOG_LEVEL: 'warn' });
    env = { ...environment.env, PORT: '0' };
    server = await startServer(env);
  });
  after(async () => {
    if (server.child.exitCode === null) await server.stop('SIGKILL');
    await environment.cleanup();
  });

  it('answers health and says how to sign in', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(server.output()).toContain('Sign in as admin@credence.test');
    expect(server.output()).toContain('/api/docs');
  });

  it('lets credence-admin create, list, approve and disable accounts while the server runs', async () => {
    const created = await createUserWithAdmin(env, {
      email: 'Olu@Acme.com',
      password: 'a long and unusual passphrase\n',
      role: 'ops',
      json: true,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'olu@acme.com', role: 'ops', verified: true, approved: false });

    const pending = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'olu@acme.com', password: 'a long and unusual passphrase' }),
    });
    expect(pending.status).toBe(403);

    const approved = await run(ADMIN, ['user', 'approve', 'olu@acme.com'], env);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('Approved olu@acme.com');

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'olu@acme.com', password: 'a long and unusual passphrase' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };

    const list = await run(ADMIN, ['user', 'list', '--json'], env);
    expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual(['admin@credence.test', 'olu@acme.com']);
    const table = await run(ADMIN, ['user', 'list'], env);
    expect(table.stdout).toMatch(/^EMAIL\s+NAME\s+COMPANY\s+ROLE\s+STATE/);
    expect(table.stdout).toMatch(/olu@acme\.com\s+Olu Ops\s+Acme\s+ops\s+active/);

    const disabled = await run(ADMIN, ['user', 'disable', 'olu@acme.com'], env);
    expect(disabled.code).toBe(0);
    // The session ends at once in the running server, though another process disabled the account.
    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(401);
  });

  it('exits 2 with a clear message on bad input, 1 on an unknown account', async () => {
    const duplicate = await run(
      ADMIN,
      ['user', 'create', '--email', 'olu@acme.com', '--password', 'another long passphrase', '--name', 'O', '--company', 'A'],
      env,
    );
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toContain('An account with this email already exists');
    const common = await run(
      ADMIN,
      ['user', 'create', '--email', 'new@acme.com', '--password', 'password1', '--name', 'N', '--company', 'A'],
      env,
    );
    expect(common.code).toBe(2);
    expect(common.stderr).toContain('too common');
    const badRole = await run(
      ADMIN,
      ['user', 'create', '--email', 'n@acme.com', '--password', 'x', '--name', 'N', '--company', 'A', '--role', 'root'],
      env,
    );
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/--role.*Allowed choices are admin, ops, analyst/s);
    const unknown = await run(ADMIN, ['user', 'approve', 'nobody@acme.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('credence-admin: No account with the email nobody@acme.com.\n');
    const help = await run(ADMIN, ['user', 'create', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
  });

  it(
    'refuses a second server on the same embedded data directory',
    { skip: embedded ? false : 'needs the embedded database (runs without DATABASE_URL)' },
    async () => {
      const second = await run(MAIN, [], env);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/^credence: Another Credence process \(pid \d+\) is already using the embedded database/);
    },
  );

  it('stops cleanly on SIGTERM (exit 0) and starts again on the same data', async () => {
    const stopped = await server.stop('SIGTERM');
    // Exit 0 is the shutdown finishing by itself: past the server's 10 s grace it says "Still busy"
    // and exits 1. So that timer, not a wall-clock bound here, is what a hang would meet.
    expect(`exit ${stopped.code}\n${stopped.output}`).toMatch(/^exit 0\n/);
    expect(stopped.output).toContain('SIGTERM: finishing requests and jobs, then closing the database...');
    expect(stopped.output).not.toContain('Still busy');
    server = await startServer(env);
    expect(server.output()).toContain('Admin account: admin@credence.test');
    const list = await run(ADMIN, ['user', 'list', '--json'], env);
    expect(JSON.parse(list.stdout)).toHaveLength(2);
    const interrupted = await server.stop('SIGINT');
    expect(`exit ${interrupted.code}\n${interrupted.output}`).toMatch(/^exit 0\n/);
  });

  it('refuses a bad configuration with one line naming the variable, exit 1', async () => {
    const bad = await run(MAIN, [], { ...env, PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('credence: Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")\n');
  });
});
