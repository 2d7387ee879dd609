// Runs shared's unit tests (compiled to dist/) with Node's test runner.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const find = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? find(join(dir, e.name)) : e.name.endsWith('.spec.js') ? [join(dir, e.name)] : [],
  );
// Most of these files spend their time waiting (timers, child processes, sockets), not computing:
// node's default of one file per core less one ran them one at a time on 2 cores.
const concurrency = Math.max(4, availableParallelism() * 2);
const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...find(dist)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
