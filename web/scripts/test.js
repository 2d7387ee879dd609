// Compiles web/test (and the src modules it imports) to .test-dist with tsc, then runs one suite
// folder with Node's test runner: `node scripts/test.js unit` or `node scripts/test.js browser`.
// Extra arguments filter the test files by a word in their path.
//   --no-compile  run what the last run compiled (the root `npm test` compiles once, for the unit suite)
//   --list        print the suite's compiled test files, one a line, instead of running them
//   --screenshots the browser suite saves its screenshots to test-artifacts/screenshots
//                 (CREDENCE_SCREENSHOTS=1; `npm run test:browser` sets it, `npm test` does not)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFirstStartCache } from '@credence/shared/first-start-cache';
import '../../scripts/memory-scratch.mjs';
import '../../scripts/suite-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const options = new Set(['--no-compile', '--list', '--screenshots']);
const given = process.argv.slice(2);
const [suite = 'unit', ...words] = given.filter((arg) => !options.has(arg));
const out = join(root, '.test-dist');

if (!given.includes('--no-compile')) {
  rmSync(out, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'test', 'tsconfig.json')], { stdio: 'inherit', cwd: root });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
}

const dir = join(out, 'test', suite);
if (!existsSync(dir)) {
  console.error(`No test suite "${suite}" (web/test/${suite})`);
  process.exit(2);
}
const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.js') && words.every((w) => f.includes(w)))
  .map((f) => join(dir, f))
  .sort();
if (files.length === 0) {
  console.error(`No test files in web/test/${suite}${words.length ? ` matching ${words.join(' ')}` : ''}`);
  process.exit(2);
}
if (given.includes('--list')) {
  process.stdout.write(files.map((file) => `${file}\n`).join(''));
  process.exit(0);
}
const args = ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files];
// Browser suites start the API from a copy of the data directory its first start left (made once a run).
const cache = openFirstStartCache();
const env = given.includes('--screenshots') ? { ...cache.env, CREDENCE_SCREENSHOTS: '1' } : cache.env;
const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root, env });
cache.close();
process.exit(result.status ?? 1);
