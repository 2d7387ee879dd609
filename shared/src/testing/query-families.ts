/**
 * Natural-language queries built to make a parser slow if it is not linear in the query's length:
 * adversarial whitespace, signs, currency symbols, digits, quotes, punctuation and vocabulary,
 * hand-made and generated (seeded, so a failure names an input that can be replayed). Used by the
 * parser's spec (steps counted) and by api/bench/nl-linear.js (time per character). Node and
 * browser safe; exported as `@credence/shared/query-families`, never from the main entry.
 */
/** A small seeded generator (mulberry32), so a failure names an input that can be replayed. */
export function seededRandom(seed: number): () => number {
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
  const next = seededRandom(seed);
  let text = '';
  while (text.length < length) text += PIECES[Math.floor(next() * PIECES.length)];
  return text.slice(0, length);
}

/** Hand-made worst cases: long runs of whitespace between the parts of an amount, and repeated parts. */
export const QUERY_FAMILIES: Record<string, (length: number) => string> = {
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

/** Doubling lengths up to 1,920 characters (the API takes 500; longer shows the trend clearly). */
export const QUERY_LENGTHS = [60, 120, 240, 480, 960, 1920];
