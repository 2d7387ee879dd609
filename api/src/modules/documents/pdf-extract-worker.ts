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
  /** In a SharedArrayBuffer: the upload as it was read, not a copy. */
  bytes: Uint8Array;
  maxPages: number;
}

export type ExtractMessage =
  | { kind: 'done'; pages: PageText[] }
  | { kind: 'refused'; reason: 'encrypted' | 'corrupt' | 'too-many-pages'; pages?: number; detail?: string };

/**
 * pdfjs hands the file to its in-thread worker by `structuredClone` with the file's buffer in the
 * transfer list, which a SharedArrayBuffer refuses. Left out of the list, shared memory is passed
 * as it is: pdfjs reads the upload where it lies, and no copy of the file is made in this thread
 * (docs/decisions.md). Only this worker thread, whose one job is pdfjs, is affected.
 */
const cloneWithTransfer = globalThis.structuredClone;
globalThis.structuredClone = (value, options) =>
  cloneWithTransfer(
    value,
    options?.transfer ? { ...options, transfer: options.transfer.filter((t) => !(t instanceof SharedArrayBuffer)) } : options,
  );

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
