// `npm test`: builds every package once, then runs every suite that needs no browser on the embedded
// defaults (PGlite, in-process jobs), whatever the environment says. With DATABASE_URL or REDIS_URL
// set, it then runs the suites that depend on the database engine and the job queue (the API's
// test/integration and test/e2e) a second time, against those servers. The rest (shared, the API's
// unit specs, the cli, the web unit tests) never reads either variable, so it runs once.
//
//   npm test                        every suite, embedded
//   DATABASE_URL=... REDIS_URL=... npm test    the same, then the engine-dependent suites on the servers
//   npm run test:server             only the engine-dependent suites, on the servers (DATABASE_URL/REDIS_URL)
//   npm test -- --browser           the web app's browser suite too (chromium), its files shared by both lanes
//
// After the build, shared and the web unit tests run side by side, then two lanes side by side:
// the API's suites (embedded, then on the servers) in one, the cli in the other; each lane then
// takes the browser suite's files one at a time until none is left. The first lane's output is
// streamed; the other's is kept and printed as each of its phases ends.
//
// Each phase's wall time is printed at the end, and each step's CPU time (its processes', from
// /proc): phases run side by side share their step's CPU figure.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import './memory-scratch.mjs';
import './suite-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !['--browser', '--server-only'].includes(arg));
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: node scripts/test.js [--browser] [--server-only]`);
  process.exit(2);
}
const servers = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);
const serverOnly = args.has('--server-only');
if (serverOnly && !servers) {
  console.error(
    'npm run test:server runs the engine-dependent suites against server Postgres and Redis: set DATABASE_URL and/or REDIS_URL, e.g.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run test:server',
  );
  process.exit(2);
}

/** The embedded defaults: nothing of a developer's servers reaches the first pass. */
const embedded = { ...process.env };
delete embedded.DATABASE_URL;
delete embedded.REDIS_URL;
delete embedded.REDIS_PREFIX;

const node = (script, ...rest) => [process.execPath, join(root, script), ...rest];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const phase = {
  build: { name: 'build', command: [npm, 'run', 'build', '--silent'], env: process.env },
  shared: { name: 'shared', command: node('shared/scripts/test.js'), env: embedded },
  webUnit: { name: 'web unit', command: node('web/scripts/test.js', 'unit'), env: embedded },
  api: { name: 'api (embedded)', command: node('api/scripts/test.js'), env: embedded },
  cli: { name: 'cli', command: node('cli/scripts/test.js'), env: embedded },
  engine: servers
    ? {
        name: `api engine suites (${[process.env.DATABASE_URL && 'Postgres', process.env.REDIS_URL && 'Redis'].filter(Boolean).join(', ')})`,
        command: node('api/scripts/test.js', '--engine'),
        env: process.env,
      }
    : null,
  // The browser suite's files are shared by the lanes that reach it: each takes the next file (the
  // largest first) until none is left, so the lane that ends its own phases first helps the other.
  browser:
    args.has('--browser') && !serverOnly
      ? {
          name: 'web browser',
          env: embedded,
          shared: sharedFiles(
            node('web/scripts/test.js', 'browser', '--no-compile', '--list'),
            (file) => [process.execPath, '--test', '--test-reporter=spec', file],
            join(root, 'web'),
            // The files that take longest, by their wall time in CI (stop 53: 29-98 s each; the
            // others 4-27 s), first and in that order: a file's size says little of its time
            // (responsive-app, 6 KB, takes 29 s at three widths), and a long file left for last
            // ends the run alone on one core.
            [
              'uk-analyst.test.js',
              'public-site.test.js',
              'explorer.test.js',
              'app.test.js',
              'accounts.test.js',
              'responsive-app.test.js',
              'ops.test.js',
            ],
          ),
        }
      : null,
};
/**
 * Each step is one or more lanes run side by side; a lane is phases run one after the other. The
 * API's suites keep most of both cores busy; the cli and the browser suite mostly wait on API
 * starts, terminals and chromium, so they run in a lane of their own beside them, and the browser
 * suite's files go to whichever lane is free first. The first lane's output is streamed, the
 * others' kept and printed when they end.
 */
const lanes = (...list) => list.map((lane) => lane.filter(Boolean)).filter((lane) => lane.length);
const steps = [
  lanes([phase.build]),
  ...(serverOnly
    ? [lanes([phase.engine])]
    : [lanes([phase.shared], [phase.webUnit]), lanes([phase.api, phase.engine, phase.browser], [phase.cli, phase.browser])]),
];
const phases = [...new Set(steps.flat(2))];

/** CPU seconds of the children this process has waited for (utime + stime, in clock ticks of 1/100 s). */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Runs one command; its output goes to the terminal, or to `log` (printed once it ends). Resolves
 * with its exit status; when it fails, what the test reporter listed as failing is kept for the
 * end of the run (a long run's failures otherwise scroll away under the other lanes' output).
 */
function run(command, env, log, cwd = root, name = command.join(' ')) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], cwd, env });
    const out = log ? createWriteStream(log, { flags: 'a' }) : null;
    const tail = new OutputTail();
    for (const [stream, terminal] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      if (out) stream.pipe(out, { end: false });
      else stream.pipe(terminal, { end: false });
      stream.on('data', (chunk) => tail.add(chunk));
    }
    let ended = false;
    const done = (status) => {
      if (ended) return;
      ended = true;
      if (status !== 0) failures.push({ name, report: tail.failingTests() });
      if (out) out.end(() => resolve(status));
      else resolve(status);
    };
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

/** The last 256 KB a command wrote, enough for the spec reporter's closing list of failures. */
class OutputTail {
  static LIMIT = 256 * 1024;
  chunks = [];
  size = 0;

  add(chunk) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0].length >= OutputTail.LIMIT) this.size -= this.chunks.shift().length;
  }

  /** From the reporter's last "✖ failing tests:" to the end (less Node's own stack frames), at most 150 lines; or the last 40 lines. */
  failingTests() {
    const text = Buffer.concat(this.chunks)
      .toString('utf8')
      .replace(/\x1b\[[0-9;]*m/g, '');
    const at = text.lastIndexOf('✖ failing tests:');
    const lines = (at === -1 ? text : text.slice(at))
      .trimEnd()
      .split('\n')
      .filter((line) => !/^\s+at .*\(node:/.test(line));
    return (at === -1 ? lines.slice(-40) : lines.slice(0, 150)).join('\n');
  }
}

const failures = [];

/**
 * A phase of test files that every lane reaching it works through together: `list` prints the
 * files (one a line); those named in `longest` go first, then the largest first as the likeliest
 * longest; each lane takes the next and runs `command(file)` in `cwd` until none is left.
 * Resolves with 0 when every file it ran passed.
 */
function sharedFiles(list, command, cwd, longest = []) {
  let queue = null;
  const files = () => {
    queue ??= (() => {
      const listed = spawnSync(list[0], list.slice(1), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      if (listed.status !== 0) return null;
      const found = listed.stdout.split('\n').filter(Boolean);
      const rank = (file) => {
        const at = longest.findIndex((name) => file.endsWith(`/${name}`));
        return at === -1 ? longest.length : at;
      };
      return found.sort((a, b) => rank(a) - rank(b) || statSync(b).size - statSync(a).size || a.localeCompare(b));
    })();
    return queue;
  };
  return async (env, log) => {
    const pending = files();
    if (!pending) return 1;
    let status = 0;
    for (let file = pending.shift(); file; file = pending.shift()) if ((await run(command(file), env, log, cwd, file)) !== 0) status = 1;
    return status;
  };
}

const results = [];
let cache = null;
for (const step of steps) {
  console.error(`\n== npm test: ${step.map((lane) => lane.map((p) => p.name).join(' then ')).join(', alongside: ')}`);
  const cpu = childCpuSeconds();
  const started = performance.now();
  const ran = await Promise.all(
    step.map(async (lane, i) => {
      const done = [];
      for (const phase of lane) {
        const phaseStarted = performance.now();
        // Every suite that starts an API (cli, browser) does so from a copy of the same first start, made once a run.
        const env = cache ? { ...phase.env, ...cache.variables } : phase.env;
        const log = i > 0 ? join(tmpdir(), `credence-test-${process.pid}-${i}.log`) : null;
        const status = phase.shared ? await phase.shared(env, log) : await run(phase.command, env, log, root, phase.name);
        if (log) {
          console.error(`\n== npm test: ${phase.name} (ran alongside ${step[0][0].name}): its output`);
          process.stderr.write(readFileSync(log));
          rmSync(log, { force: true });
        }
        done.push({ name: phase.name, started: phaseStarted, ended: performance.now(), status });
      }
      return done;
    }),
  );
  const stepCpu = childCpuSeconds() - cpu;
  // A phase the lanes shared is one row: from its first lane's start to its last lane's end.
  const flat = [];
  for (const part of ran.flat()) {
    const seen = flat.find((r) => r.name === part.name);
    if (!seen) flat.push({ ...part, wall: (part.ended - part.started) / 1000 });
    else {
      seen.started = Math.min(seen.started, part.started);
      seen.ended = Math.max(seen.ended, part.ended);
      seen.wall = (seen.ended - seen.started) / 1000;
      seen.status ||= part.status;
    }
  }
  results.push({ step: true, wall: (performance.now() - started) / 1000, cpu: stepCpu, phases: flat });
  if (flat.some((r) => r.status !== 0) && step[0][0].name === 'build') break;
  if (!cache && step[0][0].name === 'build') {
    const { openFirstStartCache, FIRST_START_CACHE } = await import('@credence/shared/first-start-cache');
    const opened = openFirstStartCache(process.env);
    cache = { variables: { [FIRST_START_CACHE]: opened.env[FIRST_START_CACHE] }, close: opened.close };
  }
}
cache?.close();

for (const { name, report } of failures) console.error(`\n== npm test: what failed in ${name}\n${report}`);

const ranPhases = results.flatMap((step) => step.phases);
const width = Math.max(...ranPhases.map((r) => r.name.length), 'step (side by side)'.length);
const seconds = (s) => (Number.isNaN(s) ? '?' : `${Math.round(s)} s`).padStart(7);
console.error(`\nnpm test: phase${' '.repeat(width - 5)}    wall      CPU  result`);
for (const step of results) {
  for (const r of step.phases)
    console.error(
      `npm test: ${r.name.padEnd(width)} ${seconds(r.wall)}  ${step.phases.length > 1 ? '       ' : seconds(step.cpu)}  ${r.status === 0 ? 'passed' : 'FAILED'}`,
    );
  if (step.phases.length > 1) console.error(`npm test: ${'step (side by side)'.padEnd(width)} ${seconds(step.wall)}  ${seconds(step.cpu)}`);
}
const total = results.reduce((sum, step) => ({ wall: sum.wall + step.wall, cpu: sum.cpu + step.cpu }), { wall: 0, cpu: 0 });
console.error(`npm test: ${'total'.padEnd(width)} ${seconds(total.wall)}  ${seconds(total.cpu)}`);
const failed = ranPhases.filter((r) => r.status !== 0);
if (failed.length) console.error(`npm test: failed: ${failed.map((r) => r.name).join(', ')}`);
process.exit(failed.length || ranPhases.length < phases.length ? 1 : 0);
