import { describe, it } from 'node:test';
import { expect } from 'expect';
import { AMOUNT_PATTERN_SOURCE, moneyFromMatch, parseAmount, parseMoney } from './amounts.js';

describe('parseAmount', () => {
  const cases: [string, number][] = [
    ['10m', 10_000_000],
    ['10M', 10_000_000],
    ['£5 million', 5_000_000],
    ['1.2bn', 1_200_000_000],
    ['1.2BN', 1_200_000_000],
    ['500k', 500_000],
    ['500K', 500_000],
    ['5 thousand', 5_000],
    ['1,200', 1_200],
    ['1,234,567.89', 1_234_567.89],
    ['-3.5m', -3_500_000],
    ['€2m', 2_000_000],
    ['$1.5 billion', 1_500_000_000],
    ['250000', 250_000],
    ['0.5', 0.5],
    ['.5m', 500_000],
    ['  42  ', 42],
    ['2 millions', 2_000_000],
    ['3mn', 3_000_000],
    ['3mm', 3_000_000],
    ['1b', 1_000_000_000],
    ['1tn', 1_000_000_000_000],
    ['£-5m', -5_000_000],
    ['-£5m', -5_000_000],
    ['+7k', 7_000],
    ['\u22124k', -4_000],
    ['GBP 250,000', 250_000],
    ['10m USD', 10_000_000],
    ['5 million pounds', 5_000_000],
    ['0', 0],
    ['-0', 0],
  ];
  for (const [text, amount] of cases) {
    it(`reads "${text}" as ${amount}`, () => {
      expect(parseAmount(text)).toBe(amount);
    });
  }

  it('keeps exact decimal scaling (no 1199999999.9999998)', () => {
    expect(parseAmount('1.1m')).toBe(1_100_000);
    expect(parseAmount('0.3bn')).toBe(300_000_000);
    expect(parseAmount('2.675k')).toBe(2_675);
  });

  it('passes finite numbers through', () => {
    expect(parseAmount(12.5)).toBe(12.5);
    expect(parseAmount(Number.NaN)).toBeNull();
    expect(parseAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  const bad = [
    '',
    ' ',
    'abc',
    '10 months',
    '1,2',
    '12,34',
    '1.2.3',
    '10mx',
    'm',
    '£',
    '--5',
    '-£-5',
    '£5 euros',
    '5%',
    '1e6',
    null,
    undefined,
    {},
    true,
    'x'.repeat(200),
  ];
  for (const text of bad) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      expect(parseAmount(text)).toBeNull();
    });
  }
});

describe('parseMoney', () => {
  it('says which currency the text named', () => {
    expect(parseMoney('£5 million')).toEqual({ amount: 5_000_000, currency: 'GBP' });
    expect(parseMoney('€2m')).toEqual({ amount: 2_000_000, currency: 'EUR' });
    expect(parseMoney('$1.5 billion')).toEqual({ amount: 1_500_000_000, currency: 'USD' });
    expect(parseMoney('usd 3k')).toEqual({ amount: 3_000, currency: 'USD' });
    expect(parseMoney('4 euros')).toEqual({ amount: 4, currency: 'EUR' });
    expect(parseMoney('£2m GBP')).toEqual({ amount: 2_000_000, currency: 'GBP' });
    expect(parseMoney('10m')).toEqual({ amount: 10_000_000, currency: null });
  });

  it('refuses two different currencies', () => {
    expect(parseMoney('£5 dollars')).toBeNull();
  });

  it('exposes its pattern for finding amounts inside a sentence', () => {
    const pattern = new RegExp(AMOUNT_PATTERN_SOURCE, 'gi');
    const found = [...'turnover over £10m and profit above 500k'.matchAll(pattern)].map((m) => moneyFromMatch(m));
    expect(found).toEqual([
      { amount: 10_000_000, currency: 'GBP' },
      { amount: 500_000, currency: null },
    ]);
  });
});
