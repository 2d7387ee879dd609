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
  /**
   * Set on an uploaded page with more pieces or characters of text than UPLOAD_MAX_PAGE_ITEMS or
   * UPLOAD_MAX_PAGE_CHARS allow (built to stall readers): it is kept without lines.
   */
  tooComplex?: boolean;
}

/** C0 and C1 control characters, and surrogates without their other half. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as it may be stored, searched and shown: tabs and breaks become spaces; control characters
 * are removed (a font whose ToUnicode map is broken reads a ligature or a checkbox as U+0000,
 * "Effec\u0000ve", which PostgreSQL refuses in text and JSON; an escape would drive a terminal), and
 * so are unpaired surrogates (not Unicode, refused alike).
 */
export function printable(text: string): string {
  return text.replace(/[\t\n\v\f\r]/g, ' ').replace(UNPRINTABLE, '');
}

/** Whitespace dropped: how a figure or a wrapped sentence is looked for in text laid out in lines. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

/** The page's whole text, lines joined by newlines. */
export function pageText(page: PageText): string {
  return page.lines.map((l) => l.text).join('\n');
}
