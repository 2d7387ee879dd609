/**
 * Search over a user's uploaded pages with Postgres full text (english stemming; the same SQL in
 * PGlite and server Postgres), tuned for finance: each line item is searched by every name
 * statements print it under, pages that match more of the question's concepts come first, then
 * pages that print the line item as a row, under its statement's title, with the years asked,
 * and (when the question wants a figure) pages dense with figures.
 */
import type { DataSource } from 'typeorm';
import { toPage } from '../documents.repository.js';
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { normalLabel } from '@credence/shared';
import { STATEMENT_TITLES, type Statement } from './finance-terms.js';
import { pageKind, STATEMENT_TITLE_SQL, type PageKind } from './page-kind.js';
import type { QuestionTerms } from './question-terms.js';
import { sectionAt, sectionStarts } from './sections.js';

export interface PageHit extends StoredPage {
  score: number;
  /** What the page is (a statement, a summary, an exhibit …), from its title lines. */
  kind: PageKind;
  /** How many of the question's concepts the page matches. */
  coverage: number;
  concepts: number;
}

const MAX_CONCEPTS = 12;
/** What a page in the section the question points to adds (about one more rare concept matched). */
const SECTION_WEIGHT = 1;
const CANDIDATES = 60;
/** A concept on more than this share of the documents' pages does not choose the candidates (a filer's name). */
const COMMON_SHARE = 0.4;

/** The question's concepts, each a websearch query of its alternatives ("net sales" OR revenue OR turnover). */
export function concepts(q: QuestionTerms): string[] {
  const quote = (phrase: string) => (/\s/.test(phrase) ? `"${phrase.replace(/"/g, ' ')}"` : phrase.replace(/"/g, ' '));
  const fromTerms = q.terms.map((t) => t.phrases.map(quote).join(' OR '));
  const fromWords = q.words.map((w) => w.split('|').map(quote).join(' OR '));
  return [...fromTerms, ...fromWords].slice(0, MAX_CONCEPTS);
}

/**
 * Whether a line is a row of one of the term's printed names: it starts with the name, and what
 * follows before its figures is no other words ("Sales and marketing" is not a sales row; a
 * note reference, "net", a footnote marker or the words after "attributable to" may follow).
 */
export function rowLabelled(line: string, phrases: string[]): boolean {
  return labelPhrase(line, phrases) !== null;
}

const LABEL_TAIL =
  /^[\s,:;.$-]*(?:(?:-\s*)?net|total|\([a-z&]{1,6}\)|\((?:notes?|see)[^)]*\)|\(\d{1,2}\)|\d{1,2}(?=\s)|\([a-z]\)|\*+)?[\s,:;.$-]*$/;

/** The phrase a row's label is printed under, null when the line is no row of these phrases. */
export function labelPhrase(line: string, phrases: string[]): string | null {
  const text = normalLabel(line);
  for (const p of phrases) {
    if (!text.startsWith(p) || /[a-z]/.test(text.charAt(p.length))) continue;
    const figures = text.slice(p.length).search(/[($]?\s?-?\d[\d,.]*\)?%?(?:\s|$)/);
    const tail = figures < 0 ? text.slice(p.length) : text.slice(p.length, p.length + figures);
    // "attributable to" the company's shareholders, not to its noncontrolling interests
    if (/(?:\bto|\bof)$/.test(p) ? !/controlling|minority|redeemable/.test(tail) : LABEL_TAIL.test(tail)) return p;
  }
  return null;
}

/** A table of contents (entries ending in page numbers): it names every statement and holds none. */
export function contentsLike(page: StoredPage): boolean {
  const entries = page.lines.filter((l) => /^[A-Za-z][^\d]{4,}\s\d{1,3}$/.test(l.text)).length;
  return entries >= 5 || /\btable of contents\b/i.test(page.text.slice(0, 400));
}

/** Most of a line's longer words capitalised, as a title prints them ("Cost of Products Sold and Selling, …"). */
function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => w.length > 3);
  return words.length > 0 && words.filter((w) => /^[A-Z]/.test(w)).length * 2 > words.length;
}

/**
 * A page's headings: its first lines (after a running "Table of Contents" link) and any short line
 * without figures printed as a title (capitals or an ending colon), lowercased; where a page says
 * what it is about ("GEOGRAPHIC OPERATIONS", "Analysis of Consolidated Sales").
 */
export function headingsOf(lines: { text: string }[]): string {
  const texts = lines.map((l) => l.text.trim()).filter((t) => t && !/^table of contents$/i.test(t));
  // the first lines, unless they continue a sentence of the page before (lower case, or ending as a sentence does)
  const first = texts.slice(0, 4).filter((t) => t.length <= 100 && !/^[a-z]/.test(t) && !/[.,;]$/.test(t));
  const note = (t: string) => /^note \d{1,2}[.:]\s+[A-Za-z]/i.test(t) && t.length <= 120;
  const titled = (t: string) =>
    note(t) || (t.length <= 80 && !/\d{2}/.test(t) && (/^[^a-z]*[A-Z]{3}[^a-z]*$/.test(t) || (/:$/.test(t) && titleCase(t))));
  return [...first, ...texts.slice(4).filter(titled)].join('\n').toLowerCase();
}

