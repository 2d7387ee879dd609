// npm run bench:seed (in api/, after `npm run build` at the root): `credence-admin seed` of
// 1,000,000 sample companies (with their officers, PSCs, charges, filings, financial statements
// and document summaries) into a fresh database on server Postgres (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), against the 10-minute budget; beside it, in the
// same run, the generator alone (generating and serialising the same rows to /dev/null, no
// database), so that the database's share of the time shows.
//
//   node bench/seed.js [companies] [--keep]
//   node bench/seed.js 200000            # a smaller run
//   node bench/seed.js --keep            # keep the database (its DATABASE_URL is printed), for
//                                        # the benchmarks that need a million companies
//
// Not part of `npm run bench`: it takes minutes and both cores.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
// CREDENCE_BENCH_DIST: a build in another folder (tsc -p tsconfig.json --outDir .dist-x).
const dist = process.env.CREDENCE_BENCH_DIST ? resolve(process.env.CREDENCE_BENCH_DIST, 'src') : join(here, '..', 'dist', 'src');
const ADMIN = join(dist, 'bin', 'credence-admin.js');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const COMPANIES = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const BUDGET_SECONDS = 600;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const number = (n) => Math.round(n).toLocaleString('en-GB');

async function admin(sql) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The generator alone: the same companies generated and serialised (tab-separated, JSON for JSON columns) to /dev/null. */
async function generatorOnly(companies) {
  const { generateCompany } = await import(join(dist, 'modules', 'companies-house', 'seed', 'generate.js'));
  const { todayDay } = await import(join(dist, 'modules', 'companies-house', 'seed', 'dates.js'));
  const out = createWriteStream('/dev/null');
  const ctx = { seed: 1, ref: todayDay(), total: companies };
  const field = (v) => (v === null || v === undefined ? '\\N' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const line = (row) => Object.values(row).map(field).join('\t') + '\n';
  const started = process.hrtime.bigint();
  let rows = 0;
  let chunk = '';
  for (let i = 0; i < companies; i++) {
    const b = generateCompany(i, ctx);
    chunk += line(b.company);
    for (const list of [b.officers, b.pscs, b.charges, b.filings, b.financials, b.summaries]) for (const row of list) chunk += line(row);
    rows += 1 + b.officers.length + b.pscs.length + b.charges.length + b.filings.length + b.financials.length + b.summaries.length;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((resolve) => out.on('finish', resolve));
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, rows };
}

function seed(env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [ADMIN, 'seed', '--companies', String(COMPANIES), '--json'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => process.stderr.write(`  ${d}`));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`credence-admin seed exited with ${code}`));
      resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, summary: JSON.parse(stdout) });
    });
  });
}

const name = `credence_bench_seed_${process.pid}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(BASE_URL);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-seed-'));
try {
  const sample = Math.min(COMPANIES, Number(process.env.BENCH_GENERATOR_SAMPLE ?? 200_000));
  console.log(`Generator alone (no database): ${number(sample)} companies, generated and serialised to /dev/null...`);
  const gen = await generatorOnly(sample);
  const genPerCompany = gen.seconds / sample;
  console.log(
    `  ${gen.seconds.toFixed(1)} s, ${number(sample / gen.seconds)} companies/s, ${number(gen.rows / gen.seconds)} rows/s (${(gen.rows / sample).toFixed(1)} rows a company)`,
  );

  console.log(`\ncredence-admin seed --companies ${number(COMPANIES)} into ${name} (server Postgres)...`);
  const run = await seed({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const rows = Object.values(run.summary.tables).reduce((a, b) => a + b, 0);
  const {
    rows: [size],
  } = await admin(`SELECT pg_size_pretty(pg_database_size('${name}')) AS size`);
  console.log(
    `\nseed of ${number(run.summary.companies)} companies: ${run.seconds.toFixed(1)} s end to end (${run.summary.seconds.toFixed(1)} s in the generator's own count), database ${size.size}`,
  );
  console.log(`  ${number(run.summary.companies / run.seconds)} companies/s, ${number(rows / run.seconds)} rows/s, ${number(rows)} rows:`);
  for (const [table, n] of Object.entries(run.summary.tables)) console.log(`    ${table.padEnd(22)} ${number(n).padStart(12)}`);
  const generatorShare = (genPerCompany * COMPANIES) / run.seconds;
  console.log(
    `  the generator alone would take ${(genPerCompany * COMPANIES).toFixed(0)} s of it (${(generatorShare * 100).toFixed(0)}%): the rest is the database and the COPY path`,
  );
  const projected = (run.seconds / COMPANIES) * 1_000_000;
  console.log(
    `budget: 1,000,000 companies in under ${BUDGET_SECONDS} s -> ${COMPANIES === 1_000_000 ? `${run.seconds.toFixed(0)} s` : `projected ${projected.toFixed(0)} s`}: ${projected < BUDGET_SECONDS ? 'met' : 'NOT met'}`,
  );
  if (keep) console.log(`\nkept: DATABASE_URL=${url.toString()}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
