// npm run bench:ops (in api/, after npm run build): the ops monitor's budgets (issue 17), each beside a
// baseline measured in the same run.
// Local: a line appended to a watched file to the SSE client (p95 <= 1 s; baseline GNU tail -F);
// tail_ec2_instance of the last 1,000 lines of a 1 GB file (<= 200 ms; baseline GNU tail -n 1000);
// 50 concurrent watchers (<= 100 MB more resident memory than the idle server).
// AWS: the same watch through SSM against the recorded-format endpoint whose commands take 700 ms
// (p95 <= 3 s; baseline one bare SendCommand + GetCommandInvocation round trip), and the SendCommand
// calls per watched file per minute.
// Search (issue 28 §4, bench/ops-search.js): a 200 MB file beside grep -F (<= 3x), and /api/health
// p99 during three concurrent searches (<= 100 ms).
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchBench } from './ops-search.js';
import { adminHeaders, percentile, serverEnv, startServer } from './support.js';

const here = dirname(fileURLToPath(import.meta.url));
const SAMPLES = Number(process.env.BENCH_OPS_SAMPLES ?? 40);
const ms = (v) => `${v.toFixed(1)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** An SSE watch read with fetch: calls onLine(line) for each `message` line. */
async function watch(base, headers, query, onLine) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/watch_ec2_instance?${new URLSearchParams(query)}`, { headers, signal: abort.signal });
  if (response.status !== 200) throw new Error(`watch answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let opened;
  const ready = new Promise((r) => (opened = r));
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) opened();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data && /^event: message$/m.test(block)) onLine(JSON.parse(data).line);
      }
    }
  })();
  await ready;
  return () => abort.abort();
}

/** Appends `count` stamped lines, `gapMs` apart, and answers the append-to-arrival times. */
async function appendLatency(file, subscribe, count, gapMs) {
  const sent = new Map();
  const times = [];
  let arrived;
  const stop = await subscribe((line) => {
    const at = sent.get(line);
    if (at === undefined) return;
    times.push(performance.now() - at);
    arrived?.();
  });
  for (let i = 0; i < count; i++) {
    const line = `bench line ${i} ${Date.now()}`;
    const done = new Promise((r) => (arrived = r));
    sent.set(line, performance.now());
    appendFileSync(file, `${line}\n`);
    await Promise.race([done, sleep(10_000)]);
    await sleep(gapMs * (0.5 + Math.random()));
  }
  stop();
  return times;
}

const tailF = (file) => async (onLine) => {
  const child = spawn('tail', ['-F', '-n', '0', '-s', '0.2', file], { stdio: ['ignore', 'pipe', 'ignore'] });
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    lines.forEach(onLine);
  });
  await sleep(300);
  return () => child.kill();
};

function report(name, times, budget) {
  const p95 = percentile(times, 95);
  console.log(`${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)} (${times.length} samples)${budget ? `, budget ${budget}` : ''}`);
  return p95;
}

async function local(dir) {
  const logs = join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  const file = join(logs, 'live.log');
  appendFileSync(file, 'start\n');
  // 1 GB: sparse but for its last 4 MB of lines (tail reads from the end: what precedes is never read).
  const big = join(logs, 'big.log');
  const fd = openSync(big, 'w');
  const block = Buffer.from(
    Array.from({ length: 40_000 }, (_, i) => `2026-11-28T06:00:00Z pipeline step ${i} ok ${'.'.repeat(60)}`).join('\n') + '\n',
  );
  writeSync(fd, Buffer.from('\n'), 0, 1, 1024 ** 3 - block.length - 1);
  writeSync(fd, block, 0, block.length, 1024 ** 3 - block.length);
  closeSync(fd);
  for (let i = 0; i < 50; i++) appendFileSync(join(logs, `w${i}.log`), 'x\n');
  const { child, base } = await startServer(
    serverEnv(join(dir, 'data'), { OPS_LOG_DIRS: logs, OPS_WATCHES_PER_USER: '100', OPS_RATE_LIMIT: '1000000/60s' }),
  );
  try {
    const headers = await adminHeaders(base);
    const query = { instance_id: 'local', path: file };
    const base95 = report('  baseline GNU tail -F -s 0.2, append to stdout', await appendLatency(file, tailF(file), SAMPLES, 150));
    const api95 = report(
      '  watch_ec2_instance, append to SSE client',
      await appendLatency(file, (on) => watch(base, headers, query, on), SAMPLES, 150),
      '1000 ms',
    );
    const tailTimes = [];
    const gnuTimes = [];
    for (let i = 0; i < 30; i++) {
      let started = performance.now();
      await new Promise((r) => spawn('tail', ['-n', '1000', big], { stdio: ['ignore', 'ignore', 'ignore'] }).on('close', r));
      gnuTimes.push(performance.now() - started);
      started = performance.now();
      const reply = await fetch(
        `${base}/api/tail_ec2_instance?${new URLSearchParams({ instance_id: 'local', path: big, lines: '1000' })}`,
        { headers },
      );
      const body = await reply.json();
      if (body.lines?.length !== 1000) throw new Error(`tail answered ${reply.status} ${JSON.stringify(body).slice(0, 200)}`);
      tailTimes.push(performance.now() - started);
    }
    report('  baseline GNU tail -n 1000 (process start included) of the 1 GB file', gnuTimes);
    const tail95 = report('  tail_ec2_instance lines=1000 of the 1 GB file', tailTimes, '200 ms');
    await sleep(1000);
    const idle = rssMb(child.pid);
    const stops = [];
    for (let i = 0; i < 50; i++)
      stops.push(await watch(base, headers, { instance_id: 'local', path: join(logs, `w${i}.log`) }, () => undefined));
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 50; i++) appendFileSync(join(logs, `w${i}.log`), `round ${round} ${'y'.repeat(200)}\n`);
      await sleep(300);
    }
    const busy = rssMb(child.pid);
    console.log(
      `  resident memory: idle server ${idle.toFixed(1)} MB (baseline), with 50 watchers on 50 files ${busy.toFixed(1)} MB: +${(busy - idle).toFixed(1)} MB, budget 100 MB`,
    );
    stops.forEach((stop) => stop());
    const search = await searchBench(base, headers, logs);
    return { base95, api95, tail95, memory: busy - idle, search };
  } finally {
    child.kill('SIGTERM');
  }
}

async function aws(dir) {
  const { startAwsReplay } = await import(join(here, '..', 'dist', 'test', 'support', 'aws-replay-server.js'));
  const { SSMClient } = await import('@aws-sdk/client-ssm');
  const { SsmScriptRunner } = await import(join(here, '..', 'dist', 'src', 'modules', 'ops', 'aws', 'ssm-runner.js'));
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_EC2_METADATA_DISABLED: 'true',
  });
  const replay = await startAwsReplay([{ id: 'i-0a1b2c3d4e5f67890', name: 'large-pipeline-01', region: 'us-east-1', state: 'running' }], {
    commandMs: 700,
  });
  replay.latencyMs = 20;
  const logs = join(dir, 'remote-logs');
  mkdirSync(logs, { recursive: true });
  const file = join(logs, 'live.log');
  appendFileSync(file, 'start\n');
  const { child, base } = await startServer(
    serverEnv(join(dir, 'aws-data'), {
      OPS_BACKEND: 'aws',
      AWS_ENDPOINT_URL: replay.url,
      OPS_LOG_DIRS: logs,
      OPS_RATE_LIMIT: '1000000/60s',
    }),
  );
  try {
    const ssm = new SSMClient({ region: 'us-east-1', endpoint: replay.url });
    const runner = new SsmScriptRunner(ssm, 'i-0a1b2c3d4e5f67890', { pollMs: 250, notFoundGraceMs: 5000, timeoutMs: 60_000 });
    const bare = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await runner.run(['']);
      bare.push(performance.now() - started);
    }
    report('  baseline one bare SSM command round trip (SendCommand + polls of GetCommandInvocation)', bare);
    const headers = await adminHeaders(base);
    const query = { instance_id: 'i-0a1b2c3d4e5f67890', path: file };
    const before = replay.sendCommands().length;
    const started = performance.now();
    const p95 = report(
      '  watch_ec2_instance over SSM, append to SSE client',
      await appendLatency(file, (on) => watch(base, headers, query, on), Math.min(SAMPLES, 30), 1000),
      '3000 ms',
    );
    const minutes = (performance.now() - started) / 60_000;
    const calls = replay.sendCommands().length - before;
    const perMinute = calls / minutes;
    // The bound: one read a second while watched (60000 / max(OPS_AWS_WATCH_POLL_MS, round trip)) plus the 2 reads a watch makes as it starts.
    const bound = 60 * minutes + 2;
    console.log(
      `  SendCommand calls for the one watched file: ${calls} in ${minutes.toFixed(2)} min = ${perMinute.toFixed(1)} a minute (bound: 60 a minute + 2 at the start = ${bound.toFixed(1)})`,
    );
    ssm.destroy();
    return { p95, withinCallBound: calls <= bound };
  } finally {
    child.kill('SIGTERM');
    await replay.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'credence-bench-ops-'));
try {
  console.log('ops monitor, local backend:');
  const l = await local(dir);
  console.log('ops monitor, aws backend (SSM commands of 700 ms):');
  const a = await aws(dir);
  const ok =
    l.api95 <= 1000 &&
    l.tail95 <= 200 &&
    l.memory <= 100 &&
    l.search.ratio <= 3 &&
    l.search.healthP99 <= 100 &&
    a.p95 <= 3000 &&
    a.withinCallBound;
  console.log(ok ? 'all ops budgets met' : 'an ops budget is missed');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
