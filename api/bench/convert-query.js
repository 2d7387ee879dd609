// npm run bench:convert-query (in api/): latency of POST companies_house/convert-query-to-filters
// over varied plain-English queries, beside GET /api/health and GET /api/me (the signed-in trivial
// route) measured in the same run, requests
// interleaved one at a time from one client. Budget: p95 <= 10 ms. Build first.
//
//   npm run bench:convert-query                       # embedded database
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:convert-query
//
// Also prints the parser's own time per query in this process (no HTTP), from the built shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertQueryToFilters } from '@credence/shared';
import { adminHeaders, percentile, serverEnv, startServer, timed } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const QUERIES = [
  'turnover over 10m',
  'Show me UK manufacturing companies with turnover over £10m, more than 50 employees and no outstanding charges, filed in 2023',
  'tech firms with revenue between 1m and 5m and at least 20 staff',
  'loss-making software companies in London',
  'banks with total assets above 1bn since 2021',
  'SIC 62012 called "Northern Light" with outstanding charges',
  'retail or construction, EBITDA positive, D/E below 2, 2021-2023',
  '$3m+ revenue and cash above €1m with floating charges',
  'plumbing firms with 10-250 staff and net assets under -500k',
  'companies named Acme excluding banks and insurers filed before 2024',
  'operating loss of at least 2m, more than 3 charges, gearing at most 1.5',
  'hotels, restaurants and pubs with headcount over 200 in 2022 or 2023',
];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-'));
  const server = await startServer(serverEnv(dataDir));
  const convert = [];
  const health = [];
  const me = [];
  try {
    const headers = await adminHeaders(server.base);
    const post = async (query) => {
      const response = await fetch(`${server.base}/api/companies_house/convert-query-to-filters`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
      await response.json();
    };
    const getHealth = async () => {
      const response = await fetch(`${server.base}/api/health`);
      if (response.status !== 200) throw new Error(`health: ${response.status}`);
      await response.json();
    };
    // The authenticated trivial route: what any signed-in call costs before its own work.
    const getMe = async () => {
      const response = await fetch(`${server.base}/api/me`, { headers });
      if (response.status !== 200) throw new Error(`me: ${response.status}`);
      await response.json();
    };
    for (let k = 0; k < 3; k++) for (const q of QUERIES) await Promise.all([post(q), getHealth(), getMe()]); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        convert.push(await timed(() => post(q)));
        health.push(await timed(getHealth));
        me.push(await timed(getMe));
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const parser = [];
  for (let round = 0; round < ROUNDS; round++) for (const q of QUERIES) parser.push(await timed(() => convertQueryToFilters(q)));

  const row = (name, values) =>
    `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(2)} ms | ${percentile(values, 95).toFixed(2)} ms | ${percentile(values, 99).toFixed(2)} ms |`;
  process.stdout.write(
    `\n${QUERIES.length} queries x ${ROUNDS} rounds, one client, requests interleaved; database: ${process.env.DATABASE_URL ? 'server Postgres' : 'embedded'}.\n\n`,
  );
  process.stdout.write('| measure | requests | p50 | p95 | p99 |\n| --- | --- | --- | --- | --- |\n');
  process.stdout.write(
    `${row('POST convert-query-to-filters', convert)}\n${row('GET /api/health (baseline)', health)}\n${row('GET /api/me (baseline: signed-in, no work)', me)}\n${row('parser alone, in process', parser)}\n`,
  );
  const ratio = (base) => (percentile(convert, 95) / percentile(base, 95)).toFixed(2);
  process.stdout.write(
    `\np95 ratio convert / health: ${ratio(health)}, convert / me: ${ratio(me)}; budget p95 <= 10 ms: ${percentile(convert, 95) <= 10 ? 'met' : 'NOT met'}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
