/**
 * The words of the screener's natural-language queries: metrics and their synonyms (from the
 * column registry), comparisons, and the words that carry no condition. Phrases are matched
 * longest first.
 */
import { columnSpecOf, type ColumnDefinition, type NlComparator, type NlWords } from '../column-registry.js';
import { COMPANY_COLUMN_REGISTRY } from '../company-columns.js';
import type { ColumnSpec } from '../types.js';
import type { Token } from './tokens.js';

export type Comparator = NlComparator;

export interface MetricWord {
  id: string;
  /** "loss", "operating loss": amounts are magnitudes of a negative figure. */
  negative?: boolean;
}

/** A phrase table: first word → its phrases (as word lists), longest first. */
export type PhraseTable<T> = ReadonlyMap<string, readonly { words: readonly string[]; value: T }[]>;

export function phraseTable<T>(entries: Record<string, T>): PhraseTable<T> {
  const table = new Map<string, { words: string[]; value: T }[]>();
  for (const [phrase, value] of Object.entries(entries)) {
    const words = phrase.split(' ');
    const list = table.get(words[0]) ?? [];
    list.push({ words, value });
    table.set(words[0], list);
  }
  for (const list of table.values()) list.sort((a, b) => b.words.length - a.words.length);
  return table;
}

/** The token is one of these words or punctuation marks. */
export function isWord(t: Token | undefined, ...words: string[]): boolean {
  return !!t && (t.kind === 'word' || t.kind === 'punct') && words.includes(t.text);
}

/** The longest phrase of the table at tokens[at]: its value and how many tokens it spans. */
export function matchPhrase<T>(tokens: readonly Token[], at: number, table: PhraseTable<T>): { value: T; length: number } | null {
  const first = tokens[at];
  if (!first || (first.kind !== 'word' && first.kind !== 'punct')) return null;
  for (const { words, value } of table.get(first.text) ?? []) {
    let ok = true;
    for (let k = 1; k < words.length && ok; k++) {
      const t = tokens[at + k];
      ok = !!t && (t.kind === 'word' || t.kind === 'punct') && t.text === words[k];
    }
    if (ok) return { value, length: words.length };
  }
  return null;
}

/**
 * The registry's words for the parser: metric phrases, count columns ("with floating charges": at
 * least one), percent columns, whole-condition phrases ("profitable") and the explanation's names.
 * Built once per registry (the parser's is the companies screener's; tests pass a fixture).
 */
export interface NlVocabulary {
  columns: readonly ColumnSpec[];
  metrics: PhraseTable<MetricWord>;
  counts: ReadonlySet<string>;
  percent: ReadonlySet<string>;
  conditions: PhraseTable<{ id: string; comparator: Comparator; label: string }>;
  say: ReadonlyMap<string, string>;
}

const built = new WeakMap<readonly ColumnDefinition[], NlVocabulary>();

export function nlVocabulary(registry: readonly ColumnDefinition[] = COMPANY_COLUMN_REGISTRY): NlVocabulary {
  const known = built.get(registry);
  if (known) return known;
  const metrics: Record<string, MetricWord> = {};
  const conditions: Record<string, { id: string; comparator: Comparator; label: string }> = {};
  for (const { id, nl } of registry) {
    for (const word of nl?.words ?? []) metrics[word] = { id };
    for (const word of nl?.negativeWords ?? []) metrics[word] = { id, negative: true };
    for (const [phrase, c] of Object.entries(nl?.conditions ?? {})) conditions[phrase] = { id, ...c };
  }
  const ids = (test: (nl: NlWords) => boolean | undefined) => new Set(registry.filter((c) => c.nl && test(c.nl)).map((c) => c.id));
  const vocabulary: NlVocabulary = {
    columns: registry.map(columnSpecOf),
    metrics: phraseTable(metrics),
    counts: ids((nl) => nl.count),
    percent: ids((nl) => nl.percent),
    conditions: phraseTable(conditions),
    say: new Map(registry.filter((c) => c.nl?.say).map((c) => [c.id, c.nl!.say!])),
  };
  built.set(registry, vocabulary);
  return vocabulary;
}

