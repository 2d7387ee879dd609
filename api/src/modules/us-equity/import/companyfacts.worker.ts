import { parentPort, workerData } from 'node:worker_threads';
import { listSources } from './json-sources.js';
import { readCompanyFacts, type ReadOutcome } from './companyfacts.rows.js';

/** What the importer starts the reader with. */
export interface ReaderInput {
  paths: string[];
  /** CIK → the fingerprint of the file it was last imported from. */
  known: [number, string][];
  /** Outcomes sent but not yet acknowledged, at most (the queue between reader and writer). */
  window: number;
  /** ...and at most this many characters of COPY text among them. */
  windowChars: number;
}

/** One file read: where it was (for bad-file messages and progress) and what it came to. */
export type ReaderMessage =
  { type: 'file'; name: string; doneBytes: number; outcome: ReadOutcome } | { type: 'done' } | { type: 'failed'; message: string };

/** The importer acknowledges each file it has taken, with the characters it freed. */
export interface ReaderAck {
  chars: number;
}

/**
 * The companyfacts reader thread: unzips, scans and maps each file and hands the importer compact
 * COPY rows, so reading uses one core while the database writes on the other. Bounded: it waits
 * for acknowledgements once `window` files or `windowChars` characters are in flight, so a slow
 * database never lets read files pile up in memory.
 */
async function main(port: NonNullable<typeof parentPort>, input: ReaderInput): Promise<void> {
  let files = 0;
  let chars = 0;
  let wake: (() => void) | null = null;
  port.on('message', (ack: ReaderAck) => {
    files--;
    chars -= ack.chars;
    wake?.();
  });
  const known = new Map(input.known);
  try {
    for await (const source of listSources(input.paths, 'companyfacts').sources()) {
      while (files >= input.window || chars >= input.windowChars) await new Promise<void>((ok) => (wake = ok));
      wake = null;
      const outcome = await readCompanyFacts(source, known);
      const size = outcome.kind === 'company' ? outcome.company.copy.length : 0;
      files++;
      chars += size;
      port.postMessage({ type: 'file', name: source.name, doneBytes: source.doneBytes, outcome } satisfies ReaderMessage);
    }
    port.postMessage({ type: 'done' } satisfies ReaderMessage);
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ReaderMessage);
  }
}

if (parentPort) void main(parentPort, workerData as ReaderInput);
