import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { Redis } from 'ioredis';
import { BullJobQueue, WORKER_GONE } from '../../src/core/queue/bull-queue.js';
import { InProcessJobQueue } from '../../src/core/queue/in-process-queue.js';
import type { JobQueue, JobStatus } from '../../src/core/queue/job-queue.js';
import { until } from '../support/outage.js';

/** A promise with its resolve function, to hold a job open until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

function matches(actual: unknown, expected: object): boolean {
  try {
    expect(actual).toMatchObject(expected);
    return true;
  } catch {
    return false;
  }
}

interface Implementation {
  name: string;
  /** A fresh, empty queue that runs its jobs in this process, one at a time unless told otherwise. */
  open(concurrency?: number): JobQueue;
  /** Another process's view of the same queue (same Redis prefix), where that means something. */
  reopen?(queue: JobQueue, concurrency?: number): JobQueue;
  /** The compiled module of the implementation and the expression that builds one queue numbered `i` (for a child process). */
  module: string;
  construct(i: string): string;
  /** Whether close() also runs the jobs still waiting (in-process) or leaves them queued for others (Redis). */
  closeRunsWaiting: boolean;
  cleanup(): Promise<void>;
}

const implementations: Implementation[] = [
  {
    name: 'InProcessJobQueue',
    open: (concurrency = 1) => new InProcessJobQueue(concurrency),
    module: new URL('../../src/core/queue/in-process-queue.js', import.meta.url).href,
    construct: () => 'new m.InProcessJobQueue(4)',
    closeRunsWaiting: true,
    cleanup: async () => undefined,
  },
];

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  const run = `credence-test-queue-${randomBytes(5).toString('hex')}`;
  const prefixes = new WeakMap<JobQueue, string>();
  let count = 0;
  implementations.push({
    name: 'BullJobQueue (Redis)',
    open(concurrency = 1) {
      const prefix = `${run}-${++count}`;
      const queue = new BullJobQueue(redisUrl, prefix, true, concurrency);
      prefixes.set(queue, prefix);
      return queue;
    },
    reopen(queue, concurrency = 1) {
      const prefix = prefixes.get(queue)!;
      const again = new BullJobQueue(redisUrl, prefix, true, concurrency);
      prefixes.set(again, prefix);
      return again;
    },
    module: new URL('../../src/core/queue/bull-queue.js', import.meta.url).href,
    construct: (i) => `new m.BullJobQueue(${JSON.stringify(redisUrl)}, ${JSON.stringify(`${run}-startup-`)} + ${i}, true, 4)`,
    closeRunsWaiting: false,
    async cleanup() {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${run}-*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  });
} else {
  // Reported as skipped rather than left out of the run.
  describe('job queue: BullJobQueue (Redis)', { skip: 'needs REDIS_URL (Redis)' }, () => {});
}

