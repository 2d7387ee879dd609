import { OPS_CONSTANTS } from '@credence/shared';
import { decodeLine } from '../logs/log-reader.js';
import type { FollowerListener, ResumePoint, WatchEvent } from '../logs/log-follower.js';
import type { SharedReader } from '../shared-readers.js';
import type { RemoteRead } from '../host/host-tools.js';

const KEPT_EVENTS = 2000;

export interface RemoteFollowerOptions {
  /** The least time between the starts of two reads (one SendCommand each): at most 60000/pollMs a minute. */
  pollMs: number;
  maxBacklogBytes: number;
  read: (inode: string, offset: number) => Promise<RemoteRead>;
  now?: () => number;
}

/**
 * A file on an instance followed like `tail -F`, one read (one SSM command) at a time: the same
 * events and ids as the local follower (`<inode>:<offset>`, `reset` when the inode changes or the
 * file shrinks, `gap` when more than maxBacklogBytes are waiting). Shared by every watcher of the file.
 */
export class RemoteFollower implements SharedReader {
  private inode = '';
  private offset = 0;
  private partial: Buffer = Buffer.alloc(0);
  private skipToNewline = false;
  private readonly kept: WatchEvent[] = [];
  private readonly listeners = new Set<FollowerListener>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Reads made (each one SSM SendCommand). */
  reads = 0;

  constructor(private readonly options: RemoteFollowerOptions) {}

  get listenerCount(): number {
    return this.listeners.size;
  }

  async start(resume: ResumePoint | null): Promise<void> {
    const first = await this.options.read('0', 0);
    this.reads++;
    this.inode = first.inode;
    const resumable = resume && resume.inode === first.inode && resume.offset <= first.size;
    this.offset = resumable && first.size - resume.offset <= this.options.maxBacklogBytes ? resume.offset : first.size;
    this.schedule(0);
  }

  attach(resumeId: string | undefined, listener: FollowerListener): () => void {
    const at = resumeId ? this.kept.findIndex((event) => event.id === resumeId) : -1;
    if (at >= 0) for (const event of this.kept.slice(at + 1)) listener.event(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll(), delay);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    const now = this.options.now ?? Date.now;
    const started = now();
    let more = false;
    try {
      const got = await this.options.read(this.inode, this.offset);
      this.reads++;
      more = this.take(got);
    } catch (error) {
      this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data: { error: (error as Error).message } });
    }
    // Behind: the next read at once (still one at a time); else no sooner than pollMs after this one started.
    this.schedule(more ? 0 : Math.max(0, this.options.pollMs - (now() - started)));
  }

  /** Answers whether more bytes are waiting. */
  private take(got: RemoteRead): boolean {
    if (this.stopped) return false;
    if (got.inode !== this.inode || got.size < this.offset) {
      const reason = got.inode !== this.inode ? 'rotated' : 'truncated';
      if (reason === 'rotated' && this.partial.length && !this.skipToNewline) this.line(this.partial);
      this.inode = got.inode;
      this.offset = 0;
      this.partial = Buffer.alloc(0);
      this.skipToNewline = false;
      this.emit({ type: 'reset', id: `${this.inode}:0`, data: { reason, inode: this.inode } });
      return true;
    }
    if (got.size - this.offset > this.options.maxBacklogBytes) {
      const skipTo = got.size - this.options.maxBacklogBytes;
      const skipped = skipTo - this.offset + this.partial.length;
      this.offset = skipTo;
      this.partial = Buffer.alloc(0);
      this.skipToNewline = true;
      this.emit({ type: 'gap', id: `${this.inode}:${this.offset}`, data: { skipped_bytes: skipped } });
      return true;
    }
    this.consume(got.data);
    return this.offset < got.size;
  }

  private consume(chunk: Buffer): void {
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
      this.offset += at + 1 - start;
      const piece = chunk.subarray(start, at);
      start = at + 1;
      if (this.skipToNewline) {
        this.skipToNewline = false;
        this.partial = Buffer.alloc(0);
        continue;
      }
      this.line(this.partial.length ? Buffer.concat([this.partial, piece]) : piece);
      this.partial = Buffer.alloc(0);
    }
    const rest = chunk.subarray(start);
    this.offset += rest.length;
    if (this.skipToNewline) return;
    this.partial = Buffer.concat([this.partial, rest]);
    if (this.partial.length > OPS_CONSTANTS.maxLineBytes) {
      this.line(this.partial);
      this.partial = Buffer.alloc(0);
      this.skipToNewline = true;
    }
  }

  private line(bytes: Buffer): void {
    const { text, truncated } = decodeLine(bytes);
    this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data: truncated ? { line: text, truncated: true } : { line: text } });
  }

  private emit(event: WatchEvent): void {
    this.kept.push(event);
    if (this.kept.length > KEPT_EVENTS) this.kept.shift();
    for (const listener of this.listeners) listener.event(event);
  }
}