/** Comparisons before an amount ("over 10m", "at least 50"). "between" and "from" open ranges. */
export const COMPARISONS = phraseTable<Comparator | 'between' | 'from'>({
  over: 'gt',
  above: 'gt',
  exceeding: 'gt',
  exceeds: 'gt',
  exceed: 'gt',
  'more than': 'gt',
  'greater than': 'gt',
  'higher than': 'gt',
  'bigger than': 'gt',
  'larger than': 'gt',
  'in excess of': 'gt',
  'north of': 'gt',
  '>': 'gt',
  'at least': 'gte',
  'greater than or equal to': 'gte',
  'more than or equal to': 'gte',
  'higher than or equal to': 'gte',
  'equal to or more than': 'gte',
  'equal to or greater than': 'gte',
  'over or equal to': 'gte',
  'no less than': 'gte',
  'not less than': 'gte',
  'no fewer than': 'gte',
  'not fewer than': 'gte',
  minimum: 'gte',
  'a minimum of': 'gte',
  min: 'gte',
  '>=': 'gte',
  '=>': 'gte',
  '≥': 'gte',
  under: 'lt',
  below: 'lt',
  beneath: 'lt',
  'less than': 'lt',
  'fewer than': 'lt',
  'lower than': 'lt',
  'smaller than': 'lt',
  '<': 'lt',
  'at most': 'lte',
  'less than or equal to': 'lte',
  'lower than or equal to': 'lte',
  'fewer than or equal to': 'lte',
  'equal to or less than': 'lte',
  'equal to or fewer than': 'lte',
  'under or equal to': 'lte',
  'up to': 'lte',
  'no more than': 'lte',
  'not more than': 'lte',
  'no greater than': 'lte',
  maximum: 'lte',
  'a maximum of': 'lte',
  max: 'lte',
  '<=': 'lte',
  '=<': 'lte',
  '≤': 'lte',
  exactly: 'eq',
  'equal to': 'eq',
  equals: 'eq',
  '=': 'eq',
  between: 'between',
  from: 'from',
});

/** After an amount: "10m or more", "50+", "500 and under". */
export const SUFFIX_COMPARISONS = phraseTable<Comparator>({
  '+': 'gte',
  plus: 'gte',
  'or more': 'gte',
  'or above': 'gte',
  'or over': 'gte',
  'or greater': 'gte',
  'or higher': 'gte',
  'and above': 'gte',
  'and over': 'gte',
  'and up': 'gte',
  'and upwards': 'gte',
  'or less': 'lte',
  'or fewer': 'lte',
  'or below': 'lte',
  'or under': 'lte',
  'or lower': 'lte',
  'and below': 'lte',
  'and under': 'lte',
  'and less': 'lte',
  'at most': 'lte',
  max: 'lte',
});

/** Words that carry no condition of their own. */
export const NOISE: ReadonlySet<string> = new Set(
  (
    'show me find list get give search for all any the a an of that which who whose where what are is be were was ' +
    'have has having had in on at by its their there uk u.k britain british england english scotland wales ' +
    'companies company firms firm businesses business organisations organizations entities corporations ' +
    'please i want looking look need see display return based registered limited ltd plc llp results ones those ' +
    'them they it annual annually yearly reported reporting latest recent most figures figure data also just only ' +
    'both either or but value values worth around roughly about approximately approx total level levels amount ' +
    'near located headquartered making employing employ employs turning turns turn generating generate generates revenue-wise currently filed filing filings accounts industry industries sector sectors space field . : ( ) ? ! ; ,'
  ).split(' '),
);

/** Words that end a clause: a metric waiting for its amount stops waiting. */
export const SEPARATORS: ReadonlySet<string> = new Set(['and', 'with', ',', ';', 'but', 'also', 'plus', 'while', 'where', 'whose']);

/** Signs and zero as values of the metric next to them: "positive EBITDA", "no debt", "EBITDA negative". */
export const SIGN_WORDS = phraseTable<{ comparator: Comparator; zeroIfCount?: boolean }>({
  positive: { comparator: 'gt' },
  negative: { comparator: 'lt' },
  no: { comparator: 'eq' },
  zero: { comparator: 'eq' },
  without: { comparator: 'eq' },
  'free of': { comparator: 'eq' },
});

/** Name conditions: "called X", "name starting with X". */
export const NAME_PHRASES = phraseTable<'contains' | 'startsWith' | 'endsWith'>({
  called: 'contains',
  'name :': 'contains',
  'name =': 'contains',
  named: 'contains',
  'name contains': 'contains',
  'name containing': 'contains',
  'names containing': 'contains',
  'name includes': 'contains',
  'name including': 'contains',
  'name like': 'contains',
  'name is': 'contains',
  'name of': 'contains',
  'name starting with': 'startsWith',
  'name starts with': 'startsWith',
  'names starting with': 'startsWith',
  'name beginning with': 'startsWith',
  'name begins with': 'startsWith',
  'names beginning with': 'startsWith',
  'starting with': 'startsWith',
  'starts with': 'startsWith',
  'beginning with': 'startsWith',
  'begins with': 'startsWith',
  'name ending with': 'endsWith',
  'name ends with': 'endsWith',
  'ending with': 'endsWith',
  'ends with': 'endsWith',
  'ending in': 'endsWith',
});

/** Currency words outside amounts: "in dollars", "reporting in euros". */
export const CURRENCY_WORDS = phraseTable<'GBP' | 'EUR' | 'USD'>({
  gbp: 'GBP',
  sterling: 'GBP',
  pounds: 'GBP',
  'pounds sterling': 'GBP',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  usd: 'USD',
  dollars: 'USD',
  'us dollars': 'USD',
});
