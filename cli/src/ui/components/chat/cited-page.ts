/**
 * Which lines of a cited page the citation quotes, and what of them to highlight (pure): the
 * lines under the citation's boxes (else the lines its quote holds); on those lines the figures
 * the answer cites (the shared highlight rule), or the whole line when it holds none of them
 * (a quoted passage). Other lines of the page stay plain, even where a number repeats.
 */
import { highlightQuote, type FilingPageText, type QuoteBox, type QuoteSegment, type ResearchCitation } from '@credence/shared';

/** A quote line this short ("2024", "£") could be anywhere in a quote: not enough to say a line is quoted. */
const MIN_QUOTED = 6;

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** A citation's box marks a line when its centre is inside one of the line's pieces. */
function inside(box: QuoteBox, piece: QuoteBox): boolean {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.top + box.bottom) / 2;
  return x >= piece.x0 && x <= piece.x1 && y >= piece.top && y <= piece.bottom;
}

/** Indexes of the page's lines the citation quotes. */
export function citedLines(page: FilingPageText, citation: Pick<ResearchCitation, 'boxes' | 'quote'>): Set<number> {
  const boxes = (citation.boxes ?? []).filter((box) => box.page === page.page);
  const byBox = page.lines.flatMap((line, i) => (line.boxes.some((piece) => boxes.some((box) => inside(box, piece))) ? [i] : []));
  if (byBox.length > 0) return new Set(byBox);
  const quote = squeeze(citation.quote ?? '');
  if (!quote) return new Set();
  return new Set(
    page.lines.flatMap((line, i) => {
      const text = squeeze(line.text);
      return text.length >= Math.min(MIN_QUOTED, quote.length) && quote.includes(text) ? [i] : [];
    }),
  );
}

/** Each line of the page as plain and highlighted parts. */
export function pageSegments(
  page: FilingPageText,
  citation: Pick<ResearchCitation, 'boxes' | 'quote'>,
  figures: readonly string[],
): QuoteSegment[][] {
  const cited = citedLines(page, citation);
  return page.lines.map((line, i) => {
    if (!cited.has(i)) return [{ text: line.text, highlight: false }];
    const segments = highlightQuote(line.text, figures);
    return segments.some((s) => s.highlight) ? segments : [{ text: line.text, highlight: true }];
  });
}
