/**
 * The UI's parts on their own: the screen writer (changed lines only, capped redraws), the
 * virtual table (only visible rows and the columns that fit), line editing, and when `credence`
 * alone opens the UI.
 */
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { render } from 'ink-testing-library';
import { Box } from 'ink';
import { globalFlags, opensTui } from '../../src/main.js';
import { tuiUnavailable } from '../../src/ui/run.js';
import { ScreenWriter, visibleWidth } from '../../src/ui/screen-writer.js';
import { editText, textAt } from '../../src/ui/text-edit.js';
import { VirtualTable, visibleColumns, type TableColumn } from '../../src/ui/components/virtual-table.js';
import { follow, wrap } from '../../src/ui/text.js';
import { useFreshState, type Setter } from '../../src/ui/router.js';
import { sleep, until } from './harness.js';

class FakeTerminal extends EventEmitter {
  columns = 20;
  rows = 4;
  writes: string[] = [];
  write(data: string) {
    this.writes.push(data);
    return true;
  }
}

describe('ScreenWriter', () => {
  it('draws the first frame whole, then only the lines that changed, each at its row', () => {
    const terminal = new FakeTerminal();
    let now = 0;
    const screen = new ScreenWriter(terminal, { now: () => now });
    screen.write('one\ntwo\nthree\nfour');
    expect(terminal.writes).toHaveLength(1);
    expect(terminal.writes[0]).toContain('\u001b[2J');
    now += 100;
    screen.write('one\nTWO\nthree\nfour');
    expect(terminal.writes).toHaveLength(2);
    const second = terminal.writes[1];
    expect(second).toContain('\u001b[2;1HTWO');
    expect(second).not.toContain('one');
    expect(second).not.toContain('three');
    expect(second).not.toContain('\u001b[2J');
    expect(second.startsWith('\u001b[?2026h')).toBe(true);
    expect(second.endsWith('\u001b[?2026l')).toBe(true);
    now += 100;
    screen.write('one\nTWO\nthree\nfour');
    expect(terminal.writes).toHaveLength(2); // nothing changed: nothing written
  });

  it('caps redraws: frames within the interval fold into one trailing write of the last frame', async () => {
    const terminal = new FakeTerminal();
    const screen = new ScreenWriter(terminal, { minIntervalMs: 30 });
    screen.write('a\nb\nc\nd');
    for (let i = 0; i < 10; i++) screen.write(`a\n${i}\nc\nd`);
    expect(terminal.writes).toHaveLength(1);
    await sleep(60);
    expect(terminal.writes).toHaveLength(2);
    expect(terminal.writes[1]).toContain('\u001b[2;1H9');
    expect(screen.counts).toEqual({ frames: 11, writes: 2 });
  });

  it('does not erase after a full-width line (it would take the last cell) and redraws all after a resize', () => {
    const terminal = new FakeTerminal();
    let now = 0;
    const screen = new ScreenWriter(terminal, { now: () => now });
    const full = 'x'.repeat(20);
    screen.write(`${full}\nshort\n\n`);
    expect(terminal.writes[0]).toContain(`${full}\u001b[0m\u001b[2;1H`);
    expect(terminal.writes[0]).toContain('short\u001b[0m\u001b[K');
    let resized = 0;
    screen.on('resize', () => resized++);
    terminal.columns = 30;
    terminal.emit('resize');
    expect(resized).toBe(1);
    now += 100;
    screen.write(`${full}\nshort\n\n`);
    expect(terminal.writes[1]).toContain('\u001b[2J');
    expect(terminal.writes[1]).toContain('short');
  });

  it('counts the cells of a styled line without its escapes', () => {
    expect(visibleWidth('\u001b[1m\u001b[36mab\u001b[39m\u001b[22mc')).toBe(3);
  });
});

const COLUMNS: TableColumn[] = [
  { id: 'name', label: 'Name', width: 12 },
  { id: 'a', label: 'A', width: 8, align: 'right' },
  { id: 'b', label: 'B', width: 8, align: 'right' },
  { id: 'c', label: 'C', width: 8, align: 'right' },
  { id: 'd', label: 'D', width: 8, align: 'right' },
];
const ROWS = Array.from({ length: 100 }, (_, i) => ({
  name: `row ${i}`,
  a: String(i),
  b: String(i * 2),
  c: String(i * 3),
  d: String(i * 4),
}));

/** Reads the rendered frame's lines, for `until`. */
const frameLines = (ui: { lastFrame(): string | undefined }) => () => (ui.lastFrame() ?? '').split('\n');

function table(selected: number, focused: number, width = 40, height = 10) {
  return (
    <Box width={width} height={height}>
      <VirtualTable
        columns={COLUMNS}
        rows={ROWS}
        selected={selected}
        focusedColumn={focused}
        height={height}
        width={width}
        rowKey={(r) => r.name}
        cell={(r, c) => r[c.id as keyof typeof r]}
        headerMark={(c) => (c.id === 'a' ? ' ▲' : '')}
      />
    </Box>
  );
}

