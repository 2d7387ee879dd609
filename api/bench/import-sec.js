// npm run bench:import-sec (in api/, after `npm run build` at the root): `credence-admin import
// sec-companyfacts` of a companyfacts.zip in the SEC's format (BENCH_COMPANIES files, default
// 500, each about 1.2 MB of JSON: 200 concepts of which the KPI catalogue reads 40, 40 facts
// each, durations and instants, 10-Q and 10-K copies), beside a baseline measured in the same
// run: reading and JSON.parse-ing every entry of the same archive with nothing written (the
// floor no import can beat). On server Postgres (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) in a database of its own, dropped at the end.
// The budget: at least 50 companies a second (the ~18,000-file nightly bulk in about six minutes).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { catalogueConcepts } from '@credence/shared';

const here = dirname(fileURLToPath(import.meta.url));
const ADMIN = join(here, '..', 'dist', 'src', 'bin', 'credence-admin.js');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 500);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const wanted = [...catalogueConcepts()]
  .filter((c) => c.startsWith('us-gaap:'))
  .slice(0, 40)
  .map((c) => c.slice(8));
const others = Array.from({ length: 160 }, (_, i) => `CustomDisclosureConcept${i}Amount`);

function companyFacts(i) {
  const cik = 100_000 + i;
  const concept = (name, instant) => {
    const list = [];
    for (let y = 2014; y < 2024; y++) {
      for (let q = 0; q < 4; q++) {
        const end = `${y}-${String(3 * q + 3).padStart(2, '0')}-${q === 0 || q === 3 ? '31' : '30'}`;
        const filed = `${q === 3 ? y + 1 : y}-${q === 3 ? '02' : String(3 * q + 5).padStart(2, '0')}-15`;
        const fact = {
          end,
          val: Math.round(1e6 * (1 + ((i * 7 + y * 13 + q) % 997))),
          accn: `${String(cik).padStart(10, '0')}-${String(y).slice(2)}-${String(q + 1).padStart(6, '0')}`,
          fy: y,
          fp: q === 3 ? 'FY' : `Q${q + 1}`,
          form: q === 3 ? '10-K' : '10-Q',
          filed,
        };
        if (!instant) fact.start = `${y}-01-01`;
        if (q === 0) fact.frame = `CY${y}Q1`;
        list.push(fact);
      }
    }
    return { label: name, description: `${name} as reported by the company in its filings.`, units: { USD: list } };
  };
  const facts = { 'us-gaap': {}, dei: { EntityCommonStockSharesOutstanding: concept('EntityCommonStockSharesOutstanding', true) } };
  wanted.forEach((name, k) => (facts['us-gaap'][name] = concept(name, k % 3 === 0)));
  others.forEach((name, k) => (facts['us-gaap'][name] = concept(name, k % 2 === 0)));
  return { cik: i % 2 ? cik : String(cik).padStart(10, '0'), entityName: `Benchmark Company ${i} Inc.`, facts };
}

async function writeArchive(path) {
  const zip = new yazl.ZipFile();
  let bytes = 0;
  for (let i = 0; i < COMPANIES; i++) {
    const body = Buffer.from(JSON.stringify(companyFacts(i)));
    bytes += body.length;
    zip.addBuffer(body, `CIK${String(100_000 + i).padStart(10, '0')}.json`);
  }
  zip.end();
  await new Promise((ok, fail) => zip.outputStream.pipe(createWriteStream(path)).on('close', ok).on('error', fail));
  return bytes;
}

function parseEverything(path) {
  return new Promise((ok, fail) => {
    const started = performance.now();
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err) return fail(err);
      zip.readEntry();
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return fail(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => ok((performance.now() - started) / 1000));
    });
  });
}

function admin(args, env) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`credence-admin ${args.join(' ')} exited ${code}: ${err}`))));
  });
}

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'credence-bench-sec-'));
const name = `credence_bench_sec_${process.pid}`;
const url = new URL(BASE_URL);
url.pathname = `/${name}`;
let created = false;
try {
  const archive = join(dir, 'companyfacts.zip');
  const json = await writeArchive(archive);
  console.log(
    `companyfacts.zip: ${COMPANIES} companies, ${(json / 1e6).toFixed(0)} MB of JSON, ${(statSync(archive).size / 1e6).toFixed(0)} MB zipped`,
  );
  const baseline = await parseEverything(archive);
  await sql(BASE_URL, `CREATE DATABASE ${name}`);
  created = true;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dir, SAMPLE_COMPANIES: '0' };
  await admin(['migrate'], env);
  const first = JSON.parse(await admin(['import', 'sec-companyfacts', archive, '--json', '--quiet'], env));
  const again = JSON.parse(await admin(['import', 'sec-companyfacts', archive, '--json', '--quiet'], env));
  const rate = (s) => (COMPANIES / s).toFixed(0);
  console.log(`baseline (unzip + JSON.parse only): ${baseline.toFixed(2)} s, ${rate(baseline)} companies/s`);
  console.log(
    `import, first:   ${first.seconds.toFixed(2)} s, ${rate(first.seconds)} companies/s (${(first.seconds / baseline).toFixed(2)}x the baseline), ${first.tables.us_facts} facts kept`,
  );
  console.log(
    `import, re-run:  ${again.seconds.toFixed(2)} s, ${rate(again.seconds)} companies/s (${(again.seconds / baseline).toFixed(2)}x the baseline)`,
  );
  console.log(`budget: >= 50 companies/s: ${COMPANIES / Math.max(first.seconds, again.seconds) >= 50 ? 'met' : 'MISSED'}`);
} finally {
  if (created) await sql(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(e.message));
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}
