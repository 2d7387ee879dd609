import { HttpException, HttpStatus } from '@nestjs/common';

export interface SharedReader {
  readonly listenerCount: number;
  /** The reader ended on its own (a screen session that closed): the next client gets a new one. */
  readonly ended?: boolean;
  stop(): Promise<void>;
}

interface Entry<R> {
  reader: Promise<R>;
  timer: NodeJS.Timeout | null;
}

/**
 * One reader per key (a file, a screen session) shared by every client, created by the first and
 * stopped lingerMs after the last leaves (a client that reconnects at once finds it still there).
 * At most maxReaders at once: past it a new key answers 429.
 */
export class SharedReaders<R extends SharedReader> {
  private readonly entries = new Map<string, Entry<R>>();

  constructor(
    private readonly lingerMs: number,
    private readonly maxReaders: number,
    private readonly what: string,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async acquire(key: string, create: () => Promise<R>): Promise<R> {
    let entry = this.entries.get(key);
    if (entry && (await entry.reader.catch(() => null))?.ended && this.entries.get(key) === entry) {
      if (entry.timer) clearTimeout(entry.timer);
      this.entries.delete(key);
    }
    entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxReaders) {
        throw new HttpException(
          { error: `Too many ${this.what} watched at once on this instance (at most ${this.maxReaders}). Try again when a watch ends.` },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      entry = { reader: create(), timer: null };
      this.entries.set(key, entry);
      entry.reader.catch(() => this.entries.delete(key));
    }
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    return entry.reader;
  }

  /** A client left: once no client is left, the reader stops after lingerMs. */
  release(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    void entry.reader.then((reader) => {
      if (reader.listenerCount > 0 || this.entries.get(key) !== entry) return;
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = setTimeout(() => {
        if (reader.listenerCount > 0 || this.entries.get(key) !== entry) return;
        this.entries.delete(key);
        void reader.stop();
      }, this.lingerMs);
      entry.timer.unref();
    });
  }

  async stopAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) {
      if (entry.timer) clearTimeout(entry.timer);
      await entry.reader.then((reader) => reader.stop()).catch(() => undefined);
    }
  }
}

/** Open watches per user: past the limit a new one answers 429. */
export class WatchesPerUser {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  take(userId: string): () => void {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.max) {
      throw new HttpException(
        { error: `Too many live watches open: at most ${this.max} per user. Close one (another tab or terminal) and try again.` },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    this.counts.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left <= 0) this.counts.delete(userId);
      else this.counts.set(userId, left);
    };
  }
}

/**
 * One client's watch of a shared reader: counted against the user's limit, the reader made by the
 * first client of `key`, and the function that ends this client's watch (the reader lingers after the last).
 */
export async function watchShared<R extends SharedReader>(
  readers: SharedReaders<R>,
  perUser: WatchesPerUser,
  userId: string,
  key: string,
  create: () => Promise<R>,
  attach: (reader: R) => () => void,
): Promise<() => void> {
  const release = perUser.take(userId);
  try {
    const detach = attach(await readers.acquire(key, create));
    return () => {
      detach();
      release();
      readers.release(key);
    };
  } catch (error) {
    release();
    throw error;
  }
}
