/**
 * Time, injected: view models debounce through a Scheduler so tests drive the clock
 * (createManualScheduler) instead of sleeping, and views use the real timers by default.
 */

export type TimerHandle = unknown;

export interface Scheduler {
  /** Runs `callback` after `ms` milliseconds; answers a handle for `cancel`. */
  schedule(callback: () => void, ms: number): TimerHandle;
  cancel(handle: TimerHandle): void;
}

/** The real clock: setTimeout / clearTimeout. */
export const realScheduler: Scheduler = {
  schedule: (callback, ms) => setTimeout(callback, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A clock that only moves when told: for tests (of the view models and of the views over them). */
export interface ManualScheduler extends Scheduler {
  /** Milliseconds advanced so far. */
  now(): number;
  /** Moves the clock on by `ms`, running every callback that falls due, in time order. */
  advance(ms: number): void;
  /** Runs every pending callback (and any they schedule), moving the clock to each. */
  runAll(): void;
  /** How many callbacks wait. */
  pending(): number;
}

export function createManualScheduler(): ManualScheduler {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const nextDue = (limit: number): number | undefined => {
    let best: number | undefined;
    for (const [id, timer] of timers) {
      if (timer.at > limit) continue;
      if (best === undefined || timer.at < timers.get(best)!.at) best = id;
    }
    return best;
  };
  const runUntil = (limit: number) => {
    for (let id = nextDue(limit); id !== undefined; id = nextDue(limit)) {
      const timer = timers.get(id)!;
      timers.delete(id);
      now = Math.max(now, timer.at);
      timer.callback();
    }
  };
  return {
    schedule(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    cancel(handle) {
      timers.delete(handle as number);
    },
    now: () => now,
    advance(ms) {
      const target = now + ms;
      runUntil(target);
      now = target;
    },
    runAll() {
      runUntil(Number.POSITIVE_INFINITY);
    },
    pending: () => timers.size,
  };
}

/** A debounced call: `call` (re)starts the wait; only the last call's arguments run. */
export interface Debounced<A extends unknown[]> {
  call(...args: A): void;
  /** Drops a waiting call. */
  cancel(): void;
  /** Runs a waiting call now (e.g. Enter pressed in a search box). */
  flush(): void;
  isPending(): boolean;
}

export function debounce<A extends unknown[]>(scheduler: Scheduler, ms: number, run: (...args: A) => void): Debounced<A> {
  let handle: TimerHandle = undefined; // TimerHandle is unknown: undefined means no call is waiting
  let waiting: A | undefined;
  const fire = () => {
    const args = waiting!;
    handle = undefined;
    waiting = undefined;
    run(...args);
  };
  return {
    call(...args) {
      if (handle !== undefined) scheduler.cancel(handle);
      waiting = args;
      handle = scheduler.schedule(fire, ms);
    },
    cancel() {
      if (handle !== undefined) scheduler.cancel(handle);
      handle = undefined;
      waiting = undefined;
    },
    flush() {
      if (handle === undefined) return;
      scheduler.cancel(handle);
      fire();
    },
    isPending: () => handle !== undefined,
  };
}
