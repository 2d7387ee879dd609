import { describe, it } from 'node:test';
import { expect } from 'expect';
import { inLanes } from './in-lanes.js';

/** A promise and the functions that settle it: the test decides when each item's work ends. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inLanes', () => {
  it('runs the items in order, never more than the lanes at once', async () => {
    const started: string[] = [];
    const running = new Set<string>();
    let most = 0;
    await inLanes(['a', 'b', 'c', 'd', 'e'], 2, async (item) => {
      started.push(item);
      running.add(item);
      most = Math.max(most, running.size);
      await tick();
      running.delete(item);
    });
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
  });

  it('after a failure takes no more items, and rejects only once the other lane has finished its item', async () => {
    const work = new Map(['big', 'fails', 'next', 'last'].map((item) => [item, deferred()]));
    const started: string[] = [];
    let settled = false;
    const call = inLanes([...work.keys()], 2, (item) => {
      started.push(item);
      return work.get(item)!.promise;
    }).then(
      () => ({ ok: true }),
      (error: Error) => ({ ok: false, message: error.message }),
    );
    void call.then(() => (settled = true));
    await tick();
    expect(started).toEqual(['big', 'fails']);

    work.get('fails')!.reject(new Error('REFRESH failed'));
    await tick();
    // the failing lane stops; the other is still in its item, so the call has not answered
    expect(settled).toBe(false);

    work.get('big')!.resolve();
    expect(await call).toEqual({ ok: false, message: 'REFRESH failed' });
    expect(started).toEqual(['big', 'fails']);
  });

  it('runs one at a time with one lane, and does nothing with no items', async () => {
    const order: string[] = [];
    await inLanes(['x', 'y'], 1, async (item) => {
      order.push(`${item} start`);
      await tick();
      order.push(`${item} end`);
    });
    expect(order).toEqual(['x start', 'x end', 'y start', 'y end']);
    await inLanes([], 2, () => Promise.reject(new Error('never called')));
  });
});
