import { describe, it } from 'node:test';
import { expect } from 'expect';
import { TURNOVER_HELP_TEXT, TURNOVER_THRESHOLDS, turnoverLevel, type TurnoverMetrics, turnoverSignal } from './turnover-signal.js';

const level = (appointments: number, terminations: number, currentDirectors: number) =>
  turnoverSignal({ appointments, terminations, currentDirectors }).level;

/** Metrics that decide "low" by the final rule; each test moves one value across a threshold. */
const base: TurnoverMetrics = {
  appointments: 2,
  terminations: 2,
  movements: 4,
  movementRatio: 0.3,
  netChangeRatio: 0,
  terminationRatio: 1,
};
const decide = (change: Partial<TurnoverMetrics>) => turnoverLevel({ ...base, ...change }).level;

describe('turnover ratios (spec 2 section 9)', () => {
  it('computes movement, net change and termination ratios', () => {
    expect(turnoverSignal({ appointments: 1, terminations: 3, currentDirectors: 8 })).toMatchObject({
      movements: 4,
      movementRatio: 0.5,
      netChangeRatio: -0.25,
      terminationRatio: 3,
    });
  });

  it('uses 9.99 as termination ratio when there are terminations but no appointments, 0 when neither', () => {
    expect(turnoverSignal({ appointments: 0, terminations: 3, currentDirectors: 5 }).terminationRatio).toBe(9.99);
    expect(turnoverSignal({ appointments: 0, terminations: 0, currentDirectors: 5 }).terminationRatio).toBe(0);
  });

  it('has no movement or net change ratio without current directors', () => {
    expect(turnoverSignal({ appointments: 1, terminations: 1, currentDirectors: 0 })).toMatchObject({
      movementRatio: null,
      netChangeRatio: null,
    });
  });

  it('states the help text thresholds', () => {
    for (const value of ['0.75', '-0.33', '2.5', '0.4', '-0.2', '1.75']) expect(TURNOVER_HELP_TEXT).toContain(value);
    expect(decide({})).toBe('low');
  });
});

describe('turnover level with current directors: low rules', () => {
  it('is low with at most one movement, whatever the ratios', () => {
    expect(level(0, 1, 1)).toBe('low');
    expect(level(0, 2, 1)).toBe('high');
    expect(decide({ movements: 1, movementRatio: 5, netChangeRatio: -5, terminationRatio: 9.99 })).toBe('low');
  });

  it('is low when the movement ratio is under 0.25 with fewer than 3 movements', () => {
    expect(level(0, 2, 9)).toBe('low'); // ratio 0.22, net -0.22 would be medium
    expect(level(0, 2, 8)).toBe('medium'); // ratio exactly 0.25
    expect(level(0, 3, 13)).toBe('medium'); // ratio 0.23 but 3 movements
    expect(decide({ movements: 2, movementRatio: 0.2499, netChangeRatio: -0.3 })).toBe('low');
    expect(decide({ movements: 2, movementRatio: 0.25, netChangeRatio: -0.3 })).toBe('medium');
  });

  it('is forced low when there are appointments but no terminations', () => {
    expect(level(4, 0, 4)).toBe('low'); // ratio 1 with 4 movements would be high
    expect(level(4, 1, 4)).toBe('high');
  });
});

describe('turnover level with current directors: high rules', () => {
  it('is high at a movement ratio of 0.75 or more with at least 4 movements', () => {
    expect(level(3, 3, 8)).toBe('high'); // exactly 0.75
    expect(level(3, 3, 9)).toBe('medium'); // 0.67
    expect(level(2, 2, 2)).toBe('high');
    expect(level(2, 1, 2)).toBe('medium'); // ratio 1.5 but only 3 movements
    expect(decide({ movementRatio: 0.75 })).toBe('high');
    expect(decide({ movementRatio: 0.7499 })).toBe('medium');
  });

  it('is high when net change is under -0.33 with at least 2 terminations', () => {
    expect(level(0, 2, 6)).toBe('high'); // -0.333
    expect(level(0, 2, 7)).toBe('medium'); // -0.286
    expect(decide({ netChangeRatio: -0.33 })).toBe('medium');
    expect(decide({ netChangeRatio: -0.3301 })).toBe('high');
    expect(decide({ netChangeRatio: -0.5, terminations: 1, appointments: 3, terminationRatio: 1 / 3 })).toBe('medium');
  });

  it('is high when the termination ratio is over 2.5 with at least 4 movements', () => {
    expect(level(1, 3, 7)).toBe('high'); // ratio 3, movement 0.57, net -0.29
    expect(level(2, 5, 10)).toBe('medium'); // exactly 2.5
    expect(decide({ terminationRatio: 2.5 })).toBe('medium');
    expect(decide({ terminationRatio: 2.5001 })).toBe('high');
    expect(decide({ terminationRatio: 3, movements: 3 })).toBe('medium');
  });
});

describe('turnover level with current directors: medium rules', () => {
  it('is medium at a movement ratio of 0.4 or more with at least 3 movements', () => {
    expect(level(3, 1, 10)).toBe('medium'); // exactly 0.4
    expect(level(3, 1, 11)).toBe('low'); // 0.36
    expect(level(1, 1, 5)).toBe('low'); // 0.4 but only 2 movements
    expect(decide({ movementRatio: 0.4 })).toBe('medium');
    expect(decide({ movementRatio: 0.3999 })).toBe('low');
    expect(decide({ movementRatio: 0.5, movements: 2 })).toBe('low');
  });

  it('is medium when net change is under -0.2 with at least 1 termination', () => {
    expect(level(0, 2, 8)).toBe('medium'); // -0.25
    expect(decide({ netChangeRatio: -0.2 })).toBe('low');
    expect(decide({ netChangeRatio: -0.2001 })).toBe('medium');
  });

  it('is medium when the termination ratio is over 1.75 with at least 3 movements', () => {
    expect(level(4, 8, 31)).toBe('medium'); // ratio 2, movement 0.39, net -0.13
    expect(level(4, 7, 28)).toBe('low'); // exactly 1.75
    expect(decide({ terminationRatio: 1.75 })).toBe('low');
    expect(decide({ terminationRatio: 1.7501 })).toBe('medium');
    expect(decide({ terminationRatio: 9.99, movements: 2, appointments: 0 })).toBe('low');
  });

  it('exposes the thresholds it applies', () => {
    expect(TURNOVER_THRESHOLDS.high).toMatchObject({ movementRatio: 0.75, netChangeRatio: -0.33, terminationRatio: 2.5 });
    expect(TURNOVER_THRESHOLDS.medium).toMatchObject({ movementRatio: 0.4, netChangeRatio: -0.2, terminationRatio: 1.75 });
  });
});

describe('turnover level without current directors', () => {
  it('is n/a without director activity', () => {
    expect(turnoverSignal({ appointments: 0, terminations: 0, currentDirectors: 0 })).toMatchObject({ level: 'n/a', movements: 0 });
  });

  it('is low with only appointments', () => {
    expect(level(2, 0, 0)).toBe('low');
  });

  it('is high when terminations are at least the appointments', () => {
    expect(level(0, 1, 0)).toBe('high');
    expect(level(2, 2, 0)).toBe('high');
    expect(level(1, 3, 0)).toBe('high');
  });

  it('is medium when appointments exceed terminations', () => {
    expect(level(3, 2, 0)).toBe('medium');
  });

  it('treats negative or missing counts as zero', () => {
    expect(level(-1, Number.NaN, -3)).toBe('n/a');
  });
});
