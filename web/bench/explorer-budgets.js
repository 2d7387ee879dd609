// Budgets of issue 6 in headless chromium (Debian's /usr/bin/chromium) with the API local on a fresh
// embedded database of generated sample companies:
//   company overview  navigation to /uk/?companyNumber=... until every section and the officers show (<= 1500 ms)
//   screener page     a click on "Next page" until the new rows show (<= 300 ms)
// Baselines in the same run: the API's own get_overview call, and navigation to /login fully rendered.
// Usage: npm run build (api and web), then `npm run bench:browser -w @credence/web`.
import { loginBaseline, median, resultLine, startBenchApp } from './bench-app.js';

const RUNS = Number(process.env.RUNS ?? 5);
const SAMPLE_COMPANIES = process.env.SAMPLE_COMPANIES ?? '2000';
const app = await startBenchApp('web-bench', { SAMPLE_COMPANIES });
const { url, token } = app;
try {
  const context = await app.signedIn({ width: 1280, height: 860 });
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
  const login = await loginBaseline(app, RUNS);
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
  console.log(`sample companies: ${SAMPLE_COMPANIES}, runs: ${RUNS}`);
  console.log(resultLine('baseline: API get_overview', api));
  console.log(resultLine('baseline: /login rendered', login));
  console.log(resultLine('company overview rendered', overview, 1500));
  console.log(resultLine('screener page change (100 rows)', paging, 300));
  console.log(`overview / login baseline: x${(median(overview) / median(login)).toFixed(2)}`);
} finally {
  await app.close();
}
