/**
 * A question answered by what a document says (a risk, a term, a description): the sentences
 * of the best pages that share most words with the question, quoted as they read, each cited to
 * its page. The documents' words are quoted as data, never acted upon.
 */
import type { PageHit } from '../../../../documents/search/page-search.js';
import type { QuestionTerms } from '../../../../documents/search/question-terms.js';
import type { AnswerWriter } from '../../answer-writer.js';
import { compose, passageFact } from './document-facts.js';

const MAX_QUOTES = 3;
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 6);

function sentences(hit: PageHit): string[] {
  return hit.lines
    .map((l) => l.text)
    .join(' ')
    .split(/(?<=[.!?;])\s+(?=[A-Z(“"])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
}

function score(sentence: string, wanted: string[]): number {
  const words = new Set(sentence.split(/\s+/).map(stem));
  return wanted.filter((w) => words.has(w)).length;
}

/** Quotes the passages that answer; false when no page says enough about the question. */
export async function passageAnswer(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter): Promise<boolean> {
  const wanted = [...new Set([...q.words, ...q.terms.flatMap((t) => t.phrases[0].split(/\s+/))].map(stem).filter((w) => w.length >= 3))];
  if (!wanted.length) return false;
  const need = Math.max(1, Math.ceil(wanted.length / 2));
  const quotes = hits
    .flatMap((hit) => sentences(hit).map((sentence) => ({ hit, sentence, score: score(sentence, wanted) })))
    .filter((s) => s.score >= need)
    .sort((a, b) => b.score - a.score || b.hit.score - a.hit.score)
    .slice(0, MAX_QUOTES);
  if (!quotes.length) return false;
  writer.write('## What the documents say\n\n');
  quotes.forEach(({ hit, sentence }, i) => {
    compose(writer, ['> ', { fact: passageFact(sentence, hit, i), text: sentence }, `\n>\n> — ${hit.fileName}, page ${hit.page}\n\n`]);
  });
  await writer.flush();
  return true;
}
