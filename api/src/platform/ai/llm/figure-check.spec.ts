import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { Fact } from '../engine/types.js';
import { findFigures, lastSentenceEnd, matchFigure } from './figure-check.js';

const source = { kind: 'register', company_number: '01', record: 'profile', title: 'Profile' } as const;
const fact = (value: number | string, unit: Fact['unit'] = 'GBP', printed?: string): Fact => ({
  key: `k${String(value)}`,
  label: 'x',
  value,
  unit,
  source,
  ...(printed ? { printed } : {}),
});

const texts = (text: string) => findFigures(text).map((f) => f.text);

describe('findFigures', () => {
  it('reads money, counts and percentages, and leaves years, dates, pages and list numbers alone', () => {
    expect(texts('Turnover was £12.3m in 2024, up from £9,876,543 (1,234) and 12.5% or 3 charges.')).toEqual([
      '£12.3m',
      '£9,876,543',
      '1,234',
      '12.5%',
      '3',
    ]);
    expect(texts('Made up to 31/12/2024, filed 2024-09-30 on 31 December 2024, see page 7, FY2023 and 2022-23.')).toEqual([]);
    expect(texts('1. Turnover\n2) Profit')).toEqual([]);
    expect(texts('12 months and 1st charge')).toEqual(['12']);
  });

  it('does not flag numbers the user typed', () => {
    expect(findFigures('Companies with more than 250 staff', ['250'])).toEqual([]);
  });
});

describe('matchFigure', () => {
  const facts = [fact(12_345_678, 'GBP', '12,345,678'), fact(-1_234_567), fact(0.125, 'ratio'), fact(2, 'count')];
  const match = (text: string) => matchFigure(findFigures(text)[0], facts);

  it('matches the ways a figure is written, and nothing else', () => {
    for (const written of ['£12.3m', '£12,345,678', '£12,346k', '£12m', '12.35 million', '£1.23m', '(1,234,567)', '12.5%', '2']) {
      expect({ written, matched: match(written) !== undefined }).toEqual({ written, matched: true });
    }
    for (const written of ['£12.4m', '£99m', '£12,345,679', '14%', '3', '£1.3m']) {
      expect({ written, matched: match(written) !== undefined }).toEqual({ written, matched: false });
    }
  });

  it('prefers the fact the sentence cites', () => {
    const a = fact(2, 'count');
    const b = { ...fact(2, 'count'), key: 'other' };
    expect(matchFigure(findFigures('2')[0], [a, b], [b])).toBe(b);
  });
});

describe('lastSentenceEnd', () => {
  it('cuts after a sentence or a line, never inside a decimal', () => {
    expect(lastSentenceEnd('Turnover was £12.3m')).toBe(0);
    expect(lastSentenceEnd('One. Two is £1.2')).toBe(5);
    expect(lastSentenceEnd('## Heading\nText')).toBe(11);
  });
});
