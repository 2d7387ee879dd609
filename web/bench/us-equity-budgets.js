// Budget of issue 16 in headless chromium (Debian's /usr/bin/chromium) with the API local on a fresh
// embedded database and the 200 generated US sample companies:
//   strategic indicators  navigation to /us/equity_analysis/strategic-indicators?cik=... until the
//                         company header and the KPI table's rows show (<= 1000 ms), each run a
//                         company not opened before (the API computes its KPIs afresh)
// Baselines in the same run: the API's own KPI table call (get_kpi_values_by_table_name for another
// company not asked before), and navigation to /login fully rendered.
// Usage: npm run build (api and web), then `npm run bench:us -w @credence/web`.
import { loginBaseline, median, resultLine, startBenchApp } from './bench-app.js';

const RUNS = Number(process.env.RUNS ?? 7);
// any sample size above 0 also generates the 200 US sample companies
const SAMPLE_COMPANIES = process.env.SAMPLE_COMPANIES ?? '50';
const app = await startBenchApp('web-us-bench', { SAMPLE_COMPANIES, QUERY_RATE_LIMIT: '10000/60s' });
const { url, token } = app;
const auth = { authorization: `Bearer ${token}` };
try {
  const companies = (await fetch(`${url}/api/us/companies?limit=${4 * RUNS + 2}`, { headers: auth }).then((r) => r.json()))
    .filter((c) => c.available)
    .map((c) => c.cik_str);
  if (companies.length < 2 * RUNS + 1) throw new Error(`only ${companies.length} US companies with data`);
  const context = await app.signedIn({ width: 1366, height: 860 });
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
  const login = await loginBaseline(app, RUNS);
  const indicators = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await page.goto(`/us/equity_analysis/strategic-indicators?cik=${companies[i]}`);
    await page.locator('.us-header__title').waitFor();
    await page.locator('.us-table__row').nth(3).waitFor();
    indicators.push(performance.now() - t);
  }
  console.log(`US sample companies with data: ${companies.length} asked for, runs: ${RUNS}`);
  console.log(resultLine('baseline: API KPI table (new company)', api));
  console.log(resultLine('baseline: /login rendered', login));
  console.log(resultLine('strategic indicators rendered (new co.)', indicators, 1000));
  console.log(`strategic indicators / login baseline: x${(median(indicators) / median(login)).toFixed(2)}`);
} finally {
  await app.close();
}
