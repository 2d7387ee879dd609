import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { LogWatchEvent } from '../contracts/ops.js';
import { createApiClient, type FetchLike, type ReconnectClock } from './index.js';
import { chunkedBody, sseMessage as sse } from './research-testing.js';

const stream = (chunks: string[]) => new Response(chunkedBody(chunks), { headers: { 'content-type': 'text/event-stream' } });

function scripted(...answers: (() => Response)[]): { fetch: FetchLike; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    fetch: async () => {
      calls++;
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
  };
}

/** A clock whose waits pass at once (recorded) and whose chance is fixed. */
function fakeClock(random = 0.5): { clock: ReconnectClock; waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      random: () => random,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

const unreachable = () => {
  throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
};

describe('client.watchLog', () => {
  const file = { instance_id: 'local', path: 'app.log' };

  it('stops on an error message (spec 1: the watch stops), without reconnecting to the file it was refused', async () => {
    const { fetch, calls } = scripted(() =>
      stream([sse('7:10', 'message', { line: 'one' }), sse('7:10', 'message', { error: 'The watch of app.log has ended' })]),
    );
    const events: LogWatchEvent[] = [];
    await createApiClient({ baseUrl: 'http://api.test', fetch }).watchLog(file, {
      onEvent: (e) => events.push(e),
      clock: fakeClock().clock,
    });
    expect(events.map((e) => e.data)).toEqual([{ line: 'one' }, { error: 'The watch of app.log has ended' }]);
    expect(calls()).toBe(1);
  });

  it('reconnects after a stream that merely dropped, from the last line it had', async () => {
    const { fetch, calls } = scripted(
      () => stream([sse('7:4', 'message', { line: 'one' })]),
      () => stream([sse('7:8', 'message', { line: 'two' }), sse('7:8', 'message', { error: 'gone' })]),
    );
    const lines: unknown[] = [];
    await createApiClient({ baseUrl: 'http://api.test', fetch }).watchLog(file, {
      onEvent: (e) => lines.push(e.data),
      clock: fakeClock().clock,
    });
    expect(lines).toEqual([{ line: 'one' }, { line: 'two' }, { error: 'gone' }]);
    expect(calls()).toBe(2);
  });

  it('keeps reconnecting while the server is down (an API restart), waits doubling to a cap with jitter, and resumes from the last line', async () => {
    const down = Array.from({ length: 12 }, () => unreachable);
    const ids: (string | null)[] = [];
    let calls = 0;
    const answers = [
      () => stream([sse('7:4', 'message', { line: 'before' })]),
      ...down,
      () => stream([sse('7:9', 'message', { line: 'during' }), sse('7:9', 'message', { error: 'gone' })]),
    ];
    const fetch: FetchLike = async (_url, init) => {
      calls++;
      ids.push(new Headers(init?.headers).get('last-event-id'));
      return answers.shift()!();
    };
    const { clock, waits } = fakeClock(0.5);
    const lines: unknown[] = [];
    const notes: string[] = [];
    await createApiClient({ baseUrl: 'http://api.test', fetch }).watchLog(file, {
      onEvent: (e) => lines.push(e.data),
      onReconnecting: (attempt, _error, delay) => notes.push(`${attempt}:${delay}`),
      onReconnected: () => notes.push('reconnected'),
      clock,
    });
    expect(lines).toEqual([{ line: 'before' }, { line: 'during' }, { error: 'gone' }]);
    expect(calls).toBe(14);
    // 1 s doubling to the 10 s cap, the upper half random (0.5 here: three quarters of each)
    expect(waits).toEqual([750, 1500, 3000, 6000, 7500, 7500, 7500, 7500, 7500, 7500, 7500, 7500, 7500]);
    expect(notes.at(-1)).toBe('reconnected');
    expect(notes.filter((n) => n === 'reconnected')).toHaveLength(1);
    expect(ids.slice(1).every((id) => id === '7:4')).toBe(true);
  });

  it('spreads the waits of many clients (jitter) between half and all of each step', async () => {
    const low = fakeClock(0);
    const high = fakeClock(0.998);
    for (const { clock } of [low, high]) {
      const answers = [unreachable, unreachable, unreachable, () => stream([sse('7:9', 'message', { error: 'gone' })])];
      await createApiClient({ baseUrl: 'http://api.test', fetch: async () => answers.shift()!() }).watchLog(file, {
        onEvent: () => undefined,
        clock,
      });
    }
    expect(low.waits).toEqual([500, 1000, 2000]);
    expect(high.waits).toEqual([999, 1998, 3996]);
  });

  it('gives up ("Connection to server lost") once the server has been gone for the whole bound, and not before', async () => {
    const { clock, waits } = fakeClock(1 - Number.EPSILON);
    const fetch: FetchLike = async () => unreachable();
    const watching = createApiClient({ baseUrl: 'http://api.test', fetch }).watchLog(file, {
      onEvent: () => undefined,
      clock,
      reconnect: { giveUpAfterMs: 10 * 60_000 },
    });
    await expect(watching).rejects.toMatchObject({ status: 0, error: expect.stringContaining('lost its connection') });
    const waited = waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(10 * 60_000);
    expect(waited).toBeLessThan(10 * 60_000 + 10_000);
  });

  it("retries a proxy's 503 while the API behind it restarts, but a refusal ends the watch at once", async () => {
    const busy = () => new Response('{"error":"upstream restarting"}', { status: 503 });
    const answers = [busy, busy, () => stream([sse('7:9', 'message', { error: 'gone' })])];
    const lines: unknown[] = [];
    await createApiClient({ baseUrl: 'http://api.test', fetch: async () => answers.shift()!() }).watchLog(file, {
      onEvent: (e) => lines.push(e.data),
      clock: fakeClock().clock,
    });
    expect(lines).toEqual([{ error: 'gone' }]);
    const refused = scripted(() => new Response('{"error":"This needs the ops or admin role."}', { status: 403 }));
    await expect(
      createApiClient({ baseUrl: 'http://api.test', fetch: refused.fetch }).watchLog(file, {
        onEvent: () => undefined,
        clock: fakeClock().clock,
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(refused.calls()).toBe(1);
  });
});