describe('VirtualTable', () => {
  it('renders only the rows that fit, following the selection', async () => {
    const ui = render(table(0, 1));
    let lines = (ui.lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toMatch(/^› row 0 /);
    expect(lines[9]).toMatch(/row 8 /);
    expect(ui.lastFrame()).not.toContain('row 9 ');
    ui.rerender(table(50, 1));
    lines = await until(frameLines(ui), (l) => /^› row 50 /.test(l[9]), 'row 50 chosen at the bottom');
    expect(lines).toHaveLength(10);
    expect(ui.lastFrame()).not.toContain('row 0 ');
    ui.rerender(table(45, 1));
    lines = await until(frameLines(ui), (l) => l.some((line) => line.startsWith('› row 45 ')), 'row 45 chosen');
    expect(lines[1]).toMatch(/^ {2}row 42 /); // still inside the window: it does not move
    expect(lines[4]).toMatch(/^› row 45 /);
    ui.rerender(table(30, 1));
    lines = await until(frameLines(ui), (l) => l.some((line) => line.startsWith('› row 30 ')), 'row 30 chosen');
    expect(lines[1]).toMatch(/^› row 30 /); // above the window's top: the window follows
    ui.unmount();
  });

  it('pins the first column and scrolls the others to show the focused one', async () => {
    const ui = render(table(0, 1));
    let header = (ui.lastFrame() ?? '').split('\n')[0];
    expect(header).toContain('Name');
    expect(header).toContain('›A ▲');
    expect(header).not.toContain('D');
    ui.rerender(table(0, 4));
    header = (await until(frameLines(ui), (l) => l[0].includes('›D'), 'column D focused'))[0];
    expect(header).toMatch(/^‹ Name/);
    expect(header).not.toMatch(/\bA\b/);
    ui.unmount();
  });

  it('computes the columns that fit and the window that shows a row', () => {
    expect(visibleColumns([10, 5, 5, 5], 1, 1, 22)).toEqual({ left: 1, shown: [0, 1, 2] });
    expect(visibleColumns([10, 5, 5, 5], 3, 1, 22)).toEqual({ left: 2, shown: [0, 2, 3] });
    expect(follow(0, 12, 10, 100)).toBe(3);
    expect(follow(10, 5, 10, 100)).toBe(5);
    expect(follow(95, 99, 10, 100)).toBe(90);
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });
});

describe('line editing', () => {
  it('types, pastes, deletes and moves like a shell prompt', () => {
    let s = textAt('');
    for (const ch of 'acme') s = editText(s, { name: ch, text: ch })!;
    expect(s).toEqual({ value: 'acme', cursor: 4 });
    s = editText(s, { name: 'backspace', text: '' })!;
    expect(s).toEqual({ value: 'acm', cursor: 3 });
    s = editText(s, { name: 'left', text: '' })!;
    s = editText(s, { name: 'X', text: 'X' })!;
    expect(s).toEqual({ value: 'acXm', cursor: 3 });
    s = editText(s, { name: 'paste', text: ' ltd\n' })!;
    expect(s.value).toBe('acX ltd m');
    s = editText(s, { name: 'ctrl-u', text: '' })!;
    expect(s).toEqual({ value: 'm', cursor: 0 });
    expect(editText(s, { name: 'enter', text: '' })).toBeNull();
    expect(editText(s, { name: 'ctrl-c', text: '' })).toBeNull();
  });
});

describe('when the UI opens', () => {
  it('opens for `credence` alone (or with global flags) in a terminal, never in a pipe, CI or with a command', () => {
    expect(opensTui([], {}, true, true)).toBe(true);
    expect(opensTui(['--api-url', 'http://x:3000', '--no-color'], {}, true, true)).toBe(true);
    expect(opensTui(['--token=abc'], {}, true, true)).toBe(true);
    expect(opensTui([], {}, true, false)).toBe(false);
    expect(opensTui([], {}, false, true)).toBe(false);
    expect(opensTui([], { CI: 'true' }, true, true)).toBe(false);
    expect(opensTui(['--json'], {}, true, true)).toBe(false);
    expect(opensTui(['screener'], {}, true, true)).toBe(false);
    expect(opensTui(['--api-url'], {}, true, true)).toBe(false);
  });

  it('reads the global flags the UI takes (and `tui`), and nothing else', () => {
    expect(globalFlags(['--api-url', 'http://x:3000', '--token=abc', '--no-color'])).toEqual({
      apiUrl: 'http://x:3000',
      token: 'abc',
      color: false,
      tui: false,
    });
    expect(globalFlags(['tui', '--api-url=http://y'])).toEqual({ apiUrl: 'http://y', tui: true });
    expect(globalFlags(['--api-url', 'tui'])).toEqual({ apiUrl: 'tui', tui: false });
    expect(globalFlags(['tui', 'tui'])).toBeNull();
    expect(globalFlags(['tui', '--json'])).toBeNull();
    expect(globalFlags(['tui', '--help'])).toBeNull();
    expect(opensTui(['tui'], {}, true, true)).toBe(false); // `credence tui` is a command, not "alone"
  });

  it('`credence tui` says why it cannot run outside a terminal', () => {
    expect(tuiUnavailable({}, true, true)).toBeNull();
    expect(tuiUnavailable({}, false, true)).toMatch(/needs a terminal/);
    expect(tuiUnavailable({ CI: '1' }, true, true)).toMatch(/CI/);
  });
});

describe('state the keys read', () => {
  it('is the last set value at once, before React has drawn it', async () => {
    let api: [number, Setter<number>, () => number] | null = null;
    function Probe() {
      api = useFreshState(3);
      return null;
    }
    const ui = render(<Probe />);
    const [drawn, set, get] = api!;
    expect(drawn).toBe(3);
    set((n) => n - 1);
    set((n) => n - 1);
    set((n) => n - 1); // three presses before any render: each sees the one before
    expect(get()).toBe(0);
    // and what React draws next
    await until(
      () => api![0],
      (drawnNow) => drawnNow === 0,
      'the drawn value',
    );
    ui.unmount();
  });
});
