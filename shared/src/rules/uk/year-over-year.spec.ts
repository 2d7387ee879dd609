import { describe, it } from 'node:test';
import { expect } from 'expect';
import { INVERTED_METRICS, metricYearOverYear, yearOverYear } from './year-over-year.js';

describe('yearOverYear (spec 2 section 5)', () => {
  it('gives the signed percentage with one decimal', () => {
    expect(yearOverYear(112.3, 100)).toEqual({ change: expect.closeTo(12.3, 6), label: '+12.3%', good: true });
    expect(yearOverYear(96, 100)).toEqual({ change: -4, label: '-4.0%', good: false });
  });

  it('is N/A when either value is missing or zero', () => {
    const na = { change: null, label: 'N/A', good: null };
    expect(yearOverYear(null, 100)).toEqual(na);
    expect(yearOverYear(100, undefined)).toEqual(na);
    expect(yearOverYear(0, 100)).toEqual(na);
    expect(yearOverYear(100, 0)).toEqual(na);
    expect(yearOverYear(Number.NaN, 100)).toEqual(na);
  });

  it('is N/A when the signs differ, and compares two negatives by size', () => {
    expect(yearOverYear(-50, 100).label).toBe('N/A');
    expect(yearOverYear(50, -100).label).toBe('N/A');
    expect(yearOverYear(-50, -100)).toEqual({ change: 50, label: '+50.0%', good: true });
    expect(yearOverYear(-150, -100)).toEqual({ change: -50, label: '-50.0%', good: false });
  });

  it('treats no change as neutral', () => {
    expect(yearOverYear(100, 100)).toEqual({ change: 0, label: '0.0%', good: null });
  });

  it('inverts good and bad for Debt to Equity Ratio', () => {
    expect(yearOverYear(0.5, 1, { invert: true })).toEqual({ change: -50, label: '-50.0%', good: true });
    expect(yearOverYear(1.5, 1, { invert: true }).good).toBe(false);
    expect(INVERTED_METRICS.has('debt_to_equity_ratio')).toBe(true);
    expect(INVERTED_METRICS.has('Debt to Equity Ratio')).toBe(true);
    expect(metricYearOverYear('debt_to_equity_ratio', 0.5, 1).good).toBe(true);
    expect(metricYearOverYear('turnover', 0.5, 1).good).toBe(false);
  });
});
