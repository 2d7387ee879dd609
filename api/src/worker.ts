import 'reflect-metadata';
import { loadConfig } from './core/config/config.js';
import { createContext } from './context.js';
import { workerModules } from './worker-modules.js';

/**
 * Runs background jobs without serving HTTP: start several on other machines when REDIS_URL is set
 * (and RUN_JOBS=false on the API processes if they should not run jobs themselves).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) {
    process.stderr.write('credence-worker: REDIS_URL is not set; without Redis the API runs its jobs in-process and needs no worker.\n');
    process.exit(2);
  }
  const context = await createContext({ ...config, runJobs: true }, { modules: workerModules(true) });
  process.stdout.write('credence-worker: processing jobs. Ctrl-C to stop.\n');
  const stop = () =>
    context.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`credence-worker: ${error?.message ?? error}\n`);
  process.exit(1);
});
