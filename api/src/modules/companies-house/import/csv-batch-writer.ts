import type { DataSource, EntityManager } from 'typeorm';
import { intersects } from './company-number-order.js';
import type { BadRow } from '../../../core/import/importer.js';

/**
 * Rows on their way to the database, with where each came from (for bad-row reports). Shared by
 * the companies-csv and psc-snapshot importers.
 */
export class Batch<T> {
  rows: T[] = [];
  lines: number[] = [];
  files: string[] = [];

  get size(): number {
    return this.rows.length;
  }

  add(row: T, file: string, line: number): void {
    this.rows.push(row);
    this.lines.push(line);
    this.files.push(file);
  }

  /** Removes and answers the first `n` rows. */
  take(n: number): Batch<T> {
    const taken = new Batch<T>();
    if (n >= this.rows.length) {
      Object.assign(taken, { rows: this.rows, lines: this.lines, files: this.files });
      this.rows = [];
      this.lines = [];
      this.files = [];
    } else {
      taken.rows = this.rows.slice(0, n);
      taken.lines = this.lines.slice(0, n);
      taken.files = this.files.slice(0, n);
      this.rows = this.rows.slice(n);
      this.lines = this.lines.slice(n);
      this.files = this.files.slice(n);
    }
    return taken;
  }

  slice(from: number, to: number): Batch<T> {
    const part = new Batch<T>();
    part.rows = this.rows.slice(from, to);
    part.lines = this.lines.slice(from, to);
    part.files = this.files.slice(from, to);
    return part;
  }
}

export interface BatchWriterOptions<T> {
  dataSource: DataSource;
  /**
   * Batches written at the same time, each in its own transaction on its own connection: 2 on
   * server Postgres (one parses while the others write), 1 on the embedded database (its pool has
   * one connection: a second transaction would wait for it).
   */
  concurrency: number;
  /**
   * Writes the batch inside its transaction; answers how many rows it wrote. `reject(i, reason)`
   * skips row i as bad (reported once the transaction commits; forgotten if it rolls back).
   */
  write(manager: EntityManager, batch: Batch<T>, reject: (index: number, reason: string) => void): Promise<number>;
  /** When given, a batch holding a key that a batch in flight also holds waits for it, so a later row always wins. */
  key?(row: T): string;
  /**
   * The same rule as `key`, for keys that can be given as numbers: the batch's keys, ascending
   * (equal keys equal numbers). Batches are then compared by merging, without a Set per batch.
   */
  sortedKeys?(batch: Batch<T>): Float64Array;
  /** Transaction-local settings (set_config(..., true)) applied at the start of every batch. */
  settings?: Record<string, string>;
  /** Rows written, as each batch commits. */
  written(count: number): void;
  /** A row the database refused (found by halving the batch that failed). */
  bad(row: BadRow): void;
}

interface InFlight {
  keys: Set<string> | null;
  sorted: Float64Array | null;
  done: Promise<void>;
}

/**
 * Writes batches, each in one transaction, up to `concurrency` at a time. Rows are checked before
 * they get here, so a batch should never fail on its data; if the database still refuses one on
 * its data (SQLSTATE class 22 or 23: a value out of range, a constraint), the batch is halved and
 * retried until the refused rows are found and reported, so that the good rows are all written.
 * Any other failure (the connection...) stops the import: the batches committed stay, and
 * re-running the import completes it idempotently.
 */
export class BatchWriter<T> {
  private readonly inFlight = new Set<InFlight>();
  private failure: unknown = null;

  constructor(private readonly options: BatchWriterOptions<T>) {}

