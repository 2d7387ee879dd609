/**
 * The pattern rules: each looks at the tokens from one position and, when its pattern is there,
 * places what it means and answers how many tokens it used (0: not its pattern).
 */
import { parseMoney } from '../amounts.js';
import { columnLabel } from './explain.js';
import { SECTORS, sicRef } from './sectors.js';
import { sectorFromDescriptions } from './sic-words.js';
import { yearOf, yearRule } from './years.js';
import { incorporationRule, placeRule, statusRule } from './company-facts.js';
import { rankingRule } from './ranking.js';
import type { ParseState, Rule, Value } from './state.js';
import type { AmountToken, Token } from './tokens.js';
import {
  COMPARISONS,
  CURRENCY_WORDS,
  NAME_PHRASES,
  NOISE,
  SEPARATORS,
  SIGN_WORDS,
  SUFFIX_COMPARISONS,
  isWord,
  matchPhrase,
  phraseTable,
  type Comparator,
} from './vocabulary.js';

export type { Rule };

const ZERO: AmountToken = { amount: 0, currency: null, unit: null, digits: null };

const BARE_JOINERS: ReadonlySet<string> = new Set(['-', 'to', 'through']);
const BETWEEN_JOINERS: ReadonlySet<string> = new Set(['and', '-', 'to']);
const FROM_JOINERS: ReadonlySet<string> = new Set(['to', '-', 'until', 'through']);
const NO_JOINERS: ReadonlySet<string> = new Set();
const FILLERS = new Set(['of', 'about', 'around', 'roughly', 'approximately', 'approx', 'than', 'a', 'the', 'is']);

function skipFillers(tokens: readonly Token[], at: number): number {
  while (tokens[at] && tokens[at].kind === 'word' && FILLERS.has(tokens[at].text)) at++;
  return at;
}

/** "10-20m": the 10 takes the 20m's unit (and "£5-10m" the £ goes both ways). */
function lendUnit(a: AmountToken, b: AmountToken): [AmountToken, AmountToken] {
  let lo = a;
  if (!a.unit && b.unit && Math.abs(a.amount) < Math.abs(b.amount)) {
    const scaled = parseMoney(`${a.amount}${b.unit}`);
    if (scaled) lo = { ...a, amount: scaled.amount, unit: b.unit };
  }
  const currency = lo.currency ?? b.currency;
  return [
    { ...lo, currency },
    { ...b, currency },
  ];
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
};

/** An amount token, or a small number in words ("at least one charge"). */
function amountOf(t: Token | undefined): AmountToken | null {
  if (t?.kind === 'amount') return t.amount!;
  const n = t?.kind === 'word' ? NUMBER_WORDS[t.text] : undefined;
  return n === undefined ? null : { amount: n, currency: null, unit: null, digits: null };
}

/** An amount, then optionally "- / to / through" and a second amount. */
function readRange(
  tokens: readonly Token[],
  at: number,
  joiners: ReadonlySet<string>,
): { a: AmountToken; b?: AmountToken; next: number } | null {
  const first = amountOf(tokens[at]);
  if (!first) return null;
  const joiner = tokens[at + 1];
  const second = amountOf(tokens[at + 2]);
  if (joiner && (joiner.kind === 'punct' || joiner.kind === 'word') && joiners.has(joiner.text) && second) {
    const [a, b] = lendUnit(first, second);
    return { a, b, next: at + 3 };
  }
  return { a: first, next: at + 1 };
}

