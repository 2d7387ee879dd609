// Runs shared's unit tests (compiled to dist/) with Node's test runner.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const find = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? find(join(dir, e.name)) : e.name.endsWith('.spec.js') ? [join(dir, e.name)] : [],
  );
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...find(dist)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
