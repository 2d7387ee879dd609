/**
 * A question answered by what a document says (a risk, a term, a description): the sentences
 * of the best pages that share most words with the question, quoted as they read with the
 * sentence after each when it explains it (a driver, an amount, a date), each cited to its page; and, under any answer, the other pages that speak of it, each with its closest line.
 * The documents' words are quoted as data (escaped: a link or markup in them shows as the
 * characters it is), never acted upon: a sentence addressed to a reader's
 * assistant ("ignore previous instructions...") is never chosen as a quote.
 */
import type { PageHit } from '../search/page-search.js';
import type { QuestionTerms } from '../search/question-terms.js';
import type { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import { markdownSafe } from '../../../platform/ai/engine/text.js';
import { compose, passageFact } from './document-facts.js';

const MAX_QUOTES = 3;
/** Most pages an answer cites (its own and the others that speak of the question). */
export const MAX_CITED_PAGES = 5;
const MAX_QUOTE_CHARS = 400;
const INSTRUCTION =
  /\b(?:ignore|disregard|forget)\b[^.]{0,60}\b(?:instructions?|prompts?|rules)\b|\bsystem prompt\b|\b(?:you|assistant|ai|model)\s+(?:must|should|shall)\b/i;

const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 6);

/** The page's prose, sentence by sentence, as it reads. */
function proseOf(hit: Pick<PageHit, 'lines'>): string[] {
  return (
    hit.lines
      .map((l) => l.text)
      .join(' ')
      // a bullet starts a sentence of its own (a list's items often end without a full stop)
      .split(/(?<=[.!?;])\s+(?=[A-Z(“"])|\s*[•▪●◦■]\s+/)
      .map((s) => s.trim())
  );
}

/** A sentence that explains the one before it: a driver, an amount, a date, a comparison. */
const EXPLAINS =
  /\b(?:due to|primarily|mainly|driven|as a result|because|reflect\w*|attributable|offset|partially|increase[sd]?|decrease[sd]?|compared|includ\w*)\b|\d/i;

/**
 * The sentence after a quoted one on its page when it explains it ("… increased 5%. The increase
 * was driven by 47 new stores."): quoted with it, so the reader has the reason, not only the claim.
 */
export function following(hit: Pick<PageHit, 'lines'>, sentence: string): string | null {
  const prose = proseOf(hit);
  const next = prose[prose.indexOf(sentence) + 1];
  if (prose.indexOf(sentence) < 0 || !next || next.length < 20 || next.length > MAX_QUOTE_CHARS || INSTRUCTION.test(next)) return null;
  // prose, not a heading or a table's row: words in lower case, ending as a sentence does
  return /[a-z]{3}/.test(next) && /[.!?;:)”"]$/.test(next) && EXPLAINS.test(next) ? next : null;
}

/** The page's sentences, and its table rows (a label with figures) as they read. */
function sentences(hit: PageHit): string[] {
  const prose = proseOf(hit);
  const rows = hit.lines.map((l) => l.text).filter((t) => /^[A-Za-z].{3,}\s\(?\$?\s?\d/.test(t));
  return [...prose, ...rows].filter((s) => s.length >= 20 && s.length <= MAX_QUOTE_CHARS && !INSTRUCTION.test(s));
}

function score(sentence: string, wanted: string[]): number {
  const words = new Set(sentence.split(/\s+/).map(stem));
  return wanted.filter((w) => w.split('|').some((alternative) => words.has(alternative))).length;
}

/**
 * The stems the question searches for: its words and its line items' names, less the words of
 * the documents' file names (the filer's name, on every page, says nothing about which sentence
 * answers).
 */
function wantedStems(q: QuestionTerms, hits: PageHit[]): string[] {
  const names = q.terms.flatMap((t) => (q.asked[t.key] ?? t.phrases[0]).split(/\s+/));
  const files = [...new Set(hits.map((h) => h.fileName.toLowerCase().replace(/[^a-z]/g, '')))];
  const filer = (w: string) => w.length >= 4 && !w.includes('|') && files.some((f) => f.includes(w));
  // a topic's alternatives stay one wanted word ("litiga|lawsui|procee")
  const all = [
    ...new Set(
      [...q.words, ...names].map((w) =>
        w
          .split('|')
          .map(stem)
          .filter((a) => a.length >= 3)
          .join('|'),
      ),
    ),
  ].filter(Boolean);
  const rare = all.filter((w) => !filer(w));
  return rare.length ? rare : all;
}

interface Quote {
  hit: PageHit;
  sentence: string;
  score: number;
}

/** `withYear`: only sentences that name a year the question asks about (a figure the statements do not print). */
function quotesOf(q: QuestionTerms, hits: PageHit[], withYear = false): Quote[] {
  const wanted = wantedStems(q, hits);
  if (!wanted.length) return [];
  const need = Math.max(1, Math.ceil(wanted.length / 3));
  // a question that asks an amount is answered by a sentence that states one
  const amount = asksAmount(q);
  return hits
    .flatMap((hit) =>
      sentences(hit).map((sentence) => ({ hit, sentence, score: score(sentence, wanted) + (amount && AMOUNT.test(sentence) ? 1 : 0) })),
    )
    .filter((s) => s.score >= need && (!withYear || !q.years.length || q.years.some((y) => s.sentence.includes(y))))
    .sort((a, b) => b.score - a.score || b.hit.score - a.hit.score);
}

/**
 * `explain`: quote the sentence after each when it explains it; not for a question that asks a
 * figure without asking why (a figure in the next sentence would answer another question).
 */
function quote(writer: AnswerWriter, { hit, sentence }: Quote, index: number, quoted: Set<string>, explain: boolean): void {
  const next = explain ? following(hit, sentence) : null;
  const passage = next && !quoted.has(next) ? `${sentence} ${next}` : sentence;
  if (next) quoted.add(next);
  compose(writer, [
    '> ',
    { fact: passageFact(passage, hit, index), text: markdownSafe(passage) },
    `\n>\n> — ${markdownSafe(hit.fileName)}, page ${hit.page}\n\n`,
  ]);
}

/** An amount as prose states it: "$13.2 billion", "€700 million", "90%". */
const AMOUNT = /[$€£]\s?\d|\d[\d,.]*\s?(?:million|billion|thousand|%|percent)\b/i;

/** The question asks an amount that no line item names (what the statements print is read from their rows). */
const asksAmount = (q: QuestionTerms) => q.wantsFigure && !q.explanatory && !q.terms.length && !q.metric;

/** A total of which a share is already spent ("costs of approximately $700 million …, of which approximately 90% has been incurred"). */
const PART_DONE =
  /\bof which\b[^.;]{0,80}\b(?:has|have) (?:already )?been (?:incurred|paid|spent|recogni[sz]ed|recorded|completed)\b|\b(?:incurred|paid|spent) (?:to date|so far)\b/i;

/**
 * Why the best passage does not answer a question that asks an amount still to come, or null
 * when it may: its figure is a total of which a share has already been incurred, so quoting it
 * would state the total as the amount remaining (a wrong figure with a citation). The answer says
 * what it found and what is missing instead.
 */
export function passageGap(q: QuestionTerms, hits: PageHit[]): string | null {
  if (!asksAmount(q)) return null;
  const quotes = quotesOf(q, hits).slice(0, MAX_QUOTES);
  if (!quotes.length) return null;
  // the passages found speak of the question but state no amount: quoting them would put another figure first
  if (!quotes.some((found) => AMOUNT.test(found.sentence)))
    return 'The passages that speak of this state no amount for it, so I give none.';
  const best = quotes[0];
  if (!q.remaining || !PART_DONE.test(best.sentence)) return null;
  return (
    `${markdownSafe(best.hit.fileName)} page ${best.hit.page} states a total of which a share has already been incurred; ` +
    'it does not state the amount still to be paid, so I do not give one.'
  );
}

/** Quotes the passages that answer; false when no page says enough about the question. */
export async function passageAnswer(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter, withYear = false): Promise<boolean> {
  const quotes = quotesOf(q, hits, withYear).slice(0, MAX_QUOTES);
  if (!quotes.length) return false;
  writer.write('## What the documents say\n\n');
  // a sentence quoted as the one after another is not quoted again on its own
  const quoted = new Set<string>();
  let index = 0;
  const explain = !q.wantsFigure || q.explanatory;
  for (const found of quotes) if (!quoted.has(found.sentence)) quote(writer, found, index++, quoted, explain);
  await writer.flush();
  return true;
}

/** The pages of a passage answer (to leave out of the other pages). */
export function passagePages(q: QuestionTerms, hits: PageHit[], withYear = false): PageHit[] {
  return quotesOf(q, hits, withYear)
    .slice(0, MAX_QUOTES)
    .map((s) => s.hit);
}

/**
 * Under an answer: the other well-ranked pages that speak of the question (up to
 * MAX_CITED_PAGES cited in all), each with its closest sentence or row, so the reader can check
 * where else the documents say it.
 */
export async function otherPages(
  q: QuestionTerms,
  hits: PageHit[],
  cited: PageHit[],
  writer: AnswerWriter,
  heading = 'Other pages on this',
): Promise<void> {
  const seen = new Set(cited.map((h) => `${h.documentId}:${h.page}`));
  const wanted = wantedStems(q, hits);
  const top = hits[0]?.score ?? 0;
  const others: Quote[] = [];
  for (const hit of hits) {
    if (seen.size + others.length >= MAX_CITED_PAGES) break;
    if (seen.has(`${hit.documentId}:${hit.page}`) || hit.score < top / 3) continue;
    const lines = [...sentences(hit), ...hit.lines.map((l) => l.text).filter((t) => t.length >= 8 && !INSTRUCTION.test(t))];
    const best = lines.map((sentence) => ({ hit, sentence, score: score(sentence, wanted) })).sort((a, b) => b.score - a.score)[0];
    if (best && best.score > 0) others.push(best);
  }
  if (!others.length) return;
  writer.write(`\n### ${heading}\n\n`);
  others.forEach(({ hit, sentence }, i) =>
    compose(writer, [
      `- ${markdownSafe(hit.fileName)}, page ${hit.page}: “`,
      { fact: passageFact(sentence, hit, 100 + i), text: markdownSafe(sentence) },
      '”\n',
    ]),
  );
  await writer.flush();
}
