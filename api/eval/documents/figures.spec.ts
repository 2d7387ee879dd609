import { describe, it } from 'node:test';
import { expect } from 'expect';
import { figureMatches, figuresIn, scaleNote, statedFigure, type Figure } from './figures.js';

const printed = (text: string) => figuresIn(text).map((f) => f.printed);
const one = (text: string): Figure => {
  const found = figuresIn(text);
  if (found.length !== 1) throw new Error(`expected one figure in "${text}", found ${JSON.stringify(found.map((f) => f.printed))}`);
  return found[0];
};

describe('figures: reading the figures of a text', () => {
  it('reads amounts with currencies, thousands separators, decimals and unit words', () => {
    expect(one('$1577.00')).toMatchObject({ value: 1577, currency: true, decimals: 2, scale: null, percent: false });
    expect(one('approximately $20 billion from the separation')).toMatchObject({ value: 20, scale: 1e9, printed: '$20 billion' });
    expect(one('US$13.2bn in cash')).toMatchObject({ value: 13.2, scale: 1e9, currency: true });
    expect(one('12,645 in millions')).toMatchObject({ value: 12645, scale: null });
    expect(one('sold 2.7 times in FY2022')).toMatchObject({ value: 2.7, printed: '2.7 times' });
    expect(one('a 24.26x turnover')).toMatchObject({ value: 24.26 });
  });

  it('reads parentheses and written signs as negatives, keeping which it was', () => {
    expect(one('Purchases of PP&E $ (1,577)')).toMatchObject({ value: -1577, parenthesised: true, currency: true, printed: '$ (1,577)' });
    expect(one('(1,577)')).toMatchObject({ value: -1577, parenthesised: true });
    expect(one('CCC of -3.7 days')).toMatchObject({ value: -3.7, parenthesised: false });
    expect(one('compared to −14.76% in FY2021')).toMatchObject({ value: -14.76, percent: true });
    expect(one('changed by +77.6%')).toMatchObject({ value: 77.6, percent: true });
    expect(one('-$3.7 million')).toMatchObject({ value: -3.7, scale: 1e6, currency: true });
  });

  it('reads percentages however they are written', () => {
    expect(one('1.9%')).toMatchObject({ value: 1.9, percent: true, decimals: 1 });
    expect(one('rose 3.5 percent')).toMatchObject({ value: 3.5, percent: true });
    expect(one('(0.6)%')).toMatchObject({ value: -0.6, percent: true, parenthesised: true });
  });

  it('leaves out years, dates, references, list numbers, footnote markers and names with digits', () => {
    expect(printed('In FY 2021 and 2022, per the FY2019 10-K and Q2 report')).toEqual([]);
    expect(printed('as of December 31, 2018 and August 30, 2023 (12/31/2018)')).toEqual([]);
    expect(printed('3M_2018_10K.pdf, page 46; see p.52, Note 9 and Item 7; a 3-year plan from 2019-2020')).toEqual([]);
    expect(printed('3M Company reported')).toEqual([]);
    expect(printed('1. Net sales(1) 5,409\n2. Cost of sales 3,200')).toEqual(['5,409', '3,200']);
  });

  it('finds the unit a question asks for or a table states', () => {
    expect(scaleNote('Answer in USD billions.')).toBe(1e9);
    expect(scaleNote('What is the FY2018 capital expenditure amount (in USD millions) for 3M?')).toBe(1e6);
    expect(scaleNote('(in millions, except per share data)')).toBe(1e6);
    expect(scaleNote('Round your answer to two decimal places.')).toBeNull();
  });
});

describe('figures: the figure an answer states', () => {
  it('is the first figure in bold, past the years and labels before it', () => {
    const answer =
      '## Answer\n\n- **Capital expenditure** (“Purchases of property, plant and equipment”), 2018: **(1,577)[^c1]** — 3M_2018_10K.pdf, page 46\n';
    expect(statedFigure(answer)).toMatchObject({ value: -1577, printed: '(1,577)' });
  });

  it('takes the unit written after it on its line when it carries none', () => {
    expect(statedFigure('**Net PP&E**, 2018: **8,738**[^c1] (in millions) — 10-K, page 52')).toMatchObject({ value: 8738, scale: 1e6 });
  });

  it('is the first figure when nothing is in bold, and none when the answer states none', () => {
    expect(statedFigure('Revenue was $5.3 billion in 2019, up from $4.9 billion.')).toMatchObject({ value: 5.3, scale: 1e9 });
    expect(statedFigure('The documents do not answer this question, so I state no figure.')).toBeNull();
  });
});

describe('figures: matching the gold figure', () => {
  const gold = (text: string) => one(text);
  const stated = (text: string) => statedFigure(text)!;

  it('accepts a figure within 1% and refuses one further off', () => {
    expect(figureMatches(gold('$1577.00'), stated('1,580'))).toBe(true);
    expect(figureMatches(gold('$1577.00'), stated('1,600'))).toBe(false);
  });

  it('matches an outflow in parentheses on its magnitude, but a written sign must agree', () => {
    expect(figureMatches(gold('$1577.00'), stated('(1,577)'))).toBe(true);
    expect(figureMatches(gold('-3.7'), stated('3.7'))).toBe(false);
    expect(figureMatches(gold('-3.7'), stated('-3.68'))).toBe(true);
  });

  it('converts units when both sides name theirs, and compares as written when one does not', () => {
    expect(figureMatches(gold('$8.70'), stated('**8,738** (in millions)'), 1e9)).toBe(true);
    expect(figureMatches(gold('$8.70'), stated('**8,738**'), 1e9)).toBe(false);
    expect(figureMatches(gold('$20 billion'), stated('$20,000 million'))).toBe(true);
    expect(figureMatches(gold('$13.2 billion'), stated('$13.2 billion'))).toBe(true);
  });

  it('equates a percentage with a fraction written without a unit, both ways', () => {
    expect(figureMatches(gold('1.9%'), stated('0.019'))).toBe(true);
    expect(figureMatches(gold('0.54'), stated('54.0%'))).toBe(true);
    expect(figureMatches(gold('0.54'), stated('45%'))).toBe(false);
    expect(figureMatches(gold('$0.54'), stated('54%'))).toBe(false);
  });

  it('accepts a figure that rounds to the gold at the decimals the gold prints', () => {
    expect(figureMatches(gold('0.01'), stated('0.0142'))).toBe(true);
    expect(figureMatches(gold('0.01'), stated('1.42%'))).toBe(true);
    expect(figureMatches(gold('0.01'), stated('0.02'))).toBe(false);
    expect(figureMatches(gold('1.9%'), stated('1.87%'))).toBe(true);
    expect(figureMatches(gold('1.9%'), stated('2.1%'))).toBe(false);
  });
});
