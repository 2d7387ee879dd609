// npm run bench (in api/): throughput of an authenticated trivial GET on the real server beside
// the same route on bare Fastify, measured in the same run; then the time login and reset take
// for existing and unknown accounts. Build first (npm run build at the root).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const ADMIN = { email: 'admin@credence.local', password: 'benchmark admin passphrase' };

function start(script, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (data) => {
      output += data;
      const match = ready.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining the request log
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function warm(url, headers) {
  await new Promise((resolve, reject) => autocannon({ url, connections, duration: 2, headers }, (e) => (e ? reject(e) : resolve())));
}

async function post(base, path, body) {
  const started = process.hrtime.bigint();
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status, text };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timing(base, path, known, unknown, rounds) {
  const a = [];
  const b = [];
  let answers = new Set();
  for (let i = 0; i < rounds; i++) {
    const x = await post(base, path, known(i));
    const y = await post(base, path, unknown(i));
    a.push(x.ms);
    b.push(y.ms);
    answers.add(`${x.status} ${x.text}`).add(`${y.status} ${y.text}`);
  }
  return { known: median(a), unknown: median(b), sameAnswer: answers.size === 1 };
}

// With DATABASE_URL, the bench runs in a database of its own on that server, dropped at the end.
async function benchDatabase() {
  if (!process.env.DATABASE_URL) return { env: {}, drop: async () => undefined };
  const name = `credence_bench_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const database = await benchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-'));
const env = {
  ...database.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  ADMIN_PASSWORD: ADMIN.password,
  LOGIN_FAILURE_LIMIT: '100000/60s',
  FORM_RATE_LIMIT: '100000/60s',
};
const credence = await start(join(here, '..', 'dist', 'src', 'main.js'), env, /running at http:\/\/localhost:(\d+)/);
const bare = await start(join(here, 'bare-fastify.js'), {}, /listening (\d+)/);
try {
  const api = `http://127.0.0.1:${credence.port}`;
  const login = await post(api, '/api/login', ADMIN);
  const token = JSON.parse(login.text).access_token;
  const headers = { authorization: `Bearer ${token}` };

  console.log(
    `GET /api/me, ${connections} connections, ${seconds} s each (autocannon, loopback), ${process.env.DATABASE_URL ? 'server Postgres' : 'embedded database'}`,
  );
  await warm(`http://127.0.0.1:${bare.port}/api/me`, {});
  const baseline = await load(`http://127.0.0.1:${bare.port}/api/me`, {});
  await warm(`${api}/api/me`, headers);
  const ours = await load(`${api}/api/me`, headers);
  if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`Credence answered ${ours.non2xx} non-2xx and ${ours.errors} errors`);

  const row = (name, r) =>
    `${name.padEnd(36)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms`;
  console.log(row('bare Fastify (baseline)', baseline));
  console.log(row('Credence, JWT + live session check', ours));
  const ratio = ours.requests.average / baseline.requests.average;
  console.log(
    `ratio to baseline: ${ratio.toFixed(2)}   budget: >= 12000 req/s and p99 <= 20 ms -> ${ours.requests.average >= 12000 && ours.latency.p99 <= 20 ? 'met' : 'NOT met'}`,
  );

  const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
  const logins = await timing(
    api,
    '/api/login',
    () => ({ email: ADMIN.email, password: 'a wrong password' }),
    (i) => ({ email: `nobody${i}@example.com`, password: 'a wrong password' }),
    rounds,
  );
  const resets = await timing(
    api,
    '/api/request-reset',
    () => ({ email: ADMIN.email }),
    (i) => ({ email: `nobody${i}@example.com` }),
    rounds,
  );
  console.log(`\nmedian of ${rounds}: existing account vs unknown e-mail (budget: within 10 ms, same status and body)`);
  for (const [name, t] of [
    ['POST /api/login (wrong password)', logins],
    ['POST /api/request-reset', resets],
  ]) {
    const gap = Math.abs(t.known - t.unknown);
    console.log(
      `${name.padEnd(36)} ${t.known.toFixed(1).padStart(6)} ms vs ${t.unknown.toFixed(1).padStart(6)} ms   gap ${gap.toFixed(1)} ms   same answer: ${t.sameAnswer ? 'yes' : 'NO'}`,
    );
  }
} finally {
  credence.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((r) => credence.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
