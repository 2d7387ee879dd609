/**
 * The bounded parse of an uploaded PDF: pdfjs runs in a worker thread with a heap limit, a time
 * limit, and a watch on the process's memory; a PDF that exceeds any of them is refused (422) and
 * the worker is stopped, so a hostile file costs the API one bounded parse and nothing else.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageText } from '../../platform/ai/evidence/page-lines.js';
import type { ExtractInput, ExtractMessage, PageTextLimits } from './pdf-extract-worker.js';

export interface ExtractLimits extends PageTextLimits {
  maxPages: number;
  timeoutMs: number;
  memoryMb: number;
}

export type ExtractOutcome =
  | { ok: true; pages: PageText[] }
  | {
      ok: false;
      reason: 'encrypted' | 'corrupt' | 'too-many-pages' | 'too-slow' | 'too-much-memory' | 'abandoned';
      pages?: number;
      detail?: string;
    };

const MB = 1024 * 1024;
const WATCH_MS = 50;

/** Parses at once: one per core; more uploads wait their turn (their memory and CPU stay bounded). */
export const PARSE_SLOTS = Math.max(1, availableParallelism());

function shared(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

/**
 * Parses now (the caller has taken a parse slot: ParseSlots). `bytes` in a SharedArrayBuffer (as an upload is
 * read) are read by the worker where they are, not copied; any other array is copied once into
 * shared memory. When `signal` aborts (the client left) the worker is stopped at once.
 */
export function extractPdf(bytes: Uint8Array, limits: ExtractLimits, signal?: AbortSignal): Promise<ExtractOutcome> {
  const script = new URL('./pdf-extract-worker.js', import.meta.url);
  // Memory outside the worker's heap (decoded streams) shows in the process's resident size.
  const rssBudget = process.memoryUsage.rss() + limits.memoryMb * MB + 3 * bytes.byteLength;
  const input: ExtractInput = { bytes: shared(bytes), maxPages: limits.maxPages, maxItems: limits.maxItems, maxChars: limits.maxChars };
  const pages: PageText[] = [];
  const worker = new Worker(script, {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
  });
  return new Promise<ExtractOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: ExtractOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'too-slow' }), limits.timeoutMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() > rssBudget) finish({ ok: false, reason: 'too-much-memory' });
    }, WATCH_MS);
    const onAbort = () => finish({ ok: false, reason: 'abandoned' });
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    worker.on('message', (message: ExtractMessage) => {
      if (message.kind === 'page') pages.push(message.page);
      else finish(message.kind === 'done' ? { ok: true, pages } : { ok: false, ...message });
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, reason: 'too-much-memory' }
          : { ok: false, reason: 'corrupt', detail: error.message },
      ),
    );
    worker.on('exit', () => finish({ ok: false, reason: 'too-much-memory' }));
  });
}
