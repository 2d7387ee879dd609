// npm run bench:import-sec (in api/, after `npm run build` at the root; also the last part of
// `npm run bench`): `credence-admin import sec-companyfacts` of a companyfacts.zip in the SEC's
// format (BENCH_COMPANIES files, default 300, about 1.2 MB of JSON each on average, from 0.6 to
// 1.8 MB: 80 to 240 concepts of which 40 catalogued (ten years each; the others one to nine), every period filed twice (its own filing and
// the next year's comparative copy, only the later one framed), durations and instants, values
// that vary so the archive compresses like the real one), beside a baseline measured in the same
// run: reading and JSON.parse-ing every entry of the same archive with nothing written (what the
// import cost when it parsed whole files). Measured on the embedded database (PGlite in a fresh
// DATA_DIR) and on server Postgres (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// in a database of its own, dropped at the end; BENCH_DB=embedded or server runs one of them.
// Each: a first import, a re-run of the same archive (every file unchanged: skipped by its zip
// CRC-32), and the next night's archive in which every company changed (every company replaced). The budget: at
// least 50 companies a second (the ~18,000-file nightly bulk in about six minutes).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { catalogueConcepts } from '@credence/shared';
import { seededRandom } from '@credence/shared/query-families';

const here = dirname(fileURLToPath(import.meta.url));
const ADMIN = join(here, '..', 'dist', 'src', 'bin', 'credence-admin.js');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 300);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MODES = process.env.BENCH_DB ? [process.env.BENCH_DB] : ['embedded', 'server'];

const wanted = [...catalogueConcepts()]
  .filter((c) => c.startsWith('us-gaap:'))
  .slice(0, 40)
  .map((c) => c.slice(8));

const pad = (n) => String(n).padStart(2, '0');

/** Ten fiscal years of one concept: each period in its own filing and again, later, as a comparative. */
function concept(name, instant, cik, next, years = 10) {
  const list = [];
  for (let y = 2024 - years; y < 2024; y++) {
    for (let q = 0; q < 4; q++) {
      const end = `${y}-${pad(3 * q + 3)}-${q === 0 || q === 3 ? '31' : '30'}`;
      const val = Math.round(next() * 1e10);
      for (const copy of [0, 1]) {
        const fy = y + copy;
        const filed = `${q === 3 ? fy + 1 : fy}-${q === 3 ? '02' : pad(3 * q + 5)}-${pad(10 + Math.floor(next() * 18))}`;
        const fact = {
          end,
          val: copy && next() < 0.1 ? val + 1000 : val,
          accn: `${String(cik).padStart(10, '0')}-${String(fy).slice(2)}-${String(Math.floor(next() * 999999)).padStart(6, '0')}`,
          fy,
          fp: q === 3 ? 'FY' : `Q${q + 1}`,
          form: q === 3 ? '10-K' : '10-Q',
          filed,
        };
        if (!instant) fact.start = `${y}-01-01`;
        if (copy === 1) fact.frame = instant ? `CY${y}Q${q + 1}I` : `CY${y}${q === 3 ? '' : `Q${q + 1}`}`;
        list.push(fact);
      }
    }
  }
  return {
    label: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    description: `${name} as reported by the company in its filings.`,
    units: { USD: list },
  };
}

function companyFacts(i, night) {
  const cik = 100_000 + i;
  const next = seededRandom(cik * 7 + night);
  const others = 40 + Math.floor(next() * 160);
  const facts = {
    'us-gaap': {},
    dei: { EntityCommonStockSharesOutstanding: concept('EntityCommonStockSharesOutstanding', true, cik, next) },
  };
  wanted.forEach((name, k) => (facts['us-gaap'][name] = concept(name, k % 3 === 0, cik, next)));
  for (let k = 0; k < others; k++) {
    const name = `CustomDisclosureConcept${k}Amount`;
    facts['us-gaap'][name] = concept(name, k % 2 === 0, cik, next, 1 + Math.floor(next() * 9));
  }
  return { cik: i % 2 ? cik : String(cik).padStart(10, '0'), entityName: `Benchmark Company ${i} Inc.`, facts };
}

async function writeArchive(path, night) {
  const zip = new yazl.ZipFile();
  let bytes = 0;
  for (let i = 0; i < COMPANIES; i++) {
    const body = Buffer.from(JSON.stringify(companyFacts(i, night)));
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
    const merged = { ...process.env, ...env };
    if (!env.DATABASE_URL) delete merged.DATABASE_URL;
    const child = spawn(process.execPath, [ADMIN, ...args], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
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

const rate = (s) => (COMPANIES / s).toFixed(0);

/** A first import and a re-run on one database; answers the slower rate. */
async function measure(mode, archive, changedArchive, baseline) {
  const dataDir = mkdtempSync(join(dir, `${mode}-`));
  const env = { DATA_DIR: dataDir, SAMPLE_COMPANIES: '0' };
  let drop = async () => undefined;
  if (mode === 'server') {
    const name = `credence_bench_sec_${process.pid}`;
    const url = new URL(BASE_URL);
    url.pathname = `/${name}`;
    await sql(BASE_URL, `CREATE DATABASE ${name}`);
    drop = () => sql(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(e.message));
    env.DATABASE_URL = url.toString();
  }
  try {
    await admin(['migrate'], env);
    const first = JSON.parse(await admin(['import', 'sec-companyfacts', archive, '--json', '--quiet'], env));
    const again = JSON.parse(await admin(['import', 'sec-companyfacts', archive, '--json', '--quiet'], env));
    const changed = JSON.parse(await admin(['import', 'sec-companyfacts', changedArchive, '--json', '--quiet'], env));
    const label = mode === 'server' ? 'server Postgres' : 'embedded (PGlite)';
    for (const [run, r] of [
      ['first', first],
      ['re-run, unchanged', again],
      ['next night, all changed', changed],
    ]) {
      console.log(
        `import, ${label}, ${run}:`.padEnd(56) +
          `${r.seconds.toFixed(2)} s, ${rate(r.seconds)} companies/s (${(baseline / r.seconds).toFixed(2)}x the baseline's rate), ${r.tables.us_facts ?? 0} facts written`,
      );
    }
    return COMPANIES / Math.max(first.seconds, again.seconds, changed.seconds);
  } finally {
    await drop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'credence-bench-sec-'));
try {
  const archive = join(dir, 'companyfacts.zip');
  const json = await writeArchive(archive, 0);
  const changedArchive = join(dir, 'companyfacts-next.zip');
  await writeArchive(changedArchive, 1);
  console.log(
    `companyfacts.zip: ${COMPANIES} companies, ${(json / 1e6).toFixed(0)} MB of JSON, ${(statSync(archive).size / 1e6).toFixed(0)} MB zipped`,
  );
  const baseline = await parseEverything(archive);
  console.log(`baseline (unzip + JSON.parse only):`.padEnd(56) + `${baseline.toFixed(2)} s, ${rate(baseline)} companies/s`);
  const rates = [];
  for (const mode of MODES) rates.push([mode, await measure(mode, archive, changedArchive, baseline)]);
  for (const [mode, r] of rates) console.log(`budget (${mode}): >= 50 companies/s: ${r >= 50 ? 'met' : 'MISSED'} (${r.toFixed(0)}/s)`);
} finally {
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}
