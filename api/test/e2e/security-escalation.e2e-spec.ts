/**
 * Issue 24 section 1, as the hostile ops user tried it: a watched log renamed and replaced by a
 * symlink to DATA_DIR/jwt-secret (or any file outside OPS_LOG_DIRS) sends nothing from there and
 * ends the watch with an error the clients show; a token re-signed with the leaked secret and
 * another role (or name) is refused every elevated route, because authorisation reads the role
 * the database holds; a role change or a disabled account takes effect without a new token; and
 * the API refuses to start with a log root that holds DATA_DIR.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import jwt from 'jsonwebtoken';
import { logWatchView, OPS_ROUTES, type LogWatchEvent } from '@credence/shared';
import { SESSION_CACHE_TTL_MS } from '../../src/core/auth/session-registry.js';
import { UsersService } from '../../src/core/users/users.service.js';
import { useManualClock, type ManualClock } from '../support/manual-clock.js';
import { opsUser } from '../support/ops-users.js';
import { startServer } from '../support/processes.js';
import { openSse, type SseEvent } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const lineOf = (e: SseEvent) => e.data?.line as string | undefined;

describe('a leaked log root and a leaked signing key grant nothing (issue 24, section 1)', () => {
  let t: TestApi;
  let clock: ManualClock;
  let ops: string;
  let analyst: string;
  let admin: string;
  let secretFile: string;
  const base = mkdtempSync(join(tmpdir(), 'credence-escalation-'));
  const logs = join(base, 'logs');
  const outside = join(base, 'elsewhere');

  before(async () => {
    mkdirSync(join(logs, 'pipeline'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, 'private.log'), 'a private line outside the roots\n');
    // No JWT_SECRET: the API generates its signing key into DATA_DIR/jwt-secret, as a default install does.
    t = await startTestApi({ JWT_SECRET: '', OPS_LOG_DIRS: logs, OPS_WATCH_POLL_MS: '20', OPS_WATCH_LINGER_MS: '50' });
    secretFile = join(t.environment.dataDir, 'jwt-secret');
    ops = await opsUser(t, 'mallory@escalation.test');
    analyst = await t.activeUser('ann@escalation.test');
    admin = await t.adminToken();
    clock = useManualClock(t);
  });
  after(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  const get = (token: string, route: string, query: Record<string, string> = {}) =>
    t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token });
  const watch = (token: string, path: string) =>
    openSse(`${t.url}/api/${OPS_ROUTES.watch}?${new URLSearchParams({ instance_id: 'local', path })}`, { method: 'GET', token });

  /** Watches `path`, sees a line, then lets `rotate` replace it; answers every event until the server ends the stream. */
  async function rotatedWatch(path: string, rotate: () => void, leaked: string): Promise<SseEvent[]> {
    const stream = await watch(ops, path);
    expect(stream.status).toBe(200);
    await stream.waitForComment();
    appendFileSync(path, 'before the rotation\n');
    await stream.waitFor((e) => lineOf(e) === 'before the rotation');
    rotate();
    // On a build that follows the link, the leaked line arrives instead of the end.
    await stream.waitFor((e) => typeof e.data?.error === 'string' || (lineOf(e) ?? '').includes(leaked), 10_000);
    expect(stream.events.map(lineOf).filter(Boolean)).toEqual(['before the rotation']);
    return stream.finished(10_000);
  }

  it('sends nothing of DATA_DIR/jwt-secret when a watched log is renamed and a symlink to it put in its place, and ends the watch with an error', async () => {
    const secret = readFileSync(secretFile, 'utf8').trim();
    const path = join(logs, 'app.log');
    writeFileSync(path, 'started\n');
    const events = await rotatedWatch(
      path,
      () => {
        renameSync(path, `${path}.1`);
        symlinkSync(secretFile, path);
      },
      secret,
    );
    expect(JSON.stringify(events)).not.toContain(secret);
    const last = events.at(-1)!;
    expect(last.data).toEqual({ error: expect.stringContaining(`The watch of ${path} has ended`) });
    // What the web page, the terminal UI and `credence logs tail -f` show (one rule in shared): the watch's end.
    expect(logWatchView({ type: 'message', data: last.data } as LogWatchEvent)).toEqual({
      kind: 'error',
      text: expect.stringMatching(/^Watching error: The watch of .* has ended: that path now leads outside the log directories/),
    });
    // Watching, tailing or searching that path again is refused like any path outside the roots.
    for (const route of [OPS_ROUTES.tail, OPS_ROUTES.search, OPS_ROUTES.watch]) {
      const reply = await get(ops, route, { instance_id: 'local', path, pattern: 'a', lines: '10' });
      expect([route, reply.status, JSON.stringify(reply.body)]).toEqual([route, 400, expect.not.stringContaining(secret)]);
    }
  });

  it('ends the watch unread when the link leads to any file outside the roots, or a directory of the path becomes such a link', async () => {
    const path = join(logs, 'other.log');
    writeFileSync(path, '');
    const events = await rotatedWatch(
      path,
      () => {
        renameSync(path, `${path}.1`);
        symlinkSync(join(outside, 'private.log'), path);
      },
      'private line',
    );
    expect(events.map(lineOf).filter(Boolean)).toEqual(['before the rotation']);
    expect(events.at(-1)!.data.error).toContain('has ended');

    const nested = join(logs, 'pipeline', 'private.log');
    writeFileSync(nested, '');
    const swapped = await rotatedWatch(
      nested,
      () => {
        renameSync(dirname(nested), `${dirname(nested)}.old`);
        symlinkSync(outside, dirname(nested));
      },
      'private line',
    );
    expect(swapped.map(lineOf).filter(Boolean)).toEqual(['before the rotation']);
    expect(swapped.at(-1)!.data.error).toContain('has ended');
  });

  /** The token re-signed with the leaked key: the same session, other claims. */
  function forged(token: string, claims: Record<string, unknown>): string {
    const secret = readFileSync(secretFile, 'utf8').trim();
    const payload = jwt.decode(token) as Record<string, unknown>;
    return jwt.sign({ ...payload, ...claims }, secret, { algorithm: 'HS256' });
  }

  it('refuses a token re-signed with role admin every elevated route: the role is the database’s, never the claim’s', async () => {
    const asAdmin = forged(ops, { role: 'admin', email: 'admin@credence.test', full_name: 'Root' });
    // The forged token is a valid token of a live session, so it is let in as what it really is.
    const me = await get(asAdmin, 'me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'mallory@escalation.test', role: 'ops' });
    expect(me.body.full_name).not.toBe('Root');

    const before = (await t.request('GET', '/api/model_access_info', { token: ops })).body;
    const elevated: [string, string, unknown?][] = [
      ['GET', `/api/${OPS_ROUTES.actions}`],
      ['POST', '/api/admin/users/credits', { email: 'mallory@escalation.test', total_credits: 100000 }],
      ['GET', '/api/user_by_token/abc'],
      ['POST', '/api/approve/abc'],
      ['GET', '/api/requests'],
    ];
    for (const [method, path, body] of elevated) {
      const reply = await t.request(method, path, { token: asAdmin, body });
      expect([path, reply.status, reply.body.error ?? reply.body.message]).toEqual([path, 403, expect.stringContaining('admin')]);
    }
    expect((await t.request('GET', '/api/model_access_info', { token: ops })).body).toEqual(before);
    // The real admin's token still opens them.
    expect((await get(admin, OPS_ROUTES.actions)).status).toBe(200);

    // An analyst claiming ops or admin gets no ops tool.
    for (const role of ['ops', 'admin']) {
      expect((await get(forged(analyst, { role }), OPS_ROUTES.instances)).status).toBe(403);
      expect((await get(forged(analyst, { role }), OPS_ROUTES.logs, { instance_id: 'local' })).status).toBe(403);
    }
    // Another user's id with this session's id: not a session of theirs.
    const adminId = (jwt.decode(admin) as { sub: string }).sub;
    expect((await get(forged(ops, { sub: adminId, role: 'admin' }), 'me')).status).toBe(401);
  });

  it('applies a role change or a disabled account without a new token: at once through the API, within the session cache’s TTL when changed by hand in SQL', async () => {
    const promoted = await t.activeUser('promoted@escalation.test');
    expect((await get(promoted, OPS_ROUTES.actions)).status).toBe(403);
    // A DBA's UPDATE (no eviction message): the token still says analyst, the database now says admin.
    await t.api.dataSource.query(`UPDATE users SET role = 'admin' WHERE email = $1`, ['promoted@escalation.test']);
    clock.advance(SESSION_CACHE_TTL_MS);
    expect((await get(promoted, OPS_ROUTES.actions)).status).toBe(200);
    expect((await get(promoted, 'me')).body.role).toBe('admin');
    await t.api.dataSource.query(`UPDATE users SET role = 'analyst' WHERE email = $1`, ['promoted@escalation.test']);
    clock.advance(SESSION_CACHE_TTL_MS);
    expect((await get(promoted, OPS_ROUTES.actions)).status).toBe(403);
    await t.api.dataSource.query(`UPDATE users SET disabled_at = now() WHERE email = $1`, ['promoted@escalation.test']);
    clock.advance(SESSION_CACHE_TTL_MS);
    expect((await get(promoted, 'me')).status).toBe(401);

    // Through the API's own services (what credence-admin runs): evicted at once, no wait.
    const demoted = await opsUser(t, 'demoted@escalation.test');
    expect((await get(demoted, OPS_ROUTES.instances)).status).toBe(200);
    await t.api.app.get(UsersService).setRole('demoted@escalation.test', 'analyst');
    expect((await get(demoted, OPS_ROUTES.instances)).status).toBe(401);
    const disabled = await t.activeUser('disabled@escalation.test');
    expect((await get(disabled, 'me')).status).toBe(200);
    await t.api.app.get(UsersService).setDisabled('disabled@escalation.test', true);
    expect((await get(disabled, 'me')).status).toBe(401);
  });

  it('refuses to start with an OPS_LOG_DIRS root that is DATA_DIR or holds it, in one line naming OPS_LOG_DIRS', async () => {
    // Every shape of it (equal, a parent, through a symlink, among other roots) is in config.spec.ts; here the real process.
    const env = { ...t.environment.env, DATA_DIR: join(base, 'data'), OPS_LOG_DIRS: `${logs}:${base}`, DATABASE_URL: '', REDIS_URL: '' };
    const outcome = await startServer(env).then(
      async (server) => (await server.stop()) && 'it started',
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(
      /exited with 1 before starting:\ncredence: Invalid configuration: OPS_LOG_DIRS must not name DATA_DIR or a directory above it [^\n]*\n$/,
    );
  });
});
