/**
 * An API's first start on an empty embedded data directory runs initdb, every migration, creates
 * the first admin and generates the sample companies: 10-80 s on this project's 2-core machines,
 * paid again by every cli and browser suite that starts an API. Within one test run, this keeps
 * the data directory each distinct first start leaves behind and gives every later start a copy
 * of it. Node only: exported as `@credence/shared/first-start-cache`.
 *
 * The runners (cli/scripts/test.js, web/scripts/test.js, the root scripts/test.js) open a cache
 * for the run and name it in CREDENCE_FIRST_START_CACHE; without it a start is a real first start.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApi, type SpawnApiOptions } from './api-process.js';

export const FIRST_START_CACHE = 'CREDENCE_FIRST_START_CACHE';

/**
 * What a first start writes depends on besides the build: the sample size and the first admin
 * (api/src/main.ts: ensureFirstAdmin, ensureSampleData, ensureUsSampleData). A new first-start
 * write that reads another variable adds it here.
 */
export const FIRST_START_INPUTS = ['SAMPLE_COMPANIES', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const;

/**
 * The first admin every cli and browser suite's API starts with: one pair for both, so that a run
 * makes one first start per sample size for the two suites rather than one each.
 */
export const SUITE_ADMIN = { email: 'admin@credence.test', password: 'admin test password that is long' } as const;

/** The folder a cached first start of `main` with `env` is kept in (it may not exist yet). */
export function firstStartKey(main: string, env: Record<string, string | undefined>): string {
  const inputs = [main, ...FIRST_START_INPUTS.map((name) => env[name] ?? null)];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

/**
 * Fills `env.DATA_DIR` (an empty folder) with a copy of the data directory the first start of
 * `main` with these inputs left, making that first start once per cache. Answers false and does
 * nothing without a cache, or when the API is to use server Postgres (nothing of it is in DATA_DIR).
 */
export async function restoreFirstStart(
  main: string,
  env: Record<string, string>,
  options: SpawnApiOptions = {},
  cache: string | undefined = process.env[FIRST_START_CACHE],
): Promise<boolean> {
  if (!cache || env.DATABASE_URL || !env.DATA_DIR) return false;
  const template = join(cache, firstStartKey(main, env));
  if (!existsSync(template)) await makeFirstStart(main, env, template, options);
  cpSync(template, env.DATA_DIR, { recursive: true });
  return true;
}

/**
 * Shared memory the embedded Postgres of a test's data directory reserves. PostgreSQL's default
 * (128 MB, the product's) is written through at every start, and a test run opens several hundred
 * copies of a few data directories, none of them holding more than a few megabytes: 16 MB took
 * each PGlite start from 1.2 s of CPU to 0.85 s (half of it page faults) and 250 MB of memory to
 * 135 MB (docs/benchmarks.md, "Stop 48"). Query results are the same; only the cache is smaller.
 */
export const TEST_SHARED_BUFFERS = '16MB';

/**
 * Sets the test size of shared memory in the PGlite cluster `pgDir` (an API data directory's `pg`
 * folder), in its postgresql.conf: every copy made from it, and every process that opens one (the
 * API, credence-admin), reads it there without any variable to pass on.
 */
export function useTestSharedMemory(pgDir: string): void {
  appendFileSync(
    join(pgDir, 'postgresql.conf'),
    `\n# test runs (@credence/shared/first-start-cache)\nshared_buffers = ${TEST_SHARED_BUFFERS}\n`,
  );
}

async function makeFirstStart(main: string, env: Record<string, string>, template: string, options: SpawnApiOptions): Promise<void> {
  const building = mkdtempSync(`${template}.building-`);
  try {
    const api = await spawnApi(main, { ...env, DATA_DIR: building, PORT: '0' }, options);
    await api.stop();
    // A data directory copied from a server that was killed would need recovery in every copy.
    if (api.child.exitCode !== 0)
      throw new Error(`The API's first start did not shut down cleanly (${api.child.exitCode ?? api.child.signalCode}):\n${api.output()}`);
    if (existsSync(join(building, 'pg', 'postgresql.conf'))) useTestSharedMemory(join(building, 'pg'));
    try {
      renameSync(building, template);
    } catch (error) {
      // Another suite made the same first start meanwhile: keep its copy.
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** For a runner: the cache named in `env`, or a new one that `close()` removes. */
export function openFirstStartCache(env: NodeJS.ProcessEnv = process.env): { env: NodeJS.ProcessEnv; close(): void } {
  if (env[FIRST_START_CACHE]) return { env, close: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'credence-first-starts-'));
  return { env: { ...env, [FIRST_START_CACHE]: dir }, close: () => rmSync(dir, { recursive: true, force: true }) };
}
