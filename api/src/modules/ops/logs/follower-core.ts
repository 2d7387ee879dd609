import { OPS_CONSTANTS, type LogWatchEvent } from '@credence/shared';
import { decodeLine } from './log-reader.js';

const NEWLINE = 0x0a;
/** Events a follower keeps for clients that resume (and at most this many bytes of their lines). */
const KEPT_EVENTS = 2000;
const KEPT_BYTES = 1024 * 1024;
/** The bytes before the offset kept to tell a file truncated and written again past its old size. */
export const SIGNATURE_BYTES = 64;

export type WatchEvent = LogWatchEvent & { id: string };

export interface FollowerListener {
  event(event: WatchEvent): void;
  /** The follower ended on its own after a last `{error}` message (its file may no longer be read): the stream ends. */
  end?(): void;
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

/**
 * What a follower of a file does with its bytes, wherever they come from (this host's file or an
 * SSM read on an instance): complete lines with the id `<inode>:<offset after it>`, `reset` for a
 * new file, `gap` for skipped bytes, a bounded record of them for clients that resume with their
 * last id, and the last bytes read (the signature) to tell a rewritten file.
 */
export abstract class FollowerCore {
  protected inode = '';
  protected offset = 0;
  protected partial: Buffer = Buffer.alloc(0);
  /** Skipping bytes up to the next newline: after a jump to the newest bytes (a gap), or the rest of a too long line. */
  protected discarding: 'gap' | 'long' | null = null;
  private pendingGap = 0;
  private generation = 0;
  /** The last bytes read, ending at `offset`: when they change in place the file was truncated and written again. */
  protected signature: Buffer = Buffer.alloc(0);
  /** The offset of the current file from which `kept` holds every line. */
  protected coverStart = 0;
  private readonly kept: Kept[] = [];
  private keptBytes = 0;
  protected readonly listeners = new Set<FollowerListener>();
  /** Ended on its own (finish): SharedReaders gives the next client a new follower, which checks the file afresh. */
  ended = false;
  private finalEvent: WatchEvent | null = null;

  constructor(protected readonly maxBacklogBytes: number) {}

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Where a new reader starts: a resuming client's offset when it is of this file and close enough, else the end. */
  protected startAt(inode: string, size: number, resume: ResumePoint | null): void {
    this.inode = inode;
    const resumable = resume && resume.inode === inode && resume.offset <= size && size - resume.offset <= this.maxBacklogBytes;
    this.offset = resumable ? resume.offset : size;
    this.coverStart = this.offset;
  }

  /** Adds a client: first what it missed since its resume point (or a reset or a gap saying what it cannot get), then the live lines. */
  attach(resumeId: string | undefined, listener: FollowerListener): () => void {
    if (this.finalEvent) {
      listener.event(this.finalEvent);
      listener.end?.();
      return () => undefined;
    }
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

  /**
   * Ends every client's watch with a last `{error}` message (the spec's "watch stops on an error
   * message"): used when the followed path no longer leads to a log file that may be read.
   */
  protected finish(error: string): void {
    if (this.ended) return;
    this.ended = true;
    this.finalEvent = { type: 'message', id: `${this.inode}:${this.offset}`, data: { error } };
    this.emit(this.finalEvent);
    for (const listener of this.listeners) listener.end?.();
    this.listeners.clear();
  }

  /** A new file (`inode`) or the same one truncated: `reset`, then its lines from the start. */
  protected restart(inode: string, reason: 'rotated' | 'truncated'): void {
    this.inode = inode;
    this.offset = 0;
    this.partial = Buffer.alloc(0);
    this.signature = Buffer.alloc(0);
    this.discarding = null;
    this.coverStart = 0;
    this.generation++;
    this.emit({ type: 'reset', id: `${this.inode}:0`, data: { reason, inode: this.inode } }, 0);
  }

  /** More than maxBacklogBytes waiting: jump to the newest bytes (the gap is sent at the next line start). */
  protected skipIfBehind(size: number): boolean {
    if (size - this.offset <= this.maxBacklogBytes) return false;
    const skipTo = size - this.maxBacklogBytes;
    this.pendingGap += skipTo - (this.offset - this.partial.length);
    this.offset = skipTo;
    this.signature = Buffer.alloc(0);
    this.partial = Buffer.alloc(0);
    this.discarding = 'gap';
    return true;
  }

  /** Whether `before` (the file's bytes ending at the offset, as read now) still ends with the signature. */
  protected rewrittenGiven(before: Buffer): boolean {
    const n = this.signature.length;
    return n > 0 && (before.length < n || !before.subarray(before.length - n).equals(this.signature));
  }

  protected consume(chunk: Buffer): void {
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

  protected sendGap(): void {
    const skipped = this.pendingGap;
    this.pendingGap = 0;
    if (skipped > 0) {
      this.coverStart = this.offset;
      this.emit({ type: 'gap', id: `${this.inode}:${this.offset}`, data: { skipped_bytes: skipped } }, 0);
    }
  }

  /** The last line of a file renamed away, even without its newline. */
  protected flushPartial(): void {
    if (this.partial.length && !this.discarding) this.sendLine(this.partial);
    this.partial = Buffer.alloc(0);
  }

  private sendLine(bytes: Buffer): void {
    const { text, truncated } = decodeLine(bytes);
    const data = truncated || bytes.length > OPS_CONSTANTS.maxLineBytes ? { line: text, truncated: true } : { line: text };
    this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data }, text.length);
  }

  protected emit(event: WatchEvent, bytes = 0): void {
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