for (const implementation of implementations) {
  describe(`job queue: ${implementation.name}`, () => {
    const opened: JobQueue[] = [];
    const open = (concurrency?: number) => {
      const queue = implementation.open(concurrency);
      opened.push(queue);
      return queue;
    };
    after(async () => {
      for (const queue of opened) await queue.close(2_000).catch(() => undefined);
      await implementation.cleanup();
    });

    it('moves a job from queued to running to completed, with its result readable by id', async () => {
      const queue = open(1);
      const first = gate();
      const second = gate();
      const seen: unknown[] = [];
      queue.register('work', async (data: { step: string; a?: number; b?: number }) => {
        seen.push(data);
        if (data.step === 'blocker') await first.promise;
        if (data.step === 'sum') {
          await second.promise;
          return { sum: data.a! + data.b!, at: 'done' };
        }
        return null;
      });

      // A first job holds the only slot, so the second one has to wait its turn.
      const blocker = await queue.add('work', { step: 'blocker' });
      await until('the blocker runs', async () => (await queue.get(blocker))?.state === 'running');
      const id = await queue.add('work', { step: 'sum', a: 2, b: 40 });
      expect(typeof id).toBe('string');
      const queued = await queue.get(id);
      expect(queued).toMatchObject({ id, name: 'work', state: 'queued' });
      expect(queued!.result).toBeUndefined();

      first.open();
      await until('the job runs', async () => (await queue.get(id))?.state === 'running');
      expect((await queue.get(id))!.result).toBeUndefined();

      second.open();
      const done = await queue.waitFor(id);
      expect(done).toMatchObject({ id, name: 'work', state: 'completed', result: { sum: 42, at: 'done' } });
      expect(done.error).toBeUndefined();
      expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
      expect(seen).toEqual([{ step: 'blocker' }, { step: 'sum', a: 2, b: 40 }]);
      // Still readable later, by anyone holding the id.
      expect(await queue.get(id)).toEqual(done);
    });

    it('whenIdle resolves once every queued, running and retried job has finished, and at once when none is', async () => {
      const queue = open(1);
      const hold = gate();
      let failures = 0;
      const finished: number[] = [];
      queue.register('idle', async (data: { n: number }) => {
        if (data.n === 1) await hold.promise;
        if (data.n === 3 && failures++ === 0) throw new Error('the first try fails');
        finished.push(data.n);
      });
      await queue.whenIdle();

      const first = await queue.add('idle', { n: 1 }, { attempts: 2 });
      for (const n of [2, 3]) await queue.add('idle', { n }, { attempts: 2 });
      let idle = false;
      const waiting = queue.whenIdle().then(() => (idle = true));
      await until('the first job runs', async () => (await queue.get(first))?.state === 'running');
      expect(idle).toBe(false); // the first job is held: it cannot have finished
      hold.open();
      await waiting;
      expect(finished.sort()).toEqual([1, 2, 3]);
      expect(failures).toBe(2);
    });

    it('never shows a job as completed without its result, however often it is polled', async () => {
      const queue = open(4);
      queue.register('quick', async (data: { n: number }) => ({ square: data.n * data.n }));
      const torn: unknown[] = [];
      for (let n = 1; n <= 100; n++) {
        const id = await queue.add('quick', { n });
        const deadline = Date.now() + 10_000;
        for (;;) {
          // Poll as fast as the event loop allows (setImmediate lets the queue itself run).
          await new Promise((r) => setImmediate(r));
          if (Date.now() > deadline) throw new Error(`job ${n} did not finish`);
          const status = (await queue.get(id))!;
          if (status.state === 'completed' || status.state === 'failed') {
            const expected = { state: 'completed', result: { square: n * n }, finishedAt: expect.any(String) };
            if (!matches(status, expected)) torn.push(status);
            break;
          }
        }
      }
      expect({ torn: torn.length, first: torn[0] }).toEqual({ torn: 0, first: undefined });
    });

    it('ends a throwing job failed, with its error message', async () => {
      const queue = open();
      let calls = 0;
      queue.register('explode', async () => {
        calls += 1;
        throw new Error('Companies House answered 503');
      });
      const id = await queue.add('explode', { company: '00445790' });
      const failed = await queue.waitFor(id);
      expect(failed).toMatchObject({ id, name: 'explode', state: 'failed', error: 'Companies House answered 503', attempts: 1 });
      expect(failed.result).toBeUndefined();
      expect(failed.finishedAt).toEqual(expect.any(String));
      expect(calls).toBe(1);
    });

    it('retries a job with attempts 3 that fails twice, and completes it on the third try', async () => {
      const queue = open();
      const tries: number[] = [];
      queue.register('flaky', async (data: { n: number }) => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error(`try ${tries.length} failed`);
        return { n: data.n, tries: tries.length };
      });
      const id = await queue.add('flaky', { n: 7 }, { attempts: 3 });
      const done: JobStatus = await queue.waitFor(id, 15_000);
      expect(done).toMatchObject({ state: 'completed', result: { n: 7, tries: 3 } });
      expect(tries).toHaveLength(3);
      // A growing pause between tries, not a hot loop.
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(400);
      expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(tries[1] - tries[0] - 50);
      // Attempts counts the tries made, the successful one included.
      expect(done.attempts).toBe(3);
      const steady = await queue.add('flaky', { n: 8 }, { attempts: 3 });
      expect(await queue.waitFor(steady)).toMatchObject({ state: 'completed', result: { n: 8, tries: 4 }, attempts: 1 });
    });

    it('gives up after the last attempt and keeps the last error', async () => {
      const queue = open();
      let calls = 0;
      queue.register('hopeless', async () => {
        calls += 1;
        throw new Error(`failure number ${calls}`);
      });
      const id = await queue.add('hopeless', {}, { attempts: 2 });
      const failed = await queue.waitFor(id, 15_000);
      expect(failed).toMatchObject({ state: 'failed', error: 'failure number 2', attempts: 2 });
      expect(calls).toBe(2);
    });

    it('answers null for an id it never gave out', async () => {
      const queue = open();
      queue.register('noop', async () => null);
      await queue.waitFor(await queue.add('noop', {}));
      expect(await queue.get('no-such-job')).toBeNull();
      expect(await queue.get('999999999')).toBeNull();
    });

    it('closes promptly right after start-up', async () => {
      // What a process that stops moments after starting does (a test suite, a crash loop). It runs
      // in a child process: leaked connections there cannot keep this test process alive.
      const script = `
        const m = await import(${JSON.stringify(implementation.module)});
        const rejections = [];
        process.on('unhandledRejection', (reason) => rejections.push(String(reason)));
        const sockets = () => process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')).length;
        const before = sockets();
        const slow = [];
        for (let i = 0; i < 30; i++) {
          const queue = ${implementation.construct('i')};
          queue.register('a', async () => 'a');
          queue.register('b', async () => 'b');
          await new Promise((r) => setTimeout(r, (i % 10) * 5));
          const started = Date.now();
          await queue.close(3000);
          if (Date.now() - started > 1500) slow.push(i);
        }
        await new Promise((r) => setTimeout(r, 500));
        console.log(JSON.stringify({ rejections, slowCloses: slow, openSockets: sockets() - before }));
        process.exit(0);`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
      expect(result.status).toBe(0);
      const report = JSON.parse(result.stdout.trim().split('\n').pop()!);
      // Known limits of Bull 4.16 (docs/decisions.md): a queue closed while still starting up can
      // leave its sockets open and a "Connection is closed." rejection unhandled inside Bull, so
      // report.openSockets and report.rejections are not asserted here.
      expect(report.slowCloses).toEqual([]);
    });

    it('lets the running jobs finish on close(), and loses none of the queued ones', async () => {
      const queue = open(1);
      const finished: number[] = [];
      queue.register('slow', async (data: { n: number }) => {
        await new Promise((r) => setTimeout(r, 150));
        finished.push(data.n);
        return data.n;
      });
      const ids: string[] = [];
      for (let n = 1; n <= 4; n++) ids.push(await queue.add('slow', { n }));
      await until('the first job runs', async () => (await queue.get(ids[0]))?.state === 'running');

      await queue.close(10_000);
      // The job that was running when close() was called has finished by the time it returns.
      expect(finished).toContain(1);
      if (implementation.closeRunsWaiting) {
        // In-process jobs have nowhere else to go: close() runs the queue to the end.
        expect(finished).toEqual([1, 2, 3, 4]);
        for (const id of ids) expect(await queue.get(id)).toMatchObject({ state: 'completed' });
        await expect(queue.add('slow', { n: 5 })).rejects.toThrow('The job queue is shutting down');
      } else {
        // In Redis the waiting jobs stay queued; the next process on the same queue runs them.
        const next = implementation.reopen!(queue);
        opened.push(next);
        next.register('slow', async (data: { n: number }) => {
          finished.push(data.n);
          return data.n;
        });
        for (const [index, id] of ids.entries()) {
          expect(await next.waitFor(id)).toMatchObject({ state: 'completed', result: index + 1 });
        }
        expect([...finished].sort()).toEqual([1, 2, 3, 4]);
      }
    });
  });
}

