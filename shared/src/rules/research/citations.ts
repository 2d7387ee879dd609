/**
 * Citations as the reader sees them (issue 14, docs/architecture.md 8): the answer's `[^cN]` markers
 * become footnote numbers in the order the citations are first used, and each footnote reads
 * "Full accounts made up to 31/12/2024, page 7". The web and the terminal both render with these.
 */
import type { ResearchAnswer, ResearchCitation } from '../../contracts/research.js';

/** `[^c12]`: a citation marker in the answer's markdown. */
const MARKER = /\[\^([A-Za-z0-9_-]+)\]/g;
/** An unfinished marker at the very end of streamed text ("[^", "[^c1"): hidden until complete. */
const PARTIAL_MARKER_AT_END = /\[\^[A-Za-z0-9_-]*$/;

export interface CitationFootnote {
  /** 1, 2, 3... in order of first use. */
  number: number;
  id: string;
  citation: ResearchCitation;
  /** "Full accounts made up to 31/12/2024, page 7" (", unverified" when the checker could not confirm it). */
  label: string;
}

/**
 * The words of one citation: its title, its page when it has one (once: an uploaded page's title
 * already ends with it, "northwind.pdf, page 1"), and "unverified" when so.
 */
export function citationLabel(citation: ResearchCitation): string {
  const title = citation.title?.trim() || citation.pdf_name || citation.url || citation.document_id;
  const paged = citation.page !== undefined && citation.page !== null && !title.endsWith(`, page ${citation.page}`);
  const page = paged ? `, page ${citation.page}` : '';
  return `${title}${page}${citation.verified === false ? ' (unverified)' : ''}`;
}

/** The ids of the markers in a text, each once, in order of first use. */
export function citationIdsInText(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(MARKER)) if (!ids.includes(match[1])) ids.push(match[1]);
  return ids;
}

/**
 * The answer's footnotes: the citations the text uses, numbered in order of first use, then
 * those only a table uses (in the order the tables cite them), then any left, as they arrived.
 * A marker with no citation (yet) gets no number.
 */
export function citationFootnotes(answer: Pick<ResearchAnswer, 'text' | 'citations' | 'tables'>): CitationFootnote[] {
  const byId = new Map(answer.citations.map((c) => [c.id, c]));
  const order = [
    ...citationIdsInText(answer.text),
    ...answer.tables.flatMap((t) => t.citations ?? []),
    ...answer.citations.map((c) => c.id),
  ];
  const footnotes: CitationFootnote[] = [];
  const placed = new Set<string>();
  for (const id of order) {
    const citation = byId.get(id);
    if (!citation || placed.has(id)) continue;
    placed.add(id);
    footnotes.push({ number: footnotes.length + 1, id, citation, label: citationLabel(citation) });
  }
  return footnotes;
}

/** "[1] Full accounts made up to 31/12/2024, page 7". */
export function footnoteLine(footnote: CitationFootnote): string {
  return `[${footnote.number}] ${footnote.label}`;
}

export type MarkerRenderer = (footnote: CitationFootnote) => string;

/**
 * The text with each `[^cN]` marker replaced by its footnote (`[1]` unless `render` says
 * otherwise, e.g. a link in the web). Markers whose citation has not arrived are dropped, and so
 * is an unfinished marker at the end of text still streaming.
 */
export function resolveCitationMarkers(
  text: string,
  footnotes: readonly CitationFootnote[],
  render: MarkerRenderer = (footnote) => `[${footnote.number}]`,
): string {
  const byId = new Map(footnotes.map((f) => [f.id, f]));
  return text
    .replace(MARKER, (_marker, id: string) => {
      const footnote = byId.get(id);
      return footnote ? render(footnote) : '';
    })
    .replace(PARTIAL_MARKER_AT_END, '');
}

/** The footnotes of a table's figures, in footnote order. */
export function tableFootnotes(tableCitations: readonly string[] | undefined, footnotes: readonly CitationFootnote[]): CitationFootnote[] {
  const ids = new Set(tableCitations ?? []);
  return footnotes.filter((f) => ids.has(f.id));
}
