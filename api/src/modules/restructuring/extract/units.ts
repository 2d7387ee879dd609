/**
 * A document's pages as units of meaning: sentences and term-sheet entries ("Margin: 3.75% per
 * annum"), each on one page, rebuilt from the page's lines (prose wraps; headings, list items and
 * labelled entries start a new unit). The text is data: it is matched against patterns, never
 * followed as instructions.
 */
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';

export interface TextUnit {
  documentId: string;
  fileName: string;
  page: number;
  /** Position in the document (order of reading). */
  index: number;
  text: string;
}

/** A line that begins a unit of its own: a heading in capitals, a list item, a "Label:" entry. */
const HEADING = /^[^a-z]{3,80}$/;
const LIST_ITEM = /^(?:\(?[a-z0-9]{1,4}[.)]|[•·-])\s/i;
const LABEL = /^[A-Z][A-Za-z /&'-]{1,40}:\s/;
const SENTENCE_END = /[.;:]["”)]?$/;
/** Sentence breaks inside a unit: after . or ; before a capital or an opening bracket. */
const SENTENCE_BREAK = /(?<=[a-z0-9)"”][.;])\s+(?=[A-Z(“"])/;
const MAX_UNIT = 1200;

function startsUnit(line: string, previous: string): boolean {
  return HEADING.test(previous) || HEADING.test(line) || SENTENCE_END.test(previous) || LIST_ITEM.test(line) || LABEL.test(line);
}

function pageUnits(page: StoredPage): string[] {
  const blocks: string[] = [];
  let current = '';
  let previous = '';
  for (const raw of page.lines.map((l) => l.text.replace(/\s+/g, ' ').trim())) {
    if (!raw) continue;
    if (current && startsUnit(raw, previous)) {
      blocks.push(current);
      current = '';
    }
    current = current ? `${current} ${raw}` : raw;
    previous = raw;
  }
  if (current) blocks.push(current);
  return blocks
    .flatMap((b) => b.split(SENTENCE_BREAK))
    .map((s) => s.trim().slice(0, MAX_UNIT))
    .filter(Boolean);
}

/** Every unit of the pages given (a document's, in page order). */
export function textUnits(pages: readonly StoredPage[]): TextUnit[] {
  const units: TextUnit[] = [];
  for (const page of pages)
    for (const text of pageUnits(page))
      units.push({ documentId: page.documentId, fileName: page.fileName, page: page.page, index: units.length, text });
  return units;
}
