/**
 * "What is this document?", "What kind of filing is this?", "Summarise this document": each
 * document's form, filer and period read from its cover (documents/search/cover.ts), every one
 * quoted from the line it is printed on and cited to its page; what the cover does not print is
 * said to be missing, never guessed. A summary adds where the filing's sections start.
 */
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { coverOf, type CoverFact } from '../search/cover.js';
import type { SectionStart } from '../search/sections.js';
import type { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import { markdownSafe } from '../../../platform/ai/engine/text.js';
import { compose, passageFact, type Piece } from './document-facts.js';

/** Pages read for the cover: a 10-K's cover and the page its facing text continues on. */
export const COVER_PAGES = 2;

const PERIOD_WORDS: Record<string, string> = {
  '10-K': ' for the fiscal year ended ',
  '20-F': ' for the fiscal year ended ',
  '10-Q': ' for the quarter ended ',
  '8-K': ' reporting an event of ',
};

function cited(label: string, found: CoverFact, page: StoredPage, index: number): Piece[] {
  return [`- ${label}: “`, { fact: passageFact(found.line, { ...page, page: found.page }, index), text: markdownSafe(found.line) }, '”\n'];
}

/**
 * Writes what each document is and answers the pages cited: none when no cover names a form,
 * filer or period (the caller declines). `sections` (a summary) lists where each document's
 * sections start.
 */
export async function coverAnswer(
  pages: StoredPage[],
  writer: AnswerWriter,
  sections?: Map<string, SectionStart[]>,
): Promise<StoredPage[]> {
  const byDocument = new Map<string, StoredPage[]>();
  for (const page of pages) byDocument.set(page.documentId, [...(byDocument.get(page.documentId) ?? []), page]);
  const shown: StoredPage[] = [];
  let index = 300;
  for (const [documentId, own] of byDocument) {
    const cover = coverOf(own);
    const facts = [cover.form, cover.filer, cover.period].filter((f): f is CoverFact => f !== null);
    if (!facts.length) continue;
    if (!shown.length) writer.write('## What the documents are\n\n');
    const first = own[0];
    const kind = cover.form?.value ?? '';
    const form = !cover.form
      ? 'a document whose form its cover does not name'
      : /release/.test(kind)
        ? `${/^e/.test(kind) ? 'an' : 'a'} ${kind}`
        : `a Form ${kind}${cover.formName ? ` (${cover.formName})` : ''}`;
    const filer = cover.filer ? ` of ${markdownSafe(cover.filer.value)}` : '';
    const when = PERIOD_WORDS[kind] ?? ' for the period ended ';
    const lead = /release/.test(kind) ? ' with results for ' : /^\d{4}$/.test(cover.period?.value ?? '') ? ' for the fiscal year ' : when;
    const period = cover.period ? `${lead}${markdownSafe(cover.period.value)}` : '';
    writer.write(`**${markdownSafe(first.fileName)}** is ${form}${filer}${period}. Read from its cover:\n\n`);
    const pieces: Piece[] = [];
    if (cover.form) pieces.push(...cited('Form', cover.form, first, index++));
    if (cover.filer) pieces.push(...cited('Filer', cover.filer, first, index++));
    else pieces.push('- Filer: not printed as text on the cover (it may be a logo)\n');
    if (cover.period)
      pieces.push(...cited(/release/.test(cover.form?.value ?? '') ? 'Results for' : 'Period', cover.period, first, index++));
    else pieces.push('- Period: not printed on the cover\n');
    compose(writer, pieces);
    const starts = sections?.get(documentId) ?? [];
    if (starts.length) writer.write(`\nSections: ${starts.map((s) => `${markdownSafe(s.title)} (page ${s.page})`).join('; ')}.\n`);
    writer.write('\n');
    shown.push(...own.filter((p) => facts.some((f) => f.page === p.page)));
  }
  await writer.flush();
  return shown;
}
