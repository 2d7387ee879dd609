import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { nameWords } from './name-words.js';

export interface SearchRow {
  company_number: string;
  company_name: string;
  company_status: string | null;
  sic_texts: string[];
  exchange: string | null;
  ticker: string | null;
  address_line_1: string | null;
  post_town: string | null;
  postcode: string | null;
  source: string;
}

const COLUMNS = `c.company_number, c.company_name, c.company_status, c.sic_texts, c.exchange, c.ticker,
  c.address_line_1, c.post_town, c.postcode, c.source`;

/** "sc 123" → "SC000123"; "445790" → "00445790"; anything else → null. */
export function normaliseCompanyNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{2})?(\d{1,8})$/.exec(compact);
  if (!match) return null;
  const prefix = match[1] ?? '';
  if (prefix.length + match[2].length > 8) return null;
  return prefix + match[2].padStart(8 - prefix.length, '0');
}

const POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})?$/;

/** A full UK postcode or its outward code, without the space: "LS14AB", "LS1". */
export function normalisePostcode(text: string): string | null {
  const match = POSTCODE.exec(text.trim().toUpperCase());
  return match ? match[1] + (match[2] ?? '') : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Candidates carry the result columns, so ranking them needs no second visit to the table.
/** Rows each candidate set may hold before ranking: bounds the cost of very common words. */
const CANDIDATES = 100;
/** Names sharing the first three letters that a misspelling is compared with. */
const TYPO_CANDIDATES = 3000;

const RANKED = (candidates: string) => `
  WITH candidates AS (${candidates})
  SELECT * FROM candidates c
   ORDER BY
     CASE WHEN c.company_number = $1 THEN 0
          WHEN lower(c.company_name) = $3 THEN 1
          WHEN lower(c.company_name) COLLATE "C" LIKE $2 || '%' THEN 2
          WHEN $4::text IS NOT NULL AND upper(replace(c.postcode, ' ', '')) COLLATE "C" LIKE $4 || '%' THEN 3
          WHEN lower(c.company_name) LIKE '%' || $2 || '%' THEN 4
          ELSE 5 END,
     (c.company_status IS NULL OR c.company_status NOT ILIKE 'active%'),
     greatest(similarity(lower(c.company_name), $3), word_similarity($3, lower(c.company_name))) DESC,
     length(c.company_name), c.company_name
   LIMIT $5`;

const DIRECT = `
  SELECT ${COLUMNS} FROM companies c WHERE company_number = $1
  UNION
  (SELECT ${COLUMNS} FROM companies c WHERE lower(company_name) COLLATE "C" LIKE $2 || '%' ORDER BY lower(company_name) COLLATE "C" LIMIT ${CANDIDATES})
  UNION
  (SELECT ${COLUMNS} FROM companies c WHERE $4::text IS NOT NULL AND upper(replace(postcode, ' ', '')) COLLATE "C" LIKE $4 || '%'
    ORDER BY upper(replace(postcode, ' ', '')) COLLATE "C" LIMIT ${CANDIDATES})`;
/** Names holding the text anywhere: the trigram index looks up the rarest word ($6), strpos checks the whole text. */
const FRAGMENT = `(SELECT ${COLUMNS} FROM companies c
    WHERE lower(company_name) LIKE '%' || $6 || '%' AND strpos(lower(company_name), $3) > 0 LIMIT ${CANDIDATES})`;
// Typos rarely touch the first letters: rank the names sharing the query's first three by
// similarity (a btree range) before asking the trigram index of a million names (costly).
const SAME_START = `SELECT * FROM (SELECT ${COLUMNS} FROM companies c
    WHERE lower(company_name) COLLATE "C" LIKE $6 || '%' ORDER BY lower(company_name) COLLATE "C" LIMIT ${TYPO_CANDIDATES}) s
  WHERE similarity(lower(company_name), $3) >= 0.3`;
const MISSPELT = `(SELECT ${COLUMNS} FROM companies c WHERE lower(company_name) % $3 LIMIT ${CANDIDATES})`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every word one edit from `word`: a letter deleted, two neighbours swapped, one changed or one inserted. */
export function oneEditAway(word: string): Set<string> {
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return edits;
}

/** The names a word no name holds whole (a misspelling, or a piece of a word) is taken to match: rare. */
const UNKNOWN_WORD_NAMES = 500;
/** A word held by more names than this is common: its trigram lookup reads a large share of the index. */
const COMMON_WORD_NAMES = 10_000;

/**
 * The word of the query the trigram index should look up: the one that fewest names hold, so that
 * the index reads little and, when nothing matches (a misspelt query), little is checked in vain.
 * A word no name holds whole counts as rare from 4 letters up (shorter pieces, such as "ort", are
 * inside too many words); when no word qualifies, the longest.
 */
export function anchorWord(counts: Map<string, number>): string {
  const cost = ([word, names]: [string, number]) => (names > 0 ? names : word.length >= 4 ? UNKNOWN_WORD_NAMES : Infinity);
  const ranked = [...counts].filter(([word]) => word.length >= 3).sort((a, b) => cost(a) - cost(b) || b[0].length - a[0].length);
  if (ranked.length > 0 && cost(ranked[0]) < Infinity) return ranked[0][0];
  return [...counts.keys()].sort((a, b) => b.length - a.length)[0] ?? '';
}

/**
 * Company search over Postgres alone (no separate engine), ranked: exact number, exact name,
 * prefix, postcode, fragment, then similarity; active companies first in each tier.
 * Each candidate set is capped and served by an index: the number by the primary key, name
 * prefixes by a byte-ordered btree, postcodes by an expression btree, fragments by pg_trgm's GIN
 * index driven by the query's rarest word (`company_name_words` counts them: a common word such
 * as "limited" would make the index read most of the table). Only when nothing matches as typed
 * does it guess at misspellings: each unknown word is corrected against the list of words that
 * names hold (short, so its trigram index is cheap), then the costlier similarity searches.
 */
@Injectable()
export class CompanySearchRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async search(query: string, limit: number): Promise<SearchRow[]> {
    const text = query.trim().replace(/\s+/g, ' ');
    const lowered = text.toLowerCase();
    const number = normaliseCompanyNumber(text);
    const postcode = normalisePostcode(text);
    const typed = await this.asTyped(lowered, number, postcode, limit, lowered.length >= 4);
    // Text found as typed is not a misspelling: no need to guess.
    if (typed.rows.length > 0 || lowered.length < 4) return typed.rows;
    const corrected = await this.correctWords(typed.counts ?? (await this.wordCounts(nameWords(lowered))));
    if (corrected !== lowered) {
      const rows = (await this.asTyped(corrected, number, postcode, limit, false)).rows;
      if (rows.length > 0) return rows;
    }
    // The fragment search put off for a word found in no name (the word list may lag the names).
    if (typed.fragment) {
      const rows = await typed.fragment();
      if (rows.length > 0) return rows;
    }
    const params = [number, escapeLike(lowered), lowered, postcode, limit];
    const rows: SearchRow[] = await this.db.query(RANKED(SAME_START), [...params, escapeLike(lowered.slice(0, 3))]);
    if (rows.length > 0) return rows;
    return this.db.query(RANKED(MISSPELT), params);
  }

  /**
   * Names matching the text as typed: number, prefix or postcode, then (when those fall short)
   * fragments. With `deferUnknown`, when nothing matched so far and a word of the text is inside
   * no word that names hold (a misspelling, most often), the fragment search (a trigram probe of
   * every name, which would find nothing) is not run but handed back, for after the correction.
   */
  private async asTyped(
    lowered: string,
    number: string | null,
    postcode: string | null,
    limit: number,
    deferUnknown: boolean,
  ): Promise<{ rows: SearchRow[]; counts?: Map<string, number>; fragment?: () => Promise<SearchRow[]> }> {
    const params = [number, escapeLike(lowered), lowered, postcode, limit];
    const rows: SearchRow[] = await this.db.query(RANKED(DIRECT), params);
    // A number or a postcode that matched is what was meant.
    if (rows.length >= limit || ((number || postcode) && rows.length > 0) || lowered.length < 3) return { rows };
    const counts = await this.wordCounts(nameWords(lowered));
    const anchor = anchorWord(counts);
    // Names that start with the text were found. Looking for it inside names too is worth it only
    // for a single word that is not common: a query of several words that names start with is
    // what was meant, and its last word may be a piece still being typed ("acme wid"), inside
    // too many words for the trigram index to be cheap.
    const names = counts.get(anchor) ?? 0;
    if (rows.length > 0 && (counts.size > 1 || names > COMMON_WORD_NAMES)) return { rows, counts };
    const fragment = (): Promise<SearchRow[]> => this.db.query(RANKED(`${DIRECT} UNION ${FRAGMENT}`), [...params, escapeLike(anchor)]);
    if (deferUnknown && rows.length === 0 && [...counts.keys()].some((word) => counts.nowhere.has(word))) return { rows, counts, fragment };
    return { rows: await fragment(), counts };
  }

  /**
   * How many names hold each word of the query (0: no name has it as a whole word), and of the
   * words no name holds, which are not even inside a word that names hold (`nowhere`): no name
   * contains those as typed, so the fragment search (a trigram probe of every name) is skipped
   * for them. Looked up by a join on the primary key (for `word = ANY(...)` the planner would
   * pick the trigram index) and, for unknown words, the short word list's trigram index.
   */
  private async wordCounts(words: string[]): Promise<Map<string, number> & { nowhere: Set<string> }> {
    const found: { word: string; names: number | null; inside: boolean | null }[] = await this.db.query(
      `SELECT e.word, w.names,
              CASE WHEN w.names IS NULL THEN EXISTS (
                SELECT 1 FROM company_name_words x
                 WHERE x.word LIKE '%' || replace(replace(replace(e.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%') END AS inside
         FROM unnest($1::text[]) AS e(word) LEFT JOIN company_name_words w ON w.word = e.word`,
      [words],
    );
    const counts = Object.assign(new Map(words.map((word) => [word, 0])), { nowhere: new Set<string>() });
    for (const { word, names, inside } of found) {
      counts.set(word, names ?? 0);
      if (names === null && inside === false) counts.nowhere.add(word);
    }
    return counts;
  }

  /**
   * The query with each word no name holds replaced by the word it most likely meant: first a word
   * one edit away (a letter dropped, added, changed or two swapped: most typos) that names hold,
   * the most used one; else the closest word by trigram similarity.
   */
  private async correctWords(counts: Map<string, number>): Promise<string> {
    const words = [...counts.keys()];
    const corrected = await Promise.all(
      words.map(async (word) => {
        if ((counts.get(word) ?? 0) > 0 || word.length < 4) return word;
        const [edited]: { word: string }[] = await this.db.query(
          `SELECT w.word FROM unnest($1::text[]) AS e(word) JOIN company_name_words w ON w.word = e.word ORDER BY w.names DESC, w.word LIMIT 1`,
          [[...oneEditAway(word)]],
        );
        if (edited) return edited.word;
        const [similar]: { word: string }[] = await this.db.query(
          `SELECT word FROM company_name_words WHERE word % $1 ORDER BY similarity(word, $1) DESC, names DESC LIMIT 1`,
          [word],
        );
        return similar?.word ?? word;
      }),
    );
    return corrected.join(' ');
  }

  /** The default list for search (spec 2 7 get_company_list): suggested first, then the largest active companies. */
  async defaultList(suggested: string[], limit: number): Promise<SearchRow[]> {
    return this.db.query(
      `(SELECT ${COLUMNS}, array_position($1::text[], c.company_number) AS pos, NULL::numeric AS size
          FROM companies c WHERE c.company_number = ANY($1::text[]))
       UNION ALL
       (SELECT ${COLUMNS}, NULL, f.turnover
          FROM financial_statements f JOIN companies c USING (company_number)
         WHERE f.turnover IS NOT NULL AND c.company_status ILIKE 'active%' AND c.company_number <> ALL($1::text[])
           AND f.period_end = (SELECT max(period_end) FROM financial_statements l WHERE l.company_number = f.company_number)
         ORDER BY f.turnover DESC LIMIT $2)
       ORDER BY pos NULLS LAST, size DESC NULLS LAST
       LIMIT $2`,
      [suggested, limit],
    );
  }
}
