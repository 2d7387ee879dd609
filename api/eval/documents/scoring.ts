/**
 * One question's score: was the evidence page among the first five pages the answer cites, does
 * the answer state the gold figure, did it decline, did it state a wrong figure with a citation.
 * General rules only (docs/evaluations.md, "How answers are scored"): nothing here knows a
 * particular question, company or document.
 */
import type { DatasetQuestion } from './dataset.js';
import { answerFigures, figureMatches, figuresIn, plainAnswer, scaleNote, statedFigure } from './figures.js';

export const METRICS_TYPE = 'metrics-generated';
/** Pages of an answer's citations that count for the evidence page hit. */
export const CITED_PAGES_COUNTED = 5;

/** A question that asks for a quantity (the analyst questions that are not narrative). */
const ASKS_QUANTITY =
  /\b(?:how (?:much|many)|what (?:is|was|were|are) (?:the )?(?:amount|value|number|size|total|ratio|rate|percentage|proportion) of)\b/i;
/** An answer that says the documents do not answer (for an engine that does not mark its declines). */
const DECLINES =
  /\b(?:do(?:es)? not (?:answer|say|show|state|disclose|contain|provide)|cannot (?:answer|find|determine|be (?:determined|computed))|could not (?:find|determine|compute)|(?:is|are) not (?:found|stated|disclosed|given) in|no (?:page|statement row|information)\b[^.\n]{0,60}\b(?:answers?|says?|shows?|found))\b/i;

/** How an asked question ended, as the client read it. */
export interface AskedAnswer {
  text: string;
  /** The answer marked itself as declined (`answer.declined`). */
  declinedMark: boolean;
  citations: { document_id: string; page?: number }[];
  /** The HTTP status of a refused request (null when the stream was answered). */
  status: number | null;
  /** The stream's `error` event, or the refusal's message. */
  error: string | null;
  ms: number;
}

export interface QuestionScore {
  id: string;
  doc: string;
  type: string;
  evidencePages: number[];
  /** The first pages the answer cites, in the order it cites them (at most CITED_PAGES_COUNTED). */
  cited: number[];
  pageHit: boolean;
  /** A question answered by a figure: every metrics question, and others that ask for a quantity. */
  numeric: boolean;
  /** The gold answer's figures, as written there. */
  gold: string[];
  /** The figure the answer states, as written there. */
  stated: string | null;
  /** Null when the question is not numeric. */
  figureRight: boolean | null;
  declined: boolean;
  /** A numeric question answered with another figure than the gold one, with a citation. */
  wrongWithCitation: boolean;
  status: number | null;
  error: string | null;
  ms: number | null;
  /** The answer's first words, for reading the report. */
  excerpt: string;
}

export function goldFigures(q: Pick<DatasetQuestion, 'answer'>) {
  return figuresIn(q.answer);
}

export function isNumeric(q: Pick<DatasetQuestion, 'type' | 'question' | 'answer'>): boolean {
  return goldFigures(q).length > 0 && (q.type === METRICS_TYPE || ASKS_QUANTITY.test(q.question));
}

/** The first CITED_PAGES_COUNTED distinct pages the answer cites in `documentId`. */
export function citedPages(citations: AskedAnswer['citations'], documentId: string | null): number[] {
  const pages: number[] = [];
  for (const c of citations) {
    if (c.page === undefined || (documentId !== null && c.document_id !== documentId) || pages.includes(c.page)) continue;
    pages.push(c.page);
    if (pages.length === CITED_PAGES_COUNTED) break;
  }
  return pages;
}

export function isDecline(answer: Pick<AskedAnswer, 'text' | 'declinedMark'>): boolean {
  return (
    answer.declinedMark ||
    DECLINES.test(
      plainAnswer(answer.text)
        .split(/\n\s*\n/)
        .slice(0, 2)
        .join('\n'),
    )
  );
}

/**
 * With one gold figure, the answer's stated figure must match it; with several (a change "from
 * 24.6% to 21.6%"), each must appear among the answer's figures.
 */
export function figureRight(q: Pick<DatasetQuestion, 'question' | 'answer'>, text: string): boolean {
  const gold = goldFigures(q);
  const asked = scaleNote(q.question);
  if (gold.length === 1) {
    const stated = statedFigure(text);
    return stated !== null && figureMatches(gold[0], stated, asked);
  }
  const figures = answerFigures(text);
  return gold.every((g) => figures.some((f) => figureMatches(g, f, asked)));
}

export function excerptOf(text: string, max = 160): string {
  const flat = plainAnswer(text).replace(/[#>*]/g, '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The score of a question whose document was stored as `documentId`; `answer` null when its upload failed. */
export function scoreQuestion(q: DatasetQuestion, documentId: string | null, answer: AskedAnswer | null): QuestionScore {
  const numeric = isNumeric(q);
  const base = {
    id: q.id,
    doc: q.doc,
    type: q.type,
    evidencePages: q.evidencePages,
    numeric,
    gold: goldFigures(q).map((f) => f.printed),
  };
  if (!answer || answer.status !== null) {
    return {
      ...base,
      cited: [],
      pageHit: false,
      stated: null,
      figureRight: numeric ? false : null,
      declined: false,
      wrongWithCitation: false,
      status: answer?.status ?? null,
      error: answer ? answer.error : 'the document was not uploaded',
      ms: answer?.ms ?? null,
      excerpt: '',
    };
  }
  const cited = citedPages(answer.citations, documentId);
  const declined = isDecline(answer);
  const stated = declined ? null : statedFigure(answer.text);
  const right = numeric ? !declined && figureRight(q, answer.text) : null;
  return {
    ...base,
    cited,
    pageHit: q.evidencePages.some((p) => cited.includes(p)),
    stated: stated?.printed ?? null,
    figureRight: right,
    declined,
    wrongWithCitation: numeric && !declined && right === false && stated !== null && answer.citations.length > 0,
    status: null,
    error: answer.error,
    ms: answer.ms,
    excerpt: excerptOf(answer.text),
  };
}
