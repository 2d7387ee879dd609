// Budgets of the full-screen UI (issue 5), each printed beside a baseline measured in the same run:
//   1. first frame: `credence tui` in a pseudo-terminal (script(1), 120x40), from spawn to the
//      first frame on the terminal, median of N; target <= 600 ms. Baselines: `node -e` writing one
//      line, and a bare Ink <Text> (import ink + react, render one frame), in the same pty.
//   2. keypress to updated frame on a 100-row companies screener page at 120x40 (the API answers
//      from memory at once, so its time is excluded): from the key's bytes on stdin to the frame's
//      bytes written to the terminal, median and worst of N; target <= 50 ms. Baseline: a bare Ink
//      <Text> counting key presses, through the same input and writer.
//   3. redraws capped: 60 key presses in one burst, frames rendered vs writes to the terminal.
// Usage: npm run build -w @credence/cli && node cli/bench/tui.js [--runs 9]
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'credence.js');
const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 9;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => Math.max(...xs);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ── 1. first frame ─────────────────────────────────────────────────────────────────────────────

/** Runs `command` in a 120x40 pty; ms from spawn until `marker` shows in its output; then sends `quit`. */
function firstOutput(command, marker, quit) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', `stty cols 120 rows 40; exec ${command}`, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME ?? '/tmp',
        TERM: 'xterm-256color',
        CREDENCE_API_URL: 'http://127.0.0.1:9',
        CREDENCE_TOKEN: 'bench.token.only',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let ms = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "${marker}" within 20 s from ${command}:\n${out.slice(-500)}`));
    }, 20_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (ms === null && out.includes(marker)) {
        ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (quit) child.stdin.write(quit);
      }
    });
    child.on('close', () => {
      clearTimeout(timer);
      if (ms === null) reject(new Error(`${command} ended before "${marker}":\n${out.slice(-500)}`));
      else resolve(ms);
    });
  });
}

const inkText = `import('ink').then(async ({ render, Text }) => { const { createElement } = await import('react'); const app = render(createElement(Text, null, 'ink-ready')); setTimeout(() => app.unmount(), 50); })`;
const startCases = [
  ['node -e (one line written)', `${process.execPath} -e "process.stdout.write('node-ready')"`, 'node-ready', null],
  [
    'bare Ink <Text> (import ink + react, one frame)',
    `${process.execPath} --input-type=module -e ${JSON.stringify(inkText)}`,
    'ink-ready',
    null,
  ],
  ['credence tui: first frame (home, status bar)', `${process.execPath} ${bin} tui`, 'q quit', 'q'],
];

// ── 2 and 3. keypress to frame ─────────────────────────────────────────────────────────────────

class Stdin extends EventEmitter {
  isTTY = true;
  data = null;
  write(data) {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read() {
    const { data } = this;
    this.data = null;
    return data;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

class Terminal extends EventEmitter {
  columns = 120;
  rows = 40;
  write() {
    return true;
  }
}

async function keypressBench() {
  // what users run: the bundle ships React's production build
  process.env.NODE_ENV = 'production';
  const dist = (p) => pathToFileURL(join(root, 'dist', 'src', p)).href;
  const { render, Text, useInput } = await import('ink');
  const React = await import('react');
  const { App } = await import(dist('ui/app.js'));
  const { ScreenWriter } = await import(dist('ui/screen-writer.js'));
  const h = React.createElement;

  const rows = Array.from({ length: 1000 }, (_, i) => ({
    company_name: `BENCH COMPANY ${String(i).padStart(4, '0')} LIMITED`,
    company_number: String(10_000_000 + i),
    ticker: null,
    industry_group: 'Manufacture of machinery and equipment n.e.c.',
    industry_sector: 'Manufacturing',
    sic_code: '28990',
    currency: 'GBP',
    filing_year: 2025,
    turnover: ((i * 7919) % 1000) * 1_000_000,
    operating_profit: i * 10_000,
    net_profit_loss: i * 5_000,
    EBITDA: i * 12_000,
    total_assets: i * 2_000_000,
    total_liabilities: i * 1_000_000,
    net_asset: i * 1_000_000,
    cash: i * 100_000,
    employee_count: i,
    earnings_per_share: null,
    debt_to_equity_ratio: 0.5,
    total_charges: i % 7,
    outstanding: i % 3,
    fixed: 1,
    floating: 1,
    negative_pledge: 0,
    part_satisfied: 0,
    document_id: null,
    details: { page_numbers: {} },
  }));
  const list = async (_table, q = {}) => {
    let r = rows;
    if (q.sort_by) {
      const dir = q.sort_order === 'desc' ? -1 : 1;
      r = [...rows].sort((a, b) => (a[q.sort_by] < b[q.sort_by] ? -1 : a[q.sort_by] > b[q.sort_by] ? 1 : 0) * dir);
    }
    const size = q.page_size ?? 100;
    const page = q.page ?? 1;
    return {
      status: 'success',
      data: {
        companies: r.slice((page - 1) * size, page * size),
        total_count: r.length,
        page_count: Math.ceil(r.length / size),
        page,
        page_size: size,
        total_is_estimate: false,
        next_cursor: null,
        prev_cursor: null,
      },
    };
  };
  const client = {
    baseUrl: 'http://bench',
    token: () => 'bench',
    setToken() {},
    me: async () => ({ email: 'bench@example.com', full_name: 'Bench User' }),
    list,
    uniqueValues: async () => ({ status: 'success', data: { values: [] } }),
  };

  /** Renders `tree`, then times each key from stdin to the first frame drawn that passes its test. */
  async function measure(tree, ready, steps) {
    const terminal = new Terminal();
    let waiting = null;
    const screen = new ScreenWriter(terminal, {
      onDraw: (frame) => {
        if (waiting && waiting.test(frame)) {
          const w = waiting;
          waiting = null;
          w.resolve(performance.now() - w.started);
        }
      },
    });
    let last = '';
    const origWrite = screen.write;
    screen.write = (frame) => {
      last = frame;
      return origWrite(frame);
    };
    const stdin = new Stdin();
    const app = render(tree, { stdout: screen, stdin, debug: true, exitOnCtrlC: false, patchConsole: false });
    const t0 = Date.now();
    while (!ready(last)) {
      if (Date.now() - t0 > 10_000) throw new Error(`not ready:\n${last}`);
      await sleep(5);
    }
    await sleep(50);
    const times = [];
    for (const step of steps) {
      await sleep(40); // apart: each press starts a fresh frame interval
      const started = performance.now();
      const done = new Promise((resolve, reject) => {
        waiting = { test: step.test, started, resolve };
        setTimeout(() => waiting && reject(new Error(`no frame for ${JSON.stringify(step.key)}:\n${last}`)), 5000);
      });
      stdin.write(step.key);
      times.push(await done);
    }
    const counts = { ...screen.counts };
    app.unmount();
    screen.close();
    return { times, counts, screen, stdin, last: () => last };
  }

  // the screener: j/k move the selection, l/h the focused column, s sorts (a new page through
  // the view model), ] the next page
  const selected = (n) => (f) => f.includes(`› BENCH COMPANY ${String(n).padStart(4, '0')} LIMITED`);
  const screenerSteps = [];
  for (let i = 0; i < 10; i++) screenerSteps.push({ key: 'j', test: selected(i + 1) });
  for (let i = 0; i < 10; i++) screenerSteps.push({ key: 'k', test: selected(9 - i) });
  const movesTimesAt = screenerSteps.length;
  for (const label of ['Company N', 'Industry G', 'Industry S', 'SIC Code', 'Currency', 'Filing Year', 'Turnover'])
    screenerSteps.push({ key: 'l', test: (f) => f.split('\n')[4]?.includes(`›${label}`) });
  screenerSteps.push({ key: 's', test: (f) => f.includes('Sort: Turnover ▼') && f.includes('Page 1 of 10') && !f.includes('loading…') });
  screenerSteps.push({ key: 's', test: (f) => f.includes('Sort: Turnover ▲') && !f.includes('loading…') });
  screenerSteps.push({ key: ']', test: (f) => f.includes('Page 2 of 10') && f.includes('Showing 101 to 200') });
  screenerSteps.push({ key: '[', test: (f) => f.includes('Page 1 of 10') && f.includes('Showing 1 to 100') });
  const services = { client, apiUrl: 'http://bench:3000', databaseDelay: () => 0 };
  const app = await measure(
    h(App, { services, initial: [{ name: 'screener' }], size: { columns: 120, rows: 40 } }),
    (f) => f.includes('BENCH COMPANY 0000') && f.includes('Showing 1 to 100 of 1,000 entries'),
    screenerSteps,
  );

  // baseline: a bare Ink <Text> that counts presses, through the same input and writer
  function Counter() {
    const [n, setN] = React.useState(0);
    useInput(() => setN((x) => x + 1));
    return h(Text, null, `presses ${n}`);
  }
  const baselineSteps = Array.from({ length: 20 }, (_, i) => ({ key: 'j', test: (f) => f.includes(`presses ${i + 1}`) }));
  const baseline = await measure(h(Counter), (f) => f.includes('presses 0'), baselineSteps);

  // 3. a burst: 60 presses of j as fast as they come (key repeat), frames vs writes
  const burst = await (async () => {
    const terminal = new Terminal();
    const screen = new ScreenWriter(terminal);
    let last = '';
    const w = screen.write;
    screen.write = (frame) => {
      last = frame;
      return w(frame);
    };
    const stdin = new Stdin();
    const instance = render(h(App, { services, initial: [{ name: 'screener' }], size: { columns: 120, rows: 40 } }), {
      stdout: screen,
      stdin,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    while (!last.includes('BENCH COMPANY 0000')) await sleep(5);
    await sleep(50);
    const before = { ...screen.counts };
    const started = performance.now();
    for (let i = 0; i < 60; i++) {
      stdin.write('j');
      await new Promise((r) => setImmediate(r));
    }
    while (!last.includes('› BENCH COMPANY 0060 LIMITED')) await sleep(1);
    await sleep(40);
    const ms = performance.now() - started;
    const frames = screen.counts.frames - before.frames;
    const writes = screen.counts.writes - before.writes;
    instance.unmount();
    screen.close();
    return { ms, frames, writes };
  })();

  const byKey = {};
  screenerSteps.forEach((step, i) => (byKey[step.key] ??= []).push(app.times[i]));
  return { moves: app.times.slice(0, movesTimesAt), all: app.times, byKey, baseline: baseline.times, burst };
}

// ── run ────────────────────────────────────────────────────────────────────────────────────────

console.log(`credence tui budgets (node ${process.version}, ${runs} runs)`);
const startTimes = startCases.map(() => []);
for (const [, command, marker, quit] of startCases) await firstOutput(command, marker, quit); // warm the file cache
for (let i = 0; i < runs; i++)
  for (const [c, [, command, marker, quit]] of startCases.entries()) startTimes[c].push(await firstOutput(command, marker, quit));
const base = median(startTimes[0]);
console.log('\n1. First frame in a 120x40 pty, from spawn (median ms)');
console.log('| what | median ms | worst ms | ratio to node |');
console.log('| --- | ---: | ---: | ---: |');
startCases.forEach(([name], c) =>
  console.log(
    `| ${name} | ${median(startTimes[c]).toFixed(0)} | ${max(startTimes[c]).toFixed(0)} | ${(median(startTimes[c]) / base).toFixed(2)}x |`,
  ),
);
const first = median(startTimes[2]);

const k = await keypressBench();
console.log('\n2. Key press to updated frame, 100-row screener page at 120x40 (API answers at once)');
console.log('| what | presses | median ms | worst ms |');
console.log('| --- | ---: | ---: | ---: |');
console.log(
  `| baseline: bare Ink <Text> counting presses | ${k.baseline.length} | ${median(k.baseline).toFixed(1)} | ${max(k.baseline).toFixed(1)} |`,
);
const words = {
  j: 'j (next row)',
  k: 'k (previous row)',
  l: 'l (next column)',
  s: 's (sort: a new page from the view model)',
  ']': '] (next page)',
  '[': '[ (previous page)',
};
for (const [key, times] of Object.entries(k.byKey))
  console.log(`| screener: ${words[key]} | ${times.length} | ${median(times).toFixed(1)} | ${max(times).toFixed(1)} |`);
console.log(`| screener: every key | ${k.all.length} | ${median(k.all).toFixed(1)} | ${max(k.all).toFixed(1)} |`);
console.log(
  `\n3. Redraws capped: 60 presses of j in ${k.burst.ms.toFixed(0)} ms -> ${k.burst.frames} frames rendered, ${k.burst.writes} writes to the terminal`,
);

const ok = first <= 600 && max(k.all) <= 50;
console.log(
  `\n${first <= 600 ? 'ok' : 'SLOW'}: first frame ${first.toFixed(0)} ms (<= 600); ${max(k.all) <= 50 ? 'ok' : 'SLOW'}: worst key press ${max(k.all).toFixed(1)} ms (<= 50)`,
);
process.exitCode = ok ? 0 : 1;
