import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { ServiceUnavailableException } from '@nestjs/common';
import { OPS_CONSTANTS, type SearchMatch } from '@credence/shared';
import { decodeLine } from './log-reader.js';
import type { OpenedLog } from './log-roots.js';

export interface SearchProgress {
  scanned_bytes: number;
  total_bytes: number;
}

export interface GrepResult {
  /** The newest `limit` matches (or, with `stopAfter`, the first ones), oldest first. */
  matches: SearchMatch[];
  /** More lines matched than `matches` holds. */
  truncated: boolean;
  /** Lines that matched (with stopAfter: at most stopAfter + 1). */
  matched: number;
  total_bytes: number;
}

export interface GrepOptions {
  signal?: AbortSignal;
  /** Each match as grep finds it (with stopAfter: the first stopAfter only). */
  onMatch?: (match: SearchMatch) => void;
  /** Bytes grep has read of the file's size, every progressMs while it runs. */
  onProgress?: (progress: SearchProgress) => void;
  progressMs?: number;
  /** Stop after this many matches (grep -m): the first ones, then `truncated` says more matched. */
  stopAfter?: number;
  limit?: number;
}

/** Thrown when the system has no grep: the caller searches in-process instead. */
export class NoGrep extends Error {}

/** The file offset grep has reached: it reads the very file description we opened (Linux /proc; null elsewhere). */
async function offsetOf(fd: number): Promise<number | null> {
  const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => null);
  const pos = info && /^pos:\s+(\d+)/m.exec(info);
  return pos ? Number(pos[1]) : null;
}

/**
 * The lines of an opened file (LogRoots.open: confined on its handle) that contain `pattern`
 * (literal, case-insensitive), found by the system's GNU grep off the event loop: spawned with a
 * fixed argument list and no shell (`grep -F -i -n -a -- <pattern>`, the pattern one argv entry),
 * reading the already opened handle as its stdin, so the path is never opened again by name.
 * The ASCII pattern runs in the C locale (grep's fast path); any other in C.UTF-8 (Unicode case).
 * Lines longer than maxLineBytes are cut; grep is killed when the signal aborts.
 */
export function grepLines(file: OpenedLog, pattern: string, options: GrepOptions = {}): Promise<GrepResult> {
  const limit = options.stopAfter ?? options.limit ?? OPS_CONSTANTS.maxSearchMatches;
  const args = ['-F', '-i', '-n', '-a', ...(options.stopAfter ? ['-m', String(options.stopAfter + 1)] : []), '--', pattern];
  const locale = /^[\u0000-\u007f]*$/.test(pattern) ? 'C' : 'C.UTF-8';
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawn('grep', args, { stdio: [file.handle.fd, 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', LC_ALL: locale } });
    // The newest `limit` matches as raw bytes in a ring, decoded at the end (a pattern that matches every line costs no decoding).
    const ring: { n: number; bytes: Buffer }[] = [];
    let next = 0;
    let matched = 0;
    let stderr = '';
    let rest: Buffer | null = null;
    let skipping = false;
    const keep = (line: Buffer) => {
      const colon = line.indexOf(0x3a);
      const n = Number(line.subarray(0, colon).toString('latin1'));
      const bytes = Buffer.from(line.subarray(colon + 1, colon + 1 + OPS_CONSTANTS.maxLineBytes + 1));
      matched++;
      if (options.stopAfter && matched > options.stopAfter) return;
      if (options.onMatch && (!options.stopAfter || matched <= options.stopAfter))
        options.onMatch({ line_number: n, line: decodeLine(bytes).text });
      if (ring.length < limit) ring.push({ n, bytes });
      else ring[next] = { n, bytes };
      next = (next + 1) % limit;
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, at);
        if (!skipping) keep(rest ? Buffer.concat([rest, piece]) : piece);
        rest = null;
        skipping = false;
        start = at + 1;
      }
      if (start < chunk.length && !skipping) {
        // An unfinished line: keep no more of it than a line is ever shown (plus its number).
        rest = rest ? Buffer.concat([rest, chunk.subarray(start)]) : Buffer.from(chunk.subarray(start));
        if (rest.length > OPS_CONSTANTS.maxLineBytes + 32) {
          keep(rest);
          rest = null;
          skipping = true;
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(0, 500)));
    const timer = options.onProgress
      ? setInterval(
          () =>
            void offsetOf(file.handle.fd).then((at) => {
              if (at !== null) options.onProgress!({ scanned_bytes: Math.min(at, file.size), total_bytes: file.size });
            }),
          options.progressMs ?? 250,
        )
      : null;
    const abort = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      if (timer) clearInterval(timer);
      options.signal?.removeEventListener('abort', abort);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      done();
      reject(error.code === 'ENOENT' ? new NoGrep('grep is not installed') : error);
    });
    child.on('close', (code) => {
      done();
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (rest && !skipping) keep(rest);
      // 0: matches; 1: none; 2: trouble (with -m, grep may also stop early: still its matches).
      if (code !== 0 && code !== 1)
        return reject(new ServiceUnavailableException(`The search could not run (grep ended ${code}: ${stderr.trim() || 'no message'})`));
      const ordered = ring.length < limit ? ring : [...ring.slice(next), ...ring.slice(0, next)];
      const matches = ordered.map(({ n, bytes }) => ({ line_number: n, line: decodeLine(bytes).text }));
      options.onProgress?.({ scanned_bytes: file.size, total_bytes: file.size });
      resolve({ matches, truncated: matched > matches.length, matched, total_bytes: file.size });
    });
  });
}
