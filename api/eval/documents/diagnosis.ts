/**
 * What the API stored of a question's evidence pages, measured against the dataset's own text of
 * them: the share of that text's words the stored page holds (run-together words such as
 * "Merchandiseinventories", or text read out of order, lower it), and whether a gold figure is
 * printed on the stored page (for a figure read from the page rather than computed).
 */
import { ApiError, type ApiClient } from '@credence/shared';
import type { DatasetQuestion } from './dataset.js';
import { figureMatches, figuresIn, scaleNote } from './figures.js';
import { goldFigures } from './scoring.js';

export interface EvidenceDiagnosis {
  page: number;
  /** Share of the dataset's words of the page found among the stored page's words; null when either is missing. */
  wordRecall: number | null;
  /** Dataset words of the page missing from the stored page (a few, for reading). */
  missingWords: string[];
  /** A gold figure is printed on the stored page. */
  goldOnPage: boolean;
}

const words = (text: string): string[] => (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => w.length <= 30);

export function wordRecall(reference: string, stored: string): { recall: number | null; missing: string[] } {
  const wanted = words(reference);
  if (!wanted.length || !stored.trim()) return { recall: null, missing: [] };
  const have = new Set(words(stored));
  const missing = wanted.filter((w) => !have.has(w));
  return { recall: 1 - missing.length / wanted.length, missing: [...new Set(missing)].slice(0, 8) };
}

export function goldPrinted(q: Pick<DatasetQuestion, 'question' | 'answer'>, stored: string): boolean {
  const printed = figuresIn(stored);
  const asked = scaleNote(q.question);
  return goldFigures(q).some((g) => printed.some((f) => figureMatches(g, f, asked)));
}

/** The stored text of each evidence page (by page), measured; a page the API does not have reads as empty. */
export async function diagnose(
  client: ApiClient,
  q: DatasetQuestion,
  documentId: string,
): Promise<{ diagnosis: EvidenceDiagnosis[]; stored: Map<number, string> }> {
  const out: EvidenceDiagnosis[] = [];
  const texts = new Map<number, string>();
  for (const page of q.evidencePages) {
    let stored = '';
    try {
      stored = (await client.pdfPageText(documentId, page)).lines.map((l) => l.text).join('\n');
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
    texts.set(page, stored);
    const { recall, missing } = wordRecall(q.evidenceText[page] ?? '', stored);
    out.push({ page, wordRecall: recall, missingWords: missing, goldOnPage: goldPrinted(q, stored) });
  }
  return { diagnosis: out, stored: texts };
}
