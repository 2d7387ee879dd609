/**
 * Natural-language screener queries → companies-screener filters (POST
 * companies_house/convert-query-to-filters): "tech firms with revenue over £10m and at least 50
 * staff, filed in 2023". A tokenizer, then pattern rules tried at each position; what no rule
 * places is answered in `unplaced` and named in the explanation. Pure and fast: no I/O, no model.
 *
 * Decisions (docs/benchmarks.md and the screener docs repeat them):
 * - "at least X" / "at most X": the filters are strict (greaterThan / lessThan), so the bound moves
 *   one step: whole units for amounts and counts (accounts report whole pounds), 0.01 for ratios.
 * - A currency becomes a `currency` filter only when the user names one ("$3m", "in euros"):
 *   amounts are compared in each company's own reporting currency, never converted.
 * - A loss is a negative net profit: "loss over £1m" is net_profit_loss below -1,000,000.
 * - Several sectors are alternatives: one is_one_of at the finest level any of them needs.
 */
import type { ColumnDefinition } from '../column-registry.js';
import type { ColumnFilter } from '../types.js';
import { MAX_FILTER_VALUES } from '../validate.js';
import { explanationLine, listPhrase, yearsPhrase, type Unplaced } from './explain.js';
import { RULES, excludeRule, noiseRule, descriptionRule, sectorRule, separatorRule, sicRule, type Rule } from './rules.js';
import { placeRule } from './company-facts.js';
import { rankingResult } from './ranking.js';
import { SECTOR_COLUMN, combineSectors, sectorValue, type SectorRef } from './sectors.js';
import { SIC_CODES } from '../../rules/uk/sic-codes.js';
import { ParseState } from './state.js';
import { tokenize } from './tokens.js';
import { nlVocabulary } from './vocabulary.js';

export interface NaturalQueryOptions {
  /** For "this year" and "last year" (default: the current UTC year). */
  currentYear?: number;
  /** The column registry whose words the parser reads (default: the companies screener's). */
  columns?: readonly ColumnDefinition[];
}

export interface NaturalQueryResult {
  filters: ColumnFilter[];
  explanation: string;
  unplaced: string[];
  /** A ranking ("top 10 ... by revenue", "largest", "sorted by net debt"): the sort it asks for. */
  sort_by?: string;
  sort_order?: 'asc' | 'desc';
  /** A counted ranking ("top 10"): the page size that shows that many. */
  page_size?: number;
}

/** Longest query the parser reads (the API refuses longer ones). */
export const MAX_NATURAL_QUERY_LENGTH = 500;

/** Rules that keep "excluding ..." alive for the sectors that follow. */
const KEEP_EXCLUDING: ReadonlySet<Rule> = new Set([excludeRule, sectorRule, sicRule, descriptionRule, separatorRule, noiseRule, placeRule]);

