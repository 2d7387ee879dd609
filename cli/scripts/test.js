// Runs the cli's tests (compiled to dist/test) with Node's test runner, one file at a time.
// `node scripts/test.js` runs every suite; `unit` only the *.spec files; `e2e` only the *.e2e
// files (they start the built API: api/dist, or CREDENCE_API_DIST, each from a copy of the data
// directory its first start left: @credence/shared/first-start-cache).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFirstStartCache } from '@credence/shared/first-start-cache';

const which = process.argv[2] ?? 'all';
const patterns = { all: /\.(spec|e2e)\.js$/, unit: /\.spec\.js$/, e2e: /\.e2e\.js$/ };
if (!(which in patterns)) {
  console.error(`usage: node scripts/test.js [${Object.keys(patterns).join('|')}]`);
  process.exit(2);
}
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// Suites' scratch folders (the PGlite data directories each suite copies from the run's template,
// first-start copies, uploads) go on tmpfs where the machine has one and TMPDIR names no other
// place: a suite's copy took 4-10 s there against 15 s on the disk, and half the CPU, at load 30
// (docs/benchmarks.md, "CI and npm test"). Each suite removes its folders when it ends.
// One folder a run, removed when the runner exits, so a suite that fails before its clean-up
// leaves nothing in memory.
if (!process.env.TMPDIR) {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const scratch = mkdtempSync('/dev/shm/credence-run-');
    process.env.TMPDIR = scratch;
    process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  } catch {
    // no tmpfs: the system's temporary folder
  }
}
const find = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? find(join(dir, e.name)) : patterns[which].test(e.name) ? [join(dir, e.name)] : [],
  );
const cache = openFirstStartCache();
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...find(join(dist, 'test'))], {
  stdio: 'inherit',
  env: cache.env,
});
cache.close();
process.exit(result.status ?? 1);
