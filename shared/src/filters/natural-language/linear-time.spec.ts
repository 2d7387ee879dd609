import { describe, it } from 'node:test';
import { expect } from 'expect';
import { parseMoney } from '../amounts.js';
import { convertQueryToFilters } from './parse.js';
import { tokenize } from './tokens.js';

/**
 * Property: the parser's time grows linearly with the query. For generated queries (adversarial
 * whitespace, signs, currency symbols, digits, quotes, punctuation and vocabulary) the time for a
 * query twice as long must stay near twice the time (a quadratic parser would take 4 times, the old
 * amount pattern 8 times, until V8 gave up backtracking at about 25 ms). Times are the best of several runs,
 * compared with each other rather than with a fixed budget, so a busy machine does not fail it.
 */

/** A small seeded generator (mulberry32), so a failure names an input that can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  ' ',
  ' ',
  ' ',
  '   ',
  '\t',
  '-',
  '+',
  '\u2212',
  '£',
  '$',
  '€',
  'gbp ',
  '5',
  '10',
  '1,200',
  '.5',
  ',',
  '.',
  '"',
  "'",
  '“',
  'm',
  'bn',
  ' million',
  ' pounds',
  'x',
  'revenue ',
  'over ',
  'between ',
  'and ',
  'in 2023 ',
  'london ',
  'software ',
  'not ',
  '>=',
  '%',
  '(',
  'top ',
  '-',
];

function generated(seed: number, length: number): string {
  const next = random(seed);
  let text = '';
  while (text.length < length) text += PIECES[Math.floor(next() * PIECES.length)];
  return text.slice(0, length);
}

/** Hand-made worst cases: long runs of whitespace between the parts of an amount, and repeated parts. */
const FAMILIES: Record<string, (length: number) => string> = {
  'sign, spaces, letter': (n) => '-' + ' '.repeat(n - 2) + 'x',
  'sign, spaces, symbol, spaces, letter': (n) => '- ' + ' '.repeat(n / 2 - 2) + '£' + ' '.repeat(n / 2 - 1) + 'x',
  'symbol, spaces, sign, spaces': (n) => '£' + ' '.repeat(n / 2 - 1) + '-' + '\t'.repeat(n / 2 - 1) + 'x',
  'number, spaces, no unit': (n) => '5' + ' '.repeat(n - 2) + 'q',
  'repeated signs and symbols': (n) => '-£-'.repeat(n / 3),
  'repeated dashes': (n) => '- '.repeat(n / 2),
  'repeated amounts': (n) => '5m '.repeat(Math.ceil(n / 3)).slice(0, n),
  'repeated commas': (n) => '1,'.repeat(n / 2),
  'unclosed quotes': (n) => '"a '.repeat(Math.ceil(n / 3)).slice(0, n),
  'a long real query': (n) => 'tech firms with revenue over £10m and at least 50 staff, '.repeat(Math.ceil(n / 56)).slice(0, n),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((seed) => [`generated #${seed}`, (n: number) => generated(seed, n)])),
};

function bestTime(run: () => void, repeats = 7): number {
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const start = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}

/** Doubling lengths up to 1,920 characters (the API takes 500; longer shows the trend clearly). */
const LENGTHS = [60, 120, 240, 480, 960, 1920];
/** Below this a time is mostly fixed cost and timer noise: ratios are taken against at least this. */
const FLOOR_MS = 0.1;

describe('natural-language parsing is linear in the query length', () => {
  for (const [name, make] of Object.entries(FAMILIES)) {
    it(`${name}: twice the length takes at most about twice as long`, () => {
      const queries = LENGTHS.map(make);
      convertQueryToFilters(queries[queries.length - 1]); // warm up
      const times = queries.map((query) => bestTime(() => convertQueryToFilters(query)));
      for (let i = 0; i < queries.length; i++) {
        // A bound per character, generous enough for a busy CI machine (the old pattern took 55 µs at 480).
        expect({ length: queries[i].length, microsecondsPerCharacter: Math.min(25, (times[i] * 1000) / queries[i].length) }).toEqual({
          length: queries[i].length,
          microsecondsPerCharacter: (times[i] * 1000) / queries[i].length,
        });
        if (i === 0) continue;
        // Linear: about 2 per doubling; quadratic would be 4, the old pattern took 8.
        const ratio = times[i] / Math.max(times[i - 1], FLOOR_MS);
        expect({ length: queries[i].length, ratio: Math.min(ratio, 3.5) }).toEqual({ length: queries[i].length, ratio });
      }
    });
  }

  it('reads the same amounts as before the pattern was made linear', () => {
    expect(parseMoney('- £ 5m')).toEqual({ amount: -5_000_000, currency: 'GBP' });
    expect(parseMoney('£ -5 million pounds')).toEqual({ amount: -5_000_000, currency: 'GBP' });
    expect(parseMoney('  +1,200.5 k  ')).toEqual({ amount: 1_200_500, currency: null });
    expect(parseMoney('-  ')).toBeNull();
    expect(tokenize('-' + ' '.repeat(498) + 'x').map((t) => t.kind)).toEqual(['punct', 'word']);
    expect(tokenize('over -  5m').map((t) => t.text)).toEqual(['over', '-  5m']);
  });
});
