/**
 * Spawns the built `credence` binary (pipes, so never a TTY) and the real API server for the
 * end-to-end tests. The API build is api/dist, or CREDENCE_API_DIST (a build in another outDir).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApi, testNodeFlags } from '@credence/shared/api-process';
import { restoreFirstStart, SUITE_ADMIN } from '@credence/shared/first-start-cache';
import { outboxLink } from '@credence/shared/mail';

const cliRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const BIN = join(cliRoot, 'bin', 'credence.js');
export const REPO = resolve(cliRoot, '..');
const apiDist = process.env.CREDENCE_API_DIST ? resolve(process.env.CREDENCE_API_DIST) : join(REPO, 'api', 'dist');
export const API_MAIN = join(apiDist, 'src', 'main.js');
export const API_ADMIN = join(apiDist, 'src', 'bin', 'credence-admin.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A fresh, empty config home: the saved session of one test never leaks into another. */
export function isolatedHome(): string {
  return mkdtempSync(join(tmpdir(), 'credence-cli-home-'));
}

/** Runs `node script ...args` to the end; nothing inherited from this process but PATH. */
export function runNode(script: string, args: string[], env: Record<string, string>, input = '', cwd = REPO): Promise<Finished> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...testNodeFlags(), script, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr, ms: performance.now() - started }));
    child.stdin.end(input);
  });
}

/** Runs the credence binary with its own config home (XDG_CONFIG_HOME and HOME). */
export function credence(args: string[], env: Record<string, string> = {}, input = ''): Promise<Finished> {
  const home = env.HOME ?? isolatedHome();
  return runNode(BIN, args, { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env }, input);
}

/**
 * Runs the credence binary as cron would: through /bin/sh, stdin closed (`<&-`), no TTY, no TERM,
 * in `cwd`, with only PATH, HOME and the given environment.
 */
export function cronRun(args: string[], env: Record<string, string>, cwd: string): Promise<Finished> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const script = 'exec "$0" "$@" <&-';
    const child = spawn('/bin/sh', ['-c', script, process.execPath, BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? isolatedHome(), ...env },
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** `credence` left running (pipes), its output read as it comes. */
export function running(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const until = async (test: () => boolean, what: string, timeoutMs = 15_000) => {
    const started = Date.now();
    while (!test()) {
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}; stdout:\n${stdout}\nstderr:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { child, exited, until, stdout: () => stdout, stderr: () => stderr };
}

export interface ApiServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the API on a free port with sample data and waits until it answers health. */
export async function startApi(extraEnv: Record<string, string> = {}, timeoutMs = 240_000): Promise<ApiServer> {
  if (!existsSync(API_MAIN))
    throw new Error(`The API is not built at ${API_MAIN}: run \`npm run build -w @credence/api\` (or set CREDENCE_API_DIST)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-cli-e2e-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'cli-e2e-secret-that-is-long-enough-for-hs256!',
    ADMIN_EMAIL: SUITE_ADMIN.email,
    ADMIN_PASSWORD: SUITE_ADMIN.password,
    FORM_RATE_LIMIT: '1000/60s',
    // The per-user limits of costly routes (exports, queries, documents) are tested on their own.
    QUERY_RATE_LIMIT: '1000/60s',
    EXPORT_RATE_LIMIT: '1000/60s',
    DOCUMENT_RATE_LIMIT: '1000/60s',
    PUBLIC_URL: 'http://credence.test',
    SAMPLE_COMPANIES: '400',
    ...extraEnv,
  };
  // Under the test runner, from a copy of the data directory the same first start left (seeded once a run).
  await restoreFirstStart(API_MAIN, env, { cwd: REPO, timeoutMs });
  const { url, stop } = await spawnApi(API_MAIN, env, { cwd: REPO, timeoutMs });
  const health = await fetch(`${url}/api/health`);
  if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}`);
  return {
    url,
    dataDir,
    env,
    stop,
  };
}

/** Starts a stopped API again at its address (the same port) on its data directory: its users and sessions are kept. */
export async function restartApi(stopped: ApiServer, timeoutMs = 240_000): Promise<ApiServer> {
  const env = { ...stopped.env, PORT: new URL(stopped.url).port };
  const { url, stop } = await spawnApi(API_MAIN, env, { cwd: REPO, timeoutMs });
  return { url, dataDir: stopped.dataDir, env: stopped.env, stop };
}

export interface SignedInUser {
  /** The environment to run `credence` (or tmux) as the user: a fresh home holding their session. */
  env: Record<string, string>;
  home: string;
  /** The session token `credence login` saved. */
  token: string;
}

/**
 * A user at Acme, verified and approved, signed in with `credence login` from a fresh home. An
 * analyst signs up over HTTP as anyone would (the links from the API's outbox); another role needs
 * `credence-admin user create`, which loads most of the API (about 2 s of CPU a user).
 */
export async function signedInUser(
  api: ApiServer,
  user: { email: string; password: string; name: string; role?: 'ops' | 'admin' | 'analyst' },
): Promise<SignedInUser> {
  if (!user.role || user.role === 'analyst') await signUp(api, user);
  else {
    const created = await runNode(
      API_ADMIN,
      [
        'user',
        'create',
        '--email',
        user.email,
        '--password-stdin',
        '--name',
        user.name,
        '--company',
        'Acme',
        '--approved',
        '--verified',
        '--role',
        user.role,
      ],
      api.env,
      `${user.password}\n`,
    );
    if (created.code !== 0) throw new Error(`credence-admin user create failed: ${created.stderr}`);
  }
  const home = isolatedHome();
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CREDENCE_API_URL: api.url, PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const login = await credence(['login', '--email', user.email, '--password-stdin'], env, `${user.password}\n`);
  if (login.code !== 0) throw new Error(`credence login failed: ${login.stderr}`);
  const config = JSON.parse(readFileSync(join(home, '.config', 'credence', 'config.json'), 'utf8')) as {
    sessions: Record<string, { token: string }>;
  };
  return { env, home, token: config.sessions[api.url].token };
}

/** Signs up over HTTP, follows the verification link and has the suite's admin approve it (links from the outbox). */
async function signUp(api: ApiServer, user: { email: string; password: string; name: string }): Promise<void> {
  const post = async (path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${api.url}/api${path}`, {
      method: 'POST',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await post('/signup', { email: user.email, password: user.password, full_name: user.name, company_name: 'Acme' });
  await post(new URL(await outboxLink(api.dataDir, user.email, /^Verify/)).pathname);
  const admin = await post('/login', { email: SUITE_ADMIN.email, password: SUITE_ADMIN.password });
  await post(
    new URL(await outboxLink(api.dataDir, SUITE_ADMIN.email, new RegExp(`<${user.email.replace(/[.+]/g, '\\$&')}>`))).pathname,
    undefined,
    String(admin.access_token),
  );
}
