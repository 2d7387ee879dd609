/**
 * Reads an uploaded PDF in a worker thread (so that a PDF built to exhaust memory or time can be
 * stopped without harming the API): opens it with pdfjs, refuses an encrypted, corrupt or
 * too-long one, and sends every page's lines with their word boxes, one message a page (so the
 * API's thread takes each in a small piece). A page with more text than the limits is read only
 * as far as the limits and sent as too complex, without lines.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from '../../platform/ai/evidence/pdfjs.js';
import type { PageText } from '../../platform/ai/evidence/page-lines.js';
import { linesOfContent } from '../../platform/ai/evidence/pdf-text.js';
import { readingOrder } from './reading-order.js';

export interface PageTextLimits {
  /** Pieces of text (pdfjs text items) a page may hold. */
  maxItems: number;
  /** Characters of text a page may hold. */
  maxChars: number;
}

export interface ExtractInput extends PageTextLimits {
  /** In a SharedArrayBuffer: the upload as it was read, not a copy. */
  bytes: Uint8Array;
  maxPages: number;
}

export type ExtractMessage =
  | { kind: 'page'; page: PageText }
  | { kind: 'done' }
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

interface StreamingPage {
  view: number[];
  streamTextContent(): ReadableStream<{ items: unknown[] }>;
}

/** The page's text items, read in pdfjs's chunks and given up (null) as soon as they pass a limit. */
export async function boundedItems(page: StreamingPage, limits: PageTextLimits): Promise<unknown[] | null> {
  const reader = page.streamTextContent().getReader();
  const items: unknown[] = [];
  let chars = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return items;
    for (const item of value.items) {
      items.push(item);
      const text = (item as { str?: unknown }).str;
      if (typeof text === 'string') chars += text.length;
    }
    if (items.length > limits.maxItems || chars > limits.maxChars) {
      await reader.cancel(new Error('too complex'));
      return null;
    }
  }
}

async function extract({ bytes, maxPages, ...limits }: ExtractInput, send: (message: ExtractMessage) => void): Promise<void> {
  let document;
  try {
    document = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 }).promise;
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'PasswordException') return send({ kind: 'refused', reason: 'encrypted' });
    return send({ kind: 'refused', reason: 'corrupt', detail: (error as Error)?.message });
  }
  try {
    if (document.numPages > maxPages) return send({ kind: 'refused', reason: 'too-many-pages', pages: document.numPages });
    if (document.numPages < 1) return send({ kind: 'refused', reason: 'corrupt', detail: 'it has no pages' });
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const items = await boundedItems(page, { maxItems: limits.maxItems, maxChars: limits.maxChars });
      const text: PageText = items
        ? { page: n, lines: readingOrder(linesOfContent(page.view, items), page.view[2] - page.view[0]) }
        : { page: n, lines: [], tooComplex: true };
      send({ kind: 'page', page: text });
      page.cleanup();
    }
    send({ kind: 'done' });
  } catch (error) {
    send({ kind: 'refused', reason: 'corrupt', detail: (error as Error)?.message });
  } finally {
    await document.destroy();
  }
}

if (parentPort) {
  const port = parentPort;
  void extract(workerData as ExtractInput, (message) => port.postMessage(message));
}