/** A comparison and its amount(s), from at: the value and the next position. */
function readValue(s: ParseState, at: number): { value: Value; next: number } | null {
  const tokens = s.tokens;
  const cmp = matchPhrase(tokens, at, COMPARISONS);
  if (cmp) {
    const start = skipFillers(tokens, at + cmp.length);
    // "below zero", "under nil"
    if (isWord(tokens[start], 'zero', 'nil', 'nought') && cmp.value !== 'between' && cmp.value !== 'from')
      return { value: { comparator: cmp.value as Comparator, a: ZERO, from: at, to: start }, next: start + 1 };
    const range = readRange(tokens, start, cmp.value === 'between' ? BETWEEN_JOINERS : cmp.value === 'from' ? FROM_JOINERS : NO_JOINERS);
    if (!range) return null;
    let comparator: Value['comparator'] = cmp.value === 'from' ? 'gte' : (cmp.value as Comparator);
    if (range.b) comparator = 'between';
    else if (cmp.value === 'between') return null;
    return { value: { comparator, a: range.a, b: range.b, from: at, to: range.next - 1 }, next: range.next };
  }
  // A bare number in words is only an amount next to a metric ("ten staff"), never "one" on its own.
  const range =
    tokens[at]?.kind === 'amount' || matchPhrase(tokens, at + 1, s.vocab.metrics) || s.pendingMetric
      ? readRange(tokens, at, BARE_JOINERS)
      : null;
  if (range) {
    if (range.b) return { value: { comparator: 'between', a: range.a, b: range.b, from: at, to: range.next - 1 }, next: range.next };
    const suffix = matchPhrase(tokens, range.next, SUFFIX_COMPARISONS);
    const next = range.next + (suffix?.length ?? 0);
    return { value: { comparator: suffix?.value ?? 'eq', a: range.a, from: at, to: next - 1 }, next };
  }
  const sign = matchPhrase(tokens, at, SIGN_WORDS);
  if (sign) {
    const zero: AmountToken = { amount: 0, currency: null, unit: null, digits: null };
    const value: Value = { comparator: sign.value.comparator, a: zero, sign: true, from: at, to: at + sign.length - 1 };
    // "no"/"zero" only before a metric ("no debt"); "positive"/"negative" also after one ("EBITDA positive").
    const metricNext = !!matchPhrase(tokens, at + sign.length, s.vocab.metrics);
    if (metricNext || (s.pendingMetric && sign.value.comparator !== 'eq')) return { value, next: at + sign.length };
  }
  return null;
}

export const valueRule: Rule = (s, at) => {
  const read = readValue(s, at);
  if (!read) return 0;
  const percent =
    isWord(s.tokens[read.next], '%', 'percent', 'pc') || (isWord(s.tokens[read.next], 'per') && isWord(s.tokens[read.next + 1], 'cent'));
  if (percent && s.pendingMetric && s.vocab.percent.has(s.pendingMetric.metric.id) && !read.value.sign) {
    // Gearing is a percentage: "gearing over 50%" is 50.
    s.bind(s.pendingMetric.metric, { ...read.value, percent: true });
    s.pendingMetric = null;
    return read.next + (s.tokens[read.next].text === 'per' ? 2 : 1) - at;
  }
  if (percent) {
    // No other screener column holds a percentage (margins, growth): never bind "10%" as an amount.
    s.abandonPending(at);
    s.unplaced(at, read.next, 'no screener column holds percentages');
    return read.next + 1 - at;
  }
  if (s.pendingMetric && !read.value.sign) {
    s.bind(s.pendingMetric.metric, read.value);
    s.pendingMetric = null;
  } else if (s.pendingMetric && read.value.sign && !matchPhrase(s.tokens, read.next, s.vocab.metrics)) {
    s.bind(s.pendingMetric.metric, read.value);
    s.pendingMetric = null;
  } else {
    s.resolvePendingMetric();
    s.resolvePendingValue();
    s.pendingValue = read.value;
  }
  return read.next - at;
};

export const metricRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, s.vocab.metrics);
  if (!found) return 0;
  const metric = found.value;
  if (s.pendingValue) {
    s.bind(metric, s.pendingValue);
    s.pendingValue = null;
    return found.length;
  }
  s.resolvePendingMetric();
  const before = s.tokens[at - 1];
  s.pendingMetric = {
    metric,
    from: at,
    to: at + found.length - 1,
    afterWith: isWord(before, 'with', 'having', 'has', 'reporting', 'reported'),
  };
  return found.length;
};

export const profitabilityRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, s.vocab.conditions);
  if (!found) return 0;
  const { id, comparator, label } = found.value;
  const type = comparator === 'gt' ? 'greaterThan' : comparator === 'lt' ? 'lessThan' : 'equals';
  s.place(
    id,
    { type, value: 0 },
    `${label[0].toUpperCase()}${label.slice(1)} (${columnLabel(id, s.vocab)} ${comparator === 'gt' ? 'over' : comparator === 'lt' ? 'under' : 'of'} 0)`,
  );
  return found.length;
};

/** "SIC 62012", "sic codes 62011, 62012", "SIC 62", or a bare known code "62012". */
export const sicRule: Rule = (s, at) => {
  const tokens = s.tokens;
  let k = at;
  const lead = isWord(tokens[k], 'sic');
  if (lead) k++;
  if (isWord(tokens[k], 'code', 'codes')) k++;
  if (!lead && k === at + 1) return 0;
  const digitsAt = (i: number) => (tokens[i]?.kind === 'amount' ? tokens[i].amount!.digits : null);
  const firstDigits = digitsAt(k);
  if (!firstDigits) return 0;
  if (
    !lead &&
    (firstDigits.length !== 5 || !sicRef(firstDigits) || s.pendingMetric || s.pendingValue || matchPhrase(tokens, k + 1, s.vocab.metrics))
  )
    return 0;
  const start = k;
  const refs = [];
  for (;;) {
    const digits = digitsAt(k);
    const ref = digits ? sicRef(digits) : null;
    if (!ref) {
      if (digits) s.unplaced(k, k, 'not a SIC 2007 code');
      else break;
    } else refs.push(ref);
    k++;
    if (!(isWord(tokens[k], ',', 'or', 'and') && digitsAt(k + 1))) break;
    k++;
  }
  if (k === start) return 0;
  for (const ref of refs) s.addSector(ref, at, k - 1);
  return k - at;
};

