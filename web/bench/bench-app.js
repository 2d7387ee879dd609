// What the browser benches share: the built API (serving the built web app) started on a fresh
// embedded database with a bench admin, signed in, and headless chromium (Debian's /usr/bin/chromium);
// the /login baseline every bench measures beside its pages; and the result lines.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(web, '..');
const admin = { email: 'bench@credence.test', password: 'bench admin password' };

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Starts the API with `env` added (SAMPLE_COMPANIES and the like) and chromium; answers the API's
 * address, the admin's token, the browser, and close() (which stops both and removes the data).
 */
export async function startBenchApp(name, env) {
  const dataDir = mkdtempSync(join(tmpdir(), `credence-${name}-`));
  const child = spawn(process.execPath, [join(repo, 'api', 'dist', 'src', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'web-bench-secret-that-is-long-enough-1234',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      WEB_DIST: join(web, 'dist'),
      ...env,
    },
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise((ok, fail) => {
    const on = (d) => {
      out += d;
      const m = /Credence is running at (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1].replace(/\/+$/, ''));
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', (code) => fail(new Error(`API exited ${code}\n${out}`)));
  });
  const { access_token: token } = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  }).then((r) => r.json());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return {
    url,
    token,
    browser,
    /** A browser context signed in as the bench admin. */
    async signedIn(viewport) {
      const context = await browser.newContext({ baseURL: url, viewport });
      await context.addInitScript((t) => localStorage.getItem('token') || localStorage.setItem('token', t), token);
      return context;
    },
    async close() {
      await browser.close();
      // the embedded database writes until the API has stopped: remove its files after that
      const exited = child.exitCode === null ? new Promise((ok) => child.once('exit', ok)) : null;
      child.kill();
      await exited;
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The baseline: navigation to /login until its form shows, `runs` times, signed out. */
export async function loginBaseline(app, runs) {
  const login = [];
  const anon = await app.browser.newContext({ baseURL: app.url });
  const page = await anon.newPage();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    login.push(performance.now() - t);
  }
  await anon.close();
  return login;
}

/** "name  median N ms  worst N ms  budget N ms: met". */
export function resultLine(name, xs, budget, width = 40) {
  const worst = Math.max(...xs);
  const verdict = budget ? `  budget ${budget} ms: ${worst <= budget ? 'met' : 'MISSED'}` : '';
  return `${name.padEnd(width)} median ${median(xs).toFixed(0).padStart(5)} ms  worst ${worst.toFixed(0).padStart(5)} ms${verdict}`;
}
