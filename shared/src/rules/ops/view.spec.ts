import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  appendBounded,
  hasOpsRole,
  instanceStateLabel,
  logWatchView,
  opsFailureText,
  opsStatusBar,
  screenStateLabel,
  screenWatchView,
} from './view.js';

describe('ops presentation (spec 1 sections 2, 4, 8)', () => {
  it('labels states, screens and roles', () => {
    expect(['running', 'stopping', 'terminated', null].map(instanceStateLabel)).toEqual(['Running', 'Stopping', 'Unknown', 'Unknown']);
    expect([screenStateLabel({ attached: true }), screenStateLabel({ attached: false })]).toEqual(['Attached', 'Detached']);
    expect(['ops', 'admin', 'analyst', null].map(hasOpsRole)).toEqual([true, true, false, false]);
  });

  it("writes the catalogue's messages with the answer's text", () => {
    expect(opsFailureText('Failed to fetch log files', 'Not Found')).toBe('Failed to fetch log files: Not Found');
    expect(opsFailureText('Search failed', '  ')).toBe('Search failed');
    expect(logWatchView({ type: 'message', data: { error: 'file is gone' } })).toEqual({
      kind: 'error',
      text: 'Watching error: file is gone',
    });
    expect(screenWatchView({ type: 'message', data: { error: 'screen ended' } })).toEqual({
      kind: 'error',
      text: 'Watching error: screen ended',
    });
  });

  it('shows lines, rotations, truncations and gaps of a watch', () => {
    expect(logWatchView({ type: 'message', data: { line: 'x', truncated: true } })).toEqual({ kind: 'line', text: 'x', truncated: true });
    expect(logWatchView({ type: 'reset', data: { reason: 'truncated', inode: '1' } }).kind).toBe('marker');
    expect(logWatchView({ type: 'reset', data: { reason: 'missing', inode: '1' } })).toEqual({
      kind: 'marker',
      text: '--- file deleted or moved away: waiting for it to come back ---',
    });
    expect(logWatchView({ type: 'reset', data: { reason: 'rotated', inode: '1' } })).toEqual({
      kind: 'marker',
      text: '--- file rotated: following it from its start ---',
    });
    expect(logWatchView({ type: 'gap', data: { skipped_bytes: 4096 } })).toEqual({
      kind: 'marker',
      text: '--- 4096 bytes skipped (too far behind) ---',
    });
  });

  it('keeps the newest lines of a live tail and counts the dropped ones', () => {
    let buffer = { lines: [] as number[], dropped: 0 };
    buffer = appendBounded(buffer, [1, 2, 3], 4);
    buffer = appendBounded(buffer, [4, 5, 6], 4);
    expect(buffer).toEqual({ lines: [3, 4, 5, 6], dropped: 2 });
  });

  it('builds the status bar from what is selected', () => {
    expect(opsStatusBar({})).toEqual(['No instance selected']);
    expect(
      opsStatusBar({
        instance: { id: 'i-0abc', name: 'large-pipeline-1' },
        file: { name: 'app.log', size: 2048 },
        lines: 10,
        watching: true,
      }),
    ).toEqual(['Instance: large-pipeline-1 (i-0abc)', 'File: app.log (2.00 KB)', '10 lines shown', 'Live']);
    expect(opsStatusBar({ instance: { id: 'local', name: 'h' }, screen: { name: 'etl', pid: 42, attached: false } })).toEqual([
      'Instance: h (local)',
      'Screen: etl (pid 42)',
      'Detached',
    ]);
  });
});
