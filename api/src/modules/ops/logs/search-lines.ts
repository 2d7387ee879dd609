import { Worker } from 'node:worker_threads';
import { OPS_CONSTANTS, type SearchMatch } from '@credence/shared';
import type { OpenedLog } from './log-roots.js';
import type { SearchJob, WorkerMessage } from './search-worker.js';

export interface SearchProgress {
  scanned_bytes: number;
  total_bytes: number;
}

export interface SearchResult {
  /** The newest `limit` matches (with `stopAfter`: empty, they were given to onMatch), oldest first. */
  matches: SearchMatch[];
  /** More lines matched than were kept. */
  truncated: boolean;
  /** Lines that matched (with stopAfter: at most stopAfter + 1). */
  matched: number;
  total_bytes: number;
}

export interface SearchOptions {
  signal?: AbortSignal;
  /** Each match as it is found (with stopAfter: the first stopAfter). */
  onMatch?: (match: SearchMatch) => void;
  /** Bytes read of the file's size, at most every progressMs. */
  onProgress?: (progress: SearchProgress) => void;
  progressMs?: number;
  /** Stop after this many matches: the first ones, then `truncated` says more matched. */
  stopAfter?: number;
  limit?: number;
}

const WORKER = new URL('./search-worker.js', import.meta.url);

/**
 * The lines of an opened file (LogRoots.open: confined on its handle) that contain `pattern`
 * (literal, case-insensitive: never a regular expression), found in a worker thread
 * (search-worker.ts) so the event loop stays free; the worker is ended when the signal aborts
 * (the client left). Not the system's grep: spawning it from the API's process (fork of some
 * 500 MB) held the event loop 80 ms a search (docs/decisions.md).
 */
export function searchOpenedLog(file: OpenedLog, pattern: string, options: SearchOptions = {}): Promise<SearchResult> {
  const job: SearchJob = {
    fd: file.handle.fd,
    size: file.size,
    pattern,
    limit: options.limit ?? OPS_CONSTANTS.maxSearchMatches,
    stopAfter: options.stopAfter ?? null,
    progressMs: options.progressMs ?? 250,
    maxLineBytes: OPS_CONSTANTS.maxLineBytes,
  };
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const worker = new Worker(WORKER, { workerData: job });
    let lastProgress = 0;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', abort);
      fn();
    };
    const abort = () => finish(() => void worker.terminate().finally(() => reject(options.signal!.reason)));
    options.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'matches') message.matches.forEach((m) => options.onMatch?.(m));
      else if (message.type === 'progress') {
        if (Date.now() - lastProgress < job.progressMs) return;
        lastProgress = Date.now();
        options.onProgress?.({ scanned_bytes: Math.min(message.scanned, file.size), total_bytes: file.size });
      } else
        finish(() => {
          options.onProgress?.({ scanned_bytes: file.size, total_bytes: file.size });
          const kept = job.stopAfter ?? job.limit;
          resolve({ matches: message.matches, truncated: message.matched > kept, matched: message.matched, total_bytes: file.size });
        });
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`The search ended early (worker exit ${code})`))));
  });
}
