// Startup cost of `credence --version` and `credence --help` against a bare `node -e 0`, measured
// in the same run (interleaved, median of N). Target: each <= 1.5x the baseline.
// Usage: npm run bench -w @credence/cli  [-- --runs 30]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'credence.js');
const main = pathToFileURL(join(root, 'dist', 'src', 'main.js')).href;
const viaCommander = `import(${JSON.stringify(main)}).then((m) => m.run(['node', 'credence', '--help']))`;
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
];
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp' };

function once(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const times = cases.map(() => []);
for (const [, args] of cases) once(args); // warm the file cache
for (let i = 0; i < runs; i++) cases.forEach(([, args], c) => times[c].push(once(args)));
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
