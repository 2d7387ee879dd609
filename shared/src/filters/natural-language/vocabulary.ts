/**
 * The words of the screener's natural-language queries: metrics and their synonyms, comparisons,
 * and the words that carry no condition. Phrases are matched longest first.
 */
import type { Token } from './tokens.js';

export type Comparator = 'gt' | 'gte' | 'lt' | 'lte' | 'eq';

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

const m = (id: string, negative = false): MetricWord => (negative ? { id, negative } : { id });

export const METRICS = phraseTable<MetricWord>({
  turnover: m('turnover'),
  revenue: m('turnover'),
  revenues: m('turnover'),
  sales: m('turnover'),
  'top line': m('turnover'),
  'annual turnover': m('turnover'),
  'operating profit': m('operating_profit'),
  'operating profits': m('operating_profit'),
  'operating income': m('operating_profit'),
  'op profit': m('operating_profit'),
  ebit: m('operating_profit'),
  'operating loss': m('operating_profit', true),
  'operating losses': m('operating_profit', true),
  'net profit': m('net_profit_loss'),
  'net profits': m('net_profit_loss'),
  'net income': m('net_profit_loss'),
  'net earnings': m('net_profit_loss'),
  'bottom line': m('net_profit_loss'),
  profit: m('net_profit_loss'),
  profits: m('net_profit_loss'),
  earnings: m('net_profit_loss'),
  'net loss': m('net_profit_loss', true),
  'net losses': m('net_profit_loss', true),
  loss: m('net_profit_loss', true),
  losses: m('net_profit_loss', true),
  'profit or loss': m('net_profit_loss'),
  'profit and loss': m('net_profit_loss'),
  'profit/loss': m('net_profit_loss'),
  ebitda: m('EBITDA'),
  'total assets': m('total_assets'),
  assets: m('total_assets'),
  'total liabilities': m('total_liabilities'),
  liabilities: m('total_liabilities'),
  debt: m('total_liabilities'),
  debts: m('total_liabilities'),
  borrowings: m('total_liabilities'),
  'net debt': m('net_debt'),
  'net borrowings': m('net_debt'),
  'net cash': m('net_debt', true),
  'net liabilities': m('net_asset', true),
  deficit: m('net_asset', true),
  'shareholders deficit': m('net_asset', true),
  "shareholders' deficit": m('net_asset', true),
  'net assets': m('net_asset'),
  'net asset': m('net_asset'),
  'net worth': m('net_asset'),
  'shareholders funds': m('net_asset'),
  "shareholders' funds": m('net_asset'),
  equity: m('net_asset'),
  cash: m('cash'),
  'cash at bank': m('cash'),
  'cash balance': m('cash'),
  'cash and cash equivalents': m('cash'),
  employees: m('employee_count'),
  employee: m('employee_count'),
  'employee count': m('employee_count'),
  'number of employees': m('employee_count'),
  'number of staff': m('employee_count'),
  headcount: m('employee_count'),
  'head count': m('employee_count'),
  staff: m('employee_count'),
  'staff members': m('employee_count'),
  'members of staff': m('employee_count'),
  workforce: m('employee_count'),
  workers: m('employee_count'),
  people: m('employee_count'),
  eps: m('earnings_per_share'),
  'earnings per share': m('earnings_per_share'),
  'debt to equity': m('debt_to_equity_ratio'),
  'debt to equity ratio': m('debt_to_equity_ratio'),
  'debt/equity': m('debt_to_equity_ratio'),
  'debt/equity ratio': m('debt_to_equity_ratio'),
  'd/e': m('debt_to_equity_ratio'),
  'd/e ratio': m('debt_to_equity_ratio'),
  'de ratio': m('debt_to_equity_ratio'),
  gearing: m('gearing'),
  'gearing ratio': m('gearing'),
  geared: m('gearing'),
  'leverage ratio': m('gearing'),
  leverage: m('gearing'),
  charges: m('total_charges'),
  charge: m('total_charges'),
  'total charges': m('total_charges'),
  'registered charges': m('total_charges'),
  'outstanding charges': m('outstanding'),
  'outstanding charge': m('outstanding'),
  'charges outstanding': m('outstanding'),
  'active charges': m('outstanding'),
  'floating charges': m('floating'),
  'floating charge': m('floating'),
  'fixed charges': m('fixed'),
  'fixed charge': m('fixed'),
  'negative pledges': m('negative_pledge'),
  'negative pledge': m('negative_pledge'),
  'negative pledge clauses': m('negative_pledge'),
  'part satisfied charges': m('part_satisfied'),
  'partially satisfied charges': m('part_satisfied'),
});

/** Count columns: "with floating charges" means more than none. */
export const CHARGE_METRICS: ReadonlySet<string> = new Set([
  'total_charges',
  'outstanding',
  'fixed',
  'floating',
  'negative_pledge',
  'part_satisfied',
]);

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

/** Whole conditions in one phrase. */
export const PROFITABILITY = phraseTable<{ id: string; comparator: Comparator; label: string }>({
  profitable: { id: 'net_profit_loss', comparator: 'gt', label: 'profitable' },
  'profit making': { id: 'net_profit_loss', comparator: 'gt', label: 'profitable' },
  'in profit': { id: 'net_profit_loss', comparator: 'gt', label: 'profitable' },
  'making a profit': { id: 'net_profit_loss', comparator: 'gt', label: 'profitable' },
  unprofitable: { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  'loss making': { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  lossmaking: { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  'making a loss': { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  'making losses': { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  'in the red': { id: 'net_profit_loss', comparator: 'lt', label: 'loss-making' },
  'debt free': { id: 'total_liabilities', comparator: 'eq', label: 'debt-free' },
  'in deficit': { id: 'net_asset', comparator: 'lt', label: 'in deficit (net liabilities)' },
  'in net deficit': { id: 'net_asset', comparator: 'lt', label: 'in deficit (net liabilities)' },
  'balance sheet insolvent': { id: 'net_asset', comparator: 'lt', label: 'balance-sheet insolvent (net liabilities)' },
  'insolvent balance sheet': { id: 'net_asset', comparator: 'lt', label: 'balance-sheet insolvent (net liabilities)' },
  'technically insolvent': { id: 'net_asset', comparator: 'lt', label: 'balance-sheet insolvent (net liabilities)' },
  'net cash position': { id: 'net_debt', comparator: 'lt', label: 'in a net cash position' },
  'net cash positive': { id: 'net_debt', comparator: 'lt', label: 'in a net cash position' },
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
