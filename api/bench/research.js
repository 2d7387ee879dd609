// npm run bench:research (in api/, after the build): POST /api/research/ask with the built-in analyst.
//
//   npm run bench:research                      # embedded database, BENCH_COMPANIES (2,000) sample companies
//   BENCH_DATABASE_URL=postgres://... npm run bench:research   # a database already holding companies
//                                                # (npm run bench:seed -- --keep leaves 1,000,000)
//
// Measured, each beside a baseline taken in the same run:
//   - one stream at a time, for each analysis: time to the first `plan` event and to `done`
//     (budgets: plan <= 300 ms, done p95 <= 2 s); baseline: GET /api/health;
//   - 20 concurrent streams, several rounds: errors and `done` p95 (budget <= 4 s, no errors);
//   - 500 idle open streams (the real server whose engine, after its plan, waits for the client:
//     bench/research-idle-server.js): the API's resident memory per stream (budget <= 50 KB);
//     baseline: 500 idle keep-alive connections to the same API. Also shown: the same streams each
//     waiting on a model's first token (a local OpenAI-compatible server holding every request).
//   BENCH_PARTS=idle (or latency) runs one part.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApi } from '@credence/shared/api-process';
import { adminHeaders, percentile, serverEnv, startServer, timed } from './support.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = 20;
const IDLE = Number(process.env.BENCH_IDLE_STREAMS ?? 500);
const BUDGET = { planMs: 300, doneP95Ms: 2000, concurrentDoneP95Ms: 4000, idleKb: 50 };

/** The analyses of the built-in engine, one question each (issue 14). */
const QUESTIONS = {
  'summary sheet': 'Create a summary sheet',
  'performance and growth': 'How has turnover grown over the last three years?',
  'profitability and margins': 'What are the profit margins?',
  'balance sheet and liquidity': 'How liquid is the balance sheet?',
  'leverage and capital structure': 'Capital structure analysis',
  'charges and security': 'What security has been granted over its assets?',
  covenants: 'Covenant summary',
  lenders: 'Who are the lenders?',
  'leadership and control': 'Have the directors or the people with control changed?',
  compliance: 'Does it file its confirmation statements on time?',
  risks: 'What are the principal risks?',
  peers: 'Who are its peers?',
  'filing history': 'Show the filing history',
  // Issue 27: distress, recovery, named ratios and a partial question.
  'distress signals': 'What are the main distress signals?',
  'recovery estimate': 'How likely is a recovery for unsecured creditors?',
  'named ratios': 'free cash flow and interest cover?',
  'partial question': "CEO's salary and top shareholders?",
};

const now = () => Number(process.hrtime.bigint()) / 1e6;
const ms = (v) => `${v.toFixed(0)} ms`;

/** One question over SSE: time to the first plan event and to done (or the error it ended with). */
async function ask(base, headers, body) {
  const started = now();
  const response = await fetch(`${base}/api/research/ask`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) return { error: `${response.status} ${await response.text()}` };
  const decoder = new TextDecoder();
  let text = '';
  let plan = null;
  for await (const part of response.body) {
    text += decoder.decode(part, { stream: true });
    if (plan === null && text.includes('event: plan\n')) plan = now() - started;
  }
  const done = now() - started;
  if (!text.includes('event: done\n')) return { error: /event: error\ndata: (.*)\n/.exec(text)?.[1] ?? 'no done event', plan, done };
  return { plan, done };
}

function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

/** Lets the server finish what closing connections started (and its grace period end). */
const settle = (seconds) => new Promise((r) => setTimeout(r, seconds * 1000));

async function companies(base, headers) {
  const reply = await fetch(`${base}/api/companies_house/get_company_list?limit=50`, { headers });
  const { companies } = await reply.json();
  return companies.map((c) => c.CompanyNumber);
}

