import { open, stat, type FileHandle } from 'node:fs/promises';
import { OPS_CONSTANTS, type LogWatchEvent } from '@credence/shared';
import { decodeLine } from './log-reader.js';

const NEWLINE = 0x0a;
const READ_CHUNK = 256 * 1024;
/** Events a follower keeps for clients that resume (and at most this many bytes of their lines). */
const KEPT_EVENTS = 2000;
const KEPT_BYTES = 1024 * 1024;
const SIGNATURE_BYTES = 64;

export type WatchEvent = LogWatchEvent & { id: string };

export interface FollowerListener {
  event(event: WatchEvent): void;
}

/** Where a client resumes: the `<inode>:<offset>` of the last line it has. */
export interface ResumePoint {
  inode: string;
  offset: number;
}

export function parseResumePoint(id: string | undefined): ResumePoint | null {
  const match = id ? /^(\d{1,20}):(\d{1,15})$/.exec(id.trim()) : null;
  return match ? { inode: match[1], offset: Number(match[2]) } : null;
}

interface Kept {
  /** Which file (a reset starts a new one) the event belongs to. */
  generation: number;
  end: number;
  event: WatchEvent;
  bytes: number;
}

export interface FollowerOptions {
  pollMs: number;
  maxBacklogBytes: number;
}

/**
 * One reader of one file, shared by every client watching it: follows the name as `tail -F` does
 * (a rename or a new file at the path is a rotation; a file that shrinks was truncated: both send
 * `reset` and continue from the start), sends each complete line with the id `<inode>:<offset
 * after it>`, and skips to the newest bytes with a `gap` when it falls more than maxBacklogBytes
 * behind. Polls the file's size every pollMs (as tail -F does where it cannot use inotify).
 */
export class LogFollower {
  private handle: FileHandle | null = null;
  private inode = '';
  private offset = 0;
  private partial: Buffer = Buffer.alloc(0);
  /** Skipping bytes up to the next newline: after a jump to the newest bytes (a gap), or the rest of a too long line. */
  private discarding: 'gap' | 'long' | null = null;
  private pendingGap = 0;
  private generation = 0;
  /** The last bytes read, ending at `offset`: when they change in place the file was truncated and written again. */
  private signature: Buffer = Buffer.alloc(0);
  /** The offset of the current file from which `kept` holds every line. */
  private coverStart = 0;
  private readonly kept: Kept[] = [];
  private keptBytes = 0;
  private readonly listeners = new Set<FollowerListener>();
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private stopped = false;

  constructor(
    readonly path: string,
    private readonly options: FollowerOptions,
  ) {}

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Opens the file and starts at its end, or at a resuming client's offset when it is of this file and close enough. */
  async start(resume: ResumePoint | null): Promise<void> {
    this.handle = await open(this.path, 'r');
    const info = await this.handle.stat({ bigint: true });
    this.inode = info.ino.toString();
    const size = Number(info.size);
    const resumable =
      resume && resume.inode === this.inode && resume.offset <= size && size - resume.offset <= this.options.maxBacklogBytes;
    this.offset = resumable ? resume.offset : size;
    this.coverStart = this.offset;
    this.schedule();
  }

  /** Adds a client: first what it missed since its resume point (or a reset or a gap saying what it cannot get), then the live lines. */
  attach(resumeId: string | undefined, listener: FollowerListener): () => void {
    for (const event of this.catchUp(resumeId)) listener.event(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private catchUp(resumeId: string | undefined): WatchEvent[] {
    const resume = parseResumePoint(resumeId);
    if (!resume) return [];
    const exact = this.kept.findIndex((k) => k.event.id === resumeId);
    if (exact >= 0) return this.kept.slice(exact + 1).map((k) => k.event);
    const current = this.kept.filter((k) => k.generation === this.generation);
    if (resume.inode === this.inode && resume.offset >= this.coverStart && resume.offset <= this.offset) {
      return current.filter((k) => k.end > resume.offset).map((k) => k.event);
    }
    const events: WatchEvent[] = [];
    if (resume.inode === this.inode && resume.offset < this.coverStart) {
      events.push({ type: 'gap', id: `${this.inode}:${this.coverStart}`, data: { skipped_bytes: this.coverStart - resume.offset } });
    } else {
      events.push({ type: 'reset', id: `${this.inode}:0`, data: { reason: 'resume', inode: this.inode } });
      if (this.coverStart > 0)
        events.push({ type: 'gap', id: `${this.inode}:${this.coverStart}`, data: { skipped_bytes: this.coverStart } });
    }
    return [...events, ...current.map((k) => k.event)];
  }

  /** Checks the file now (tests and the poll loop); resolves once what was there is sent. */
  check(): Promise<void> {
    this.busy ??= this.tick().finally(() => (this.busy = null));
    return this.busy;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.busy?.catch(() => undefined);
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
    this.listeners.clear();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.check()
        .catch((error: Error) => this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data: { error: error.message } }))
        .finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const info = await stat(this.path, { bigint: true }).catch(() => null);
    const inode = info?.ino.toString();
    if (!this.handle) {
      if (!info) return;
      await this.reopen('rotated');
    } else if (inode !== this.inode) {
      // Renamed away (or deleted): what was written to it before the rename is read first.
      await this.readAvailable();
      if (!info) return;
      this.flushPartial();
      await this.reopen('rotated');
    } else if (Number(info!.size) < this.offset || (await this.rewritten())) {
      this.partial = Buffer.alloc(0);
      this.signature = Buffer.alloc(0);
      this.discarding = null;
      this.offset = 0;
      this.reset('truncated');
    }
    await this.readAvailable();
  }

