/** A document page's text as lines, each with the boxes of its pieces (PDF points from the page's top-left). */
export interface TextItem {
  text: string;
  x0: number;
  top: number;
  x1: number;
  bottom: number;
}

export interface PageLine {
  /** The line as it reads: its pieces left to right, joined by a space where there is a gap. */
  text: string;
  items: TextItem[];
}

export interface PageText {
  page: number;
  lines: PageLine[];
}

/** Whitespace dropped: how a figure or a wrapped sentence is looked for in text laid out in lines. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

/** The page's whole text, lines joined by newlines. */
export function pageText(page: PageText): string {
  return page.lines.map((l) => l.text).join('\n');
}