async function latencies(base, headers, numbers) {
  const health = [];
  for (let i = 0; i < 100; i++) health.push(await timed(() => fetch(`${base}/api/health`).then((r) => r.text())));
  const rows = [];
  for (const [analysis, query] of Object.entries(QUESTIONS)) {
    const plans = [];
    const dones = [];
    const errors = [];
    for (let i = 0; i < Math.max(5, ROUNDS * 3); i++) {
      const result = await ask(base, headers, { query, company_number: numbers[i % numbers.length] });
      if (result.error) errors.push(result.error);
      else {
        plans.push(result.plan);
        dones.push(result.done);
      }
    }
    rows.push({ analysis, plans, dones, errors });
  }
  return { health, rows };
}

async function concurrent(base, headers, numbers) {
  const questions = Object.values(QUESTIONS);
  const dones = [];
  const errors = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        ask(base, headers, {
          query: questions[(round + i) % questions.length],
          company_number: numbers[(round * CONCURRENT + i) % numbers.length],
        }),
      ),
    );
    for (const r of results) r.error ? errors.push(r.error) : dones.push(r.done);
  }
  return { dones, errors };
}

/** Opens `count` requests that stay open (answers are not read to the end): answers a closer. */
function holdOpen(base, count, open) {
  const agent = new Agent({ keepAlive: true, maxSockets: count + 10 });
  const requests = [];
  return Promise.all(Array.from({ length: count }, (_, i) => open(agent, i, requests))).then(() => () => {
    for (const r of requests) r.destroy();
    agent.destroy();
  });
}

/**
 * The API's resident memory per held request: opened once and closed (so pools and caches reach their
 * size, and the work of closed streams has stopped), then opened again between two readings.
 */
async function perHeld(pid, open) {
  (await open())();
  await settle(2);
  const before = rssKb(pid);
  const close = await open();
  await settle(1);
  const after = rssKb(pid);
  close();
  await settle(2);
  return (after - before) / IDLE;
}

