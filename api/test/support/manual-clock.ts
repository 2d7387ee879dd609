import { CLOCK, type Clock } from '../../src/core/clock.js';
import type { TestApi } from './test-api.js';

/** A clock whose time moves only when the test says so; waits are recorded and end at once. */
export interface ManualClock {
  /** Moves time on (windows of the rate limits end). */
  advance(ms: number): void;
  /** The waits asked for since the last call, in order (and forgets them). */
  takeWaits(): number[];
}

/**
 * Puts a manual clock into a running test API (the clock its rate limits and delays read). Time
 * starts on a whole hour, so every window of a minute or an hour starts there too.
 */
export function useManualClock(t: TestApi): ManualClock {
  const clock = t.api.app.get<typeof CLOCK, Clock>(CLOCK);
  let now = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  let waits: number[] = [];
  clock.now = () => now;
  clock.sleep = async (ms) => {
    waits.push(ms);
  };
  return {
    advance: (ms) => (now += ms),
    takeWaits: () => {
      const taken = waits;
      waits = [];
      return taken;
    },
  };
}
