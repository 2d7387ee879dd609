import { describe, it } from 'node:test';
import { expect } from 'expect';
import { QUERY_FAMILIES, QUERY_LENGTHS } from '../../testing/query-families.js';
import { parseMoney } from '../amounts.js';
import { convertQueryToFilters } from './parse.js';
import { tokenize, type TokenizeSteps } from './tokens.js';

/**
 * Property: the tokenizer's work grows linearly with the query. For queries built to be slow
 * (adversarial whitespace, signs, currency symbols, digits, quotes, punctuation, vocabulary) the
 * steps it counts (positions visited plus every look-ahead) stay within a few per character at
 * every length, and the parser answers. A re-scan from an earlier place (the old unclosed quote
 * looked to the end once per quote mark) shows as steps growing with the square of the length.
 * The time per character, which also covers backtracking inside the amount pattern, is measured
 * by `npm run bench:nl-linear` in api/ beside a linear baseline (docs/benchmarks.md).
 */

/** Steps per character allowed: each position is visited once and read again by at most a couple of look-aheads. */
const STEPS_PER_CHARACTER = 4;

describe('natural-language parsing is linear in the query length', () => {
  for (const [name, make] of Object.entries(QUERY_FAMILIES)) {
    it(`${name}: the tokenizer takes a bounded number of steps per character, and the parser answers`, () => {
      for (const length of QUERY_LENGTHS) {
        const query = make(length);
        const steps: TokenizeSteps = { count: 0 };
        const tokens = tokenize(query, steps);
        expect({ length, stepsPerCharacter: Math.min(STEPS_PER_CHARACTER, steps.count / query.length) }).toEqual({
          length,
          stepsPerCharacter: steps.count / query.length,
        });
        // Tokens in order, not overlapping, inside the query: nothing is read twice as two tokens.
        tokens.forEach((t, i) => expect(t.start >= (tokens[i - 1]?.end ?? 0) && t.end <= query.length && t.end > t.start).toBe(true));
        expect(convertQueryToFilters(query)).toHaveProperty('filters');
      }
    });
  }

  it('counts the quadratic case it guards against: one unclosed quote mark per word is looked for once', () => {
    const steps: TokenizeSteps = { count: 0 };
    const query = '“a '.repeat(640);
    expect(tokenize(query, steps).map((t) => t.kind)).toEqual(Array.from({ length: 1280 }, (_, i) => (i % 2 ? 'word' : 'punct')));
    expect(steps.count).toBeLessThan(STEPS_PER_CHARACTER * query.length);
  });

  it('reads the same amounts as before the pattern was made linear', () => {
    expect(parseMoney('- £ 5m')).toEqual({ amount: -5_000_000, currency: 'GBP' });
    expect(parseMoney('£ -5 million pounds')).toEqual({ amount: -5_000_000, currency: 'GBP' });
    expect(parseMoney('  +1,200.5 k  ')).toEqual({ amount: 1_200_500, currency: null });
    expect(parseMoney('-  ')).toBeNull();
    expect(tokenize('-' + ' '.repeat(498) + 'x').map((t) => t.kind)).toEqual(['punct', 'word']);
    expect(tokenize('over -  5m').map((t) => t.text)).toEqual(['over', '-  5m']);
  });
});