  private async reopen(reason: 'rotated'): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = await open(this.path, 'r').catch(() => null);
    if (!this.handle) return;
    this.inode = (await this.handle.stat({ bigint: true })).ino.toString();
    this.offset = 0;
    this.partial = Buffer.alloc(0);
    this.signature = Buffer.alloc(0);
    this.discarding = null;
    this.reset(reason);
  }

  private reset(reason: 'rotated' | 'truncated'): void {
    this.coverStart = 0;
    this.generation++;
    this.emit({ type: 'reset', id: `${this.inode}:0`, data: { reason, inode: this.inode } }, 0);
  }

  private async readAvailable(): Promise<void> {
    if (!this.handle) return;
    const size = Number((await this.handle.stat()).size);
    if (size - this.offset > this.options.maxBacklogBytes) {
      const skipTo = size - this.options.maxBacklogBytes;
      this.pendingGap += skipTo - (this.offset - this.partial.length);
      this.offset = skipTo;
      this.signature = Buffer.alloc(0);
      this.partial = Buffer.alloc(0);
      this.discarding = 'gap';
    }
    const buffer = Buffer.alloc(Math.min(READ_CHUNK, Math.max(1, size - this.offset)));
    while (this.offset < size && !this.stopped) {
      const { bytesRead } = await this.handle.read(buffer, 0, Math.min(buffer.length, size - this.offset), this.offset);
      if (bytesRead === 0) break;
      this.consume(buffer.subarray(0, bytesRead));
    }
    if (this.pendingGap > 0) this.sendGap();
  }

  /**
   * Truncated and written past the old size between two checks (copytruncate, then a burst): the
   * size alone cannot tell, the bytes before the offset can (as they are no longer those read).
   */
  private async rewritten(): Promise<boolean> {
    if (!this.handle || this.signature.length === 0) return false;
    const check = Buffer.alloc(this.signature.length);
    const { bytesRead } = await this.handle.read(check, 0, check.length, this.offset - check.length);
    return bytesRead !== check.length || !check.equals(this.signature);
  }

  private consume(chunk: Buffer): void {
    this.signature = Buffer.concat([this.signature, chunk]).subarray(-SIGNATURE_BYTES);
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, at);
      this.offset += at + 1 - start;
      start = at + 1;
      if (this.discarding) {
        if (this.discarding === 'gap') this.pendingGap += piece.length + 1;
        this.discarding = null;
        this.sendGap();
        continue;
      }
      const line = this.partial.length ? Buffer.concat([this.partial, piece]) : piece;
      this.partial = Buffer.alloc(0);
      this.sendLine(line);
    }
    const rest = chunk.subarray(start);
    this.offset += rest.length;
    if (this.discarding) {
      if (this.discarding === 'gap') this.pendingGap += rest.length;
    } else if (this.partial.length + rest.length > OPS_CONSTANTS.maxLineBytes) {
      // A line longer than the limit: its start is sent (marked truncated), the rest skipped until its end.
      this.sendLine(Buffer.concat([this.partial, rest]));
      this.partial = Buffer.alloc(0);
      this.discarding = 'long';
    } else {
      this.partial = Buffer.concat([this.partial, rest]);
    }
  }

  private sendGap(): void {
    const skipped = this.pendingGap;
    this.pendingGap = 0;
    if (skipped > 0) {
      this.coverStart = this.offset;
      this.emit({ type: 'gap', id: `${this.inode}:${this.offset}`, data: { skipped_bytes: skipped } }, 0);
    }
  }

  private flushPartial(): void {
    if (this.partial.length && !this.discarding) this.sendLine(this.partial);
    this.partial = Buffer.alloc(0);
  }

  private sendLine(bytes: Buffer): void {
    const { text, truncated } = decodeLine(bytes);
    const data = truncated || bytes.length > OPS_CONSTANTS.maxLineBytes ? { line: text, truncated: true } : { line: text };
    this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data }, text.length);
  }

  private emit(event: WatchEvent, bytes = 0): void {
    this.kept.push({ generation: this.generation, end: this.offset, event, bytes });
    this.keptBytes += bytes;
    while (this.kept.length > KEPT_EVENTS || this.keptBytes > KEPT_BYTES) {
      const dropped = this.kept.shift()!;
      this.keptBytes -= dropped.bytes;
      if (dropped.generation === this.generation) this.coverStart = Math.max(this.coverStart, dropped.end);
    }
    for (const listener of this.listeners) listener.event(event);
  }
}
