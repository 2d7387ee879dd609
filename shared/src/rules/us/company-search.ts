/**
 * The US company search (spec 3 section 9: fuzzy, threshold 0.3 over name, ticker and CIK; 0.4 in
 * the restructuring search). A field matches when the query is found in it with at most
 * threshold × query length edits (the fraction of errors Fuse.js' bitap score measures, without
 * its distance-from-start penalty, so "alphabet" finds "Alphabet Inc." wherever the word sits).
 */
import type { UsCompany } from '../../contracts/us-equity.js';
import { US_EQUITY_CONSTANTS } from '../../contracts/us-equity.js';

const normal = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Fewest edits turning `pattern` into some substring of `text` (Sellers' algorithm). */
export function substringDistance(pattern: string, text: string): number {
  const m = pattern.length;
  if (m === 0) return 0;
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = m;
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const c = text.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const cost = pattern.charCodeAt(i - 1) === c ? 0 : 1;
      cur[i] = Math.min(prev[i - 1]! + cost, prev[i]! + 1, cur[i - 1]! + 1);
    }
    if (cur[m]! < best) best = cur[m]!;
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** 0 for an exact find, up to 1; null when above the threshold. */
export function fuzzyScore(
  query: string,
  text: string | null | undefined,
  threshold: number = US_EQUITY_CONSTANTS.searchThreshold,
): number | null {
  if (!text) return null;
  const q = normal(query);
  const t = normal(text);
  if (!q) return null;
  const score = substringDistance(q, t) / q.length;
  return score <= threshold ? score : null;
}

type Searchable = Pick<UsCompany, 'title' | 'cik_str' | 'ticker' | 'available'>;

/** Companies matching `query`, best first: ticker or CIK exactly, then by score, companies with data first, then by name. */
export function searchUsCompanies<T extends Searchable>(
  companies: readonly T[],
  query: string,
  limit: number = US_EQUITY_CONSTANTS.defaultOptionCount,
  threshold: number = US_EQUITY_CONSTANTS.searchThreshold,
): T[] {
  const q = query.trim();
  if (!q) return companies.slice(0, limit);
  const upper = q.toUpperCase();
  const digits = /^\d+$/.test(q) ? String(Number(q)) : null;
  const scored: { c: T; rank: number; score: number }[] = [];
  for (const c of companies) {
    if (c.ticker?.toUpperCase() === upper || (digits !== null && c.cik_str === digits)) {
      scored.push({ c, rank: 0, score: 0 });
      continue;
    }
    const scores = [
      fuzzyScore(q, c.title, threshold),
      fuzzyScore(q, c.ticker, threshold),
      digits !== null && c.cik_str.startsWith(digits) ? 0 : null,
    ].filter((s): s is number => s !== null);
    if (scores.length) scored.push({ c, rank: 1, score: Math.min(...scores) });
  }
  return scored
    .sort(
      (a, b) => a.rank - b.rank || a.score - b.score || Number(b.c.available) - Number(a.c.available) || a.c.title.localeCompare(b.c.title),
    )
    .slice(0, limit)
    .map((s) => s.c);
}
