/**
 * The text of a PDF page by page, as pdfjs reads it (the same library the web's viewer uses), in
 * lines: pieces on one baseline joined left to right, each piece with its box in PDF points from
 * the page's top-left, so a citation can box the figure it quotes.
 */
import { printable, type PageLine, type PageText, type TextItem } from './page-lines.js';

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Pieces whose baselines are this close (points) are one line. */
const SAME_LINE = 2;

function linesOf(items: TextItem[], baselines: number[]): PageLine[] {
  const order = items.map((item, i) => ({ item, base: baselines[i] })).sort((a, b) => a.base - b.base || a.item.x0 - b.item.x0);
  const groups: { base: number; items: TextItem[] }[] = [];
  // In baseline order each new group starts more than SAME_LINE below the one before it, so the
  // only group a piece can join is the last (a search of every group was quadratic in the pieces).
  for (const { item, base } of order) {
    const group = groups.at(-1);
    if (group && base - group.base <= SAME_LINE) group.items.push(item);
    else groups.push({ base, items: [item] });
  }
  return groups
    .sort((a, b) => a.base - b.base)
    .map((g) => {
      const sorted = g.items.sort((a, b) => a.x0 - b.x0);
      let text = '';
      let right = -Infinity;
      for (const item of sorted) {
        const gap = item.x0 - right;
        if (text && gap > 0.8 && !text.endsWith(' ') && !item.text.startsWith(' ')) text += ' ';
        text += item.text;
        right = item.x1;
      }
      return { text: text.replace(/\s+/g, ' ').trim(), items: sorted };
    })
    .filter((l) => l.text !== '');
}

/** A pdfjs page's lines (what getPage answers), top to bottom. */
export async function pageLinesOf(page: { view: number[]; getTextContent(): Promise<{ items: unknown[] }> }): Promise<PageLine[]> {
  return linesOfContent(page.view, (await page.getTextContent()).items);
}

/** The lines of a page's text content items (pdfjs's TextItem and TextMarkedContent), top to bottom. */
export function linesOfContent(view: number[], contentItems: unknown[]): PageLine[] {
  const height = view[3] - view[1];
  const items: TextItem[] = [];
  const baselines: number[] = [];
  for (const raw of contentItems as RawItem[]) {
    // removed before anything reads or stores the text (the boxes stay the glyphs')
    const text = typeof raw.str === 'string' ? printable(raw.str) : '';
    if (!text.trim()) continue;
    const [, , , scaleY, x, y] = raw.transform;
    const size = raw.height || Math.abs(scaleY);
    const baseline = height - y;
    items.push({
      text,
      x0: round(x),
      top: round(baseline - size),
      x1: round(x + raw.width),
      bottom: round(baseline + size * 0.22),
    });
    baselines.push(baseline);
  }
  return linesOf(items, baselines);
}

/** Every page's lines (or only `pages`, 1-based), top to bottom. */
export async function pdfPages(pdf: Uint8Array, pages?: number[]): Promise<PageText[]> {
  // pdfjs loads with the first PDF read, never at the API's start (about 130 ms of CPU)
  const { getDocument } = await import('./pdfjs.js');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const out: PageText[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      if (pages && !pages.includes(n)) continue;
      const page = await document.getPage(n);
      out.push({ page: n, lines: await pageLinesOf(page) });
      page.cleanup();
    }
    return out;
  } finally {
    await document.destroy();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
