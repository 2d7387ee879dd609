import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { LogFileRef, WatchOptions } from '../../client/ops-client.js';
import type { LogWatchEvent, TailResponse } from '../../contracts/ops.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { deferred, settle } from '../testing/fakes.js';
import { createLiveWatchViewModel, sourceColour, watchStatusText, type LiveWatchState } from './live-watch.js';

type Options = WatchOptions<LogWatchEvent & { id: string }>;

/** A client whose tails answer from `files` and whose watches the test drives by path. */
function fakeClient(files: Record<string, string[] | Error>) {
  const watches = new Map<string, { file: LogFileRef; options: Options; end: ReturnType<typeof deferred<void>> }>();
  const tails: (LogFileRef & { lines?: number })[] = [];
  const client = {
    opsTail: async (file: LogFileRef & { lines?: number }): Promise<TailResponse> => {
      tails.push(file);
      const lines = files[file.path];
      if (lines instanceof Error) throw lines;
      return { lines: lines.slice(-(file.lines ?? 10)), cursor: `1:${lines.length}`, size: 10 } as unknown as TailResponse;
    },
    watchLog: (file: LogFileRef, options: Options) => {
      const end = deferred<void>();
      options.signal?.addEventListener('abort', () => end.resolve());
      watches.set(file.path, { file, options, end });
      return end.promise;
    },
  };
  const line = (path: string, text: string) =>
    watches
      .get(path)!
      .options.onEvent({ type: 'line', id: `1:${text.length}`, data: { line: text } } as unknown as LogWatchEvent & { id: string });
  return { client, watches, tails, line };
}

const texts = (s: LiveWatchState) =>
  s.shown.lines.map((l) => (l.source === undefined ? l.text : `${s.sources[l.source].label}| ${l.text}`));