  /** Starts writing the batch once a slot is free; answers when it has started (not finished). */
  async submit(batch: Batch<T>): Promise<void> {
    if (batch.size === 0) return;
    this.throwIfFailed();
    const { key, sortedKeys, concurrency } = this.options;
    let keys: Set<string> | null = null;
    let sorted: Float64Array | null = null;
    // The batches in flight that hold one of this batch's keys: this one starts after them.
    const before = new Set<InFlight>();
    if (sortedKeys && concurrency > 1) {
      sorted = sortedKeys(batch);
      for (const other of this.inFlight) if (other.sorted && intersects(sorted, other.sorted)) before.add(other);
    } else if (key && concurrency > 1) {
      keys = new Set<string>();
      const others = [...this.inFlight].filter((other) => other.keys);
      for (const row of batch.rows) {
        const k = key(row);
        keys.add(k);
        for (const other of others) if (other.keys!.has(k)) before.add(other);
      }
    }
    for (;;) {
      for (const other of before) if (!this.inFlight.has(other)) before.delete(other);
      if (this.inFlight.size < concurrency && before.size === 0) break;
      await Promise.race([...this.inFlight].map((other) => other.done));
      this.throwIfFailed();
    }
    const entry: InFlight = { keys, sorted, done: Promise.resolve() };
    entry.done = this.writeBatch(batch)
      .catch((error) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.inFlight.delete(entry);
      });
    this.inFlight.add(entry);
  }

  /** Waits for every batch in flight; throws the first failure. */
  async flush(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight].map((entry) => entry.done));
    this.throwIfFailed();
  }

  /** Waits for every batch in flight, ignoring failures (for clean-up after an error). */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight].map((entry) => entry.done));
  }

  private throwIfFailed(): void {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows whatever the batch threw, as it was
    if (this.failure) throw this.failure;
  }

  private async writeBatch(batch: Batch<T>): Promise<void> {
    const rejected: BadRow[] = [];
    try {
      const count = await this.options.dataSource.transaction(async (manager) => {
        rejected.length = 0;
        const settings = Object.entries(this.options.settings ?? {});
        if (settings.length) {
          // One round trip: set_config(name, value, is_local => true) is SET LOCAL.
          await manager.query(
            `SELECT ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
            settings.flat(),
          );
        }
        return this.options.write(manager, batch, (i, reason) => rejected.push({ file: batch.files[i], line: batch.lines[i], reason }));
      });
      for (const row of rejected) this.options.bad(row);
      this.options.written(count);
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (batch.size === 1) {
        this.options.bad({
          file: batch.files[0],
          line: batch.lines[0],
          reason: `the database refused the row: ${(error as Error).message}`,
        });
        return;
      }
      const half = Math.ceil(batch.size / 2);
      await this.writeBatch(batch.slice(0, half));
      await this.writeBatch(batch.slice(half, batch.size));
    }
  }
}

/** A file being read: its chunks, each fed to `push` in order (it adds rows to the batch being filled), then `end`. */
export interface ChunkedReader<C extends { bytesRead: number }> {
  chunks: AsyncIterable<C>;
  push(chunk: C): void;
  end(): void;
}

/**
 * The reading loop of the file importers: reads the files in order through `open`, which adds
 * each good row of a file to `pending` (and reports bad ones itself), submits whole batches of
 * `batchSize` to the writer as they fill, and reports progress by bytes. On the signal it stops
 * after the batch under way; otherwise it writes what is left and waits for every batch.
 */
export async function readInBatches<T>(
  files: readonly string[],
  sizes: readonly number[],
  open: (file: string, pending: Batch<T>) => ChunkedReader<{ bytesRead: number }>,
  writer: BatchWriter<T>,
  options: { batchSize: number; signal?: AbortSignal; progress(bytesDone: number, totalBytes: number): void },
): Promise<void> {
  const { batchSize, signal, progress } = options;
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const pending = new Batch<T>();
  let bytesBefore = 0;
  reading: for (let f = 0; f < files.length; f++) {
    const reader = open(files[f], pending);
    for await (const chunk of reader.chunks) {
      reader.push(chunk);
      progress(bytesBefore + chunk.bytesRead, totalBytes);
      while (pending.size >= batchSize) {
        await writer.submit(pending.take(batchSize));
        if (signal?.aborted) break reading;
      }
      if (signal?.aborted) break reading;
    }
    reader.end();
    bytesBefore += sizes[f];
  }
  if (!signal?.aborted) {
    while (pending.size > 0) await writer.submit(pending.take(batchSize));
  }
  await writer.flush();
  progress(bytesBefore, totalBytes);
}

/** Data exceptions (22xxx) and integrity constraint violations (23xxx): the rows' fault, not the database's. */
export function isDataError(error: unknown): boolean {
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } })?.code ??
    (error as { driverError?: { code?: unknown } })?.driverError?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
