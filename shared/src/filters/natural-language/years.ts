/** Filing years: "in 2023", "filed since 2021", "2021-2023", "before 2024", "last year", "FY2022". */
import { FILING_YEAR_OPTIONS } from '../columns.js';
import type { ParseState, Rule } from './state.js';
import type { Token } from './tokens.js';
import { COMPARISONS, SUFFIX_COMPARISONS, isWord, matchPhrase, phraseTable } from './vocabulary.js';

const YEAR_LEADS = phraseTable<'in' | 'since' | 'after' | 'before' | 'until' | 'between' | 'from'>({
  in: 'in',
  during: 'in',
  for: 'in',
  filed: 'in',
  'filed in': 'in',
  'filed during': 'in',
  'filed for': 'in',
  'filing year': 'in',
  'filing years': 'in',
  'filed between': 'between',
  'filed since': 'since',
  'filed after': 'after',
  'filed before': 'before',
  'filed from': 'from',
  'filed until': 'until',
  year: 'in',
  'financial year': 'in',
  'accounts for': 'in',
  since: 'since',
  after: 'after',
  from: 'from',
  before: 'before',
  'prior to': 'before',
  until: 'until',
  till: 'until',
  between: 'between',
});
const YEAR_SUFFIXES = phraseTable<'since' | 'until'>({
  onwards: 'since',
  'or later': 'since',
  'and later': 'since',
  'or after': 'since',
  'and after': 'since',
  'or earlier': 'until',
  'and earlier': 'until',
  'or before': 'until',
  'and before': 'until',
});

/** A four-digit year (1990-2100) typed as plain digits. */
export const yearOf = (t: Token | undefined): number | null => {
  const digits = t?.kind === 'amount' ? t.amount!.digits : null;
  return digits && digits.length === 4 && Number(digits) >= 1990 && Number(digits) <= 2100 ? Number(digits) : null;
};
const fyYear = (t: Token | undefined): number | null => {
  const m = t?.kind === 'word' ? /^fy(\d{2}|\d{4})$/.exec(t.text) : null;
  return m ? (m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1])) : null;
};

function placeYears(s: ParseState, from: number, to: number, wanted: number[]): void {
  const offered = wanted.map(String).filter((y) => FILING_YEAR_OPTIONS.includes(y));
  if (offered.length === 0) {
    s.unplaced(from, to, `filing years run from ${FILING_YEAR_OPTIONS[0]} to ${FILING_YEAR_OPTIONS[FILING_YEAR_OPTIONS.length - 1]}`);
    return;
  }
  for (const y of offered) s.years.add(y);
  if (s.yearOrder < 0) s.yearOrder = s.nextOrder();
}

const span = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, k) => a + k);
const FIRST = Number(FILING_YEAR_OPTIONS[0]);
const LAST = Number(FILING_YEAR_OPTIONS[FILING_YEAR_OPTIONS.length - 1]);

/** Dates the screener has no column for: said so rather than read as filing years. */
const OTHER_DATES = new Set(['dissolved', 'launched']);

export const yearRule: Rule = (s, at) => {
  const tokens = s.tokens;
  if (isWord(tokens[at], ...OTHER_DATES)) {
    let k = at + 1;
    while (
      k < at + 4 &&
      tokens[k] &&
      (tokens[k].kind === 'word' || tokens[k].kind === 'punct') &&
      yearOf(tokens[k]) === null &&
      !isWord(tokens[k], ',', 'and', 'with')
    )
      k++;
    if (yearOf(tokens[k]) === null) return 0;
    while (isWord(tokens[k + 1], '-', 'to', 'and', 'or', ',') && yearOf(tokens[k + 2]) !== null) k += 2;
    s.unplaced(at, k, 'the screener filters on filing year only');
    return k + 1 - at;
  }
  // Relative years: "this year", "last year", "last 3 years".
  if (isWord(tokens[at], 'this', 'last', 'previous', 'past') && isWord(tokens[at + 1], 'year')) {
    const y = tokens[at].text === 'this' ? s.currentYear : s.currentYear - 1;
    placeYears(s, at, at + 1, [y]);
    return 2;
  }
  if (isWord(tokens[at], 'last', 'past') && tokens[at + 1]?.kind === 'amount' && isWord(tokens[at + 2], 'years')) {
    const n = tokens[at + 1].amount!.amount;
    if (Number.isInteger(n) && n > 0 && n <= 20) {
      placeYears(s, at, at + 2, span(s.currentYear - n + 1, s.currentYear));
      return 3;
    }
  }
  const lead = matchPhrase(tokens, at, YEAR_LEADS);
  let k = lead ? at + lead.length : at;
  const kind = lead?.value ?? 'in';
  const first = yearOf(tokens[k]) ?? fyYear(tokens[k]);
  if (first === null) return 0;
  // A metric waiting for its amount takes "from 2000 to 5000" and bare numbers; "2023 employees" is a count.
  if ((!lead || kind === 'from' || kind === 'between') && (s.pendingMetric || s.pendingValue)) return 0;
  // "2023 employees" is a count, but "2023 turnover over 10m" names the year of the figure.
  const metric = matchPhrase(tokens, k + 1, s.vocab.metrics);
  const after = metric ? k + 1 + metric.length : -1;
  if (metric && !matchPhrase(tokens, after, COMPARISONS) && tokens[after]?.kind !== 'amount') return 0;
  if (matchPhrase(tokens, k + 1, SUFFIX_COMPARISONS)) return 0;
  let years: number[] = [first];
  k++;
  const joiner = tokens[k];
  const second = yearOf(tokens[k + 1]);
  if (
    second !== null &&
    isWord(joiner, '-', 'to', 'through', 'until', 'and') &&
    (kind !== 'in' || joiner.text !== 'and' || lead?.value === 'between')
  ) {
    years = span(Math.min(first, second), Math.max(first, second));
    k += 2;
  } else if (kind === 'in' || kind === 'between') {
    // "in 2021, 2022 and 2023", "in 2021 or 2023".
    while (isWord(tokens[k], ',', 'or', 'and') && yearOf(tokens[k + 1]) !== null) {
      years.push(yearOf(tokens[k + 1]) as number);
      k += 2;
    }
    const suffix = matchPhrase(tokens, k, YEAR_SUFFIXES);
    if (suffix && years.length === 1) {
      years = suffix.value === 'since' ? span(first, LAST) : span(FIRST, first);
      k += suffix.length;
    }
  } else if (kind === 'since' || kind === 'from') years = span(first, LAST);
  else if (kind === 'after') years = span(first + 1, LAST);
  else if (kind === 'before') years = span(FIRST, first - 1);
  else if (kind === 'until') years = span(FIRST, first);
  if (kind === 'between' && years.length === 1) return 0;
  placeYears(s, at, k - 1, years);
  return k - at;
};
