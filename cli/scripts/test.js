// Runs the cli's tests (compiled to dist/test) with Node's test runner, one file at a time.
// `node scripts/test.js` runs every suite; `unit` only the *.spec files; `e2e` only the *.e2e
// files (they start the built API: api/dist, or CREDENCE_API_DIST, each from a copy of the data
// directory its first start left: @credence/shared/first-start-cache).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFirstStartCache } from '@credence/shared/first-start-cache';
import '../../scripts/memory-scratch.mjs';
import '../../scripts/suite-env.mjs';

const which = process.argv[2] ?? 'all';
const patterns = { all: /\.(spec|e2e)\.js$/, unit: /\.spec\.js$/, e2e: /\.e2e\.js$/ };
if (!(which in patterns)) {
  console.error(`usage: node scripts/test.js [${Object.keys(patterns).join('|')}]`);
  process.exit(2);
}
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
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
