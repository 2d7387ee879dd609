import { BadRequestException } from '@nestjs/common';
import { FollowerCore, type ResumePoint } from '../logs/follower-core.js';
import type { SharedReader } from '../shared-readers.js';
import type { RemoteRead } from '../host/host-tools.js';

export interface RemoteFollowerOptions {
  /** The least time between the starts of two reads (one SendCommand each): at most 60000/pollMs a minute. */
  pollMs: number;
  maxBacklogBytes: number;
  read: (inode: string, offset: number) => Promise<RemoteRead>;
  now?: () => number;
}

/**
 * A file on an instance followed like `tail -F`, one read (one SSM command) at a time, with the
 * local follower's events, ids and resume (FollowerCore): `reset` when the inode changes, the
 * file shrinks or the bytes before the offset changed (copy-truncate then more than the old size
 * written before the next read), `gap` when more than maxBacklogBytes are waiting. Shared by
 * every watcher of the file; a client resuming with `<inode>:<offset>` after the reader stopped
 * gets a new one that reads from there. Every read is confined on the instance (host-script.ts);
 * a refusal (the path now leads outside the roots) ends the watch with an `{error}` message.
 */
export class RemoteFollower extends FollowerCore implements SharedReader {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<boolean> | null = null;
  private stopped = false;
  /** Reads made (each one SSM SendCommand). */
  reads = 0;

  constructor(private readonly options: RemoteFollowerOptions) {
    super(options.maxBacklogBytes);
  }

  /** Starts at the file's end, or at a resuming client's offset when it is of this file and close enough; `poll: false` leaves reads to check(). */
  async start(resume: ResumePoint | null, poll = true): Promise<void> {
    const first = await this.options.read('0', 0);
    this.reads++;
    this.startAt(first.inode, first.size, resume);
    if (poll) this.schedule(0);
  }

  /** One read now (tests and the poll loop); answers whether more bytes are waiting. */
  check(): Promise<boolean> {
    this.busy ??= this.readOnce().finally(() => (this.busy = null));
    return this.busy;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.busy?.catch(() => undefined);
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
      more = await this.check();
    } catch (error) {
      // Refused (the path now leads outside the roots, or to no regular file): the watch ends, unread.
      if (error instanceof BadRequestException) {
        this.stopped = true;
        return this.finish(`The watch has ended: ${(error as Error).message}`);
      }
      this.emit({ type: 'message', id: `${this.inode}:${this.offset}`, data: { error: (error as Error).message } });
    }
    // Behind: the next read at once (still one at a time); else no sooner than pollMs after this one started.
    this.schedule(more ? 0 : Math.max(0, this.options.pollMs - (now() - started)));
  }

  private async readOnce(): Promise<boolean> {
    if (this.stopped) return false;
    const got = await this.options.read(this.inode, this.offset);
    this.reads++;
    return this.take(got);
  }

  /** Answers whether more bytes are waiting. */
  private take(got: RemoteRead): boolean {
    if (this.stopped) return false;
    if (got.inode !== this.inode) {
      this.flushPartial();
      this.restart(got.inode, 'rotated');
      return true;
    }
    if (got.size < this.offset || (got.before && this.rewrittenGiven(got.before))) {
      this.restart(this.inode, 'truncated');
      return true;
    }
    if (this.skipIfBehind(got.size)) return true;
    this.consume(got.data);
    this.sendGap();
    return this.offset < got.size;
  }
}
