/**
 * How figures are printed in the sample accounts, shared by the generator (texts that quote them)
 * and the PDF renderer (tables), so that what the data cites is what the page shows.
 */

/** 12345678 -> "12,345,678" (whole numbers, thousands commas). */
export function groupThousands(value: number): string {
  const negative = value < 0;
  let digits = String(Math.abs(Math.round(value)));
  let out = '';
  while (digits.length > 3) {
    out = `,${digits.slice(-3)}${out}`;
    digits = digits.slice(0, -3);
  }
  return (negative ? '-' : '') + digits + out;
}

/** A figure in a statement column: "12,345,678", negatives in brackets "(12,345)", nil as "-". */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (Math.round(value) === 0) return '-';
  return value < 0 ? `(${groupThousands(-value)})` : groupThousands(value);
}

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', EUR: '€', USD: '$' };

export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[currency] ?? `${currency} `;
}

/** "£12,345,678" / "-£12,345". */
export function formatMoney(value: number, currency: string): string {
  const symbol = currencySymbol(currency);
  return value < 0 ? `-${symbol}${groupThousands(-value)}` : `${symbol}${groupThousands(value)}`;
}

/** Narrative form: "£12.3m", "£1.24bn", "£450k", "£950". */
export function formatCompact(value: number, currency: string): string {
  const symbol = currencySymbol(currency);
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}${symbol}${(abs / 1e9).toFixed(2)}bn`;
  if (abs >= 1e6) return `${sign}${symbol}${(abs / 1e6).toFixed(abs >= 1e8 ? 0 : 1)}m`;
  if (abs >= 1e3) return `${sign}${symbol}${Math.round(abs / 1e3)}k`;
  return `${sign}${symbol}${Math.round(abs)}`;
}

/** "12.4%" from 0.1237. */
export function formatPercent(ratio: number, digits = 1): string {
  return `${(ratio * 100).toFixed(digits)}%`;
}

/** A ratio or a per-share figure with two decimals: "1.25". */
export function formatDecimal(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '';
  return value.toFixed(digits);
}

/** A statement line's value as the accounts print it (the text a reader finds on the cited page). */
export function formatLineValue(line: { key: string; value: number | null; currency: string }): string {
  if (line.value === null || line.value === undefined) return '';
  if (line.currency) return formatAmount(line.value);
  if (line.key === 'employeeCount') return groupThousands(line.value);
  return line.value.toFixed(line.key === 'operatingMargin' ? 1 : 2);
}

/** The auditor-opinion field of unaudited accounts: there is no audit; the accountants who prepared them. */
export function notAuditedOpinion(accountants: string): string {
  return `Not audited: the company was entitled to exemption from audit under section 477 of the Companies Act 2006. ${accountants}, Chartered Accountants, prepared the accounts from the company's records (an accountants' report, not an audit opinion).`;
}

export function isNotAudited(opinion: string | null | undefined): boolean {
  return Boolean(opinion?.startsWith('Not audited'));
}
