/**
 * Where a cited quote sits on a rendered PDF page: the rectangles to highlight, as fractions of
 * the page (so they follow the canvas however CSS scales it). Boxes from the citation win (PDF
 * points from the page's top-left); without them the quote is looked up in the page's text items.
 */
import type { QuoteBox } from '@credence/shared';

/** A pdf.js text item, as far as the lookup needs it. */
export interface PageTextItem {
  str: string;
  /** pdf.js text matrix [a, b, c, d, e, f] in PDF user space (origin bottom-left). */
  transform: number[];
  width: number;
  height: number;
}

/** A rectangle as fractions (0..1) of the page's width and height, from its top-left. */
export interface HighlightRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PageSize {
  /** In PDF points. */
  width: number;
  height: number;
}

export function rectsFromBoxes(boxes: readonly QuoteBox[], page: number, size: PageSize): HighlightRect[] {
  return boxes
    .filter((b) => b.page === page && b.x1 > b.x0 && b.bottom > b.top)
    .map((b) => ({
      left: b.x0 / size.width,
      top: b.top / size.height,
      width: (b.x1 - b.x0) / size.width,
      height: (b.bottom - b.top) / size.height,
    }));
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The quote's parts: a checker may join several quotes of one page with " … ". */
export function quoteParts(quote: string): string[] {
  return quote
    .split(/\s*(?:…|\.\.\.)\s*/)
    .map(normalise)
    .filter((p) => p.length > 0);
}

/** The indexes of the text items a quote covers (every part of it that is found on the page). */
export function itemsHoldingQuote(items: readonly PageTextItem[], quote: string): number[] {
  // One line of the page's text, items joined by a space, with each character's item remembered.
  let text = '';
  const owner: number[] = [];
  items.forEach((item, index) => {
    const piece = item.str.replace(/\s+/g, ' ').trim();
    if (piece === '') return;
    if (text !== '') {
      text += ' ';
      owner.push(-1);
    }
    for (const ch of piece) {
      text += ch.toLowerCase();
      owner.push(index);
    }
  });
  const found = new Set<number>();
  // Items split words and figures anywhere: look the quote up as written, then with no spaces at all.
  const compactOwner = owner.filter((_, i) => text[i] !== ' ');
  const lookups = [
    { haystack: text, owners: owner, squeeze: (p: string) => p },
    { haystack: text.replace(/ /g, ''), owners: compactOwner, squeeze: (p: string) => p.replace(/ /g, '') },
  ];
  for (const part of quoteParts(quote)) {
    for (const { haystack, owners, squeeze } of lookups) {
      const needle = squeeze(part);
      const at = haystack.indexOf(needle);
      if (at < 0) continue;
      for (let i = at; i < at + needle.length; i++) if (owners[i] >= 0) found.add(owners[i]);
      break;
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The rectangles of the given items, as fractions of the page. `transform` is pdf.js's
 * Util.transform(viewport.transform, item.transform) for a viewport at `scale`.
 */
export function rectsFromItems(
  items: readonly PageTextItem[],
  indexes: readonly number[],
  viewport: { width: number; height: number; scale: number },
  toViewport: (item: PageTextItem) => number[],
): HighlightRect[] {
  return indexes.map((i) => {
    const item = items[i];
    const [, , c, d, x, y] = toViewport(item);
    const fontHeight = Math.hypot(c, d) || item.height * viewport.scale;
    const width = item.width * viewport.scale;
    return {
      left: x / viewport.width,
      top: (y - fontHeight) / viewport.height,
      width: width / viewport.width,
      height: (fontHeight * 1.2) / viewport.height,
    };
  });
}