async function idleMemory(headers, base, pid) {
  // Baseline: idle keep-alive connections that have each answered one health check.
  const keepAlive = () =>
    holdOpen(
      base,
      IDLE,
      (agent, _i, requests) =>
        new Promise((resolve, reject) => {
          const req = request(`${base}/api/health`, { agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
          requests.push(req);
          req.end();
        }),
    );
  let round = 0;
  const streams = () =>
    holdOpen(
      base,
      IDLE,
      (agent, i, requests) =>
        new Promise((resolve, reject) => {
          const req = request(
            `${base}/api/research/ask`,
            { agent, method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' } },
            (res) => {
              if (res.statusCode !== 200) reject(new Error(`idle stream ${i}: ${res.statusCode}`));
              res.on('data', () => undefined);
              resolve();
            },
          );
          req.on('error', reject);
          requests.push(req);
          req.end(JSON.stringify({ query: 'Does it have charges?', chat_id: `bench-idle-${round}-${i}` }));
        }),
    ).finally(() => round++);
  return { keepAliveKb: await perHeld(pid, keepAlive), streamKb: await perHeld(pid, streams) };
}

async function builtInRuns() {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-research-'));
  const url = process.env.BENCH_DATABASE_URL;
  const env = serverEnv(dataDir, {
    RESEARCH_CREDITS_PER_MONTH: '1000000',
    ...(url ? { DATABASE_URL: url } : { SAMPLE_COMPANIES: String(COMPANIES) }),
  });
  const server = await startServer(env);
  try {
    const headers = await adminHeaders(server.base);
    const numbers = await companies(server.base, headers);
    await ask(server.base, headers, { query: 'Create a summary sheet', company_number: numbers[0] }); // warm up
    return { ...(await latencies(server.base, headers, numbers)), concurrent: await concurrent(server.base, headers, numbers) };
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 500 held streams on the idle-stream server (the engine waits after its plan), and on a server waiting for a model. */
async function idleRuns() {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-research-idle-'));
  const env = serverEnv(dataDir, { RESEARCH_CREDITS_PER_MONTH: '1000000', RESEARCH_RESUME_GRACE_MS: '1000' });
  const { child, url } = await spawnApi(join(here, 'research-idle-server.js'), env, { inheritEnv: true, timeoutMs: 0 });
  const base = `http://127.0.0.1:${new URL(url).port}`;
  try {
    return { ...(await idleMemory(await adminHeaders(base), base, child.pid)), modelKb: await modelHeldRuns() };
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same with the real engines and a model that has not answered yet (its pending request included). */
async function modelHeldRuns() {
  const { startReplayServer, textChunks } = await import(join(dist, 'test/support/openai-replay-server.js'));
  const replay = await startReplayServer();
  replay.setDefault({ chunks: textChunks('Later.', 1), latencyMs: 600_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-research-model-'));
  const server = await startServer(
    serverEnv(dataDir, {
      LLM_BASE_URL: replay.baseUrl,
      LLM_MODEL: 'bench',
      LLM_MAX_RETRIES: '0',
      LLM_TIMEOUT_MS: '600000',
      RESEARCH_CREDITS_PER_MONTH: '1000000',
      RESEARCH_RESUME_GRACE_MS: '1000',
    }),
  );
  try {
    return (await idleMemory(await adminHeaders(server.base), server.base, server.child.pid)).streamKb;
  } finally {
    server.child.kill('SIGKILL');
    await replay.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function reportIdle(idle) {
  console.log(
    `${IDLE} idle open streams: ${idle.streamKb.toFixed(1)} KB each (budget ${BUDGET.idleKb} KB); baseline ${IDLE} idle keep-alive connections: ${idle.keepAliveKb.toFixed(1)} KB each`,
  );
  console.log(
    `  (the same streams each waiting on a model's first token, the pending request to it included: ${idle.modelKb.toFixed(1)} KB each)`,
  );
  if (idle.streamKb > BUDGET.idleKb) process.exitCode = 1;
}

function report(built, idle) {
  if (!built) return reportIdle(idle);
  const dataset = process.env.BENCH_DATABASE_URL
    ? 'the database at BENCH_DATABASE_URL'
    : `${COMPANIES.toLocaleString('en-GB')} sample companies (embedded database)`;
  const health = percentile(built.health, 95);
  console.log(`\nBuilt-in analyst over ${dataset}; one stream at a time. Baseline GET /api/health p95 ${ms(health)}.\n`);
  console.log('| analysis | first plan p50 | first plan p95 | done p50 | done p95 | errors |\n| --- | --- | --- | --- | --- | --- |');
  let worstPlan = 0;
  let worstDone = 0;
  for (const r of built.rows) {
    const plan95 = percentile(r.plans, 95);
    const done95 = percentile(r.dones, 95);
    worstPlan = Math.max(worstPlan, plan95);
    worstDone = Math.max(worstDone, done95);
    console.log(
      `| ${r.analysis} | ${ms(percentile(r.plans, 50))} | ${ms(plan95)} | ${ms(percentile(r.dones, 50))} | ${ms(done95)} | ${r.errors.length} |`,
    );
  }
  const c = built.concurrent;
  const c95 = percentile(c.dones, 95);
  console.log(
    `\nfirst plan p95 (worst analysis) ${ms(worstPlan)} (budget ${BUDGET.planMs} ms; ${(worstPlan / health).toFixed(1)}x a health check)`,
  );
  console.log(`done p95 (worst analysis) ${ms(worstDone)} (budget ${BUDGET.doneP95Ms} ms)`);
  console.log(
    `${CONCURRENT} concurrent streams x ${ROUNDS} rounds: ${c.errors.length} errors, done p95 ${ms(c95)} (budget ${BUDGET.concurrentDoneP95Ms} ms)`,
  );
  if (c.errors.length) console.log(`  first error: ${c.errors[0]}`);
  if (idle) reportIdle(idle);
  const over =
    worstPlan > BUDGET.planMs ||
    worstDone > BUDGET.doneP95Ms ||
    c95 > BUDGET.concurrentDoneP95Ms ||
    c.errors.length ||
    (idle && idle.streamKb > BUDGET.idleKb);
  console.log(over ? 'OVER BUDGET' : 'within budget');
  if (over) process.exitCode = 1;
}

const parts = (process.env.BENCH_PARTS ?? 'latency,idle').split(',');
const idle = parts.includes('idle') ? await idleRuns() : null;
const built = parts.includes('latency') ? await builtInRuns() : null;
report(built, idle);

// The replay server's held answers (ten minutes) would keep this process alive.
process.exit(process.exitCode ?? 0);
