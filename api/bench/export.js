// npm run bench:export (in api/): 100,000 companies-screener rows (25 columns) exported as csv,
// xlsx and JSON Lines over HTTP from a spawned Fastify server using the API's export code, timed
// to the last byte, with the server's RSS sampled every 10 ms. Baselines in the same run: the
// same rows as plain csv string building to /dev/null, and exceljs' WorkbookWriter to a file.
// Build first (npm run build at the root, or CREDENCE_BENCH_DIST=.dist-x for another build).
//
// Against a real route instead of the bench server (figures for the lead):
//   BENCH_EXPORT_URL='http://localhost:3000/api/companies_house/screener-export?format={format}'
//   BENCH_TOKEN=<bearer token> [BENCH_SERVER_PID=<pid of the API, for RSS>] npm run bench:export
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = process.env.CREDENCE_BENCH_DIST ? resolve(process.env.CREDENCE_BENCH_DIST) : join(here, '..', 'dist');
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LIMITS = { csv: 1500, xlsx: 4000, rssMb: 250 };
/** Runs per format; the median counts (the machine may be shared). RSS: the largest growth of any run. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (items, key) => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

const NAMES = ['Holdings', 'Foods', 'Engineering', 'Logistics', 'Retail', 'Properties', 'Capital', 'Services'];
const GROUPS = [
  ['Manufacturing', 'Manufacture of food products', '10710'],
  ['Construction', 'Construction of buildings', '41201'],
  ['Wholesale and retail trade', 'Retail trade, except of motor vehicles', '47110'],
  ['Information and communication', 'Computer programming and consultancy', '62020'],
];

/** A companies-screener row (ScreenerCompanyRow) with plausible, varied figures. */
function companyRow(i) {
  const [sector, group, sic] = GROUPS[i % GROUPS.length];
  const turnover = Math.round(((i * 7919) % 500_000_000) + 1_000_000);
  const missing = i % 11 === 0;
  return {
    company_name: `${['NORTHERN', 'ALBION', 'THAMES', 'PENNINE', 'SEVERN'][i % 5]} ${NAMES[i % NAMES.length].toUpperCase()} ${i} LIMITED`,
    company_number: String(1_000_000 + i).padStart(8, '0'),
    ticker: i % 50 === 0 ? `T${i % 1000}` : null,
    industry_group: group,
    industry_sector: sector,
    sic_code: sic,
    currency: 'GBP',
    filing_year: 2020 + (i % 7),
    turnover,
    operating_profit: Math.round(turnover * (((i % 21) - 5) / 100)),
    net_profit_loss: missing ? null : Math.round(turnover * (((i % 17) - 6) / 100)),
    EBITDA: Math.round(turnover * 0.12),
    total_assets: turnover * 2,
    total_liabilities: Math.round(turnover * 1.3),
    net_asset: Math.round(turnover * 0.7),
    cash: Math.round(turnover * 0.08),
    employee_count: 10 + (i % 4000),
    earnings_per_share: missing ? null : ((i % 300) - 50) / 100,
    debt_to_equity_ratio: ((i % 400) + 1) / 100,
    total_charges: i % 12,
    outstanding: i % 5,
    fixed: i % 4,
    floating: i % 3,
    negative_pledge: i % 2,
    part_satisfied: i % 2,
    document_id: `doc${i}`,
    details: { page_numbers: { turnover: 5, EBITDA: 7 } },
  };
}

async function* companyRows(total) {
  for (let i = 1; i <= total; i++) {
    yield companyRow(i);
    if (i % 2000 === 0) await new Promise(setImmediate); // a keyset batch boundary
  }
}

