/**
 * Typos in questions ("liquidaton", "distres signals", "intrest cover"): each word that is not a
 * word the analyst knows, but is one or two edits from one, is read as that word before the
 * question is classified. Only the lower-cased text the patterns read is corrected; names are
 * read from the question as typed.
 */
import { substringDistance } from '@credence/shared';

/** The words the classifier's patterns turn on (vocabulary.ts), the ones a typo most often hits. */
export const KNOWN_WORDS = [
  'administration',
  'administrator',
  'analysis',
  'assets',
  'auditor',
  'balance',
  'borrowings',
  'capital',
  'charges',
  'compliance',
  'confirmation',
  'conversion',
  'covenants',
  'creditors',
  'current',
  'directors',
  'distress',
  'distressed',
  'dividends',
  'ebitda',
  'employees',
  'financial',
  'filings',
  'gearing',
  'growth',
  'insolvency',
  'insolvent',
  'interest',
  'lenders',
  'leverage',
  'liabilities',
  'likelihood',
  'likely',
  'liquidation',
  'liquidity',
  'margins',
  'mortgages',
  'officers',
  'outlook',
  'overdue',
  'overview',
  'performance',
  'profitability',
  'profitable',
  'receivership',
  'recovery',
  'remuneration',
  'resignations',
  'revenue',
  'salary',
  'secured',
  'security',
  'shareholders',
  'signals',
  'solvency',
  'statement',
  'statements',
  'summary',
  'turnover',
  'unsecured',
  'warning',
] as const;

const KNOWN = new Set<string>(KNOWN_WORDS);

/** Edits between two words: at least the length difference and the edits to fit one inside the other. */
function wordDistance(a: string, b: string): number {
  return Math.max(Math.abs(a.length - b.length), substringDistance(a, b), substringDistance(b, a));
}

/** The known word a typed word stands for, or the word itself (short words are never corrected). */
export function correctWord(word: string): string {
  if (word.length < 5 || KNOWN.has(word)) return word;
  const allowed = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const known of KNOWN_WORDS) {
    // A singular is not a typo of its plural ("filing", "charge"): the patterns read both.
    if (Math.abs(known.length - word.length) > allowed || (known === `${word}s` && !word.endsWith('s'))) continue;
    const d = wordDistance(word, known);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best ?? word;
}

/** The lower-cased question with each misspelt known word corrected. */
export function correctTypos(text: string): string {
  return text.replace(/[a-z]{5,}/g, (word) => correctWord(word));
}