describe(
  'BullJobQueue: a job counts as worker-gone only once its worker could have held it',
  { skip: redisUrl ? false : 'needs REDIS_URL (Redis)' },
  () => {
    it('leaves a job a worker has popped but not yet locked running, and fails one whose lock has expired', async () => {
      const prefix = `credence-test-gone-${randomBytes(4).toString('hex')}`;
      const keys = `${prefix}:bull:credence`;
      const reader = new BullJobQueue(redisUrl!, prefix, false, 1, null, 1000);
      const redis = new Redis(redisUrl!);
      try {
        const id = await reader.add('probe', {});
        // A worker's first step: the job moves into the active list; the lock and processedOn come next.
        expect(await redis.rpoplpush(`${keys}:wait`, `${keys}:active`)).toBe(id);
        expect(await reader.get(id)).toMatchObject({ state: 'running' });
        // The second step long ago, and no lock now: the worker died without renewing it.
        await redis.hset(`${keys}:${id}`, 'processedOn', String(Date.now() - 5_000));
        expect(await reader.get(id)).toMatchObject({ state: 'failed', error: WORKER_GONE });
      } finally {
        await reader.close();
        const left = await redis.keys(`${prefix}:*`);
        if (left.length) await redis.del(...left);
        await redis.quit();
      }
    });
  },
);