function rssMb(pid) {
  if (pid === process.pid) return process.memoryUsage.rss() / 1048576;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

// ---------- the server (spawned: its RSS is the export's alone) ----------
async function serve() {
  const { default: Fastify } = await import('fastify');
  const shared = await import('@credence/shared');
  const exports = await import(pathToFileURL(join(DIST, 'src/core/export/index.js')).href);
  const columns = exports.exportColumns(shared.COMPANY_SCREENER_COLUMNS);
  const app = Fastify();
  app.get('/export', async (request, reply) => {
    await exports.sendExport(reply, {
      format: request.query.format,
      filename: exports.exportFilename('companies-screener'),
      sheetName: 'Companies',
      columns,
      rows: companyRows(Number(request.query.rows ?? ROWS)),
    });
  });
  app.get('/cpu', async () => process.cpuUsage());
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${app.server.address().port}`);
}

// ---------- the client ----------
/** CPU milliseconds the bench server has used so far (null against a real route). */
async function serverCpuMs(cpuUrl) {
  if (!cpuUrl) return null;
  const usage = await (await fetch(cpuUrl)).json();
  return (usage.user + usage.system) / 1000;
}

async function download(url, headers, pid, cpuUrl) {
  const cpuBefore = await serverCpuMs(cpuUrl);
  let peak = 0;
  const start = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) - start)), 10);
  const started = performance.now();
  // node's http client, not fetch: cheaper on the CPU the server shares with it
  const client = url.startsWith('https:') ? https : http;
  const [response] = await once(client.get(url, { headers }), 'response');
  let bytes = 0;
  for await (const chunk of response) bytes += chunk.length;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  if (!response.complete) throw new Error(`${url}: the transfer was cut`);
  const ms = performance.now() - started;
  clearInterval(sampler);
  const cpuMs = cpuBefore === null ? null : (await serverCpuMs(cpuUrl)) - cpuBefore;
  return { ms, bytes, cpuMs, rssGrowthMb: Math.max(peak, rssMb(pid) - start) };
}

async function csvBaseline(columns) {
  const started = performance.now();
  const out = createWriteStream('/dev/null');
  const quote = (v) => (v === null || v === undefined ? '' : /[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  let chunk = columns.map((c) => quote(c.label)).join(',') + '\r\n';
  for await (const row of companyRows(ROWS)) {
    chunk += columns.map((c) => quote(row[c.id])).join(',') + '\r\n';
    if (chunk.length > 65536) {
      const flowing = out.write(chunk);
      chunk = '';
      if (!flowing) await once(out, 'drain');
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return performance.now() - started;
}

async function xlsxBaseline(columns, formats) {
  const { default: ExcelJS } = await import('exceljs');
  const dir = mkdtempSync(join(tmpdir(), 'credence-bench-export-'));
  const file = join(dir, 'baseline.xlsx');
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Companies', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.id, width: 14, style: formats[c.format] ? { numFmt: formats[c.format] } : {} }));
  sheet.addRow(columns.map((c) => c.label)).commit();
  for await (const row of companyRows(ROWS)) sheet.addRow(columns.map((c) => row[c.id] ?? null)).commit();
  sheet.commit();
  await workbook.commit();
  const ms = performance.now() - started;
  const bytes = statSync(file).size;
  rmSync(dir, { recursive: true, force: true });
  return { ms, bytes };
}

async function main() {
  const shared = await import('@credence/shared');
  const exports = await import(pathToFileURL(join(DIST, 'src/core/export/index.js')).href);
  const columns = exports.exportColumns(shared.COMPANY_SCREENER_COLUMNS);

  let server = null;
  let url;
  let cpuUrl = null;
  let pid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : null;
  const headers = process.env.BENCH_TOKEN ? { authorization: `Bearer ${process.env.BENCH_TOKEN}` } : {};
  if (process.env.BENCH_EXPORT_URL) {
    url = (format) => process.env.BENCH_EXPORT_URL.replace('{format}', format);
  } else {
    server = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await once(server.stdout, 'data');
    const port = /listening (\d+)/.exec(String(line))?.[1];
    if (!port) throw new Error(`bench server did not start: ${line}`);
    url = (format) => `http://127.0.0.1:${port}/export?format=${format}&rows=${ROWS}`;
    cpuUrl = `http://127.0.0.1:${port}/cpu`;
    pid = server.pid;
  }

  try {
    console.log(
      `export benchmark: ${ROWS.toLocaleString('en-GB')} rows x ${columns.length} columns, median of ${RUNS} runs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const results = {};
    for (const format of ['csv', 'json', 'xlsx']) {
      await download(url(format).replace(`rows=${ROWS}`, 'rows=20000'), headers, pid ?? process.pid, cpuUrl); // warm-up
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await download(url(format), headers, pid ?? process.pid, cpuUrl));
      results[format] = { ...median(runs, (r) => r.ms), rssGrowthMb: Math.max(...runs.map((r) => r.rssGrowthMb)) };
    }
    await csvBaseline(columns); // warm-up
    const csvRuns = [];
    for (let i = 0; i < RUNS; i++) csvRuns.push(await csvBaseline(columns));
    const csvBase = median(csvRuns, (ms) => ms);
    const xlsxBase = await xlsxBaseline(columns, exports.XLSX_NUMBER_FORMATS);

    const mb = (n) => (n / 1048576).toFixed(1);
    const rss = (r) => (pid ? `${r.rssGrowthMb.toFixed(0)} MB` : 'n/a');
    const cpu = (r) => (r.cpuMs === null ? 'n/a' : `${r.cpuMs.toFixed(0)} ms`);
    console.log('| what | time to last byte | server CPU | size | server RSS growth | limit |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(
      `| csv over HTTP | ${results.csv.ms.toFixed(0)} ms | ${cpu(results.csv)} | ${mb(results.csv.bytes)} MB | ${rss(results.csv)} | <= ${LIMITS.csv} ms |`,
    );
    console.log(`| baseline: plain csv string building to /dev/null | ${csvBase.toFixed(0)} ms | | | | |`);
    console.log(
      `| json (JSON Lines) over HTTP | ${results.json.ms.toFixed(0)} ms | ${cpu(results.json)} | ${mb(results.json.bytes)} MB | ${rss(results.json)} | |`,
    );
    console.log(
      `| xlsx over HTTP | ${results.xlsx.ms.toFixed(0)} ms | ${cpu(results.xlsx)} | ${mb(results.xlsx.bytes)} MB | ${rss(results.xlsx)} | <= ${LIMITS.xlsx} ms, <= ${LIMITS.rssMb} MB |`,
    );
    console.log(
      `| baseline: exceljs WorkbookWriter to a file (addRow per row), no HTTP | ${xlsxBase.ms.toFixed(0)} ms | | ${mb(xlsxBase.bytes)} MB | | |`,
    );
    console.log(
      `ratios: csv ${(results.csv.ms / csvBase).toFixed(2)}x its baseline, xlsx ${(results.xlsx.ms / xlsxBase.ms).toFixed(2)}x its baseline`,
    );

    const over = [];
    if (results.csv.ms > LIMITS.csv) over.push(`csv took ${results.csv.ms.toFixed(0)} ms`);
    if (results.xlsx.ms > LIMITS.xlsx) over.push(`xlsx took ${results.xlsx.ms.toFixed(0)} ms`);
    if (pid && results.xlsx.rssGrowthMb > LIMITS.rssMb) over.push(`xlsx grew the server by ${results.xlsx.rssGrowthMb.toFixed(0)} MB`);
    console.log(over.length ? `OVER LIMIT: ${over.join('; ')}` : 'all within limits');
    process.exitCode = over.length ? 1 : 0;
  } finally {
    server?.kill();
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
