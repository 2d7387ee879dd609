import { appendFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_ROUTES } from '@credence/shared';
import { LOCAL_START_STOP_REFUSED, type LocalOpsBackend } from '../../src/modules/ops/backend/local-backend.js';
import { OPS_BACKEND } from '../../src/modules/ops/backend/ops-backend.js';
import { ADMIN, run } from '../support/processes.js';
import { opsUser } from '../support/ops-users.js';
import { until } from '../support/outage.js';
import { openSse, type SseEvent } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const lineOf = (e: SseEvent) => e.data?.line as string | undefined;

describe('ops tools on the local backend: roles, logs, hostile values, live watch (real files)', () => {
  let t: TestApi;
  let ops: string;
  let admin: string;
  let analyst: string;
  let backend: LocalOpsBackend;
  const base = mkdtempSync(join(tmpdir(), 'credence-ops-e2e-'));
  const logs = join(base, 'logs');
  const secret = join(base, 'secret');
  const canary = join(base, 'pwned');

  before(async () => {
    mkdirSync(join(logs, 'pipeline'), { recursive: true });
    mkdirSync(secret);
    writeFileSync(join(secret, 'passwd'), 'root:x:0:0\n');
    writeFileSync(
      join(logs, 'pipeline', 'run.log'),
      Array.from({ length: 30 }, (_, i) => `step ${i + 1} ok`).join('\n') + '\nERROR step 31 failed\n',
    );
    symlinkSync(join(secret, 'passwd'), join(logs, 'escape.log'));
    t = await startTestApi({
      OPS_LOG_DIRS: logs,
      OPS_WATCH_POLL_MS: '20',
      OPS_WATCH_LINGER_MS: '50',
      OPS_WATCHES_PER_USER: '3',
      OPS_HEARTBEAT_MS: '50',
    });
    backend = t.api.app.get(OPS_BACKEND);
    admin = await t.adminToken();
    analyst = await t.activeUser('analyst@ops.test');
    ops = await opsUser(t, 'olu@ops.test');
  });
  after(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  const get = (token: string, route: string, query: Record<string, string> = {}) =>
    t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token });
  const file = { instance_id: 'local', path: join(logs, 'pipeline', 'run.log') };
  const watch = (token: string, path: string, lastEventId?: string) =>
    openSse(`${t.url}/api/${OPS_ROUTES.watch}?${new URLSearchParams({ instance_id: 'local', path })}`, {
      method: 'GET',
      token,
      lastEventId,
    });

  it('answers 401 without a session and 403 to an analyst on every ops call; ops and admin get through', async () => {
    const calls: [string, string, Record<string, string>][] = [
      ['GET', OPS_ROUTES.status, {}],
      ['POST', OPS_ROUTES.start, {}],
      ['POST', OPS_ROUTES.stop, {}],
      ['GET', OPS_ROUTES.instances, {}],
      ['GET', OPS_ROUTES.logs, { instance_id: 'local' }],
      ['GET', OPS_ROUTES.tail, file],
      ['GET', OPS_ROUTES.search, { ...file, pattern: 'x' }],
      ['GET', OPS_ROUTES.watch, file],
      ['GET', OPS_ROUTES.screens, { instance_id: 'local' }],
      ['GET', OPS_ROUTES.screenContent, { instance_id: 'local', screen_pid: '1' }],
      ['GET', OPS_ROUTES.watchScreen, { instance_id: 'local', screen_pid: '1' }],
      ['GET', OPS_ROUTES.actions, {}],
    ];
    for (const [method, route, query] of calls) {
      const path = `/api/${route}?${new URLSearchParams(query)}`;
      expect([route, (await t.request(method, path)).status]).toEqual([route, 401]);
      const refused = await t.request(method, path, { token: analyst });
      expect([route, refused.status, refused.body.error]).toEqual([route, 403, expect.any(String)]);
    }
    for (const token of [ops, admin]) {
      const status = await get(token, OPS_ROUTES.status);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        status: 'success',
        state: 'running',
        instance_status: 'ok',
        system_status: 'ok',
        instance_id: 'local',
        error: null,
      });
    }
  });

  it('lists every ops call of spec 1 in the OpenAPI document', async () => {
    const paths = Object.keys((await t.request('GET', '/api/docs-json')).body.paths);
    expect(paths).toEqual(expect.arrayContaining(Object.values(OPS_ROUTES).map((route) => `/api/${route}`)));
  });

  it('lets credence-admin give an analyst the ops role, which applies from the next sign-in', async () => {
    const email = 'promoted@ops.test';
    const before = await t.activeUser(email);
    expect((await get(before, OPS_ROUTES.instances)).status).toBe(403);
    const set = await run(ADMIN, ['user', 'role', email, 'ops', '--json'], t.environment.env);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ email, role: 'ops' });
    // The old token carries the old role: never the ops tools with it (its session ends too).
    expect([401, 403]).toContain((await get(before, OPS_ROUTES.instances)).status);
    const login = await t.request('POST', '/api/login', { body: { email, password: 'a perfectly fine passphrase' } });
    expect((await get(login.body.access_token, OPS_ROUTES.instances)).status).toBe(200);
    const bad = await run(ADMIN, ['user', 'role', email, 'root'], t.environment.env);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('role must be one of admin, ops, analyst')]);
  });

  it('refuses start and stop on the local backend, records each with who and when, and lists the record to admins only', async () => {
    for (const route of [OPS_ROUTES.start, OPS_ROUTES.stop]) {
      const reply = await t.request('POST', `/api/${route}`, { token: ops });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ status: 'error', error: LOCAL_START_STOP_REFUSED });
    }
    expect((await get(ops, OPS_ROUTES.actions)).status).toBe(403);
    const record = await get(admin, OPS_ROUTES.actions);
    expect(record.status).toBe(200);
    const mine = record.body.actions.filter((a: { user_email: string }) => a.user_email === 'olu@ops.test');
    expect(mine.map((a: { action: string }) => a.action)).toEqual(['stop', 'start']);
    expect(mine[0]).toMatchObject({
      backend: 'local',
      instance_id: 'local',
      region: 'us-east-1',
      result: 'refused',
      error: LOCAL_START_STOP_REFUSED,
    });
    expect(Date.now() - Date.parse(mine[0].at)).toBeLessThan(60_000);
  });

  it('lists the instance and its log files, tails from the end and searches', async () => {
    expect((await get(ops, OPS_ROUTES.instances, { region: 'eu-west-1' })).body.instances).toEqual([
      { id: 'local', name: expect.any(String), state: 'running' },
    ]);
    const listed = await get(ops, OPS_ROUTES.logs, { instance_id: 'local' });
    expect(listed.status).toBe(200);
    expect(listed.body.logs.map((l: { name: string }) => l.name)).toEqual(['pipeline/run.log']);
    expect(listed.body.logs[0]).toMatchObject({ path: file.path, size: expect.any(Number) });
    const tail = await get(ops, OPS_ROUTES.tail, file);
    expect(tail.body.lines).toHaveLength(10);
    expect(tail.body.lines.at(-1)).toBe('ERROR step 31 failed');
    expect((await get(ops, OPS_ROUTES.tail, { ...file, lines: '3' })).body.lines).toEqual([
      'step 29 ok',
      'step 30 ok',
      'ERROR step 31 failed',
    ]);
    expect((await get(ops, OPS_ROUTES.tail, { ...file, path: 'pipeline/run.log', lines: '1' })).body.lines).toEqual([
      'ERROR step 31 failed',
    ]);
    const found = await get(ops, OPS_ROUTES.search, { ...file, pattern: 'error' });
    expect(found.body).toEqual({ matches: [{ line_number: 31, line: 'ERROR step 31 failed' }], truncated: false });
  });

  it('refuses hostile values with a message naming the field, or treats them as inert text: nothing runs, nothing outside the roots is read', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ ...file, path: '../../etc/passwd' }, 400, /inside the log directories/],
      [{ ...file, path: '/etc/passwd' }, 400, /inside the log directories/],
      [{ ...file, path: join(logs, 'escape.log') }, 400, /inside the log directories/],
      [{ ...file, path: `${logs}/../secret/passwd` }, 400, /inside the log directories/],
      [{ ...file, path: 'run.log\n/etc/passwd' }, 400, /^path must be one line of text/],
      [{ ...file, path: 'run.log\u0000' }, 400, /^path must not contain a NUL character|^path must be one line of text/],
      [{ ...file, path: `; rm -rf ${base}` }, 404, /^No such log file/],
      [{ ...file, path: `$(touch ${canary})` }, 404, /^No such log file/],
      [{ ...file, path: `\`touch ${canary}\`` }, 404, /^No such log file/],
      [{ ...file, path: '{{ssm:/x}}' }, 404, /^No such log file/],
      [{ ...file, instance_id: 'i-123; rm -rf /' }, 400, /^instance_id must be an EC2 instance id/],
      [{ ...file, instance_id: 'i-0123456789abcdef0' }, 404, /^No such instance/],
      [{ ...file, region: 'mars-1' }, 400, /^region must be one of us-east-1/],
      [{ ...file, lines: '0' }, 400, /^lines must be a whole number from 1 to 1000/],
      [{ ...file, lines: '1; rm -rf /' }, 400, /^lines must be a whole number/],
      [{ ...file, extra: 'x' }, 400, /^Unknown field "extra"/],
    ];
    for (const [query, status, message] of cases) {
      const reply = await get(ops, OPS_ROUTES.tail, query);
      expect([JSON.stringify(query), reply.status, reply.body.error]).toEqual([
        JSON.stringify(query),
        status,
        expect.stringMatching(message),
      ]);
    }
    const patterns: [string, number, RegExp | null][] = [
      ['x'.repeat(10_000), 400, /^pattern must be at most 200 characters/],
      ['a\nb', 400, /^pattern must be one line of text/],
      ['', 400, /^Please enter a search pattern/],
      [`$(touch ${canary})`, 200, null],
      [`\`touch ${canary}\``, 200, null],
      [`; rm -rf ${base}`, 200, null],
      ['.*', 200, null],
    ];
    for (const [pattern, status, message] of patterns) {
      const reply = await get(ops, OPS_ROUTES.search, { ...file, pattern });
      expect(reply.status).toBe(status);
      if (message) expect(reply.body.error).toMatch(message);
      else expect(reply.body.matches).toEqual([]);
    }
    for (const pid of ['1;rm -rf /', '$(id)', '-1', '12345678901']) {
      const reply = await get(ops, OPS_ROUTES.screenContent, { instance_id: 'local', screen_pid: pid });
      expect([pid, reply.status, reply.body.error]).toEqual([pid, 400, expect.stringMatching(/^screen_pid must be the pid/)]);
    }
    expect(existsSync(canary)).toBe(false);
    expect(existsSync(base)).toBe(true);
  });

  it('watches a file live: appended lines, rotation by rename and by copy-truncate, truncation, each with resumable ids, and a heartbeat', async () => {
    const path = join(logs, 'live.log');
    writeFileSync(path, 'before the watch\n');
    const stream = await watch(ops, path);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.waitForComment();
    appendFileSync(path, 'first\nsecond\n');
    await stream.waitFor((e) => lineOf(e) === 'second');
    expect(stream.events.map(lineOf)).toEqual(['first', 'second']);
    expect(stream.events.every((e) => /^\d+:\d+$/.test(e.id!))).toBe(true);

    renameSync(path, `${path}.1`);
    writeFileSync(path, 'after the rename\n');
    await stream.waitFor((e) => lineOf(e) === 'after the rename');
    expect(stream.events.map((e) => e.event)).toEqual(['message', 'message', 'reset', 'message']);
    expect(stream.events[2].data).toMatchObject({ reason: 'rotated' });

    appendFileSync(path, 'grows before the copy\n');
    await stream.waitFor((e) => lineOf(e) === 'grows before the copy');
    truncateSync(path, 0);
    appendFileSync(path, 'x\n');
    await stream.waitFor((e) => lineOf(e) === 'x');
    expect(stream.events.slice(-2).map((e) => [e.event, e.data])).toEqual([
      ['reset', { reason: 'truncated', inode: expect.any(String) }],
      ['message', { line: 'x' }],
    ]);

    // Dropped: lines written meanwhile arrive exactly once after a resume with Last-Event-ID.
    const lastSeen = stream.events.at(-1)!.id!;
    stream.drop();
    appendFileSync(path, 'while away 1\nwhile away 2\n');
    const resumed = await watch(ops, path, lastSeen);
    await resumed.waitFor((e) => lineOf(e) === 'while away 2');
    expect(resumed.events.map(lineOf)).toEqual(['while away 1', 'while away 2']);
    await until('a heartbeat comment', () => resumed.comments.includes('heartbeat'), 10_000);
    resumed.drop();
  });

  it('shares one reader per file between watchers, stops it soon after the last leaves, and limits watches per user', async () => {
    await until('the earlier watches have let their readers go', () => backend.followers.size === 0, 10_000);
    const path = join(logs, 'shared.log');
    writeFileSync(path, '');
    const a = await watch(ops, path);
    const b = await watch(ops, path);
    const c = await watch(admin, path);
    await Promise.all([a, b, c].map((s) => s.waitForComment()));
    expect(backend.followers.size).toBe(1);
    appendFileSync(path, 'to everyone\n');
    for (const s of [a, b, c]) await s.waitFor((e) => lineOf(e) === 'to everyone');

    const third = await watch(ops, file.path);
    const refused = await watch(ops, file.path);
    expect(refused.status).toBe(429);
    expect((await refused.body()).error).toMatch(/at most 3 per user/);
    const other = await watch(admin, file.path);
    expect(other.status).toBe(200);
    expect(backend.followers.size).toBe(2);

    for (const s of [a, b, c, third, other]) s.drop();
    await until('every reader stopped after its watchers left', () => backend.followers.size === 0, 10_000);
    await until('a watch slot is free again', async () => {
      const again = await watch(ops, path);
      again.drop();
      return again.status === 200;
    });
  });
});
