import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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

/** Rows each candidate set may hold before ranking: bounds the cost of very common words. */
const CANDIDATES = 300;
/** Names sharing the first three letters that a misspelling is compared with. */
const TYPO_CANDIDATES = 3000;

const RANKED = (candidates: string) => `
  WITH candidates AS (${candidates})
  SELECT ${COLUMNS}
    FROM candidates k JOIN companies c USING (company_number)
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

/**
 * Company search over Postgres alone (no separate engine), ranked: exact number, exact name,
 * prefix, postcode, fragment, then similarity; active companies first in each tier.
 * Each candidate set is capped and served by an index: the number by the primary key, name
 * prefixes by a byte-ordered btree, postcodes by an expression btree, fragments by pg_trgm's GIN
 * index (LIKE '%...%'). Only when those find too few does a misspelling search run (trigram
 * similarity, the costly one), so common queries never pay for it.
 */
@Injectable()
export class CompanySearchRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async search(query: string, limit: number): Promise<SearchRow[]> {
    const text = query.trim().replace(/\s+/g, ' ');
    const lowered = text.toLowerCase();
    const number = normaliseCompanyNumber(text);
    const postcode = normalisePostcode(text);
    const pattern = escapeLike(lowered);
    const params = [number, pattern, lowered, postcode, limit];
    const direct = `
      SELECT company_number FROM companies WHERE company_number = $1
      UNION
      (SELECT company_number FROM companies WHERE lower(company_name) COLLATE "C" LIKE $2 || '%' ORDER BY lower(company_name) COLLATE "C" LIMIT ${CANDIDATES})
      UNION
      (SELECT company_number FROM companies WHERE $4::text IS NOT NULL AND upper(replace(postcode, ' ', '')) COLLATE "C" LIKE $4 || '%'
        ORDER BY upper(replace(postcode, ' ', '')) COLLATE "C" LIMIT ${CANDIDATES})`;
    const fragment = `(SELECT company_number FROM companies WHERE lower(company_name) LIKE '%' || $2 || '%' LIMIT ${CANDIDATES})`;
    // Typos rarely touch the first letters: rank the names sharing the query's first three by
    // similarity (a btree range), and only if none is close, ask the trigram index (costly).
    const sameStart = `(SELECT company_number FROM companies
        WHERE lower(company_name) COLLATE "C" LIKE $6 || '%' ORDER BY lower(company_name) COLLATE "C" LIMIT ${TYPO_CANDIDATES})`;
    const misspelt = `(SELECT company_number FROM companies WHERE lower(company_name) % $3 LIMIT ${CANDIDATES})`;
    // Cheapest first; a wider (costlier) candidate set only when the narrower found too few.
    let rows: SearchRow[] = await this.db.query(RANKED(direct), params);
    // A number or a postcode that matched is what was meant.
    if (rows.length >= limit || ((number || postcode) && rows.length > 0) || lowered.length < 3) return rows;
    rows = await this.db.query(RANKED(`${direct} UNION ${fragment}`), params);
    // Text found as typed is not a misspelling: no need to guess.
    if (rows.length > 0 || lowered.length < 4) return rows;
    rows = await this.db.query(RANKED(`SELECT company_number FROM ${sameStart} s JOIN companies USING (company_number) WHERE similarity(lower(company_name), $3) >= 0.3`), [
      ...params,
      escapeLike(lowered.slice(0, 3)),
    ]);
    if (rows.length > 0) return rows;
    return this.db.query(RANKED(misspelt), params);
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
