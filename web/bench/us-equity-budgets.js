// Budget of issue 16 in headless chromium (Debian's /usr/bin/chromium) with the API local on a fresh
// embedded database and the 200 generated US sample companies:
//   strategic indicators  navigation to /us/equity_analysis/strategic-indicators?cik=... until the
//                         company header and the KPI table's rows show (<= 1000 ms), each run a
//                         company not opened before (the API computes its KPIs afresh)
// Baselines in the same run: the API's own KPI table call (get_kpi_values_by_table_name for another
// company not asked before), and navigation to /login fully rendered.
// Usage: npm run build (api and web), then `npm run bench:us -w @credence/web`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(web, '..');
const RUNS = Number(process.env.RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dataDir = mkdtempSync(join(tmpdir(), 'credence-web-us-bench-'));
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
  // any sample size above 0 also generates the 200 US sample companies
  SAMPLE_COMPANIES: process.env.SAMPLE_COMPANIES ?? '50',
  QUERY_RATE_LIMIT: '10000/60s',
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
const auth = { authorization: `Bearer ${token}` };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const companies = (await fetch(`${url}/api/us/companies?limit=${4 * RUNS + 2}`, { headers: auth }).then((r) => r.json()))
    .filter((c) => c.available)
    .map((c) => c.cik_str);
  if (companies.length < 2 * RUNS + 1) throw new Error(`only ${companies.length} US companies with data`);
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 860 } });
  await context.addInitScript((t) => localStorage.getItem('token') || localStorage.setItem('token', t), token);
  const page = await context.newPage();
  // the page's code once in the browser's cache, as for an analyst who has used the app before
  await page.goto(`/us/equity_analysis/strategic-indicators?cik=${companies.at(-1)}`);
  await page.locator('.us-table__row').first().waitFor();

  const api = [];
  for (let i = 0; i < RUNS; i++) {
    const q = new URLSearchParams({ company_id: companies[RUNS + i], table_name: 'Income Statement', document_category: 'annual' });
    const t = performance.now();
    const r = await fetch(`${url}/api/us/get_kpi_values_by_table_name?${q}`, { headers: auth });
    await r.json();
    api.push(performance.now() - t);
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
  const indicators = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await page.goto(`/us/equity_analysis/strategic-indicators?cik=${companies[i]}`);
    await page.locator('.us-header__title').waitFor();
    await page.locator('.us-table__row').nth(3).waitFor();
    indicators.push(performance.now() - t);
  }
  const row = (name, xs, budget) =>
    `${name.padEnd(40)} median ${median(xs).toFixed(0).padStart(5)} ms  worst ${Math.max(...xs)
      .toFixed(0)
      .padStart(5)} ms${budget ? `  budget ${budget} ms: ${Math.max(...xs) <= budget ? 'met' : 'MISSED'}` : ''}`;
  console.log(`US sample companies with data: ${companies.length} asked for, runs: ${RUNS}`);
  console.log(row('baseline: API KPI table (new company)', api));
  console.log(row('baseline: /login rendered', login));
  console.log(row('strategic indicators rendered (new co.)', indicators, 1000));
  console.log(`strategic indicators / login baseline: x${(median(indicators) / median(login)).toFixed(2)}`);
} finally {
  await browser.close();
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
