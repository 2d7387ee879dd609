import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createManualScheduler, debounce } from './scheduler.js';

describe('createManualScheduler', () => {
  it('runs callbacks only when the clock reaches them, in time order', () => {
    const clock = createManualScheduler();
    const ran: string[] = [];
    clock.schedule(() => ran.push('late'), 200);
    clock.schedule(() => ran.push('early'), 100);
    clock.advance(99);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['early']);
    expect(clock.now()).toBe(100);
    clock.advance(100);
    expect(ran).toEqual(['early', 'late']);
    expect(clock.pending()).toBe(0);
  });

  it('cancels, and runAll runs what callbacks schedule in turn', () => {
    const clock = createManualScheduler();
    const ran: number[] = [];
    const handle = clock.schedule(() => ran.push(1), 10);
    clock.cancel(handle);
    clock.schedule(() => {
      ran.push(2);
      clock.schedule(() => ran.push(3), 50);
    }, 20);
    clock.runAll();
    expect(ran).toEqual([2, 3]);
    expect(clock.now()).toBe(70);
  });
});

describe('debounce', () => {
  it('runs once with the last arguments after the wait since the last call', () => {
    const clock = createManualScheduler();
    const runs: string[] = [];
    const d = debounce(clock, 300, (q: string) => runs.push(q));
    d.call('a');
    clock.advance(200);
    d.call('ab');
    clock.advance(299);
    expect(runs).toEqual([]);
    expect(d.isPending()).toBe(true);
    clock.advance(1);
    expect(runs).toEqual(['ab']);
    expect(d.isPending()).toBe(false);
  });

  it('flushes a waiting call now and cancels one', () => {
    const clock = createManualScheduler();
    const runs: string[] = [];
    const d = debounce(clock, 300, (q: string) => runs.push(q));
    d.flush();
    expect(runs).toEqual([]);
    d.call('x');
    d.flush();
    expect(runs).toEqual(['x']);
    d.call('y');
    d.cancel();
    clock.runAll();
    expect(runs).toEqual(['x']);
  });
});
