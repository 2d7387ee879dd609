// The JavaScript a first visit downloads, as chromium counts it (resource timing transferSize:
// bytes on the wire, response headers included), for `/` and `/login` against the built API on
// loopback, as served (brotli), as a browser without brotli gets it (gzip), and, as the baseline
// measured in the same run, uncompressed (Accept-Encoding: identity: how every asset went out
// before issue 25). Budgets (issue 25): `/` <= 120 KB, `/login` <= 150 KB as served. Exits 1
// when one is missed. Usage: build api and web, then `npm run bench:transfer -w @credence/web`.
import { startBenchApp } from './bench-app.js';

const BUDGETS = { '/': 120 * 1024, '/login': 150 * 1024 };
const ENCODINGS = [
  { label: 'brotli (as served)', accept: 'gzip, deflate, br, zstd' },
  { label: 'gzip', accept: 'gzip, deflate' },
  { label: 'uncompressed (baseline)', accept: 'identity' },
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function visit(browser, url, accept, ready) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': accept } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        files: scripts.length,
        transferred: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
        unpacked: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      };
    });
  } finally {
    await context.close();
  }
}

const app = await startBenchApp('transfer-bench', { SAMPLE_COMPANIES: '0' });
let missed = 0;
try {
  const pages = [
    { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
    { path: '/login', ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor() },
  ];
  console.log('JavaScript of a first visit, transferred (chromium resource timing), by Accept-Encoding\n');
  console.log('| page | encoding | files | transferred | unpacked | budget |');
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const { path, ready } of pages) {
    for (const { label, accept } of ENCODINGS) {
      const m = await visit(app.browser, `${app.url}${path}`, accept, ready);
      const served = label.endsWith('(as served)');
      const met = m.transferred <= BUDGETS[path];
      if (served && !met) missed++;
      const verdict = served ? `${kb(BUDGETS[path])}: ${met ? 'met' : '**not met**'}` : '';
      console.log(`| ${path} | ${label} | ${m.files} | ${kb(m.transferred)} | ${kb(m.unpacked)} | ${verdict} |`);
    }
  }
  console.log(missed ? `\n${missed} page(s) over budget` : '\nboth pages within budget');
} finally {
  await app.close();
}
process.exit(missed ? 1 : 0);
