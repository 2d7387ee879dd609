import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { SearchStreamEvent } from '../../contracts/ops.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { deferred, settle } from '../testing/fakes.js';
import { createLiveWatchViewModel } from './live-watch.js';
import { createLogSearchViewModel } from './log-search-view-model.js';

const file = { instance_id: 'i-1', path: '/var/log/app.log', region: 'us-east-1' };
type End = { matched: number; truncated: boolean };

/** A search stream the test drives: events by hand, then its end (or a failure). */
function fakeClient() {
  const stream = {
    options: null as { signal?: AbortSignal; onEvent: (e: SearchStreamEvent) => void } | null,
    end: deferred<End>(),
    patterns: [] as string[],
  };
  const client = {
    opsSearchStream: (ref: { pattern: string }, options: { signal?: AbortSignal; onEvent: (e: SearchStreamEvent) => void }) => {
      stream.patterns.push(ref.pattern);
      stream.options = options;
      stream.end = deferred<End>();
      return stream.end.promise;
    },
  };
  const event = (e: unknown) => stream.options!.onEvent(e as SearchStreamEvent);
  return { client: client as never, stream, event };
}

function models() {
  const fake = fakeClient();
  const live = createLiveWatchViewModel({ client: {} as never });
  const search = createLogSearchViewModel({ client: fake.client, live });
  return { ...fake, live, search };
}

describe('the log search view model', () => {
  it('shows matches as they are found with the bytes scanned, then says a truncated end', async () => {
    const { search, live, stream, event } = models();
    live.appendLines([{ text: 'an old line' }]);
    const done = search.run(file, 'boom');
    expect(live.getState().shown.lines).toEqual([]);
    expect(search.getState()).toMatchObject({ running: true, progress: 'starting', pattern: 'boom' });
    event({ type: 'match', data: { line: 'boom 1', line_number: 4 } });
    event({ type: 'progress', data: { scanned_bytes: 50, total_bytes: 100 } });
    expect(live.getState().shown.lines.map((l) => [l.text, l.lineNumber])).toEqual([['boom 1', 4]]);
    expect(search.getState().progress).toMatch(/50%/);
    stream.end.resolve({ matched: 1000, truncated: true });
    await done;
    expect(search.getState()).toMatchObject({ running: false, progress: null, error: null });
    expect(search.getState().truncation).toMatch(/stopped at the first 1000/);
  });

  it('asks for a pattern, says when nothing matched and why it failed', async () => {
    const { search, stream } = models();
    await search.run(file, '  ');
    expect(search.getState().error).toBe(OPS_TEXTS.patternRequired);
    expect(stream.patterns).toEqual([]);
    const none = search.run(file, 'nothing');
    stream.end.resolve({ matched: 0, truncated: false });
    await none;
    expect(search.getState().error).toBe('No lines contain "nothing".');
    const failed = search.run(file, 'x');
    stream.end.reject(new ApiError({ status: 400, statusText: 'Bad Request', error: 'pattern too long', call: 'test' }));
    await failed;
    expect(search.getState().error).toBe(`${OPS_TEXTS.searchFailed}: pattern too long`);
  });

  it('stops on cancel: the stream is aborted and nothing more is said', async () => {
    const { search, stream } = models();
    const done = search.run(file, 'boom');
    search.cancel();
    expect(stream.options!.signal!.aborted).toBe(true);
    expect(search.getState()).toMatchObject({ running: false, progress: null });
    stream.end.reject(new Error('aborted'));
    await done;
    await settle();
    expect(search.getState().error).toBe(null);
  });
});