/** Whether a concept (a websearch query of alternatives) is named in these headings: each word of an alternative, by its first letters. */
export function conceptInHeadings(concept: string, headings: string): boolean {
  const words = new Set(
    headings
      .split(/[^a-z&]+/)
      .filter(Boolean)
      .map((w) => w.slice(0, 5)),
  );
  return concept
    .split(' OR ')
    .map((alt) =>
      alt
        .replace(/"/g, '')
        .split(/[^a-z&]+/)
        .filter((w) => w.length > 2),
    )
    .some((alt) => alt.length > 0 && alt.every((w) => words.has(w.slice(0, 5))));
}

/** What each concept named in a page's headings adds (at most two count). */
const HEADING_WEIGHT = 1;
/** What a statement page in the financial statements section adds over a copy of it elsewhere. */
const STATEMENTS_WEIGHT = 0.5;
/** Risk factors tell what may happen: ranked down for a question that does not ask about risks. */
const RISK_WEIGHT = -1;

/**
 * How rare each concept is among the documents' pages (a company's name on every page says little),
 * and whether it is common: on more than COMMON_SHARE of them.
 */
async function conceptWeights(db: DataSource, documentIds: string[], parts: string[]): Promise<{ weights: number[]; common: boolean[] }> {
  const counts = parts.map((_, i) => `count(*) FILTER (WHERE search @@ websearch_to_tsquery('english', $${i + 2}))::int`).join(', ');
  const [row] = await db.query(
    `SELECT count(*)::int AS total, ARRAY[${counts}] AS df FROM uploaded_document_pages WHERE document_id = ANY($1::uuid[])`,
    [documentIds, ...parts],
  );
  const total = Math.max(1, Number(row.total));
  const df = (row.df as number[]).map(Number);
  return { weights: df.map((d) => Math.log(1 + total / Math.max(1, d))), common: df.map((d) => d > total * COMMON_SHARE) };
}

/**
 * Which concepts are the filer's name: every word of them in the documents' file names
 * ("american", "express" for AMERICANEXPRESS_2022_10K.pdf), which tells no page of its filing apart.
 */
async function filerConcepts(db: DataSource, documentIds: string[], parts: string[]): Promise<boolean[]> {
  const rows: { file_name: string }[] = await db.query(`SELECT file_name FROM uploaded_documents WHERE id = ANY($1::uuid[])`, [
    documentIds,
  ]);
  return parts.map((part) =>
    filerConcept(
      part,
      rows.map((r) => r.file_name),
    ),
  );
}

/** Whether every word of a concept is in one of these file names (letters only, lowercase). */
export function filerConcept(part: string, fileNames: string[]): boolean {
  const names = fileNames.map((f) =>
    f
      .toLowerCase()
      .replace(/\.pdf$/, '')
      .replace(/[^a-z]/g, ''),
  );
  const words = part
    .toLowerCase()
    .replace(/"/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && w !== 'or');
  return words.length > 0 && words.every((w) => names.some((n) => n.includes(w)));
}

/**
 * Each document's signature page ("the registrant has duly caused this report to be signed"),
 * when it is in the document's second half: the pages after it are the filing's exhibits.
 */
async function signaturePages(db: DataSource, documentIds: string[]): Promise<Map<string, number>> {
  const rows: { document_id: string; signed: number | null; pages: number }[] = await db.query(
    `SELECT document_id::text AS document_id, max(page)::int AS pages,
            min(page) FILTER (WHERE text ILIKE '%duly caused this report to be signed%')::int AS signed
     FROM uploaded_document_pages WHERE document_id = ANY($1::uuid[]) GROUP BY document_id`,
    [documentIds],
  );
  return new Map(rows.filter((r) => r.signed !== null && r.signed > r.pages / 2).map((r) => [r.document_id, Number(r.signed)]));
}

const ASKS_EXHIBIT = /\bexhibits?\b|\bagreements?\b|\bplan\b|\bcertification|\bsubsidiar/;

/** How a page's kind weighs for the question: a line item from its statement, exhibits only when asked for. */
function kindWeight(kind: PageKind, q: QuestionTerms): number {
  let weight = 0;
  if (q.wantsFigure && q.terms.some((t) => t.statement === kind)) weight += 2.5;
  if (q.statements.includes(kind as Statement)) weight += 2;
  if (kind === 'summary' && q.terms.length) weight -= 1;
  if (kind === 'exhibit' && !ASKS_EXHIBIT.test(q.words.join(' '))) weight -= 4;
  return weight;
}

/** How the filing section a page is in weighs for the question. */
function sectionWeight(section: string | null, kind: PageKind, q: QuestionTerms, figures: boolean): number {
  if (section && (q.sections as string[]).includes(section)) return SECTION_WEIGHT;
  // a line item is read from the financial statements (Item 8) before a copy of them in MD&A
  if (section === 'statements' && figures && q.terms.some((t) => t.statement === kind)) return STATEMENTS_WEIGHT;
  return section === 'risk' ? RISK_WEIGHT : 0;
}

/**
 * Each concept's weight (its idf; nothing for the filer's name, as every page of its filing is
 * about it), whether it is plain (neither the filer's name nor on most pages), and whether it
 * chooses the candidates (the plain ones; all when none is).
 */
async function conceptRoles(db: DataSource, documentIds: string[], parts: string[]) {
  const { weights: idf, common } = await conceptWeights(db, documentIds, parts);
  const filer = await filerConcepts(db, documentIds, parts);
  const weights = idf.map((w, i) => (filer[i] && !filer.every(Boolean) ? 0 : w));
  const plain = parts.map((_, i) => !common[i] && !filer[i]);
  return { weights, plain, telling: plain.some(Boolean) ? plain : parts.map(() => true) };
}

export async function searchPages(db: DataSource, userId: string, documentIds: string[], q: QuestionTerms, limit = 8): Promise<PageHit[]> {
  const parts = concepts(q);
  if (!parts.length || !documentIds.length) return [];
  const { weights, plain, telling } = await conceptRoles(db, documentIds, parts);
  const matched = parts.map((_, i) => `p.search @@ websearch_to_tsquery('english', $${i + 5})`);
  const counted = matched.filter((_, i) => telling[i]);
  // among pages that match as many concepts, the statements that hold the line items asked come first
  const statements = new Set([...q.statements, ...(q.wantsFigure ? q.terms.flatMap((t) => (t.statement ? [t.statement] : [])) : [])]);
  const titles = [...statements].map((st) => STATEMENT_TITLE_SQL[st]).join('|');
  const rows = await db.query(
    `SELECT p.document_id::text AS document_id, d.file_name, d.chat_key, p.page, p.text, p.lines, p.figures,
            ts_rank_cd(p.search, websearch_to_tsquery('english', $3)) AS rank, ARRAY[${matched.join(', ')}] AS matched
     FROM uploaded_document_pages p JOIN uploaded_documents d ON d.id = p.document_id
     WHERE d.user_id = $1 AND d.id = ANY($2::uuid[]) AND p.search @@ websearch_to_tsquery('english', $3)
     ORDER BY (${counted.map((m) => `(${m})::int`).join(' + ')}) DESC, ($4 <> '' AND left(p.text, 400) ~* $4)::int DESC, rank DESC
     LIMIT ${CANDIDATES}`,
    [userId, documentIds, parts.join(' OR '), titles, ...parts],
  );
  const signed = await signaturePages(db, documentIds);
  // the sections the question's topic is written in rank first (MD&A for why, risk factors for risks …)
  const sections = await sectionStarts(db, documentIds);
  const most = weights.reduce((a, b) => a + b, 0) || 1;
  // a question of why is answered by prose: rows and dense tables do not rank its pages up
  const figures = q.wantsFigure && !q.explanatory;
  const hits = rows.map((row: Record<string, unknown>) => {
    const page = toPage(row);
    const lower = page.text.toLowerCase();
    const flags = row.matched as boolean[];
    const coverage = flags.filter(Boolean).length;
    // The share of the question's weight the page matches: rare concepts count most.
    let score =
      (flags.reduce((sum, hit, i) => sum + (hit ? weights[i] : 0), 0) / most) * 2 * parts.length ** 0.5 + Math.min(Number(row.rank), 1);
    score += q.years.filter((y) => page.text.includes(y)).length * 0.5;
    for (const term of q.terms) {
      if (term.statement && STATEMENT_TITLES[term.statement].some((t) => lower.includes(t))) score += 0.75;
      if (figures && page.lines.some((l) => rowLabelled(l.text, term.phrases) && /\d/.test(l.text))) score += 1.5;
    }
    for (const statement of q.statements) if (STATEMENT_TITLES[statement].some((t) => lower.includes(t))) score += 1.5;
    if (figures) score += Math.min(page.figures, 60) / 60;
    if (contentsLike(page)) score -= 3;
    const titled = pageKind(page.lines);
    // text after the signatures that is no statement is an exhibit (a plan, an agreement, a certification)
    const kind = titled === 'other' && page.page > (signed.get(page.documentId) ?? Infinity) ? 'exhibit' : titled;
    score += kindWeight(kind, q);
    score += sectionWeight(sectionAt(sections.get(page.documentId), page.page), kind, q, figures);
    const headings = headingsOf(page.lines);
    // a telling concept the page's headings name says what the page is about (the filer's name says nothing)
    const named = parts.filter((part, i) => plain[i] && conceptInHeadings(part, headings)).length;
    score += Math.min(named, 2) * HEADING_WEIGHT;
    return { ...page, kind, score, coverage, concepts: parts.length };
  });
  return hits.sort((a: PageHit, b: PageHit) => b.score - a.score || a.page - b.page).slice(0, limit);
}
