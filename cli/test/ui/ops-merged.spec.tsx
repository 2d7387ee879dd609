/**
 * The full-screen merged tail (issue 28 §2) against a fake client at 80x24 and 120x40: files
 * marked with m (here on one instance), M opens them in one live tail, each line prefixed with
 * its source; new lines of each source arrive in order; f and F send the include and exclude
 * filters to the server; one source that fails says so while the others keep following.
 * (The shared live-watch model's own rules are specified in shared's live-watch.spec.ts.)
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { ApiError, type LogFileRef, type LogWatchEvent, type WatchOptions } from '@credence/shared';
import { fakeClient, fits, ME, renderApp } from './harness.js';

afterEach(() => cleanup());

/** The frame's text without its colour codes. */
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

const FILES = ['app.log', 'db.log', 'gone.log'];
type Watch = { file: LogFileRef; options: WatchOptions<LogWatchEvent & { id: string }> };

function mergedClient() {
  const watches: Watch[] = [];
  const tails: LogFileRef[] = [];
  const client = fakeClient({
    me: async () => ({ ...ME, role: 'ops' as const }),
    opsStatus: async () =>
      ({
        status: 'success',
        state: 'running',
        instance_status: 'ok',
        system_status: 'ok',
        instance_id: 'local',
        instance_name: 'vm',
        error: null,
        backend: 'local',
      }) as never,
    opsInstances: async () => ({ instances: [{ id: 'local', name: 'vm', state: 'running' }] }),
    opsLogs: async () => ({
      roots: ['/logs'],
      logs: FILES.map((name) => ({ name, path: `/logs/${name}`, size: 10, modified: '2026-11-29T08:00:00Z' })),
    }),
    opsTail: async (file) => {
      tails.push(file);
      if (file.path.endsWith('gone.log'))
        throw new ApiError({ status: 404, error: 'No such log file', call: 'GET /api/tail_ec2_instance' });
      return { lines: [`${file.path.slice(6, -4)} boot`], cursor: '1:0', size: 10 } as never;
    },
    watchLog: (file, options) => {
      watches.push({ file, options });
      return new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve()));
    },
  });
  const write = (path: string, line: string) =>
    [...watches]
      .reverse()
      .find((w) => w.file.path === path)!
      .options.onEvent({ type: 'line', id: '1:1', data: { line } } as never);
  return { client, watches, tails, write };
}

describe('the merged tail of the ops screen (issue 28 §2)', () => {
  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}x${rows}: m marks, M follows them in one view with each line's source; a failed source says so`, async () => {
      const { client, write } = mergedClient();
      const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }], columns, rows });
      await ui.waitFor((f) => /Running/.test(f), 'the instances');
      await ui.press('\r');
      await ui.waitFor((f) => f.includes('db.log'), 'the log files');
      await ui.press('m', 'j', 'm', 'j', 'm');
      let frame = await ui.waitFor((f) => f.includes('3 marked for a merged tail'), 'three marked');
      expect(frame.match(/^\s*›?\s*\+/gm)?.length).toBe(3);
      await ui.press('M');
      frame = await ui.waitFor((f) => plain(f).includes('[app.log] app boot') && plain(f).includes('[db.log] db boot'), 'the merged tail');
      expect(frame.replace(/\s+/g, ' ')).toContain('gone.log: Failed to fetch log content: No such log file');
      write('/logs/db.log', 'db query slow');
      write('/logs/app.log', 'app request done');
      frame = await ui.waitFor((f) => plain(f).includes('[app.log] app request done'), 'the new lines');
      expect(plain(frame).indexOf('[db.log] db query slow')).toBeLessThan(plain(frame).indexOf('[app.log] app request done'));
      expect(frame).toContain('Live 2 of 3 sources');
      expect(fits(frame, columns, rows)).toBe(true);
    });
  }

  it('f and F: the include and exclude filters go to the server, and the tail follows with them', async () => {
    const { client, tails, watches } = mergedClient();
    const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }], columns: 120, rows: 40 });
    await ui.waitFor((f) => /Running/.test(f), 'the instances');
    await ui.press('\r');
    await ui.waitFor((f) => f.includes('db.log'), 'the log files');
    await ui.press('m', 'j', 'm', 'M');
    await ui.waitFor((f) => plain(f).includes('[db.log] db boot'), 'the merged tail');
    await ui.press('f');
    await ui.waitFor((f) => f.includes('Only lines with'), 'the include field');
    await ui.type('/(slow|error)/');
    await ui.press('\r');
    await ui.press('F');
    await ui.waitFor((f) => f.includes('No lines with'), 'the exclude field');
    await ui.type('debug');
    await ui.press('\r');
    const frame = await ui.waitFor((f) => f.includes('not debug'), 'the filters in the status bar');
    expect(frame).toContain('only /(slow|error)/');
    expect(tails.at(-1)).toMatchObject({ grep: '/(slow|error)/', exclude: 'debug' });
    expect(watches.at(-1)!.file).toMatchObject({ grep: '/(slow|error)/', exclude: 'debug' });
    expect(watches.slice(0, -2).every((w) => w.options.signal?.aborted)).toBe(true);
  });
});
