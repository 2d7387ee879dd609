/** The one-line explanation of what a natural-language query was understood as. */
import type { MoneyCurrency } from '../amounts.js';
import { findColumn } from '../columns.js';
import { nlVocabulary, type Comparator, type NlVocabulary } from './vocabulary.js';

const SYMBOL: Record<MoneyCurrency, string> = { GBP: '£', EUR: '€', USD: '$' };
// One formatter for all calls: toLocaleString builds a new one each time (most of the parse time).
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 4 });

/** A column as the explanation names it: the registry's phrase ("Outstanding charges"), else its label. */
export function columnLabel(id: string, vocab: NlVocabulary = nlVocabulary()): string {
  return vocab.say.get(id) ?? findColumn(vocab.columns, id)?.label ?? id;
}

/** "10m", "£1.25bn", "-£500k", "42": how a user would write the amount. */
export function formatAmount(value: number, currency: MoneyCurrency | null, scaled: boolean): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const symbol = currency ? SYMBOL[currency] : '';
  // A unit only when it shows the amount exactly: 999,999 stays 999,999, never "1000k".
  const unit = scaled
    ? (
        [
          [1e9, 'bn'],
          [1e6, 'm'],
          [1e3, 'k'],
        ] as const
      ).find(([size]) => abs >= size && Number.isInteger(Math.round((abs / size) * 1e6) / 1e4))
    : undefined;
  const text = unit ? `${Math.round((abs / unit[0]) * 100) / 100}${unit[1]}` : NUMBER.format(abs);
  return `${sign}${symbol}${text}`;
}

const COMPARATOR_WORDS: Record<Comparator, string> = { gt: 'over', gte: 'at least', lt: 'under', lte: 'at most', eq: 'of exactly' };

/** "Turnover over £10m", "Employees between 50 and 250". */
export function numberPhrase(
  id: string,
  comparator: Comparator | 'between',
  a: string,
  b?: string,
  vocab: NlVocabulary = nlVocabulary(),
): string {
  const label = columnLabel(id, vocab);
  if (comparator === 'between') return `${label} between ${a} and ${b}`;
  return `${label} ${COMPARATOR_WORDS[comparator]} ${a}`;
}

/** "2021", "2021-2023", "2021, 2023 or 2025". */
export function yearsPhrase(years: readonly string[]): string {
  const sorted = [...years].sort();
  const consecutive = sorted.every((y, k) => k === 0 || Number(y) === Number(sorted[k - 1]) + 1);
  if (sorted.length > 2 && consecutive) return `${sorted[0]}-${sorted[sorted.length - 1]}`;
  return listPhrase(sorted, 'or');
}

export function listPhrase(items: readonly string[], joiner: 'or' | 'and', max = 4): string {
  if (items.length > max) return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

export interface Unplaced {
  text: string;
  note?: string;
}

/** The explanation line: what was placed, then, said plainly, what was not. */
export function explanationLine(parts: readonly string[], unplaced: readonly Unplaced[]): string {
  const understood = parts.length ? parts.join('; ') : 'No filters could be made from this query';
  if (unplaced.length === 0) return understood;
  const missed = unplaced.map((u) => `"${u.text}"${u.note ? ` (${u.note})` : ''}`).join(', ');
  return `${understood}. Could not place ${missed}: rephrase it or use the filters panel.`;
}
