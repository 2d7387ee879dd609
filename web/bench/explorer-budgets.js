// Budgets of issue 6 in headless chromium (Debian's /usr/bin/chromium) with the API local on a fresh
// embedded database of generated sample companies:
//   company overview  navigation to /uk/?companyNumber=... until every section and the officers show (<= 1500 ms)
//   screener page     a click on "Next page" until the new rows show (<= 300 ms)
// Baselines in the same run: the API's own get_overview call, and navigation to /login fully rendered.
// Usage: npm run build (api and web), then `npm run bench:browser -w @credence/web`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(web, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dataDir = mkdtempSync(join(tmpdir(), 'credence-web-bench-'));
const admin = { email: 'bench@credence.test', password: 'bench admin password' };
const env = {
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'web-bench-secret-that-is-long-enough-1234',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SAMPLE_COMPANIES: process.env.SAMPLE_COMPANIES ?? '2000',
  WEB_DIST: join(web, 'dist'),
};
const child = spawn(process.execPath, [join(repo, 'api', 'dist', 'src', 'main.js')], { env, cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
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
try {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 860 } });
  await context.addInitScript((t) => localStorage.getItem('token') || localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const companies = ['00123456', '03456789', 'SC234567', '09876543'];

  const api = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fetch(`${url}/api/companies_house/get_overview?company_number=${companies[i % 4]}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    api.push(performance.now() - t);
  }
  await page.goto('/uk/');
  await page.getByRole('heading', { name: 'Suggested Companies' }).waitFor();
  const overview = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await page.goto(`/uk/?companyNumber=${companies[i % 4]}&category=overview`);
    await page.locator('#confirmation-statement').waitFor();
    await page
      .locator('#officers .tabs__tab')
      .nth(1)
      .filter({ hasText: /\(\d+\)/ })
      .waitFor();
    overview.push(performance.now() - t);
  }
  const login = [];
  const anon = await browser.newContext({ baseURL: url });
  const anonPage = await anon.newPage();
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await anonPage.goto('/login');
    await anonPage.getByRole('button', { name: 'Sign in' }).waitFor();
    login.push(performance.now() - t);
  }
  await page.goto('/companies-screener');
  await page.locator('.data-table tbody tr').nth(5).waitFor();
  const paging = [];
  for (let i = 0; i < RUNS; i++) {
    const before = await page.locator('.data-table tbody tr').first().textContent();
    const t = performance.now();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(
      (b) => document.querySelector('.data-table tbody tr')?.textContent !== b && !document.querySelector('.data-table__skeleton'),
      before,
    );
    paging.push(performance.now() - t);
  }
  const row = (name, xs, budget) =>
    `${name.padEnd(36)} median ${median(xs).toFixed(0).padStart(5)} ms  worst ${Math.max(...xs)
      .toFixed(0)
      .padStart(5)} ms${budget ? `  budget ${budget} ms: ${Math.max(...xs) <= budget ? 'met' : 'MISSED'}` : ''}`;
  console.log(`sample companies: ${env.SAMPLE_COMPANIES}, runs: ${RUNS}`);
  console.log(row('baseline: API get_overview', api));
  console.log(row('baseline: /login rendered', login));
  console.log(row('company overview rendered', overview, 1500));
  console.log(row('screener page change (100 rows)', paging, 300));
  console.log(`overview / login baseline: x${(median(overview) / median(login)).toFixed(2)}`);
} finally {
  await browser.close();
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
