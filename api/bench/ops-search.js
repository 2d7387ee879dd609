// The search budget of issue 28 §4, run by bench/ops.js on its local-backend server: a literal
// search over a generated 200 MB log (search_logs_ec2, whole file, and the streamed
// stream_search_logs_ec2 to its end) beside GNU `grep -F` on the same file in the same run
// (budget <= 3x), and GET /api/health p99 while three searches run at once (budget <= 100 ms;
// baseline: the same health calls with no search running).
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './support.js';

const MB = 1024 * 1024;
const ms = (v) => `${v.toFixed(1)} ms`;
const median = (values) => percentile(values, 50);

/** 200 MB of varied pipeline lines, the needle once near the end. */
function writeLog(path) {
  const lines = Array.from(
    { length: 20_000 },
    (_, i) => `2026-11-28T06:${String(i % 60).padStart(2, '0')}:00Z INFO worker-${i % 7} step ${i} processed a batch of records ok`,
  );
  const block = Buffer.from(lines.join('\n') + '\n');
  const fd = openSync(path, 'w');
  for (let written = 0; written < 200 * MB; written += block.length) writeSync(fd, block);
  writeSync(fd, Buffer.from('2026-11-28T07:00:00Z ERROR upstream Timeout after 30 s (needle)\n'));
  closeSync(fd);
}

const grepF = (file, pattern) =>
  new Promise((resolve) => spawn('grep', ['-F', '--', pattern, file], { stdio: ['ignore', 'ignore', 'ignore'] }).on('close', resolve));

async function timedMs(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function searchBench(base, headers, logs) {
  const file = join(logs, 'search-200mb.log');
  writeLog(file);
  const query = new URLSearchParams({ instance_id: 'local', path: file, pattern: 'timeout after' });
  const search = async () => {
    const reply = await fetch(`${base}/api/search_logs_ec2?${query}`, { headers });
    const body = await reply.json();
    if (body.matches?.length !== 1) throw new Error(`search answered ${reply.status} ${JSON.stringify(body).slice(0, 200)}`);
  };
  const streamed = async () => {
    const reply = await fetch(`${base}/api/stream_search_logs_ec2?${query}`, { headers });
    const text = await reply.text();
    if (!/event: done/.test(text)) throw new Error(`the stream ended without done: ${text.slice(0, 200)}`);
  };
  await grepF(file, 'Timeout after'); // the file in the page cache for both sides
  const grep = [];
  const api = [];
  const stream = [];
  for (let i = 0; i < 5; i++) {
    grep.push(await timedMs(() => grepF(file, 'Timeout after')));
    api.push(await timedMs(search));
    stream.push(await timedMs(streamed));
  }
  const ratio = median(api) / median(grep);
  console.log(`  baseline GNU grep -F over the 200 MB file: median ${ms(median(grep))} (5 runs)`);
  console.log(
    `  search_logs_ec2 over it (any case, newest 1,000 kept): median ${ms(median(api))}: ${ratio.toFixed(2)}x grep -F, budget 3x`,
  );
  console.log(`  stream_search_logs_ec2 to its end: median ${ms(median(stream))}: ${(median(stream) / median(grep)).toFixed(2)}x grep -F`);

  const health = async () => {
    const times = [];
    return {
      times,
      async sample() {
        times.push(
          await timedMs(async () => {
            const reply = await fetch(`${base}/api/health`);
            await reply.arrayBuffer();
          }),
        );
      },
    };
  };
  const idle = await health();
  for (let i = 0; i < 100; i++) await idle.sample();
  const busy = await health();
  let searching = true;
  const searchers = [0, 1, 2].map(async () => {
    let runs = 0;
    while (searching || runs === 0) {
      await search();
      runs++;
    }
    return runs;
  });
  const until = performance.now() + 4_000;
  while (performance.now() < until) {
    await busy.sample();
    await new Promise((r) => setTimeout(r, 10));
  }
  searching = false;
  const runs = (await Promise.all(searchers)).reduce((a, b) => a + b, 0);
  const p99 = percentile(busy.times, 99);
  console.log(`  baseline GET /api/health with no search: p99 ${ms(percentile(idle.times, 99))} (${idle.times.length} calls)`);
  console.log(
    `  GET /api/health during three concurrent searches (${runs} searches of 200 MB): p50 ${ms(median(busy.times))}, p99 ${ms(p99)} (${busy.times.length} calls), budget 100 ms`,
  );
  return { ratio, healthP99: p99 };
}

// `node bench/ops-search.js`: this part alone, on its own local-backend server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, mkdirSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { adminHeaders, serverEnv, startServer } = await import('./support.js');
  const dir = mkdtempSync(join(tmpdir(), 'credence-bench-search-'));
  mkdirSync(join(dir, 'logs'));
  const { child, base } = await startServer(
    serverEnv(join(dir, 'data'), { OPS_LOG_DIRS: join(dir, 'logs'), OPS_RATE_LIMIT: '1000000/60s' }),
  );
  try {
    console.log('ops search, local backend:');
    const { ratio, healthP99 } = await searchBench(base, await adminHeaders(base), join(dir, 'logs'));
    const ok = ratio <= 3 && healthP99 <= 100;
    console.log(ok ? 'search budgets met' : 'a search budget is missed');
    process.exitCode = ok ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
