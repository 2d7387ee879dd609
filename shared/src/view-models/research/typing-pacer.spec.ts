import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createTypingPacer } from './typing-pacer.js';

function clock() {
  let time = 1000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** Reads the pacer every `tickMs` (as the web's 40 ms interval does) for `ms`. */
function run(pacer: ReturnType<typeof createTypingPacer>, c: ReturnType<typeof clock>, ms: number, tickMs = 40) {
  for (let t = 0; t < ms; t += tickMs) {
    c.advance(Math.min(tickMs, ms - t));
    pacer.shown();
  }
  return pacer.shown();
}

describe('typing pacer (spec 3 typing effect, issue 27 section 5)', () => {
  it("types a short text at the spec's 20 ms a character, losing nothing to frequent reads", () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
    pacer.setTotal(10);
    expect(pacer.shown()).toBe(0);
    expect(run(pacer, c, 100, 5)).toBe(5);
    expect(run(pacer, c, 100, 7)).toBe(10);
    expect(pacer.behind()).toBe(false);
  });

  it('shows the first characters within one tick of their arrival', () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
    c.advance(5000); // a long wait for the first text: no credit is saved up
    pacer.setTotal(3);
    expect(pacer.shown()).toBe(0);
    expect(run(pacer, c, 40)).toBe(2);
  });

  it('catches up with a backlog instead of holding it back at 20 ms a character', () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
    pacer.setTotal(3000); // 60 s of typing at the spec's pace
    const afterOne = run(pacer, c, 1000);
    expect(afterOne).toBeGreaterThan(1500);
    expect(run(pacer, c, 3000)).toBeGreaterThan(2900);
  });

  it('shows a finished answer wholly within 1.5 s of done, however long it is', () => {
    for (const length of [40, 3000, 200_000]) {
      const c = clock();
      const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
      pacer.setTotal(length);
      pacer.finish();
      if (length > 1000) expect(run(pacer, c, 1460)).toBeLessThan(length);
      expect(run(pacer, c, 1500)).toBe(length);
      expect(pacer.behind()).toBe(false);
    }
  });

  it('keeps typing steadily to the deadline rather than jumping at it', () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now, catchUpMs: 1e9 });
    pacer.setTotal(1500);
    pacer.finish();
    const half = run(pacer, c, 750);
    expect(half).toBeGreaterThanOrEqual(745);
    expect(half).toBeLessThanOrEqual(755);
    expect(run(pacer, c, 750)).toBe(1500);
  });

  it('a click or a key shows everything at once, and what comes later too', () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
    pacer.setTotal(500);
    run(pacer, c, 40);
    pacer.showAll();
    expect(pacer.shown()).toBe(500);
    pacer.setTotal(800);
    expect(pacer.shown()).toBe(800);
  });

  it('starts a restored answer whole, and a pace of 0 shows everything', () => {
    const c = clock();
    expect(createTypingPacer({ msPerChar: 20, now: c.now, shown: 42 }).shown()).toBe(42);
    const instant = createTypingPacer({ msPerChar: 0, now: c.now });
    instant.setTotal(9);
    expect(instant.shown()).toBe(9);
  });

  it('never shows more than has arrived when the text is replaced by a shorter one', () => {
    const c = clock();
    const pacer = createTypingPacer({ msPerChar: 20, now: c.now });
    pacer.setTotal(100);
    run(pacer, c, 400);
    pacer.setTotal(10);
    expect(pacer.shown()).toBe(10);
  });
});
