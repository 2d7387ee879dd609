import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ParseAborted, ParseSlots } from './parse-slots.js';

/** Which of the takes have started so far. */
function track(slots: ParseSlots, user: string, signal?: AbortSignal) {
  const entry: { started: boolean; release?: () => void; error?: unknown } = { started: false };
  slots.take(user, signal).then(
    (release) => {
      entry.started = true;
      entry.release = release;
    },
    (error: unknown) => (entry.error = error),
  );
  return entry;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ParseSlots', () => {
  it('keeps a slot free for another user however many parses one user queues', async () => {
    const slots = new ParseSlots(2, 1);
    const flood = Array.from({ length: 6 }, () => track(slots, 'mallory'));
    await settle();
    expect(flood.filter((f) => f.started)).toHaveLength(1);
    const small = track(slots, 'alice');
    await settle();
    expect(small.started).toBe(true);
    expect(slots.load).toEqual({ running: 2, waiting: 5 });
  });

  it('gives a freed slot to the next user in turn, not to the one who queued most', async () => {
    const slots = new ParseSlots(2, 2);
    const flood = Array.from({ length: 5 }, () => track(slots, 'mallory'));
    await settle();
    const small = track(slots, 'alice');
    await settle();
    expect(small.started).toBe(false);
    flood[0].release!();
    await settle();
    expect(small.started).toBe(true);
    expect(flood.filter((f) => f.started)).toHaveLength(2);
  });

  it('drops a waiting parse whose client left, and gives its turn to the next', async () => {
    const slots = new ParseSlots(1, 1);
    const first = track(slots, 'mallory');
    const left = new AbortController();
    const abandoned = track(slots, 'bob', left.signal);
    const next = track(slots, 'alice');
    await settle();
    left.abort();
    await settle();
    expect(abandoned.error).toBeInstanceOf(ParseAborted);
    first.release!();
    await settle();
    expect(next.started).toBe(true);
    expect(abandoned.started).toBe(false);
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
  });
});
