// npm run bench:llm (in api/): what Credence adds to a model provider's time to first token.
// A local OpenAI-compatible server (test/support/openai-replay-server) answers every request after
// a fixed latency (BENCH_LLM_LATENCY_MS, 200 ms) with a short streamed answer. Measured, one
// request at a time:
//   direct  - the openai client straight to that server: time to the first content delta;
//   engine  - Credence's ModelEngine in this process: time from answer() to its first `text` event
//             (plan, prompt, tool definitions, chunk assembly, the sentence's figure check);
//   http    - POST /api/research/ask on a started API with LLM_* pointing at that server: time to
//             the first `event: text` (sign-in done before; credits, chat, SSE included). Reported
//             only when the API answers with the model (its engine wiring is in the build).
// Budget: Credence adds <= 100 ms (the fullest path measured minus direct, at p50 and at p95). Build first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { adminHeaders, percentile, serverEnv, startServer } from './support.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { startReplayServer, textChunks } = await import(join(dist, 'test/support/openai-replay-server.js'));
const { ModelEngine } = await import(join(dist, 'src/platform/ai/llm/model-engine.js'));
const support = await import(join(dist, 'test/support/research-llm.js'));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const LATENCY = Number(process.env.BENCH_LLM_LATENCY_MS ?? 200);
const BUDGET_MS = 100;
const ANSWER = 'The register shows no outstanding charges for this company. Its accounts are filed on time.';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const summary = (values) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
const fmt = (s) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;

async function direct(baseURL) {
  const client = new OpenAI({ baseURL, apiKey: 'bench', maxRetries: 0 });
  const started = now();
  const stream = await client.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: 'Hi' }], stream: true });
  let first = null;
  for await (const chunk of stream) if (first === null && chunk.choices?.[0]?.delta?.content) first = now() - started;
  return first;
}

async function throughEngine(engine) {
  const started = now();
  let first = null;
  await engine.answer(support.request('Does it have charges?'), {
    emit: (event) => {
      if (first === null && event.type === 'text') first = now() - started;
    },
    signal: new AbortController().signal,
  });
  return first;
}

/** Time to the first text event of POST /api/research/ask, and which engine answered. */
async function throughHttp(base, headers, i) {
  const started = now();
  const response = await fetch(`${base}/api/research/ask`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: 'Does it have charges?', chat_id: `bench-llm-${i}`, model: 'flash' }),
  });
  if (response.status !== 200) throw new Error(`research/ask: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first = null;
  for await (const part of response.body) {
    text += decoder.decode(part, { stream: true });
    if (first === null && text.includes('event: text\n')) first = now() - started;
  }
  const done = /event: done\ndata: (.*)\n/.exec(text);
  const engine = done ? JSON.parse(done[1]).answer?.engine?.engine : undefined;
  return { first, engine };
}

async function main() {
  const replay = await startReplayServer();
  replay.setDefault({ chunks: textChunks(ANSWER, 6), latencyMs: LATENCY });
  const results = {};
  try {
    const config = support.llmConfig(replay.baseUrl, { maxRetries: 0 });
    const engine = new ModelEngine(config, support.testTools({}), support.testEvidence(), support.builtInStandIn);
    await direct(replay.baseUrl);
    await throughEngine(engine);
    results.direct = [];
    results.engine = [];
    for (let i = 0; i < ROUNDS; i++) {
      results.direct.push(await direct(replay.baseUrl));
      results.engine.push(await throughEngine(engine));
    }
    results.http = await httpRounds(replay.baseUrl);
  } finally {
    await replay.close();
  }
  report(results);
}

async function httpRounds(baseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-llm-'));
  const server = await startServer(
    serverEnv(dataDir, {
      LLM_BASE_URL: baseUrl,
      LLM_MODEL: 'bench-pro',
      LLM_MODEL_FAST: 'bench-fast',
      LLM_MAX_RETRIES: '0',
      RESEARCH_CREDITS_PER_MONTH: '100000',
    }),
  );
  try {
    const headers = await adminHeaders(server.base);
    const warm = await throughHttp(server.base, headers, 'warm');
    if (warm.engine !== 'model') {
      console.log(`http: skipped (the API answered with engine ${warm.engine ?? 'none'}: the model is not wired into this build)`);
      return null;
    }
    const times = [];
    for (let i = 0; i < ROUNDS; i++) times.push((await throughHttp(server.base, headers, i)).first);
    return times;
  } finally {
    server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results) {
  const direct = summary(results.direct);
  console.log(`provider latency ${LATENCY} ms, ${ROUNDS} rounds, one request at a time`);
  console.log(`direct (openai client -> server): time to first token ${fmt(direct)}`);
  const engine = summary(results.engine);
  console.log(`ModelEngine (in process):         time to first text  ${fmt(engine)}  (+${(engine.p50 - direct.p50).toFixed(1)} ms p50)`);
  let fullest = engine;
  if (results.http) {
    const http = summary(results.http);
    console.log(`POST /api/research/ask (HTTP):    time to first text  ${fmt(http)}  (+${(http.p50 - direct.p50).toFixed(1)} ms p50)`);
    fullest = http;
  }
  const added = fullest.p50 - direct.p50;
  const addedP95 = fullest.p95 - direct.p95;
  const verdict = addedP95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET';
  console.log(`Credence adds ${added.toFixed(1)} ms p50, ${addedP95.toFixed(1)} ms p95 (budget ${BUDGET_MS} ms): ${verdict}`);
  if (addedP95 > BUDGET_MS) process.exitCode = 1;
}

await main();
