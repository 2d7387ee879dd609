/**
 * An API that the e2e files of one test process share: the cli's runner puts the files that use it
 * in one process (cli/scripts/test.js, SHARED_API), and each start costs about 4 s of CPU.
 */
import { rmSync } from 'node:fs';
import { after } from 'node:test';
import { startApi, type ApiServer } from './processes.js';

const sharedApis = new Map<string, Promise<ApiServer>>();

/**
 * An API that the files of one test process share (the runner puts the files that call this in one
 * process): started by the first that asks with these settings, stopped when the process's tests
 * end. Each file signs in users of its own and changes nothing another file reads; a file that
 * stops, restarts or fills its API calls startApi.
 */
export function sharedApi(extraEnv: Record<string, string> = {}): Promise<ApiServer> {
  const key = JSON.stringify(Object.entries(extraEnv).sort());
  let api = sharedApis.get(key);
  if (!api) {
    api = startApi(extraEnv);
    sharedApis.set(key, api);
  }
  return api;
}

// At the top level: after the last test of the process, whichever files it ran.
after(async () => {
  const started = await Promise.allSettled(sharedApis.values());
  sharedApis.clear();
  await Promise.all(
    started.map(async (result) => {
      if (result.status !== 'fulfilled') return;
      await result.value.stop();
      rmSync(result.value.dataDir, { recursive: true, force: true });
    }),
  );
});
