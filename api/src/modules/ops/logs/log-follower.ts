import { stat, type FileHandle } from 'node:fs/promises';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { FollowerCore, type ResumePoint } from './follower-core.js';
import type { LogRoots } from './log-roots.js';

export { parseResumePoint, type FollowerListener, type ResumePoint, type WatchEvent } from './follower-core.js';

const READ_CHUNK = 256 * 1024;

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
 * Every open, the first and each after a rotation, goes through LogRoots.open: a path that now
 * leads outside the log roots (a symlink put in its place, a directory swapped for one) or to
 * something else than a regular file ends the watch with an `{error}` message, unread.
 */
export class LogFollower extends FollowerCore {
  private handle: FileHandle | null = null;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private stopped = false;
  /** The path has no file now (deleted or moved away, nothing new there yet): said once, until a file is back. */
  private missing = false;

  constructor(
    readonly path: string,
    private readonly roots: LogRoots,
    private readonly options: FollowerOptions,
  ) {
    super(options.maxBacklogBytes);
  }

  /** Opens the file and starts at its end, or at a resuming client's offset when it is of this file and close enough. */
  async start(resume: ResumePoint | null): Promise<void> {
    const file = await this.roots.open(this.path);
    this.handle = file.handle;
    this.startAt(file.inode, file.size, resume);
    this.schedule();
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
        .catch((error: Error) => this.end(error.message))
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
      await this.reopen();
    } else if (inode !== this.inode) {
      // Renamed away (or deleted): what was written to it before the rename is read first.
      await this.readAvailable();
      if (!info) return this.sayMissing();
      this.flushPartial();
      await this.reopen();
    } else if (Number(info!.size) < this.offset || (await this.rewritten())) {
      this.restart(this.inode, 'truncated');
    }
    await this.readAvailable();
  }

  /** Tells the watchers once that the file is gone (tail -F: "has become inaccessible"); it is picked up when it returns. */
  private sayMissing(): void {
    if (this.missing) return;
    this.missing = true;
    this.emit({ type: 'reset', id: `${this.inode}:${this.offset}`, data: { reason: 'missing', inode: this.inode } });
  }

  private async reopen(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
    try {
      const file = await this.roots.open(this.path);
      this.handle = file.handle;
      this.missing = false;
      this.restart(file.inode, 'rotated');
    } catch (error) {
      // Missing (mid-rotation): waited for, as tail -F does.
      if (error instanceof NotFoundException) return;
      if (!(error instanceof BadRequestException)) throw error;
      this.end(
        `The watch of ${this.path} has ended: that path now leads outside the log directories (${this.roots.dirs.join(', ')}) ` +
          'or to something other than a log file, and nothing from it was read.',
      );
    }
  }

  /** Stops reading and ends every client's watch with `error` (clients stop on an error message). */
  private end(error: string): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    void this.handle?.close().catch(() => undefined);
    this.handle = null;
    this.finish(error);
  }

  private async readAvailable(): Promise<void> {
    if (!this.handle) return;
    const size = Number((await this.handle.stat()).size);
    this.skipIfBehind(size);
    const buffer = Buffer.alloc(Math.min(READ_CHUNK, Math.max(1, size - this.offset)));
    while (this.offset < size && !this.stopped) {
      const { bytesRead } = await this.handle.read(buffer, 0, Math.min(buffer.length, size - this.offset), this.offset);
      if (bytesRead === 0) break;
      this.consume(buffer.subarray(0, bytesRead));
    }
    this.sendGap();
  }

  /**
   * Truncated and written past the old size between two checks (copytruncate, then a burst): the
   * size alone cannot tell, the bytes before the offset can (as they are no longer those read).
   */
  private async rewritten(): Promise<boolean> {
    if (!this.handle || this.signature.length === 0) return false;
    const check = Buffer.alloc(this.signature.length);
    const { bytesRead } = await this.handle.read(check, 0, check.length, this.offset - check.length);
    return this.rewrittenGiven(check.subarray(0, bytesRead));
  }
}
