import { spawnSync } from 'node:child_process';
import { openFirstStartCache } from '@credence/shared/first-start-cache';
const cache = openFirstStartCache();
const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', process.argv[2]], { stdio: 'inherit', env: cache.env });
cache.close();
process.exit(r.status ?? 1);
