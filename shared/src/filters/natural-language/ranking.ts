/**
 * Rankings: "top 10 construction companies by revenue", "the 50 largest employers", "highest
 * gearing", "sorted by net debt ascending", "oldest companies in Leeds". A ranking is no filter:
 * it sets the table's sort and, when it counts ("top 10"), the page size that shows that many.
 */
import { COMPANY_SCREENER_PAGE_SIZES } from '../../contracts/screeners.js';
import { columnLabel } from './explain.js';
import type { ParseState, Rule } from './state.js';
import type { Token } from './tokens.js';
import { isWord, matchPhrase, phraseTable } from './vocabulary.js';

/** Rank words: the order they sort in, and a column when the word names one ("oldest"). */
const RANK_WORDS = phraseTable<{ order: 'asc' | 'desc'; by?: string }>({
  top: { order: 'desc' },
  largest: { order: 'desc' },
  biggest: { order: 'desc' },
  highest: { order: 'desc' },
  most: { order: 'desc' },
  greatest: { order: 'desc' },
  bottom: { order: 'asc' },
  smallest: { order: 'asc' },
  lowest: { order: 'asc' },
  least: { order: 'asc' },
  oldest: { order: 'asc', by: 'incorporation_date' },
  youngest: { order: 'desc', by: 'incorporation_date' },
  newest: { order: 'desc', by: 'incorporation_date' },
});

/** Sortable columns named outside the metrics' vocabulary. */
const SORT_WORDS = phraseTable<string>({
  age: 'age_years',
  'incorporation date': 'incorporation_date',
  'date of incorporation': 'incorporation_date',
  name: 'company_name',
  status: 'company_status',
  region: 'region',
});

const SORT_LEADS = phraseTable<true>({
  by: true,
  'sorted by': true,
  'sort by': true,
  'ranked by': true,
  'rank by': true,
  'ordered by': true,
  'order by': true,
});

const DIRECTIONS = phraseTable<'asc' | 'desc'>({
  ascending: 'asc',
  asc: 'asc',
  descending: 'desc',
  desc: 'desc',
  'highest first': 'desc',
  'largest first': 'desc',
  'biggest first': 'desc',
  'lowest first': 'asc',
  'smallest first': 'asc',
  'oldest first': 'asc',
  'newest first': 'desc',
});

/** "10", "ten", "a hundred": how many the ranking shows (1 to 1000). */
const COUNT_WORDS: Readonly<Record<string, number>> = { five: 5, ten: 10, twenty: 20, fifty: 50, hundred: 100 };
function countOf(t: Token | undefined): number | null {
  const n =
    t?.kind === 'amount' && !t.amount!.unit && !t.amount!.currency
      ? t.amount!.amount
      : t?.kind === 'word'
        ? COUNT_WORDS[t.text]
        : undefined;
  return n !== undefined && Number.isInteger(n) && n > 0 && n <= 1000 ? n : null;
}

function sortColumn(s: ParseState, tokens: readonly Token[], at: number): { id: string; length: number } | null {
  const metric = matchPhrase(tokens, at, s.vocab.metrics);
  if (metric) return { id: metric.value.id, length: metric.length };
  const other = matchPhrase(tokens, at, SORT_WORDS);
  return other ? { id: other.value, length: other.length } : null;
}

function rank(s: ParseState, from: number, to: number, change: { by?: string | null; order?: 'asc' | 'desc'; count?: number | null }) {
  const current = s.ranking ?? { by: null, order: 'desc' as const, count: null, from, to };
  s.ranking = {
    by: change.by ?? current.by,
    order: change.order ?? current.order,
    count: change.count ?? current.count,
    from: Math.min(current.from, from),
    to: Math.max(current.to, to),
  };
}

export const rankingRule: Rule = (s, at) => {
  const tokens = s.tokens;
  const lead = matchPhrase(tokens, at, SORT_LEADS);
  if (lead) {
    const column = sortColumn(s, tokens, at + lead.length);
    if (!column) return 0;
    let k = at + lead.length + column.length;
    const direction = matchPhrase(tokens, k, DIRECTIONS);
    if (direction) k += direction.length;
    // "by revenue" after "smallest" keeps the smallest first; alone it ranks highest first.
    rank(s, at, k - 1, { by: column.id, order: direction?.value ?? s.ranking?.order ?? 'desc' });
    return k - at;
  }
  // "top line" is turnover, not a ranking.
  if (matchPhrase(tokens, at, s.vocab.metrics)) return 0;
  const word = matchPhrase(tokens, at, RANK_WORDS);
  // "the 10 largest", "10 biggest"
  const countFirst = !word && countOf(tokens[at]) !== null ? matchPhrase(tokens, at + 1, RANK_WORDS) : null;
  if (!word && !countFirst) return 0;
  const found = (word ?? countFirst)!;
  let k = word ? at + found.length : at + 1 + found.length;
  const count = word ? countOf(tokens[k]) : countOf(tokens[at]);
  if (word && count !== null) k++;
  // "most" and "least" rank only with a column next to them ("most employees"), never alone ("most recent").
  const column = sortColumn(s, tokens, k);
  if (!column && !found.value.by && (isWord(tokens[at], 'most', 'least') || (count === null && isWord(tokens[at], 'top', 'bottom'))))
    return 0;
  if (column) k += column.length;
  rank(s, at, k - 1, { by: found.value.by ?? column?.id ?? null, order: found.value.order, count });
  return k - at;
};

/** The page size that shows a ranking's count: the smallest offered that holds it. */
export function rankingPageSize(count: number): number {
  return COMPANY_SCREENER_PAGE_SIZES.find((size) => size >= count) ?? COMPANY_SCREENER_PAGE_SIZES[COMPANY_SCREENER_PAGE_SIZES.length - 1];
}

/** Sort and page size of the ranking the query asked for, and its explanation; turnover when it named no column. */
export function rankingResult(s: ParseState): { sort_by: string; sort_order: 'asc' | 'desc'; page_size?: number; phrase: string } | null {
  const r = s.ranking;
  if (!r) return null;
  const by = r.by ?? 'turnover';
  const first =
    by === 'incorporation_date'
      ? r.order === 'asc'
        ? 'oldest first'
        : 'newest first'
      : r.order === 'desc'
        ? 'highest first'
        : 'lowest first';
  let phrase = `Sorted by ${by === 'incorporation_date' ? 'incorporation date' : columnLabel(by, s.vocab)}, ${first}`;
  if (r.count === null) return { sort_by: by, sort_order: r.order, phrase };
  const size = rankingPageSize(r.count);
  phrase += size === r.count ? `, ${r.count} a page` : `, the first ${Math.min(r.count, size)} on a page of ${size}`;
  return { sort_by: by, sort_order: r.order, page_size: size, phrase };
}
