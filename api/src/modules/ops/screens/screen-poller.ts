import type { ScreenWatchEvent } from '@credence/shared';
import type { SharedReader } from '../shared-readers.js';

export interface ScreenListener {
  event(event: ScreenWatchEvent & { id: string }): void;
  /** The session is gone or cannot be read: the watch is over. */
  end(): void;
}

/**
 * One poller per screen session, shared by its watchers: reads the session's content every
 * pollMs and sends it when it changed (a new watcher gets the current content at once). When the
 * content cannot be read (the session ended) every watcher gets the error and the watch ends.
 */
export class ScreenPoller implements SharedReader {
  private readonly listeners = new Set<ScreenListener>();
  private last: (ScreenWatchEvent & { id: string }) | null = null;
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly pid: number,
    private readonly read: (pid: number) => Promise<string>,
    private readonly pollMs: number,
  ) {}

  get ended(): boolean {
    return this.stopped;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  async start(): Promise<void> {
    await this.poll(false);
  }

  attach(listener: ScreenListener): () => void {
    if (this.last) listener.event(this.last);
    if (this.stopped) {
      listener.end();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const listener of [...this.listeners]) listener.end();
    this.listeners.clear();
  }

  private async poll(schedule = true): Promise<void> {
    if (this.stopped) return;
    try {
      const content = await this.read(this.pid);
      if (!this.last || (this.last.data as { content?: string }).content !== content) {
        this.emit({ content });
      }
    } catch (error) {
      if (!schedule) throw error;
      this.emit({ error: (error as Error).message });
      await this.stop();
      return;
    }
    this.timer = setTimeout(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  private emit(data: { content: string } | { error: string }): void {
    this.last = { type: 'message', id: `${this.pid}:${++this.seq}`, data };
    for (const listener of this.listeners) listener.event(this.last);
  }
}
