/**
 * Puts Ink's frames on the terminal without flicker, at most one write per `minIntervalMs`.
 *
 * Ink runs in debug mode against this object, so every frame arrives here as plain text lines
 * (no cursor movement of its own). Each flush compares the frame with the last one drawn and
 * rewrites only the lines that changed, each at its absolute row (CSI row;1H), inside a
 * synchronized update (DEC 2026: terminals that know it show the batch at once, the others
 * ignore it). Nothing is erased before it is redrawn, so an unchanged line never blinks, and
 * the frame can use every row of the terminal. (Ink 6.8's own incremental mode draws each
 * frame one line lower than the last when the frame is shorter than the terminal.) Frames pass
 * shared terminalSafe first: only SGR reaches the terminal from them, so no text shown on screen
 * (a log line, a company or file name) can move the cursor, retitle the window or write the clipboard.
 *
 * Redraws are capped: the first change after a quiet spell is drawn at once (a key press shows
 * without delay), changes that follow within the interval are folded into one trailing frame.
 */
import { EventEmitter } from 'node:events';
import { terminalSafe } from '@credence/shared';
import { textWidth } from '../output/text.js';

const BEGIN_SYNC = '\u001b[?2026h';
const END_SYNC = '\u001b[?2026l';
const ERASE_SCREEN = '\u001b[2J';
const ERASE_LINE_END = '\u001b[K';
const HIDE_CURSOR = '\u001b[?25l';
const RESET = '\u001b[0m';
// SGR and OSC-8 links: what a line holds besides printable text
const ESCAPES = /\u001b\[[0-9;]*m|\u001b\]8;[^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** Cells a frame line covers (escape sequences take none). */
export function visibleWidth(line: string): number {
  return textWidth(line.replace(ESCAPES, ''));
}

export interface Terminal {
  columns: number;
  rows: number;
  write(data: string): unknown;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

export interface ScreenWriterOptions {
  /** Least time between two writes (default 16 ms: about 60 frames a second at most). */
  minIntervalMs?: number;
  now?: () => number;
  /** Told after each write: the frame drawn and the bytes written (benches, tests). */
  onDraw?: (frame: string, bytes: string) => void;
}

export class ScreenWriter extends EventEmitter {
  /** Ink reads these from its stdout. */
  readonly isTTY = true;
  private drawn: string[] = [];
  private pending: string | null = null;
  private lastWrite = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private clearFirst = true;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private readonly onDraw?: (frame: string, bytes: string) => void;
  /** Frames Ink rendered and writes made (for the redraw cap's bench). */
  readonly counts = { frames: 0, writes: 0 };

  constructor(
    private readonly terminal: Terminal,
    options: ScreenWriterOptions = {},
  ) {
    super();
    this.minIntervalMs = options.minIntervalMs ?? 16;
    this.now = options.now ?? (() => performance.now());
    this.onDraw = options.onDraw;
    terminal.on('resize', this.resized);
  }

  get columns(): number {
    return this.terminal.columns > 0 ? this.terminal.columns : 80;
  }

  get rows(): number {
    return this.terminal.rows > 0 ? this.terminal.rows : 24;
  }

  /** Ink's frame (debug mode writes the whole frame each time). */
  write = (frame: string): boolean => {
    this.counts.frames++;
    this.pending = frame;
    if (this.timer) return true;
    const wait = this.lastWrite + this.minIntervalMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(this.flush, wait);
    return true;
  };

  /** Draws the waiting frame now. */
  flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const frame = this.pending;
    this.pending = null;
    if (frame === null) return;
    // the last guard: Ink's and our SGR stay, any other escape or control a frame holds is shown, never acted on
    const lines = terminalSafe(frame, true).split('\n');
    const rows = this.rows;
    const columns = this.columns;
    let out = '';
    if (this.clearFirst) {
      out += HIDE_CURSOR + RESET + ERASE_SCREEN;
      this.drawn = [];
      this.clearFirst = false;
    }
    for (let row = 0; row < rows; row++) {
      const line = lines[row] ?? '';
      if (line === this.drawn[row]) continue;
      // a full-width line leaves the cursor waiting to wrap: erasing there would take its last cell
      out += `\u001b[${row + 1};1H${line}${RESET}${visibleWidth(line) < columns ? ERASE_LINE_END : ''}`;
    }
    this.drawn = lines.slice(0, rows);
    this.lastWrite = this.now();
    if (out === '') return;
    const bytes = BEGIN_SYNC + out + END_SYNC;
    this.terminal.write(bytes);
    this.counts.writes++;
    this.onDraw?.(frame, bytes);
  };

  /** After a resize the terminal's cells are not what we drew: the next frame redraws every line. */
  private resized = (): void => {
    this.clearFirst = true;
    this.emit('resize');
  };

  /** Draws what waits and stops listening to the terminal. */
  close(): void {
    this.flush();
    this.terminal.off('resize', this.resized);
  }
}
