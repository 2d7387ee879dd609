// `npm test`: builds every package once, then runs every suite that needs no browser on the embedded
// defaults (PGlite, in-process jobs), whatever the environment says. With DATABASE_URL or REDIS_URL
// set, it then runs the suites that depend on the database engine and the job queue (the API's
// test/integration and test/e2e) a second time, against those servers. The rest (shared, the API's
// unit specs, the cli, the web unit tests) never reads either variable, so it runs once.
//
//   npm test                        every suite, embedded
//   DATABASE_URL=... REDIS_URL=... npm test    the same, then the engine-dependent suites on the servers
//   npm run test:server             only the engine-dependent suites, on the servers (DATABASE_URL/REDIS_URL)
//   npm test -- --browser           the web app's browser suite too (chromium), after the cli
//
// After the build, shared and the web unit tests run side by side, then two lanes side by side:
// the API's suites (embedded, then on the servers) in one, the cli and then the browser suite in
// the other (they mostly wait on API starts, terminals and chromium). The first lane's output is
// streamed; the other's is kept and printed as each of its phases ends.
//
// Each phase's wall time is printed at the end, and each step's CPU time (its processes', from
// /proc): phases run side by side share their step's CPU figure.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import './memory-scratch.mjs';

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
  browser:
    args.has('--browser') && !serverOnly ? { name: 'web browser', command: node('web/scripts/test.js', 'browser'), env: embedded } : null,
};
/**
 * Each step is one or more lanes run side by side; a lane is phases run one after the other. The
 * API's suites keep both cores busy (about 1.7 cores each pass); the cli and the browser suite mostly
 * wait on API starts, terminals and chromium (about 1 and 0.6 cores), so they run in a lane of
 * their own beside them. The first lane's output is streamed, the others' kept and printed when
 * they end.
 */
const lanes = (...list) => list.map((lane) => lane.filter(Boolean)).filter((lane) => lane.length);
const steps = [
  lanes([phase.build]),
  ...(serverOnly
    ? [lanes([phase.engine])]
    : [lanes([phase.shared], [phase.webUnit]), lanes([phase.api, phase.engine], [phase.cli, phase.browser])]),
];
const phases = steps.flat(2);

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
        const status = await run(phase, env, log);
        if (log) {
          console.error(`\n== npm test: ${phase.name} (ran alongside ${step[0][0].name}): its output`);
          process.stderr.write(readFileSync(log));
          rmSync(log, { force: true });
        }
        done.push({ name: phase.name, wall: (performance.now() - phaseStarted) / 1000, status });
      }
      return done;
    }),
  );
  const stepCpu = childCpuSeconds() - cpu;
  const flat = ran.flat();
  results.push({ step: true, wall: (performance.now() - started) / 1000, cpu: stepCpu, phases: flat });
  if (flat.some((r) => r.status !== 0) && step[0][0].name === 'build') break;
  if (!cache && step[0][0].name === 'build') {
    const { openFirstStartCache, FIRST_START_CACHE } = await import('@credence/shared/first-start-cache');
    const opened = openFirstStartCache(process.env);
    cache = { variables: { [FIRST_START_CACHE]: opened.env[FIRST_START_CACHE] }, close: opened.close };
  }
}
cache?.close();

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