const EXCLUDERS = phraseTable<true>({
  not: true,
  excluding: true,
  exclude: true,
  except: true,
  'other than': true,
  non: true,
  outside: true,
  'apart from': true,
  'but not': true,
});

export const excludeRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, EXCLUDERS);
  if (!found) return 0;
  s.excluding = true;
  return found.length;
};

export const sectorRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, SECTORS);
  if (!found) return 0;
  s.addSector(found.value, at, at + found.length - 1);
  return found.length;
};

export const currencyRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, CURRENCY_WORDS);
  if (!found) return 0;
  s.addCurrency(found.value);
  return found.length;
};

const NAME_STOPS = new Set(['and', 'with', 'in', 'that', 'which', 'who', 'having', 'filed', 'where', 'whose', ',', ';', '(', ')']);

/** "called Acme Trading", "name starting with 'brit'", "with bakery in the name". */
export const nameRule: Rule = (s, at) => {
  const tokens = s.tokens;
  const found = matchPhrase(tokens, at, NAME_PHRASES);
  if (found) {
    let k = at + found.length;
    if (tokens[k]?.kind === 'quoted') {
      placeName(s, found.value, tokens[k].text, false);
      return k + 1 - at;
    }
    const start = k;
    while (
      tokens[k] &&
      k - start < 6 &&
      !NAME_STOPS.has(tokens[k].text) &&
      !matchPhrase(tokens, k, COMPARISONS) &&
      !matchPhrase(tokens, k, s.vocab.metrics) &&
      yearOf(tokens[k]) === null
    )
      k++;
    if (k === start) return 0;
    placeName(s, found.value, s.text(start, k - 1));
    return k - at;
  }
  // "with bakery in the name", "with 'bak' in their name".
  for (let end = at; end < at + 4 && tokens[end]; end++) {
    if (isWord(tokens[end + 1], 'in') && isWord(tokens[end + 2], 'the', 'their', 'its') && isWord(tokens[end + 3], 'name', 'names')) {
      if (tokens.slice(at, end + 1).some((t) => t.kind === 'punct' || NAME_STOPS.has(t.text))) return 0;
      placeName(s, 'contains', tokens[at].kind === 'quoted' && end === at ? tokens[at].text : s.text(at, end));
      return end + 4 - at;
    }
  }
  if (tokens[at].kind === 'quoted') {
    placeName(s, 'contains', tokens[at].text, false);
    return 1;
  }
  return 0;
};

/** Quoted names are kept as typed, spaces included ("starting with 'The '"). */
function placeName(s: ParseState, type: 'contains' | 'startsWith' | 'endsWith', name: string, trim = true): void {
  const words = { contains: 'contains', startsWith: 'starts with', endsWith: 'ends with' } as const;
  const value = trim ? name.trim() : name;
  s.place('company_name', { type, value }, `Name ${words[type]} "${value}"`);
}

export const separatorRule: Rule = (s, at) => {
  const t = s.tokens[at];
  if (!isWord(t, ...SEPARATORS)) return 0;
  s.endClause();
  return 1;
};

export const noiseRule: Rule = (s, at) => (NOISE.has(s.tokens[at].text) && s.tokens[at].kind !== 'amount' ? 1 : 0);

/** Words of the SIC descriptions, three, two or one at a time. */
export const descriptionRule: Rule = (s, at) => {
  const tokens = s.tokens;
  for (let n = 3; n >= 1; n--) {
    const window = tokens.slice(at, at + n);
    if (window.length < n || window.some((t) => t.kind !== 'word' || NOISE.has(t.text) || SEPARATORS.has(t.text))) continue;
    const ref = sectorFromDescriptions(window.map((t) => t.text));
    if (ref) {
      s.addSector(ref, at, at + n - 1);
      return n;
    }
  }
  return 0;
};

/** In the order they are tried at each position. */
export const RULES: readonly Rule[] = [
  rankingRule,
  nameRule,
  profitabilityRule,
  incorporationRule,
  yearRule,
  sicRule,
  metricRule,
  statusRule,
  valueRule,
  excludeRule,
  placeRule,
  sectorRule,
  currencyRule,
  separatorRule,
  noiseRule,
  descriptionRule,
];
