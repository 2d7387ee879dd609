// Largest contentful paint and layout shift of every public page (issue 18) in headless chromium
// (Debian's /usr/bin/chromium) on loopback, as a first-time visitor sees them: nothing cached, no
// cookie choice stored (so the consent banner appears at 1.5 s and is measured with the page),
// motion allowed (typing and counters run), at 1366x900 and 375x800.
// Baseline in the same run: a blank static HTML page (a heading and a paragraph, no CSS or JS)
// served by a bare node:http server on loopback, measured the same way.
// Budgets: LCP <= 1200 ms and layout shift <= 0.05 on every page. Exits 1 when one is missed.
// Usage: build api and web, then `npm run bench:public -w @credence/web` (RUNS=3 by default).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, startBenchApp } from './bench-app.js';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const LCP_BUDGET_MS = 1200;
const CLS_BUDGET = 0.05;
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 375, height: 800 },
];

/** The baseline: one blank static page on loopback. */
async function startBaseline() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Baseline</title></head><body><h1>A blank static page</h1><p>One heading and one paragraph, no stylesheet and no script.</p></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() };
}

/** Records LCP candidates and layout shifts from the first paint (buffered), for `measure` to read. */
function observe() {
  const seen = { lcp: 0, element: '', shift: 0 };
  window.__vitals = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.lcp = entry.startTime;
      const el = entry.element;
      seen.element = el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * One first visit: loads `url`, waits for the cookie banner to appear when the page has one (its
 * text painting later is the candidate that could move LCP), then two frames for its paint.
 */
async function measure(browser, url, viewport, { banner }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  await context.addInitScript(observe);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (banner) await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ timeout: 15_000 });
    return await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { ...window.__vitals };
    });
  } finally {
    await context.close();
  }
}

const [app, baseline] = await Promise.all([startBenchApp('public-bench', { SAMPLE_COMPANIES: '10' }), startBaseline()]);
const { browser } = app;
let missed = 0;
try {
  const { pages } = JSON.parse(readFileSync(join(web, 'dist', 'prerendered', 'manifest.json'), 'utf8'));
  const targets = [
    { path: 'baseline: blank static page', url: baseline.url, banner: false },
    ...pages.map((p) => ({ ...p, url: `${app.url}${p.path}`, banner: true })),
  ];
  console.log(
    `public site, first visit, ${RUNS} runs each, median LCP and worst layout shift (budgets ${LCP_BUDGET_MS} ms, ${CLS_BUDGET})\n`,
  );
  console.log('| page | width | LCP ms | LCP element | layout shift | budget |');
  console.log('| --- | ---: | ---: | --- | ---: | --- |');
  for (const target of targets) {
    for (const viewport of WIDTHS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, target.url, viewport, target));
      const lcp = median(runs.map((r) => r.lcp));
      const shift = Math.max(...runs.map((r) => r.shift));
      const element = runs.find((r) => r.lcp === lcp)?.element ?? '';
      const met = lcp <= LCP_BUDGET_MS && shift <= CLS_BUDGET;
      if (!met && target.banner) missed++;
      console.log(
        `| ${target.path} | ${viewport.width} | ${lcp.toFixed(0)} | ${element} | ${shift.toFixed(4)} | ${met ? 'met' : '**not met**'} |`,
      );
    }
  }
  console.log(missed ? `\n${missed} page/width pairs miss a budget` : '\nevery public page meets both budgets');
} finally {
  await app.close();
  baseline.stop();
}
process.exit(missed ? 1 : 0);
