/** A PDF's text for assertions: read the way the evidence checker reads it, whitespace removed so line wrapping does not matter. */
import { pdfPages } from '../../src/platform/ai/evidence/pdf-text.js';

/** The text of each page (index 0 = page 1). */
export async function squeezedPages(pdf: Uint8Array): Promise<string[]> {
  return (await pdfPages(pdf)).map((page) =>
    page.lines
      .map((line) => line.text)
      .join('')
      .replace(/\s+/g, ''),
  );
}
