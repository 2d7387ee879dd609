// Startup cost of `credence --version` and `credence --help` against a bare `node -e 0`, measured
// in the same run (interleaved, median of N). Target: each <= 1.5x the baseline.
// Also, for comparison (not held to the target), a command that loads its code and reaches the
// network (`credence company`, no session: it ends at exit 4 before any request) from the bundle
// (dist/bundle, as the binary runs it) and from the compiled modules (dist/src, without rolldown).
// Usage: npm run bench -w @credence/cli  [-- --runs 30]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'credence.js');
const main = pathToFileURL(join(root, 'dist', 'src', 'main.js')).href;
const viaCommander = `import(${JSON.stringify(main)}).then((m) => m.run(['node', 'credence', '--help']))`;
const COMMAND = ['company', '00000000', '--api-url', 'http://127.0.0.1:9'];
const viaModules = `import(${JSON.stringify(main)}).then((m) => m.run(['node', 'credence', ...${JSON.stringify(COMMAND)}]))`;
const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 21;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number from 1');
  process.exit(2);
}

const cases = [
  ['node -e 0 (baseline)', ['-e', '0']],
  ['credence --version', [bin, '--version']],
  ['credence --help', [bin, '--help']],
  ['credence screener --help', [bin, 'screener', '--help']],
  // For comparison only (not held to the target): the same help built by commander at run time.
  ['(--help through commander, no cache)', ['--input-type=module', '-e', viaCommander], true],
  ['(credence company: the bundle)', [bin, ...COMMAND], true, 4],
  ['(credence company: the compiled modules)', ['--input-type=module', '-e', viaModules], true, 4],
];
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp' };

function once(args, status = 0) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== status) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const times = cases.map(() => []);
for (const [, args, , status] of cases) once(args, status); // warm the file cache
for (let i = 0; i < runs; i++) cases.forEach(([, args, , status], c) => times[c].push(once(args, status)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times[0]);
let worst = 0;
console.log(`credence startup, median of ${runs} runs (node ${process.version})`);
console.log('| command | median ms | ratio to node -e 0 |');
console.log('| --- | ---: | ---: |');
cases.forEach(([name], c) => {
  const ms = median(times[c]);
  const ratio = ms / base;
  if (c > 0 && !cases[c][2]) worst = Math.max(worst, ratio);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${ratio.toFixed(2)}x |`);
});
console.log(worst <= 1.5 ? `ok: worst ${worst.toFixed(2)}x <= 1.5x` : `SLOW: worst ${worst.toFixed(2)}x > 1.5x`);
process.exitCode = worst <= 1.5 ? 0 : 1;
