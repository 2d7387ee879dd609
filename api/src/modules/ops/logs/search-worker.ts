/**
 * The body of a log search, run in a worker thread (search-lines.ts) so no search ever holds the
 * API's event loop. It reads the file descriptor the API opened and confined (LogRoots.open:
 * file descriptors are the process's, so the path is never opened again by name) with positional
 * reads of 4 MB. An ASCII pattern is found on the chunk read as latin1 (one character a byte, so
 * an index is a byte offset) by a case-insensitive literal RegExp, V8's compiled matcher: without
 * the u flag, /i never folds a character of 128 or more onto ASCII, so it matches exactly what an
 * ASCII lower-casing would. Line numbers come from newlines counted four bytes at a time. Any
 * other pattern is matched line by line on the decoded text (toLowerCase: Unicode case).
 * A line longer than a chunk is searched in chunk-sized parts.
 */
import { readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { escapeRegExp } from '../../../core/text/escape-regexp.js';
import { lineText } from './line-text.js';

export interface SearchJob {
  fd: number;
  size: number;
  pattern: string;
  /** Matches kept: the newest `limit` (or with stopAfter, the first ones). */
  limit: number;
  /** Stop after this many matches, each posted as found. */
  stopAfter: number | null;
  progressMs: number;
  /** A line is shown up to this many bytes (OPS_CONSTANTS.maxLineBytes). */
  maxLineBytes: number;
}

export type WorkerMessage =
  | { type: 'matches'; matches: { line_number: number; line: string }[] }
  | { type: 'progress'; scanned: number }
  | { type: 'done'; matches: { line_number: number; line: string }[]; matched: number };

const NEWLINE = 0x0a;
const CHUNK = 4 * 1024 * 1024;
/** Newlines are counted per block of this many bytes, so a match's line number needs at most one block counted again. */
const BLOCK_SHIFT = 16;

/**
 * The newlines of `region`, four bytes at a time (SWAR: the zero bytes of the word XOR 0x0a0a0a0a
 * found with adds and masks), with the count before each 64 KB block kept in `blocks`.
 */
function countNewlines(region: Buffer, blocks: Int32Array): number {
  const words = new Uint32Array(region.buffer, region.byteOffset, region.length >>> 2);
  const wordsPerBlock = 1 << (BLOCK_SHIFT - 2);
  let newlines = 0;
  for (let w = 0; w < words.length; w++) {
    if ((w & (wordsPerBlock - 1)) === 0) blocks[w >>> (BLOCK_SHIFT - 2)] = newlines;
    const t = words[w] ^ 0x0a0a0a0a;
    const zero = ~(((t & 0x7f7f7f7f) + 0x7f7f7f7f) | t | 0x7f7f7f7f) & 0x80808080;
    if (zero !== 0) newlines += Math.imul((zero >>> 7) & 0x01010101, 0x01010101) >>> 24;
  }
  for (let i = words.length << 2; i < region.length; i++) {
    if ((i >>> BLOCK_SHIFT) << BLOCK_SHIFT === i) blocks[i >>> BLOCK_SHIFT] = newlines;
    if (region[i] === NEWLINE) newlines++;
  }
  return newlines;
}

/**
 * The newlines of a region before a position: the count before its block, then that block's up
 * to it, going on from the last position asked when it is in the same block (matches come in order).
 */
function newlineCounter(region: Buffer, blocks: Int32Array): (at: number) => number {
  let from = 0;
  let count = 0;
  return (at) => {
    const block = at >>> BLOCK_SHIFT;
    if (from >>> BLOCK_SHIFT !== block || from > at) {
      from = block << BLOCK_SHIFT;
      count = blocks[block];
    }
    for (let i = region.indexOf(NEWLINE, from); i >= 0 && i < at; i = region.indexOf(NEWLINE, i + 1)) count++;
    from = at;
    return count;
  };
}

function run(job: SearchJob, post: (message: WorkerMessage) => void): void {
  const ascii = /^[\u0000-\u007f]*$/.test(job.pattern);
  const literal = new RegExp(escapeRegExp(job.pattern), 'gi');
  const textNeedle = job.pattern.toLowerCase();
  const ring: { n: number; bytes: Buffer }[] = [];
  let next = 0;
  let matched = 0;
  let streamed: { line_number: number; line: string }[] = [];
  let lastPost = Date.now();
  /** Lines before the current region. */
  let lineBase = 0;
  let lastLine = 0;
  let stop = false;
  const found = (n: number, line: Buffer) => {
    if (n === lastLine) return;
    lastLine = n;
    matched++;
    if (job.stopAfter !== null) {
      if (matched > job.stopAfter) return void (stop = true);
      streamed.push({ line_number: n, line: lineText(line, job.maxLineBytes).text });
    }
    const bytes = Buffer.from(line.subarray(0, job.maxLineBytes + 1));
    if (ring.length < job.limit) ring.push({ n, bytes });
    else ring[next] = { n, bytes };
    next = (next + 1) % job.limit;
  };
  const blocks = new Int32Array((CHUNK * 2) >>> BLOCK_SHIFT);
  const buffer = Buffer.alloc(CHUNK * 2);
  let carry = 0;
  let position = 0;
  while (!stop) {
    const read = position < job.size ? readSync(job.fd, buffer, carry, Math.min(CHUNK, buffer.length - carry), position) : 0;
    position += read;
    const filled = carry + read;
    const last = read === 0 ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
    // No newline in two chunks: the long line's part is searched as it is.
    const end = last > 0 ? last : filled;
    const region = buffer.subarray(0, end);
    if (ascii) {
      const newlines = countNewlines(region, blocks);
      const text = region.toString('latin1', 0, end);
      const newlinesBefore = newlineCounter(region, blocks);
      literal.lastIndex = 0;
      for (let hit = literal.exec(text)?.index ?? -1; hit >= 0 && !stop;) {
        const start = region.lastIndexOf(NEWLINE, hit) + 1;
        const stopAt = region.indexOf(NEWLINE, hit);
        found(lineBase + newlinesBefore(start) + 1, region.subarray(start, stopAt < 0 ? end : stopAt));
        if (stopAt < 0) break;
        literal.lastIndex = stopAt + 1;
        hit = literal.exec(text)?.index ?? -1;
      }
      lineBase += newlines;
    } else {
      const parts = region.toString('utf8').split('\n');
      if (parts.at(-1) === '') parts.pop();
      parts.forEach((part, i) => {
        if (!stop && part.toLowerCase().includes(textNeedle)) found(lineBase + i + 1, Buffer.from(part));
      });
      lineBase += region.toString('latin1').split('\n').length - 1;
    }
    if (streamed.length && (Date.now() - lastPost >= 50 || read === 0)) {
      post({ type: 'matches', matches: streamed });
      streamed = [];
      lastPost = Date.now();
    }
    if (read === 0) break;
    carry = filled - end;
    if (carry > 0) {
      // carry is never more than a chunk (a region ends at its last newline, or takes the whole buffer)
      buffer.copy(buffer, 0, end, filled);
    }
    post({ type: 'progress', scanned: position });
  }
  if (streamed.length) post({ type: 'matches', matches: streamed });
  const ordered = ring.length < job.limit ? ring : [...ring.slice(next), ...ring.slice(0, next)];
  post({
    type: 'done',
    matches:
      job.stopAfter !== null ? [] : ordered.map(({ n, bytes }) => ({ line_number: n, line: lineText(bytes, job.maxLineBytes).text })),
    matched,
  });
}

if (parentPort) run(workerData as SearchJob, (message) => parentPort!.postMessage(message));
