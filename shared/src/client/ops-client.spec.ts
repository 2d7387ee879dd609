import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { LogWatchEvent } from '../contracts/ops.js';
import { createApiClient, type FetchLike } from './index.js';
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

describe('client.watchLog', () => {
  const file = { instance_id: 'local', path: 'app.log' };

  it('stops on an error message (spec 1: the watch stops), without reconnecting to the file it was refused', async () => {
    const { fetch, calls } = scripted(() =>
      stream([sse('7:10', 'message', { line: 'one' }), sse('7:10', 'message', { error: 'The watch of app.log has ended' })]),
    );
    const events: LogWatchEvent[] = [];
    await createApiClient({ baseUrl: 'http://api.test', fetch }).watchLog(file, { onEvent: (e) => events.push(e), reconnectDelayMs: 1 });
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
      reconnectDelayMs: 1,
    });
    expect(lines).toEqual([{ line: 'one' }, { line: 'two' }, { error: 'gone' }]);
    expect(calls()).toBe(2);
  });
});
