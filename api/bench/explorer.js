// npm run bench:explorer (in api/): company search and overview latency on a large dataset.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/credence_bench_seed_1234 npm run bench:explorer
//
// BENCH_DATABASE_URL names a database already holding the companies (npm run bench:seed -- --keep
// leaves one with 1,000,000). The API runs against it as a real server process; queries are
// drawn from the data itself. Beside each figure, measured in the same run on the same data:
// the naive ranked trigram search (every match ranked by similarity) and a bare btree prefix
// lookup, so the figures read as ratios to what Postgres does without our query plan.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminHeaders, percentile, serverEnv, startServer, timed } from './support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  process.stderr.write('Set BENCH_DATABASE_URL to a database with companies (npm run bench:seed -- --keep prints one).\n');
  process.exit(2);
}
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

/** Runs every item through `fn` with `clients` concurrent workers; answers the latencies. */
async function run(items, clients, fn) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) {
        const item = items[next++];
        latencies.push(await timed(() => fn(item)));
      }
    }),
  );
  return latencies;
}

function misspell(name, i) {
  const word = name.split(' ').find((w) => w.length >= 6) ?? name;
  const at = 1 + (i % (word.length - 2));
  const swapped = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return name.replace(word, swapped).toLowerCase();
}

async function main() {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM companies')).rows;
  const picks = (
    await db.query(`SELECT company_number, company_name FROM companies TABLESAMPLE SYSTEM (1) WHERE length(company_name) > 12 LIMIT $1`, [
      SAMPLES,
    ])
  ).rows;
  const queries = {
    'name prefix': picks.map((p) => p.company_name.slice(0, 7).toLowerCase()),
    'company number': picks.map((p) => p.company_number.replace(/^0+/, '')),
    'fragment from the middle': picks.map((p) => {
      const words = p.company_name.split(' ');
      return words.slice(1, 3).join(' ').toLowerCase() || p.company_name.toLowerCase();
    }),
    'misspelt name': picks.map((p, i) => misspell(p.company_name, i)),
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-'));
  const server = await startServer(serverEnv(dataDir, { DATABASE_URL: url }));
  const results = [];
  try {
    const headers = await adminHeaders(server.base);
    const get = async (path) => {
      const response = await fetch(server.base + path, { headers });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const search = (q) => get(`/api/companies_house/search_companies?query=${encodeURIComponent(q)}`);
    await run(queries['name prefix'].slice(0, 50), 2, search); // warm the caches and the connection pool

    const naive = (q) =>
      db.query(
        `SELECT company_number, company_name FROM companies WHERE lower(company_name) % $1 ORDER BY similarity(lower(company_name), $1) DESC LIMIT 20`,
        [q],
      );
    const prefix = (q) =>
      db.query(
        `SELECT company_number FROM companies WHERE lower(company_name) COLLATE "C" LIKE $1 || '%' ORDER BY lower(company_name) COLLATE "C" LIMIT 20`,
        [q],
      );
    for (const [kind, list] of Object.entries(queries)) {
      const one = await run(list, 1, search);
      const four = await run(list, 4, search);
      const baselineFn = kind === 'name prefix' ? prefix : kind === 'company number' ? null : naive;
      const baseline = baselineFn ? await run(list.slice(0, 50), 1, baselineFn) : null;
      results.push({
        measure: `search_companies: ${kind}`,
        p95_1_client_ms: percentile(one, 95),
        p95_4_clients_ms: percentile(four, 95),
        baseline: baseline
          ? `${kind === 'name prefix' ? 'bare btree prefix' : 'naive ranked trigram'} p95 ${percentile(baseline, 95).toFixed(1)} ms`
          : '',
      });
    }
    const overview = await run(
      picks.map((p) => p.company_number),
      1,
      (n) => get(`/api/companies_house/get_overview?company_number=${n}`),
    );
    const overview4 = await run(
      picks.map((p) => p.company_number),
      4,
      (n) => get(`/api/companies_house/get_overview?company_number=${n}`),
    );
    results.push({
      measure: 'get_overview',
      p95_1_client_ms: percentile(overview, 95),
      p95_4_clients_ms: percentile(overview4, 95),
      baseline: '',
    });
  } finally {
    server.child.kill('SIGTERM');
    await db.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(
    `\nCompanies in the database: ${count.toLocaleString('en-GB')}; ${SAMPLES} queries per kind, drawn from the data.\n\n`,
  );
  process.stdout.write('| measure | p95, 1 client | p95, 4 clients | same-run baseline |\n| --- | --- | --- | --- |\n');
  for (const r of results) {
    process.stdout.write(`| ${r.measure} | ${r.p95_1_client_ms.toFixed(1)} ms | ${r.p95_4_clients_ms.toFixed(1)} ms | ${r.baseline} |\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