describe('the live watch view model', () => {
  it('shows the last lines, then follows: new lines appended in order', async () => {
    const { client, watches, line } = fakeClient({ '/var/log/app.log': ['one', 'two', 'three'] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([{ instance_id: 'vm', path: '/var/log/app.log' }]);
    await model.follow(2);
    expect(texts(model.getState())).toEqual(['two', 'three']);
    expect(watches.get('/var/log/app.log')!.options.lastEventId).toBe('1:3');
    line('/var/log/app.log', 'four');
    expect(texts(model.getState())).toEqual(['two', 'three', 'four']);
    expect(watchStatusText(model.getState())).toBe('Live');
  });

  it('pause freezes the view and counts what came; resume shows it all', async () => {
    const { client, line } = fakeClient({ a: ['x'] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([{ instance_id: 'vm', path: 'a' }]);
    await model.follow(10);
    model.pause();
    line('a', 'y');
    line('a', 'z');
    expect(texts(model.getState())).toEqual(['x']);
    expect(watchStatusText(model.getState())).toBe('Paused: 2 new lines since. Resume to show them.');
    model.resume();
    expect(texts(model.getState())).toEqual(['x', 'y', 'z']);
    expect(model.getState().paused).toBe(false);
  });

  it('keeps the newest lines up to its bound and says how many it let go', async () => {
    const { client, line } = fakeClient({ a: [] });
    const model = createLiveWatchViewModel({ client, bufferLines: 3 });
    model.setSources([{ instance_id: 'vm', path: 'a' }]);
    await model.follow(10);
    for (const t of ['1', '2', '3', '4', '5']) line('a', t);
    expect(texts(model.getState())).toEqual(['3', '4', '5']);
    expect(model.getState().lines.dropped).toBe(2);
  });

  it('says it reconnects, then that it is back, and the next line clears the note', async () => {
    const { client, watches, line } = fakeClient({ a: [] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([{ instance_id: 'vm', path: 'a' }]);
    await model.follow(10);
    const { options } = watches.get('a')!;
    options.onReconnecting!(1, new Error('down'), 1000);
    expect(model.getState().notice).toEqual({ tone: 'info', text: OPS_TEXTS.reconnecting });
    expect(watchStatusText(model.getState())).toBe('Reconnecting');
    expect(model.getState().watching).toBe(true);
    options.onReconnected!();
    expect(model.getState().notice?.text).toBe(OPS_TEXTS.reconnected);
    line('a', 'back');
    expect(model.getState().notice).toBe(null);
  });

  it('a merged tail tags each line with its source and a colour that stays with the label', async () => {
    const { client, line } = fakeClient({ 'app.log': ['a1'], 'db.log': ['d1'] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([
      { instance_id: 'vm', path: 'app.log' },
      { instance_id: 'vm', path: 'db.log' },
    ]);
    await model.follow(10);
    line('db.log', 'd2');
    line('app.log', 'a2');
    expect(texts(model.getState())).toEqual(['app.log| a1', 'db.log| d1', 'db.log| d2', 'app.log| a2']);
    const colours = model.getState().sources.map((s) => s.colour);
    expect(colours).toEqual([sourceColour('app.log'), sourceColour('db.log')]);
    expect(sourceColour('app.log')).toBe(sourceColour('app.log'));
    // sources on two instances are labelled with the instance
    model.setSources([
      { instance_id: 'i-1', path: 'app.log' },
      { instance_id: 'i-2', path: 'app.log' },
    ]);
    expect(model.getState().sources.map((s) => s.label)).toEqual(['i-1:app.log', 'i-2:app.log']);
  });

  it('one source failing says so and the others go on', async () => {
    const { client, watches, line } = fakeClient({
      'app.log': [],
      'gone.log': [],
      'db.log': new ApiError({ status: 404, error: 'No such file', call: 'GET /api/tail' }),
    });
    const model = createLiveWatchViewModel({ client });
    model.setSources(['app.log', 'gone.log', 'db.log'].map((path) => ({ instance_id: 'vm', path })));
    await model.follow(10);
    expect(model.getState().sources[2]).toMatchObject({ status: 'failed', text: `${OPS_TEXTS.contentFailed}: No such file` });
    watches.get('gone.log')!.options.onEvent({ type: 'message', id: '', data: { error: 'the file left the log directories' } } as never);
    expect(model.getState().sources[1].status).toBe('failed');
    expect(model.getState().notice?.tone).toBe('error');
    expect(model.getState().notice?.text).toContain('gone.log: Watching error: the file left the log directories');
    line('app.log', 'still here');
    expect(texts(model.getState())).toEqual(['app.log| still here']);
    expect(model.getState().watching).toBe(true);
    expect(watchStatusText(model.getState())).toBe('Live 1 of 3 sources · gone.log failed · db.log failed');
  });

  it('a watch that gives up says the connection is lost, and stop ends every source quietly', async () => {
    const { client, watches } = fakeClient({ a: [], b: [] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([
      { instance_id: 'vm', path: 'a' },
      { instance_id: 'vm', path: 'b' },
    ]);
    await model.follow(10);
    watches.get('a')!.end.reject(new ApiError({ status: 0, error: 'down', call: 'GET /api/watch' }));
    await settle();
    expect(model.getState().sources[0]).toMatchObject({ status: 'failed', text: OPS_TEXTS.connectionLost });
    expect(model.getState().watching).toBe(true);
    model.stop();
    await settle();
    expect(model.getState().watching).toBe(false);
    expect(model.getState().sources[1]).toMatchObject({ status: 'ended', text: null });
    expect(watches.get('b')!.options.signal!.aborted).toBe(true);
  });

  it('filters go to the server, and changing them while following reads again and follows with them', async () => {
    const { client, watches, tails } = fakeClient({ a: ['x'] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([{ instance_id: 'vm', path: 'a' }]);
    await model.follow(10);
    const first = watches.get('a')!;
    await model.setFilters({ include: '/err(or)?/', exclude: 'debug' }, 10);
    expect(first.options.signal!.aborted).toBe(true);
    expect(tails.at(-1)).toMatchObject({ grep: '/err(or)?/', exclude: 'debug' });
    expect(watches.get('a')!.file).toMatchObject({ grep: '/err(or)?/', exclude: 'debug' });
    expect(model.getState().watching).toBe(true);
    // blank filters are not sent
    await model.setFilters({ include: ' ', exclude: '' }, 10);
    expect(tails.at(-1)?.grep).toBe(undefined);
  });

  it('a cut line and a rotation are marked, and a marker is not counted as a new line while paused', async () => {
    const { client, watches } = fakeClient({ a: [] });
    const model = createLiveWatchViewModel({ client });
    model.setSources([{ instance_id: 'vm', path: 'a' }]);
    await model.follow(10);
    model.pause();
    const { onEvent } = watches.get('a')!.options;
    onEvent({ type: 'reset', id: '2:0', data: { reason: 'rotated' } } as never);
    onEvent({ type: 'line', id: '2:9', data: { line: 'long', truncated: true } } as never);
    expect(model.getState().arrived).toBe(1);
    model.resume();
    expect(model.getState().shown.lines.map((l) => [l.text, l.marker])).toEqual([
      ['--- file rotated: following it from its start ---', true],
      ['long', false],
      [OPS_TEXTS.lineCut, true],
    ]);
  });
});
