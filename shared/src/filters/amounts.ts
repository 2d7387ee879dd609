/**
 * Amounts as people type them: "10m", "£5 million", "1.2bn", "500k", "5 thousand", "1,200",
 * "-3.5m", "€2m", "$1.5 billion", "GBP 250,000", "10m USD". Used by the filter validation (a
 * number filter accepts "10m"), the filter expressions (`turnover>10m`) and the natural-language
 * query parser.
 */

export type MoneyCurrency = 'GBP' | 'EUR' | 'USD';

export interface Money {
  amount: number;
  /** The currency the text named (symbol, code or word), or null when it named none. */
  currency: MoneyCurrency | null;
}

const UNIT_EXPONENT: Record<string, number> = {
  k: 3,
  thousand: 3,
  thousands: 3,
  m: 6,
  mn: 6,
  mm: 6,
  mil: 6,
  million: 6,
  millions: 6,
  b: 9,
  bn: 9,
  billion: 9,
  billions: 9,
  t: 12,
  tn: 12,
  trillion: 12,
  trillions: 12,
};

const CURRENCY_WORDS: Record<string, MoneyCurrency> = {
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  sterling: 'GBP',
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
};

const SYMBOL = '[£€$]|gbp|eur|usd';
const NUMBER = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+';
const UNIT = 'thousands?|millions?|billions?|trillions?|mil|mn|mm|bn|tn|k|m|b|t';
const WORD = 'gbp|eur|usd|pounds?|sterling|euros?|dollars?';

/**
 * An amount with its sign, currency and unit, without anchors, for parsers that look for amounts
 * inside a longer text (use the `i` flag). Groups: 1 sign, 2 prefix currency, 3 sign after the
 * prefix, 4 digits, 5 unit, 6 suffix currency.
 *
 * Linear in the text: each `\s*` follows a part that matched, so no two of them stand side by side
 * around an optional part (that made "-" + 498 spaces + "x" take cubic time).
 */
export const AMOUNT_PATTERN_SOURCE = `(?:([-+\u2212])\\s*)?(?:(${SYMBOL})\\s*)?(?:([-+\u2212])\\s*)?(${NUMBER})(?:\\s*(${UNIT})(?![a-z]))?(?:\\s*(${WORD})(?![a-z]))?`;

const WHOLE = new RegExp(`^\\s*${AMOUNT_PATTERN_SOURCE}\\s*$`, 'i');

/** Reads an amount matched by AMOUNT_PATTERN_SOURCE (the groups of a match) into a Money. */
export function moneyFromMatch(match: RegExpExecArray | RegExpMatchArray): Money | null {
  const [, sign1, prefix, sign2, digits, unit, suffix] = match;
  if (sign1 && sign2) return null;
  const prefixCurrency = prefix ? CURRENCY_WORDS[prefix.toLowerCase()] : null;
  const suffixCurrency = suffix ? CURRENCY_WORDS[suffix.toLowerCase()] : null;
  if (prefixCurrency && suffixCurrency && prefixCurrency !== suffixCurrency) return null;
  const exponent = unit ? UNIT_EXPONENT[unit.toLowerCase()] : 0;
  if (exponent === undefined) return null;
  const negative = (sign1 ?? sign2 ?? '+') !== '+';
  // Scaling through the exponent notation keeps "1.2bn" at exactly 1200000000.
  const amount = Number(`${negative ? '-' : ''}${digits.replace(/,/g, '')}e${exponent}`);
  if (!Number.isFinite(amount)) return null;
  return { amount: amount === 0 ? 0 : amount, currency: prefixCurrency ?? suffixCurrency ?? null };
}

/** "£5 million" → {amount: 5000000, currency: 'GBP'}; "10m" → {amount: 10000000, currency: null}; text that is not one amount → null. */
export function parseMoney(text: unknown): Money | null {
  if (typeof text === 'number') return Number.isFinite(text) ? { amount: text, currency: null } : null;
  if (typeof text !== 'string' || text.length > 100) return null;
  const match = WHOLE.exec(text);
  return match ? moneyFromMatch(match) : null;
}

/** "10m" → 10000000, "1,200" → 1200, "-3.5m" → -3500000; null when the text is not one amount. */
export function parseAmount(text: unknown): number | null {
  return parseMoney(text)?.amount ?? null;
}
