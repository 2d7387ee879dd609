/**
 * Who parses next (issue 24: six hostile uploads of one analyst filled both parse slots and another
 * user's 845-byte PDF waited over 150 s). A parse takes one of `slots` (one per core); one user
 * holds at most `perUser` of them at once, so a slot stays free for everyone else; and a free slot
 * goes to the waiting user served longest ago (in turn), not to whoever queued most. A wait (or, through
 * the same signal, the parse itself) ends when the upload's client leaves.
 */
export class ParseAborted extends Error {
  constructor() {
    super('The upload was abandoned by its client before it was read.');
  }
}

interface Waiter {
  user: string;
  start: () => void;
}

export class ParseSlots {
  private readonly running = new Map<string, number>();
  private total = 0;
  /** Each waiting user's queue. */
  private readonly queues = new Map<string, Waiter[]>();
  /** When each user last started a parse (a count of starts): the one served longest ago goes first. */
  private readonly served = new Map<string, number>();
  private starts = 0;

  constructor(
    private readonly slots: number,
    private readonly perUser: number,
  ) {}

  /** Waits for a slot for `user`; answers its release. Rejects with ParseAborted when `signal` aborts first. */
  take(user: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new ParseAborted());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        user,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.count(user, 1);
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.count(user, -1);
            this.next();
          });
        },
      };
      const onAbort = () => {
        const queue = this.queues.get(user);
        const at = queue?.indexOf(waiter) ?? -1;
        if (queue && at >= 0) {
          queue.splice(at, 1);
          if (!queue.length) this.queues.delete(user);
        }
        reject(new ParseAborted());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(user);
      if (queue) queue.push(waiter);
      else this.queues.set(user, [waiter]);
      this.next();
    });
  }

  /** Parses running and waiting (for a test or a health report). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const queue of this.queues.values()) waiting += queue.length;
    return { running: this.total, waiting };
  }

  private count(user: string, delta: number): void {
    const now = (this.running.get(user) ?? 0) + delta;
    if (now > 0) this.running.set(user, now);
    else {
      this.running.delete(user);
      if (!this.queues.has(user)) this.served.delete(user); // nothing left to be fair about
    }
    this.total += delta;
  }

  /** Starts waiters while slots are free: of the users who hold fewer than perUser, the one served longest ago. */
  private next(): void {
    while (this.total < this.slots) {
      let user: string | undefined;
      for (const candidate of this.queues.keys()) {
        if ((this.running.get(candidate) ?? 0) >= this.perUser) continue;
        if (user === undefined || (this.served.get(candidate) ?? -1) < (this.served.get(user) ?? -1)) user = candidate;
      }
      if (user === undefined) return;
      const queue = this.queues.get(user)!;
      const waiter = queue.shift()!;
      if (!queue.length) this.queues.delete(user);
      this.served.set(user, this.starts++);
      waiter.start();
    }
  }
}
