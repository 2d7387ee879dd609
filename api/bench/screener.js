// npm run bench:screener (in api/, after `npm run build` at the root): the screener budgets of
// issue 4 over HTTP against the real API on a benchmark database (1,000,000 generated companies
// and 4,000,000 charges: `node bench/seed.js --keep`, then `node bench/charges-top-up.js`).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/credence_bench_seed_NNN node bench/screener.js
//
// Each figure is a p95 over many calls with varied filters and sorts, beside baselines measured in
// the same run on the same database: OFFSET paging at depth, an exact count, and a live per-lender
// aggregate over the charges (what the views and keyset cursors replace).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminHeaders, percentile, serverEnv, startServer } from './support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !/bench/.test(url)) {
  process.stderr.write('Set BENCH_DATABASE_URL to a benchmark database (its name must contain "bench"): see the top of this file.\n');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// Both ways a page is answered, in the same run: 'memory' (the default: the big views held in the
// API's memory, ScreenerMemory) and 'database' (SCREENER_MEMORY=false: every page in Postgres).
const PATHS = (process.env.BENCH_PATHS ?? 'memory,database').split(',').map((p) => p.trim());

function startApi(path) {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-'));
  const env =
    path === 'memory' ? { DATABASE_URL: url, LOG_LEVEL: 'info', SCREENER_MEMORY: 'true' } : { DATABASE_URL: url, SCREENER_MEMORY: 'false' };
  return startServer(serverEnv(dataDir, env)).then((server) => ({ ...server, dataDir }));
}

