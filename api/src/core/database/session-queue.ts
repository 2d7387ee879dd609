import type { PGlite } from '@electric-sql/pglite';

/** Frontend message types after which a connection may hand the single PGlite session over. */
const QUERY = 0x51; // 'Q' simple query: answered up to ReadyForQuery
const SYNC = 0x53; // 'S' ends an extended-protocol batch (Parse/Bind/Execute...)
const TERMINATE = 0x58; // 'X'

interface QueuedMessage {
  connectionId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

/**
 * Serialises the Postgres wire traffic of several socket connections onto PGlite's one session.
 *
 * pglite-socket's own queue only keeps a connection exclusive while a transaction is open, so the
 * Parse/Bind/Execute messages of two connections can interleave and one could run the other's
 * statement. Here a connection owns the session from its first message until the session is idle
 * again: after a simple Query or a Sync, outside a transaction, or when it goes away.
 * It implements the interface PGLiteSocketHandler expects of its `queryQueue`.
 */
export class SessionQueue {
  private readonly queue: QueuedMessage[] = [];
  private owner: number | null = null;
  private processing = false;

  constructor(private readonly db: PGlite) {}

  enqueue(connectionId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ connectionId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(connectionId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].connectionId === connectionId) {
        this.queue.splice(i, 1)[0].reject(new Error('connection closed'));
      }
    }
  }

  async clearTransactionIfNeeded(connectionId: number): Promise<void> {
    if (this.owner !== connectionId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.process();
  }

  private next(): QueuedMessage | undefined {
    const index = this.owner === null ? 0 : this.queue.findIndex((m) => m.connectionId === this.owner);
    return index >= 0 && index < this.queue.length ? this.queue.splice(index, 1)[0] : undefined;
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (data) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error as Error);
          continue;
        }
        this.owner = this.releasesSession(item.message) && !this.db.isInTransaction() ? null : item.connectionId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  private releasesSession(message: Uint8Array): boolean {
    const type = message[0];
    // The startup message has no type byte: it begins with its length, whose first byte is 0.
    return type === QUERY || type === SYNC || type === TERMINATE || type === 0;
  }
}
