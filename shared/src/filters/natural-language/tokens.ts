/**
 * The tokenizer of the screener's natural-language queries: words (lower-cased, hyphens between
 * letters split into separate words), amounts ("£5 million", "1.2bn", "10m USD" as one token, read
 * by the shared amount grammar), quoted text and punctuation. Every token keeps its place in the
 * query so that unplaced words and names are answered exactly as typed.
 */
import { AMOUNT_PATTERN_SOURCE, moneyFromMatch, type MoneyCurrency } from '../amounts.js';

export interface AmountToken {
  amount: number;
  currency: MoneyCurrency | null;
  /** The text carried a unit (k, m, bn, million...): "10-20m" lends it to the 10. */
  unit: string | null;
  /** Plain digits only ("2023", "62012", "01110"): candidates for years and SIC codes. */
  digits: string | null;
}

export type TokenKind = 'word' | 'amount' | 'quoted' | 'punct';

export interface Token {
  kind: TokenKind;
  /** Lower-cased word, the quoted text, the punctuation ("&" reads as "and"), or the amount as typed. */
  text: string;
  start: number;
  end: number;
  amount?: AmountToken;
}

const AMOUNT = new RegExp(AMOUNT_PATTERN_SOURCE, 'iy');
const WORD = /[\p{L}\p{N}]+(?:['’.&/][\p{L}\p{N}]+)*/uy;
const QUOTE_PAIRS: Record<string, string> = { '"': '"', '“': '”', '‘': '’', "'": "'" };
const MULTI_PUNCT = ['>=', '<=', '=>', '=<', '!='];
const UNIT_WORD = /^(?:thousands?|millions?|billions?|trillions?|mil|mn|mm|bn|tn|k|m|b|t)$/i;

function amountAt(query: string, at: number, previous: Token | undefined): { token: Token; next: number } | null {
  const c = query[at];
  const signed = c === '-' || c === '+' || c === '\u2212';
  // After an amount a dash is a range ("5-10m") and a plus means "or more" ("10m+").
  if (signed && previous?.kind === 'amount') return null;
  if (!/[\d.£€$+\-\u2212]/.test(c) && !/^(?:gbp|eur|usd)\s*[\d.]/i.test(query.slice(at, at + 6))) return null;
  AMOUNT.lastIndex = at;
  const match = AMOUNT.exec(query);
  if (!match || !match[4]) return null;
  let end = at + match[0].length;
  // "10x", "3rd", "b2b": a number glued to letters is a word, not an amount.
  if (/[\p{L}\p{N}]/u.test(query[end] ?? '')) return null;
  const money = moneyFromMatch(match);
  if (!money) return null;
  while (end > at && /\s/.test(query[end - 1])) end--;
  const raw = query.slice(at, end);
  const digits = /^\d+$/.test(raw) ? raw : null;
  const unit = match[5] && UNIT_WORD.test(match[5]) ? match[5].toLowerCase() : null;
  return {
    token: { kind: 'amount', text: raw, start: at, end, amount: { amount: money.amount, currency: money.currency, unit, digits } },
    next: end,
  };
}

/** `unclosed`: closing marks known to be absent from the rest of the query (so each is looked for once). */
function quotedAt(query: string, at: number, unclosed: Set<string>, steps?: TokenizeSteps): { token: Token; next: number } | null {
  const close = QUOTE_PAIRS[query[at]];
  if (!close || unclosed.has(close)) return null;
  // An apostrophe opens a quote only at a word start and when it is closed before a non-letter.
  if (query[at] === "'" && at > 0 && /[\p{L}\p{N}]/u.test(query[at - 1])) return null;
  const end = query.indexOf(close, at + 1);
  if (steps) steps.count += (end < 0 ? query.length : end) - at;
  if (end < 0) unclosed.add(close);
  if (end <= at + 1) return null;
  if (query[at] === "'" && /[\p{L}\p{N}]/u.test(query[end + 1] ?? '')) return null;
  const text = query.slice(at + 1, end);
  if (!text.trim()) return null;
  return { token: { kind: 'quoted', text, start: at, end: end + 1 }, next: end + 1 };
}

/** Counts the tokenizer's work, for the spec that checks it is linear: see `tokenize`. */
export interface TokenizeSteps {
  count: number;
}

/**
 * Splits a query into tokens. Pure; linear in the query's length. `steps`, when given, counts
 * one per position the loop visits plus the characters every look-ahead read (a token's length,
 * or how far a quote looked for its closing mark).
 */
export function tokenize(query: string, steps?: TokenizeSteps): Token[] {
  const tokens: Token[] = [];
  const unclosed = new Set<string>();
  let at = 0;
  while (at < query.length) {
    if (steps) steps.count++;
    const c = query[at];
    if (/\s/.test(c)) {
      at++;
      continue;
    }
    const previous = tokens[tokens.length - 1];
    const found = quotedAt(query, at, unclosed, steps) ?? amountAt(query, at, previous);
    if (found) {
      if (steps) steps.count += found.next - at;
      tokens.push(found.token);
      at = found.next;
      continue;
    }
    WORD.lastIndex = at;
    const word = WORD.exec(query);
    if (word) {
      const end = at + word[0].length;
      if (steps) steps.count += end - at;
      tokens.push({ kind: 'word', text: word[0].toLowerCase().replace(/’/g, "'"), start: at, end });
      at = end;
      continue;
    }
    // A hyphen between two words ("loss-making", "debt-to-equity") only joins them.
    if ((c === '-' || c === '\u2010') && previous?.kind === 'word' && previous.end === at && /[\p{L}]/u.test(query[at + 1] ?? '')) {
      at++;
      continue;
    }
    const multi = MULTI_PUNCT.find((p) => query.startsWith(p, at));
    const text = multi ?? c;
    tokens.push({
      kind: 'punct',
      text: text === '&' ? 'and' : text === '\u2212' || text === '\u2013' || text === '\u2014' ? '-' : text,
      start: at,
      end: at + text.length,
    });
    at += text.length;
  }
  return tokens;
}