/** Asks one page of each big table (which starts their loads) and waits for the API to log each copy. */
async function waitForMemory(api) {
  let output = '';
  api.child.stdout.on('data', (d) => (output += d));
  const started = Date.now();
  for (const path of [
    'companies_house/get-screener-info',
    'companies_house/charges-screener-info',
    'companies_house/charges/stats/by-company',
  ])
    await get(api.base, path);
  const views = ['screener_companies', 'screener_charges', 'company_charge_stats'];
  while (!views.every((view) => new RegExp(`${view}: [\\d,]+ rows`).test(output))) {
    if (/could not be read into memory/.test(output))
      throw new Error(`a screener view could not be read into memory:\n${output.slice(-2000)}`);
    if (Date.now() - started > 300_000) throw new Error(`the screener views were not in memory after 5 minutes:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const lines = output.split('\n').filter((line) => /rows, \d+ columns in memory/.test(line));
  for (const line of lines) console.log(`  ${/(\w+: [\d,]+ rows, \d+ columns in memory \(\d+ MB\) in [\d.]+ s)/.exec(line)?.[1] ?? line}`);
  return (Date.now() - started) / 1000;
}

let headers = {};
async function get(base, path, params = {}) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/api/${path}?${search}`, { headers });
  const body = await response.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!response.ok) throw new Error(`${path} ${search}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Times every call RUNS times (after one warm-up call each); answers the p95 and the slowest case. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
async function measure(base, calls) {
  const times = [];
  const cases = [];
  for (const call of calls) {
    await get(base, call.path, call.params);
    const mine = [];
    for (let i = 0; i < RUNS; i++) mine.push((await get(base, call.path, call.params)).ms);
    times.push(...mine);
    cases.push({ label: call.label, ms: Math.min(...mine), params: call.params });
  }
  cases.sort((a, b) => b.ms - a.ms);
  if (VERBOSE) for (const c of cases.slice(0, 6)) console.error(`  slow: ${c.ms.toFixed(0)} ms ${JSON.stringify(c.params)}`);
  return { p95: percentile(times, 95), p50: percentile(times, 50), n: times.length, worst: cases[0] };
}

// One representative filter per filterable column (values near the middle of the sample's ranges).
const v = (type, value, valueTo) => ({ type, value, valueTo });
const COMPANY_FILTERS = {
  company_name: v('contains', 'engineering'),
  company_number: v('startsWith', '08'),
  ticker: v('notEmpty'),
  industry_group: { type: 'is_one_of', values: ['Construction of buildings', 'Specialised construction activities'] },
  industry_sector: { type: 'is_one_of', values: ['Manufacturing'] },
  sic_code: { type: 'is_one_of', values: ['62012', '41202', '68209'] },
  currency: { type: 'is_one_of', values: ['GBP'] },
  filing_year: { type: 'is_one_of', values: ['2024'] },
  turnover: v('greaterThan', 10_000_000),
  operating_profit: v('lessThan', 0),
  net_profit_loss: v('between', 1_000_000, 5_000_000),
  EBITDA: v('greaterThan', 2_000_000),
  total_assets: v('between', 5_000_000, 50_000_000),
  total_liabilities: v('lessThan', 100_000),
  net_asset: v('greaterThan', 1_000_000),
  cash: v('greaterThan', 500_000),
  employee_count: v('between', 50, 250),
  earnings_per_share: v('notEmpty'),
  debt_to_equity_ratio: v('greaterThan', 1.5),
  total_charges: v('greaterThan', 2),
  outstanding: v('greaterThan', 0),
  fixed: v('greaterThan', 1),
  floating: v('greaterThan', 0),
  negative_pledge: v('greaterThan', 0),
  part_satisfied: v('greaterThan', 0),
};
const COMPANY_SORTS = Object.keys(COMPANY_FILTERS);

const CHARGE_FILTERS = {
  company_name: { operator: 'contains', value: 'holdings' },
  company_number: { operator: 'startsWith', value: '1' },
  status: { operator: 'is_one_of', values: ['outstanding'] },
  delivered_on: { operator: 'range', value: '2023-01-01', valueTo: '2023-12-31' },
  lenders: { operator: 'contains', value: 'hsbc' },
  charge_code: { operator: 'startsWith', value: '0' },
  classification_description: { operator: 'is_one_of', values: ['A registered charge'] },
  particulars_description: { operator: 'contains', value: 'freehold' },
  charge_number: { operator: 'greaterThan', value: 3 },
  contains_fixed_charge: { operator: 'equals', value: true },
  contains_floating_charge: { operator: 'equals', value: true },
  contains_negative_pledge: { operator: 'equals', value: false },
  created_on: { operator: 'after', value: '2024-06-01' },
  satisfied_on: { operator: 'notEmpty' },
};
const CHARGE_SORTS = [
  'company_name',
  'company_number',
  'status',
  'delivered_on',
  'charge_code',
  'classification_description',
  'charge_number',
  'contains_fixed_charge',
  'created_on',
  'satisfied_on',
];

/** Every filter with some sort and every sort with some filter, both directions: a spread of cases. */
function oneFilterCalls(path, filters, sorts, style) {
  const ids = Object.keys(filters);
  const calls = [];
  const n = Math.max(ids.length, sorts.length) * 2;
  for (let i = 0; i < n; i++) {
    const id = ids[i % ids.length];
    const sort = sorts[(i * 7) % sorts.length];
    const filter = style === 'value' ? { id, value: filters[id] } : { id, ...filters[id] };
    calls.push({
      label: `${id} / ${sort}`,
      path,
      params: { page_size: '100', sort_by: sort, sort_order: i % 2 ? 'asc' : 'desc', filters: [filter] },
    });
  }
  return calls;
}

function threeFilterCalls(path, filters, sorts) {
  const ids = Object.keys(filters);
  return Array.from({ length: 20 }, (_, i) => {
    const chosen = [ids[i % ids.length], ids[(i * 5 + 3) % ids.length], ids[(i * 11 + 7) % ids.length]];
    const unique = [...new Set(chosen)];
    return {
      label: `${unique.join('+')} / ${sorts[i % sorts.length]}`,
      path,
      params: {
        page_size: '100',
        sort_by: sorts[i % sorts.length],
        sort_order: 'desc',
        filters: unique.map((id) => ({ id, value: filters[id] })),
      },
    };
  });
}

/** Cursors at depth (reached once by OFFSET, untimed), then the next and previous pages timed. */
async function cursorCalls(base, path, sorts, depthPage, pageSize) {
  const calls = [];
  for (const sort of sorts) {
    const { body } = await get(base, path, { page: String(depthPage), page_size: String(pageSize), sort_by: sort, sort_order: 'desc' });
    for (const cursor of [body.data.next_cursor, body.data.prev_cursor]) {
      if (cursor)
        calls.push({ label: `cursor ${sort}`, path, params: { page_size: String(pageSize), sort_by: sort, sort_order: 'desc', cursor } });
    }
  }
  return calls;
}

async function baselineTimes(base) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const time = async (sql) => {
    const started = process.hrtime.bigint();
    await db.query(sql);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const out = {
    offset: (
      await get(base, 'companies_house/get-screener-info', { page: '5000', page_size: '100', sort_by: 'turnover', sort_order: 'desc' })
    ).ms,
    exactCount: await time(`SELECT count(*) FROM screener_companies WHERE turnover > 10000000`),
    liveLenders: await time(
      `SELECT l.lender_key, count(*), count(*) FILTER (WHERE ch.status = 'outstanding') FROM charge_lenders l JOIN charges ch USING (charge_id) GROUP BY l.lender_key ORDER BY 2 DESC LIMIT 50`,
    ),
  };
  const [{ companies, charges }] = (
    await db.query(`SELECT (SELECT count(*) FROM companies)::int AS companies, (SELECT count(*) FROM charges)::int AS charges`)
  ).rows;
  const lenders = (await db.query(`SELECT lender_name FROM lender_stats ORDER BY total_charges DESC LIMIT 10`)).rows.map(
    (r) => r.lender_name,
  );
  await db.end();
  return { ...out, companies, charges, lenders };
}

for (const path of PATHS) {
  const api = await startApi(path);
  try {
    headers = await adminHeaders(api.base);
    console.log(
      `\n== pages answered ${path === 'memory' ? 'from the in-memory copies (default)' : 'in the database (SCREENER_MEMORY=false)'} ==`,
    );
    if (path === 'memory') console.log(`  copies loaded ${(await waitForMemory(api)).toFixed(1)} s after the first pages asked for them`);
    await runCases(api);
  } finally {
    api.child.kill('SIGTERM');
    rmSync(api.dataDir, { recursive: true, force: true });
  }
}

async function runCases(api) {
  const base = await baselineTimes(api.base);
  const n = (x) => x.toLocaleString('en-GB');
  console.log(
    `screener budgets over HTTP: ${n(base.companies)} companies, ${n(base.charges)} charges, server Postgres, ${RUNS} runs a case, load ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `baselines (same run): OFFSET page 5000 ${base.offset.toFixed(0)} ms; exact count turnover>10m ${base.exactCount.toFixed(0)} ms; live per-lender aggregate ${base.liveLenders.toFixed(0)} ms\n`,
  );

  const COMPANIES = 'companies_house/get-screener-info';
  const CHARGES = 'companies_house/charges-screener-info';
  const rows = [
    ['companies: one filter, any sort', await measure(api.base, oneFilterCalls(COMPANIES, COMPANY_FILTERS, COMPANY_SORTS, 'value')), 100],
    ['companies: three filters', await measure(api.base, threeFilterCalls(COMPANIES, COMPANY_FILTERS, COMPANY_SORTS)), 200],
    [
      'companies: next/prev page at page 5000',
      await measure(api.base, await cursorCalls(api.base, COMPANIES, ['turnover', 'company_name', 'employee_count'], 5000, 100)),
      50,
    ],
    ['charges: one filter, any sort', await measure(api.base, oneFilterCalls(CHARGES, CHARGE_FILTERS, CHARGE_SORTS, 'operator')), 100],
    [
      'charges: next/prev page at page 20000',
      await measure(api.base, await cursorCalls(api.base, CHARGES, ['delivered_on', 'company_name'], 20000, 100)),
      50,
    ],
    [
      'by-lender page',
      await measure(
        api.base,
        ['total_charges', 'lender_name', 'companies_count', 'outstanding_charges'].map((sort) => ({
          label: sort,
          path: 'companies_house/charges/stats/by-lender',
          params: { sort_by: sort, sort_order: 'desc' },
        })),
      ),
      50,
    ],
    [
      'by-company page',
      await measure(
        api.base,
        ['total_charges', 'company_name', 'latest_charge_date', 'unique_lenders_count'].map((sort) => ({
          label: sort,
          path: 'companies_house/charges/stats/by-company',
          params: { sort_by: sort, sort_order: 'desc' },
        })),
      ),
      50,
    ],
    [
      'lender detail (10 largest lenders)',
      await measure(
        api.base,
        base.lenders.map((name) => ({ label: name, path: 'companies_house/charges/lender-detail', params: { lender_name: name } })),
      ),
      50,
    ],
  ];
  console.log(`${'case'.padEnd(42)} ${'calls'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'budget'.padStart(8)}   slowest`);
  for (const [name, r, budget] of rows) {
    console.log(
      `${name.padEnd(42)} ${String(r.n).padStart(5)} ${r.p50.toFixed(1).padStart(6)} ms ${r.p95.toFixed(1).padStart(6)} ms ${String(budget).padStart(5)} ms ${r.p95 <= budget ? 'met ' : 'NOT met'}  ${r.worst.label} ${r.worst.ms.toFixed(0)} ms`,
    );
  }
}
