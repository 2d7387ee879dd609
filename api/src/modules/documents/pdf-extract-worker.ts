/**
 * Reads an uploaded PDF in a worker thread (so that a PDF built to exhaust memory or time can be
 * stopped without harming the API): opens it with pdfjs, refuses an encrypted, corrupt or
 * too-long one, and answers every page's lines with their word boxes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageText } from '../research/evidence/page-lines.js';
import { pageLinesOf } from '../research/evidence/pdf-text.js';
import { readingOrder } from './reading-order.js';

export interface ExtractInput {
  bytes: Uint8Array;
  maxPages: number;
}

export type ExtractMessage =
  | { kind: 'done'; pages: PageText[] }
  | { kind: 'refused'; reason: 'encrypted' | 'corrupt' | 'too-many-pages'; pages?: number; detail?: string };

async function extract({ bytes, maxPages }: ExtractInput): Promise<ExtractMessage> {
  let document;
  try {
    document = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 }).promise;
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'PasswordException') return { kind: 'refused', reason: 'encrypted' };
    return { kind: 'refused', reason: 'corrupt', detail: (error as Error)?.message };
  }
  try {
    if (document.numPages > maxPages) return { kind: 'refused', reason: 'too-many-pages', pages: document.numPages };
    if (document.numPages < 1) return { kind: 'refused', reason: 'corrupt', detail: 'it has no pages' };
    const pages: PageText[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      pages.push({ page: n, lines: readingOrder(await pageLinesOf(page), page.view[2] - page.view[0]) });
      page.cleanup();
    }
    return { kind: 'done', pages };
  } catch (error) {
    return { kind: 'refused', reason: 'corrupt', detail: (error as Error)?.message };
  } finally {
    await document.destroy();
  }
}

if (parentPort) {
  const port = parentPort;
  void extract(workerData as ExtractInput).then((message) => port.postMessage(message));
}
