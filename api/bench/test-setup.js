// npm run bench:test-setup (in api/, after `npm run build` at the root): what a test suite pays
// before its first assertion, the old way against the way `npm test` does it now, in the same run.
//
// 1. A suite's database on server Postgres (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
//    CREATE DATABASE and every migration, against CREATE DATABASE ... TEMPLATE of a migrated one.
// 2. A cli or browser suite's API start (node dist/src/main.js, SAMPLE_COMPANIES=400, embedded):
//    a first start (initdb, migrations, first admin, sample data), against a start from a copy of
//    the data directory a first start left (@credence/shared/first-start-cache).
//
//   node bench/test-setup.js [rounds]      (default 3 rounds of part 1; part 2 once each)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApi } from '@credence/shared/api-process';
import { restoreFirstStart } from '@credence/shared/first-start-cache';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const MAIN = join(dist, 'src', 'main.js');
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.argv[2] ?? 3);
const { loadConfig } = await import(join(dist, 'src/core/config/config.js'));
const { closeDatabase, connectAndMigrate, openDatabase } = await import(join(dist, 'src/core/database/database.js'));
const { ENTITIES } = await import(join(dist, 'src/entities.js'));
const { serverDatabaseUrl, serverQuery } = await import(join(dist, 'test/support/server-database.js'));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function suiteDatabase(name, template) {
  const started = performance.now();
  await serverQuery(BASE_URL, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const config = loadConfig({ DATABASE_URL: serverDatabaseUrl(BASE_URL, name), JWT_SECRET: 'x'.repeat(32) });
  const handle = await openDatabase(config, { share: false, entities: ENTITIES });
  await closeDatabase(handle, await connectAndMigrate(handle));
  return performance.now() - started;
}

console.log(`load average at the start: ${load()}`);
console.log(`\n1. a suite's database on server Postgres (${ROUNDS} rounds, medians)`);
const id = `${process.pid}`;
const template = `credence_bench_template_${id}`;
const made = [];
try {
  made.push(template);
  const once = await suiteDatabase(template);
  const fresh = [];
  const copied = [];
  for (let i = 0; i < ROUNDS; i++) {
    made.push(`credence_bench_fresh_${id}_${i}`, `credence_bench_copy_${id}_${i}`);
    fresh.push(await suiteDatabase(`credence_bench_fresh_${id}_${i}`));
    copied.push(await suiteDatabase(`credence_bench_copy_${id}_${i}`, template));
  }
  console.log(`   created and migrated (before):      ${seconds(median(fresh))}`);
  console.log(`   copy of a migrated template (now):  ${seconds(median(copied))}  (the template itself, once a run: ${seconds(once)})`);
} catch (error) {
  console.log(`   skipped: server Postgres at ${BASE_URL} is not reachable (${error.message})`);
} finally {
  for (const name of made) await serverQuery(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}

/** CPU seconds a running process has used so far (Linux). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function start(env, cache) {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-start-'));
  const all = { ...env, DATA_DIR: dataDir };
  try {
    const started = performance.now();
    await restoreFirstStart(MAIN, all, { timeoutMs: 0 }, cache);
    const api = await spawnApi(MAIN, all, { timeoutMs: 0 });
    const wall = performance.now() - started;
    const cpu = cpuOf(api.child.pid);
    await api.stop();
    return { wall, cpu };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('\n2. an API start for a cli or browser suite (SAMPLE_COMPANIES=400, embedded database)');
const env = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!',
  ADMIN_EMAIL: 'admin@credence.test',
  ADMIN_PASSWORD: 'admin bench password that is long',
  SAMPLE_COMPANIES: '400',
};
const cache = mkdtempSync(join(tmpdir(), 'credence-bench-first-starts-'));
try {
  const first = await start(env, undefined);
  console.log(`   a first start (before, every suite): ${seconds(first.wall)} wall, ${first.cpu.toFixed(1)} s CPU of the server`);
  const making = await start(env, cache);
  console.log(`   the first start kept in the cache (now, once a run): ${seconds(making.wall)} wall`);
  const copy = await start(env, cache);
  console.log(`   a start from a copy (now, every later suite): ${seconds(copy.wall)} wall, ${copy.cpu.toFixed(1)} s CPU of the server`);
} finally {
  rmSync(cache, { recursive: true, force: true });
}
console.log(`\nload average at the end: ${load()}`);
