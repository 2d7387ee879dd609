import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { openFirstStartCache, restoreFirstStart, TEST_SHARED_BUFFERS } from './first-start-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-first-start-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in for api/dist/src/main.js: on an empty DATA_DIR it "seeds" (writes seeded.txt with its
 * inputs and a postgresql.conf with PostgreSQL's default shared memory, and counts the first start
 * in FIRST_STARTS), then says it is running and exits with EXIT_CODE (default 0) on SIGTERM, as the
 * API does (its handler set before the ready line).
 */
const main = join(dir, 'main.mjs');
writeFileSync(
  main,
  `import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
   import { join } from 'node:path';
   const data = process.env.DATA_DIR;
   if (!existsSync(join(data, 'seeded.txt'))) {
     appendFileSync(process.env.FIRST_STARTS, data + '\\n');
     mkdirSync(join(data, 'pg'), { recursive: true });
     writeFileSync(join(data, 'pg', 'seeded.txt'), process.env.SAMPLE_COMPANIES + ' ' + process.env.ADMIN_PASSWORD);
     writeFileSync(join(data, 'pg', 'postgresql.conf'), 'shared_buffers = 128MB\\n');
     writeFileSync(join(data, 'seeded.txt'), 'yes');
   }
   process.on('SIGTERM', () => process.exit(Number(process.env.EXIT_CODE ?? 0)));
   process.stdout.write('  Credence is running at http://localhost:1234\\n');
   setInterval(() => {}, 1000);`,
);

let runs = 0;
function suite(cache: string, inputs: Record<string, string> = {}) {
  const starts = join(dir, `starts-${runs}`);
  const dataDir = () => {
    const d = join(dir, `data-${runs++}`);
    mkdirSync(d);
    return d;
  };
  const env = (more: Record<string, string> = {}) => ({
    DATA_DIR: dataDir(),
    FIRST_STARTS: starts,
    SAMPLE_COMPANIES: '400',
    ADMIN_EMAIL: 'admin@credence.test',
    ADMIN_PASSWORD: 'one',
    ...inputs,
    ...more,
  });
  const firstStarts = () => (existsSync(starts) ? readFileSync(starts, 'utf8').trim().split('\n').length : 0);
  const restore = (e: Record<string, string>) => restoreFirstStart(main, e, {}, cache);
  return { env, firstStarts, restore };
}

describe('restoreFirstStart', () => {
  it('makes a first start once per sample size and admin, and gives every later data directory a copy of it', async () => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    const { env, firstStarts, restore } = suite(cache);

    const first = env({ OPS_LOG_DIRS: '/var/log' });
    expect(await restore(first)).toBe(true);
    const second = env();
    expect(await restore(second)).toBe(true);
    expect(firstStarts()).toBe(1);
    for (const e of [first, second]) expect(readFileSync(join(e.DATA_DIR, 'pg', 'seeded.txt'), 'utf8')).toBe('400 one');
    // Every copy's embedded Postgres reserves the tests' shared memory: the last setting read wins.
    for (const e of [first, second]) {
      const settings = readFileSync(join(e.DATA_DIR, 'pg', 'postgresql.conf'), 'utf8').match(/^shared_buffers = \S+/gm);
      expect(settings?.at(-1)).toBe(`shared_buffers = ${TEST_SHARED_BUFFERS}`);
    }

    const fewer = env({ SAMPLE_COMPANIES: '0' });
    await restore(fewer);
    const otherAdmin = env({ ADMIN_PASSWORD: 'two' });
    await restore(otherAdmin);
    expect(firstStarts()).toBe(3);
    expect(readFileSync(join(fewer.DATA_DIR, 'pg', 'seeded.txt'), 'utf8')).toBe('0 one');
    expect(readFileSync(join(otherAdmin.DATA_DIR, 'pg', 'seeded.txt'), 'utf8')).toBe('400 two');
    // Only the kept first starts are left in the cache: no half-made copy.
    expect(readdirSync(cache).filter((name) => name.includes('.building-'))).toEqual([]);
  });

  it('does nothing without a cache or with server Postgres, whose data is not in DATA_DIR', async () => {
    const { env, firstStarts } = suite('');
    const withoutCache = env();
    expect(await restoreFirstStart(main, withoutCache, {}, '')).toBe(false);
    const cache = mkdtempSync(join(dir, 'cache-'));
    const server = env({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(await restoreFirstStart(main, server, {}, cache)).toBe(false);
    expect(firstStarts()).toBe(0);
    expect(readdirSync(withoutCache.DATA_DIR)).toEqual([]);
    expect(readdirSync(server.DATA_DIR)).toEqual([]);
  });

  it('keeps no first start whose server did not shut down cleanly, and says why', async () => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    const { env, restore } = suite(cache, { EXIT_CODE: '1' });
    await expect(restore(env())).rejects.toThrow(/did not shut down cleanly \(1\)/);
    expect(readdirSync(cache)).toEqual([]);
  });
});

describe('openFirstStartCache', () => {
  it('opens a cache for the run that close() removes, or keeps the one a parent runner named', () => {
    const opened = openFirstStartCache({ PATH: '/bin' });
    const folder = opened.env.CREDENCE_FIRST_START_CACHE!;
    expect(existsSync(folder)).toBe(true);
    expect(opened.env.PATH).toBe('/bin');
    const nested = openFirstStartCache(opened.env);
    nested.close();
    expect(existsSync(folder)).toBe(true);
    opened.close();
    expect(existsSync(folder)).toBe(false);
  });
});
