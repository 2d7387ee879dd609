/**
 * Latest request wins: each new request aborts the one before it, and an answer that arrives
 * for a request that is no longer the latest is ignored (a fake client may not honour abort).
 */

export interface RequestTicket {
  readonly signal: AbortSignal;
  /** True while no newer request started and nobody cancelled this one. */
  isCurrent(): boolean;
}

export interface LatestRequest {
  /** Starts a request: aborts the previous one and answers this one's ticket. */
  next(): RequestTicket;
  /** Aborts the current request (a cleared query, a disposed view model). */
  cancel(): void;
  /** True while the latest request is still out (not cancelled, not replaced). */
  active(): boolean;
}

export function createLatestRequest(): LatestRequest {
  let current: AbortController | null = null;
  return {
    next() {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      return { signal: controller.signal, isCurrent: () => current === controller && !controller.signal.aborted };
    },
    cancel() {
      current?.abort();
      current = null;
    },
    active: () => current !== null && !current.signal.aborted,
  };
}
