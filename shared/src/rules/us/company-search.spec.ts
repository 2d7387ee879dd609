import { describe, it } from 'node:test';
import { expect } from 'expect';
import { fuzzyScore, searchUsCompanies, substringDistance } from './company-search.js';

const company = (title: string, ticker: string | null, cik: number, available = true) => ({
  title,
  ticker,
  cik_str: String(cik),
  available,
});
const LIST = [
  company('Apple Inc.', 'AAPL', 320193),
  company('Alphabet Inc.', 'GOOGL', 1652044),
  company('Applied Materials Inc', 'AMAT', 6951, false),
  company('Microsoft Corp', 'MSFT', 789019),
  company('Walmart Inc.', 'WMT', 104169),
];

describe('the US company search (threshold 0.3 over name, ticker and CIK)', () => {
  it('measures edits to the best substring', () => {
    expect(substringDistance('apple', 'the apple inc')).toBe(0);
    expect(substringDistance('aple', 'apple')).toBe(1);
    expect(substringDistance('xyz', 'apple')).toBe(3);
  });

  it('finds a name with a typo within the threshold and refuses one beyond it', () => {
    expect(fuzzyScore('microsfot', 'Microsoft Corp')).toBeCloseTo(2 / 9, 5);
    expect(fuzzyScore('mcrsft', 'Microsoft Corp')).toBeNull();
    expect(fuzzyScore('mcrsft', 'Microsoft Corp', 0.4)).toBeNull();
    expect(fuzzyScore('alphabt', 'Alphabet Inc.')).toBeCloseTo(1 / 7, 5);
  });

  it('puts an exact ticker or CIK first, then the closest names, companies with data before others', () => {
    expect(searchUsCompanies(LIST, 'aapl').map((c) => c.ticker)[0]).toBe('AAPL');
    expect(searchUsCompanies(LIST, '0000789019').map((c) => c.ticker)).toEqual(['MSFT']);
    expect(searchUsCompanies(LIST, 'appl').map((c) => c.ticker)).toEqual(['AAPL', 'AMAT']);
    expect(searchUsCompanies(LIST, '1041').map((c) => c.ticker)).toEqual(['WMT']);
    expect(searchUsCompanies(LIST, 'zzzz')).toEqual([]);
  });

  it('answers the first companies of the list for an empty query, up to the limit', () => {
    expect(searchUsCompanies(LIST, '  ', 2)).toHaveLength(2);
  });
});
