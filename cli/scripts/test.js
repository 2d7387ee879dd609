// Runs the cli's tests (compiled to dist/test) with Node's test runner, two processes at a time.
// `node scripts/test.js` runs every suite; `unit` only the *.spec files; `e2e` only the *.e2e
// files (they start the built API: api/dist, or CREDENCE_API_DIST, each from a copy of the data
// directory its first start left: @credence/shared/first-start-cache).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testNodeFlags } from '@credence/shared/api-process';
import { openFirstStartCache } from '@credence/shared/first-start-cache';
import { inGroups, writeTestEntries } from '../../scripts/test-entries.mjs';
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
// The unit specs share processes, a few files each (as the API's do): each process loads the test
// runner, ink and the client's modules once, which took longer than most of these files' tests. A
// spec must leave nothing process-wide behind for the next file. The e2e files keep a process each,
// but those that share an API.
const SPECS_A_PROCESS = 8;
const files = find(join(dist, 'test')).sort();
const specs = files.filter((file) => file.endsWith('.spec.js'));
// The e2e files that read an API without changing what another reads share one (test/support/shared-api.ts).
const SHARED_API = ['explorer', 'mcp', 'research', 'tui', 'us', 'documents', 'restructure'].map((name) => `${sep}${name}.e2e.js`);
const e2e = files.filter((file) => file.endsWith('.e2e.js'));
const sharing = e2e.filter((file) => SHARED_API.some((name) => file.endsWith(name)));
// the longest first, so that the two processes at a time end together: the shared API's files, the
// other e2e files by size, then the unit specs
const { entries, remove } = writeTestEntries([
  ...(sharing.length ? [{ kind: 'shared-api', files: sharing }] : []),
  ...e2e
    .filter((file) => !sharing.includes(file))
    .sort((a, b) => statSync(b).size - statSync(a).size)
    .map((file) => ({ kind: 'e2e', files: [file] })),
  ...inGroups(specs, SPECS_A_PROCESS, 'specs'),
]);
const cache = openFirstStartCache();
// Two processes at a time: the e2e files mostly wait on the API, terminals and the binary, and
// each has its own API, outbox, tmux server and screen socket folder.
const result = spawnSync(process.execPath, [...testNodeFlags(), '--test', '--test-concurrency=2', '--test-reporter=spec', ...entries], {
  stdio: 'inherit',
  env: cache.env,
});
cache.close();
remove();
process.exit(result.status ?? 1);
