// `npm test`: builds every package once, then runs every suite that needs no browser on the embedded
// defaults (PGlite, in-process jobs), whatever the environment says. With DATABASE_URL or REDIS_URL
// set, it then runs the suites that depend on the database engine and the job queue (the API's
// test/integration and test/e2e) a second time, against those servers. The rest (shared, the API's
// unit specs, the cli, the web unit tests) never reads either variable, so it runs once.
//
//   npm test                        every suite, embedded
//   DATABASE_URL=... REDIS_URL=... npm test    the same, then the engine-dependent suites on the servers
//   npm run test:server             only the engine-dependent suites, on the servers (DATABASE_URL/REDIS_URL)
//   npm test -- --browser           the web app's browser suite too (chromium), after the embedded suites
//
// With both, the browser suite runs alongside the engine-dependent suites (it mostly waits on
// chromium), its output kept and printed when it ends. Measured on two cores: 1,561 s side by side
// against 1,724 s one after the other (docs/benchmarks.md, "CI and npm test").
//
// Each phase's wall time and CPU time (its processes', from /proc) is printed at the end; two
// phases run side by side share one CPU figure.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const browser =
  args.has('--browser') && !serverOnly ? { name: 'web browser', command: node('web/scripts/test.js', 'browser'), env: embedded } : null;
const engine = servers
  ? {
      name: `api engine suites (${[process.env.DATABASE_URL && 'Postgres', process.env.REDIS_URL && 'Redis'].filter(Boolean).join(', ')})`,
      command: node('api/scripts/test.js', '--engine'),
      env: process.env,
    }
  : null;
/** Each step is one phase, or two run side by side (the first's output streamed, the second's kept until it ends). */
const steps = [
  [{ name: 'build', command: [npm, 'run', 'build', '--silent'], env: process.env }],
  ...(serverOnly
    ? []
    : [
        [{ name: 'shared', command: node('shared/scripts/test.js'), env: embedded }],
        [{ name: 'web unit', command: node('web/scripts/test.js', 'unit'), env: embedded }],
        [{ name: 'api (embedded)', command: node('api/scripts/test.js'), env: embedded }],
        [{ name: 'cli', command: node('cli/scripts/test.js'), env: embedded }],
      ]),
  ...(engine && browser ? [[engine, browser]] : [engine, browser].filter(Boolean).map((phase) => [phase])),
];
const phases = steps.flat();

/** CPU seconds of the children this process has waited for (utime + stime, in clock ticks of 1/100 s). */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/** Runs one phase; its output goes to the terminal, or to `log` (printed once it ends). Resolves with its exit status. */
function run(phase, env, log) {
  return new Promise((resolve) => {
    const child = spawn(phase.command[0], phase.command.slice(1), { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', cwd: root, env });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const results = [];
let cache = null;
for (const step of steps) {
  console.error(`\n== npm test: ${step.map((phase) => phase.name).join(', alongside: ')}`);
  const cpu = childCpuSeconds();
  const ran = await Promise.all(
    step.map(async (phase, i) => {
      const started = performance.now();
      // Every suite that starts an API (cli, browser) does so from a copy of the same first start, made once a run.
      const env = cache ? { ...phase.env, ...cache.variables } : phase.env;
      const log = i > 0 ? join(tmpdir(), `credence-test-${process.pid}-${i}.log`) : null;
      const status = await run(phase, env, log);
      if (log) {
        console.error(`\n== npm test: ${phase.name} (ran alongside ${step[0].name}): its output`);
        process.stderr.write(readFileSync(log));
        rmSync(log, { force: true });
      }
      return { name: phase.name, wall: (performance.now() - started) / 1000, status };
    }),
  );
  const stepCpu = childCpuSeconds() - cpu;
  ran.forEach((result, i) => results.push({ ...result, cpu: i === 0 ? stepCpu : NaN, shared: step.length > 1 }));
  if (ran.some((r) => r.status !== 0) && step[0].name === 'build') break;
  if (!cache && step[0].name === 'build') {
    const { openFirstStartCache, FIRST_START_CACHE } = await import('@credence/shared/first-start-cache');
    const opened = openFirstStartCache(process.env);
    cache = { variables: { [FIRST_START_CACHE]: opened.env[FIRST_START_CACHE] }, close: opened.close };
  }
}
cache?.close();

const width = Math.max(...results.map((r) => r.name.length));
const seconds = (s) => (Number.isNaN(s) ? '?' : `${Math.round(s)} s`).padStart(7);
console.error(`\nnpm test: phase${' '.repeat(width - 5)}    wall      CPU  result`);
for (const r of results)
  console.error(
    `npm test: ${r.name.padEnd(width)} ${seconds(r.wall)}  ${r.shared && Number.isNaN(r.cpu) ? '  (above)' : seconds(r.cpu)}  ${r.status === 0 ? 'passed' : 'FAILED'}`,
  );
// Side by side, a step takes as long as its longest phase.
const ranSteps = steps.map((step) => results.filter((r) => step.some((phase) => phase.name === r.name))).filter((r) => r.length);
const total = ranSteps.reduce(
  (sum, rs) => ({
    wall: sum.wall + Math.max(...rs.map((r) => r.wall)),
    cpu: sum.cpu + rs.reduce((c, r) => c + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0),
  }),
  { wall: 0, cpu: 0 },
);
console.error(`npm test: ${'total'.padEnd(width)} ${seconds(total.wall)}  ${seconds(total.cpu)}`);
const failed = results.filter((r) => r.status !== 0);
if (failed.length) console.error(`npm test: failed: ${failed.map((r) => r.name).join(', ')}`);
process.exit(failed.length || results.length < phases.length ? 1 : 0);
