/**
 * The typing effect's pacing (spec 3 sections 4 and 9: the plan at 15 ms a character, the answer
 * at 20 ms; issue 27 section 5): the stream keeps the feel of typing but never holds back what has
 * arrived. Text typed at the spec's pace while the backlog is small; a growing backlog is typed
 * faster, so what has arrived shows within about `catchUpMs`; once the stream is done, whatever is
 * left shows by `finishMs` after it; `showAll` shows everything at once (a click or a key, reduced
 * motion). The web's typing hook and the terminal's chat both read it, each on its own clock.
 */

export interface TypingPacerOptions {
  /** The spec's pace: milliseconds a character. 0 or less shows everything at once. */
  msPerChar: number;
  /** The clock (performance.now in a browser); tests pass their own. */
  now: () => number;
  /** A backlog is typed fast enough to clear it in about this long (default 1000 ms). */
  catchUpMs?: number;
  /** After `finish`, everything shows within this long (default 1500 ms). */
  finishMs?: number;
  /** Characters shown at the start (a restored answer starts with all of them). */
  shown?: number;
}

export interface TypingPacer {
  /** The text has grown (or shrunk) to `total` characters. */
  setTotal(total: number): void;
  /** The text is complete (the stream's `done`, an error, a stop): what is left shows within `finishMs`. */
  finish(): void;
  /** Everything that has arrived, and all that arrives later, shows at once. */
  showAll(): void;
  /** How many characters show now. */
  shown(): number;
  /** True while characters that have arrived are still to show. */
  behind(): boolean;
}

export const TYPING_CATCH_UP_MS = 1000;
export const TYPING_FINISH_MS = 1500;

/** Whole characters of a fractional count (a sum of small steps may fall short of a whole by rounding). */
const whole = (count: number) => Math.floor(count + 1e-6);

export function createTypingPacer(options: TypingPacerOptions): TypingPacer {
  const { now, msPerChar } = options;
  const catchUpMs = options.catchUpMs ?? TYPING_CATCH_UP_MS;
  const finishMs = options.finishMs ?? TYPING_FINISH_MS;
  let total = options.shown ?? 0;
  // fractional, so frequent reads lose nothing of the pace
  let count = Math.min(options.shown ?? 0, total);
  let at = now();
  let finishBy: number | null = null;
  let instant = msPerChar <= 0;

  function advance() {
    const time = now();
    const elapsed = Math.max(0, time - at);
    at = time;
    if (instant || (finishBy !== null && time >= finishBy)) {
      count = total;
      return;
    }
    const backlog = total - count;
    if (backlog <= 0) {
      count = total;
      return;
    }
    // the spec's pace, or faster when the backlog would take longer than catchUpMs at that pace
    let rate = Math.max(1 / msPerChar, backlog / catchUpMs);
    // once done, the rest is spread over the time left before the deadline
    if (finishBy !== null) rate = Math.max(rate, backlog / (finishBy - time + elapsed));
    count = Math.min(total, count + elapsed * rate);
  }

  return {
    setTotal(next) {
      advance();
      total = Math.max(0, next);
      count = Math.min(count, total);
    },
    finish() {
      advance();
      finishBy ??= at + finishMs;
    },
    showAll() {
      instant = true;
      count = total;
    },
    shown() {
      advance();
      return whole(count);
    },
    behind() {
      advance();
      return whole(count) < total;
    },
  };
}
