/**
 * Search over a user's uploaded pages with Postgres full text (english stemming; the same SQL in
 * PGlite and server Postgres), tuned for finance: each line item is searched by every name
 * statements print it under, pages that match more of the question's concepts come first, then
 * pages that print the line item as a row, under its statement's title, with the years asked,
 * and (when the question wants a figure) pages dense with figures.
 */
import type { DataSource } from 'typeorm';
import { toPage, type StoredPage } from '../documents.repository.js';
import { STATEMENT_TITLES } from './finance-terms.js';
import type { QuestionTerms } from './question-terms.js';

export interface PageHit extends StoredPage {
  score: number;
  /** How many of the question's concepts the page matches. */
  coverage: number;
  concepts: number;
}

const MAX_CONCEPTS = 12;
const CANDIDATES = 60;

/** The question's concepts, each a websearch query of its alternatives ("net sales" OR revenue OR turnover). */
export function concepts(q: QuestionTerms): string[] {
  const quote = (phrase: string) => (/\s/.test(phrase) ? `"${phrase.replace(/"/g, ' ')}"` : phrase.replace(/"/g, ' '));
  const fromTerms = q.terms.map((t) => t.phrases.map(quote).join(' OR '));
  const fromWords = q.words.map(quote);
  return [...fromTerms, ...fromWords].slice(0, MAX_CONCEPTS);
}

/** Whether a line starts with one of the term's printed names (a statement row). */
export function rowLabelled(line: string, phrases: string[]): boolean {
  const text = line.toLowerCase().replace(/[’']/g, "'");
  return phrases.some((p) => text.startsWith(p) && !/[a-z]/.test(text.charAt(p.length)));
}

export async function searchPages(db: DataSource, userId: string, documentIds: string[], q: QuestionTerms, limit = 8): Promise<PageHit[]> {
  const parts = concepts(q);
  if (!parts.length || !documentIds.length) return [];
  const coverage = parts.map((_, i) => `(p.search @@ websearch_to_tsquery('english', $${i + 4}))::int`).join(' + ');
  const rows = await db.query(
    `SELECT p.document_id::text AS document_id, d.file_name, d.chat_key, p.page, p.text, p.lines, p.figures,
            ts_rank_cd(p.search, websearch_to_tsquery('english', $3)) AS rank, ${coverage} AS coverage
     FROM uploaded_document_pages p JOIN uploaded_documents d ON d.id = p.document_id
     WHERE d.user_id = $1 AND d.id = ANY($2::uuid[]) AND p.search @@ websearch_to_tsquery('english', $3)
     ORDER BY coverage DESC, rank DESC LIMIT ${CANDIDATES}`,
    [userId, documentIds, parts.join(' OR '), ...parts],
  );
  const hits = rows.map((row: Record<string, unknown>) => {
    const page = toPage(row);
    const lower = page.text.toLowerCase();
    let score = Number(row.coverage) * 2 + Math.min(Number(row.rank), 1);
    score += q.years.filter((y) => page.text.includes(y)).length * 0.5;
    for (const term of q.terms) {
      if (term.statement && STATEMENT_TITLES[term.statement].some((t) => lower.includes(t))) score += 0.75;
      if (q.wantsFigure && page.lines.some((l) => rowLabelled(l.text, term.phrases) && /\d/.test(l.text))) score += 1.5;
    }
    if (q.wantsFigure) score += Math.min(page.figures, 60) / 60;
    return { ...page, score, coverage: Number(row.coverage), concepts: parts.length };
  });
  return hits.sort((a: PageHit, b: PageHit) => b.score - a.score || a.page - b.page).slice(0, limit);
}