function sectorPlacements(s: ParseState): { order: number; filter: ColumnFilter; phrase: string }[] {
  const included = combineSectors(s.sectorsIn);
  const excluded = combineSectors(s.sectorsOut);
  if ((included?.keys.length ?? 0) > MAX_FILTER_VALUES || (excluded?.keys.length ?? 0) > MAX_FILTER_VALUES) {
    for (const { from, to } of s.sectorSpans)
      s.unplaced(from, to, `together these sectors are over ${MAX_FILTER_VALUES} SIC codes: name fewer`);
    return [];
  }
  const out: { order: number; filter: ColumnFilter; phrase: string }[] = [];
  const label = { section: 'Industry sector', division: 'Industry group', code: 'SIC code' } as const;
  const describe = (level: keyof typeof label, keys: readonly string[]) =>
    level === 'code'
      ? listPhrase(
          keys.map((k) => (keys.length <= 3 ? `${k} ${SIC_CODES.get(k)}` : k)),
          'or',
          6,
        )
      : listPhrase(
          keys.map((k) => sectorValue(level, k)),
          'or',
        );
  // Sectors of different levels are spelt out at the finest one; the explanation keeps the user's terms.
  const phrase = (refs: readonly SectorRef[], fallback: keyof typeof label, keys: readonly string[], negated: boolean) => {
    const levels = new Set(refs.map((r) => r.level));
    if (levels.size === 1) return `${label[fallback]}${negated ? ' not' : ':'} ${describe(fallback, keys)}`;
    const parts = refs.map((r) => (r.level === 'code' ? `SIC ${listPhrase([...r.keys], 'or', 3)}` : describe(r.level, r.keys)));
    return `Industry${negated ? ' not' : ':'} ${listPhrase(parts, 'or', 6)}`;
  };
  if (included) {
    let keys = included.keys;
    if (excluded && excluded.level === included.level) keys = keys.filter((k) => !excluded.keys.includes(k));
    const values = keys.map((k) => sectorValue(included.level, k));
    out.push({
      order: s.sectorOrder,
      filter: { id: SECTOR_COLUMN[included.level], value: { type: 'is_one_of', values } },
      phrase: phrase(s.sectorsIn, included.level, keys, false),
    });
  }
  if (excluded && (!included || excluded.level !== included.level)) {
    out.push({
      order: s.sectorOrder + 0.5,
      filter: {
        id: SECTOR_COLUMN[excluded.level],
        value: { type: 'is_not_one_of', values: excluded.keys.map((k) => sectorValue(excluded.level, k)) },
      },
      phrase: phrase(s.sectorsOut, excluded.level, excluded.keys, true),
    });
  }
  return out;
}

/** Turns a plain-English screener query into filters, an explanation, and what it could not place. */
export function convertQueryToFilters(query: string, options: NaturalQueryOptions = {}): NaturalQueryResult {
  const text = typeof query === 'string' ? query.slice(0, MAX_NATURAL_QUERY_LENGTH) : '';
  const tokens = tokenize(text);
  if (tokens.length === 0)
    return {
      filters: [],
      explanation: 'The query is empty: type what to screen for, e.g. "manufacturing companies with turnover over £10m".',
      unplaced: [],
    };
  const s = new ParseState(text, tokens, options.currentYear ?? new Date().getUTCFullYear(), nlVocabulary(options.columns));
  let at = 0;
  while (at < tokens.length) {
    let used = 0;
    for (const rule of RULES) {
      used = rule(s, at);
      if (used > 0) {
        if (!KEEP_EXCLUDING.has(rule)) s.excluding = false;
        break;
      }
    }
    if (used === 0) {
      s.abandonPending(at);
      s.unplaced(at);
      used = 1;
    }
    at += used;
  }
  s.endClause();

  const placements = [...s.numberFilters(), ...s.choiceFilters(), ...sectorPlacements(s)];
  if (s.years.size) {
    const years = [...s.years].sort();
    placements.push({
      order: s.yearOrder,
      filter: { id: 'filing_year', value: { type: 'is_one_of', values: years } },
      phrase: `Filed in ${yearsPhrase(years)}`,
    });
  }
  if (s.currencies.size) {
    const currencies = [...s.currencies];
    placements.push({
      order: s.currencyOrder,
      filter: { id: 'currency', value: { type: 'is_one_of', values: currencies } },
      phrase: `Currency ${listPhrase(currencies, 'or')}`,
    });
  }
  placements.sort((a, b) => a.order - b.order);
  const unplaced: Unplaced[] = s.unplacedList();
  const ranking = rankingResult(s);
  const phrases = placements.map((p) => p.phrase);
  if (ranking) phrases.push(ranking.phrase);
  return {
    filters: placements.map((p) => p.filter),
    explanation: explanationLine(phrases, unplaced),
    unplaced: unplaced.map((u) => u.text),
    ...(ranking && { sort_by: ranking.sort_by, sort_order: ranking.sort_order }),
    ...(ranking?.page_size !== undefined && { page_size: ranking.page_size }),
  };
}
