// What the HTTP benchmarks share: the built server started on a port of its own, signed in as the
// benchmark administrator, and percentiles.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApi } from '@credence/shared/api-process';

const here = dirname(fileURLToPath(import.meta.url));
// CREDENCE_BENCH_DIST: a build in another folder (tsc -p tsconfig.json --outDir .dist-x).
export const MAIN = process.env.CREDENCE_BENCH_DIST
  ? resolve(process.env.CREDENCE_BENCH_DIST, 'src', 'main.js')
  : join(here, '..', 'dist', 'src', 'main.js');
/** The first administrator of every benchmark database (created by the server when there is none). */
export const BENCH_ADMIN = { email: 'admin@credence.local', password: 'benchmark admin passphrase' };

/**
 * Starts `node dist/src/main.js` with `env` added to this process's; answers {child, base} once it prints its
 * address (no time limit: a large benchmark database can take long to open).
 */
export async function startServer(env) {
  const { child, url } = await spawnApi(MAIN, env, { inheritEnv: true, timeoutMs: 0 });
  return { child, base: `http://127.0.0.1:${new URL(url).port}` };
}

/**
 * The environment of a benchmark server: its own data folder and port, the benchmark administrator, no sample,
 * and the screener views left in the database (reading them into memory at start-up would load the
 * machine during other measurements; bench/screener.js turns it on for its memory run).
 */
export function serverEnv(dataDir, extra = {}) {
  return {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SAMPLE_COMPANIES: '0',
    REDIS_URL: '',
    SCREENER_MEMORY: 'false',
    // Benches time the routes, not the per-user limits of costly ones.
    QUERY_RATE_LIMIT: '1000000/60s',
    EXPORT_RATE_LIMIT: '1000000/60s',
    DOCUMENT_RATE_LIMIT: '1000000/60s',
    UPLOAD_RATE_LIMIT: '1000000/60s',
    ...extra,
  };
}

/** Signs in as the benchmark administrator; answers the authorization header. */
export async function adminHeaders(base) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const { access_token: token } = await login.json();
  if (!token) throw new Error(`could not sign in as ${BENCH_ADMIN.email}: ${login.status}`);
  return { authorization: `Bearer ${token}` };
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Milliseconds `fn` takes. */
export async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}
