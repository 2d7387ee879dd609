import { createReadStream, statSync } from 'node:fs';
import { isAscii } from 'node:buffer';

/**
 * A streaming RFC 4180 CSV parser, written for the Companies House bulk files (several GB, every
 * field quoted): it is fed text chunk by chunk and calls back once per record, so a file is never
 * held in memory. It accepts CRLF, LF and lone CR line ends, a UTF-8 byte order mark, quoted
 * fields with embedded commas, doubled quotes and line breaks, and unquoted fields.
 *
 * Each record comes with the 1-based number of the physical line it starts on. A record that
 * breaks the format (text after a closing quote, a quoted field never closed) is reported with
 * that line and skipped: parsing resumes on the next line, so one broken record costs that record
 * only. Hand-rolled rather than a library: the scan jumps from quote to quote with indexOf, which
 * keeps up with COPY (see docs/benchmarks.md).
 */
const UNCLOSED = 'a quoted field is never closed (a " is missing)';

export class CsvParser {
  private rest = '';
  /** The physical line `rest` starts on. */
  private line = 1;
  private started = false;
  /** After a broken record that had no line break yet: drop text up to the next line break. */
  private skipping = false;

  constructor(
    private readonly onRecord: (fields: string[], line: number) => void,
    private readonly onProblem: (line: number, reason: string) => void,
    /** A record longer than this is reported (a quoted field left open would swallow the file). */
    private readonly maxRecordChars = 1 << 20,
    /** Where the text starts, when it is not the start of the file (no byte order mark then). */
    firstLine?: number,
  ) {
    if (firstLine !== undefined) {
      this.line = firstLine;
      this.started = true;
    }
  }

  push(text: string): void {
    if (text.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let s = text;
    if (this.rest.length) {
      // The record cut at the end of the last chunk: finish it with this chunk's first line,
      // rather than joining the whole chunk to it (the join would copy the chunk).
      const nl = text.indexOf('\n');
      if (nl < 0) s = this.rest + text;
      else {
        const head = this.rest + text.slice(0, nl + 1);
        const consumed = this.parse(head, false);
        s = consumed >= head.length ? text.slice(nl + 1) : head.slice(consumed) + text.slice(nl + 1);
      }
      this.rest = '';
    }
    const consumed = this.parse(s, false);
    this.rest = consumed >= s.length ? '' : s.slice(consumed);
  }

  /** The end of the input: the last record needs no line break. */
  end(): void {
    const s = this.rest;
    this.rest = '';
    if (s.length) this.parse(s, true);
  }

  /** Parses the complete records of `s`; answers how many characters it consumed. */
  private parse(s: string, final: boolean): number {
    const len = s.length;
    let pos = 0;
    if (this.skipping) {
      const nl = nextLineBreak(s, 0);
      if (nl < 0) return len;
      pos = nl;
      this.line++;
      this.skipping = false;
    }
    // The next \n at or after the record's start (len: none): each character is searched once.
    let nextLF = -1;
    records: while (pos < len) {
      const start = pos;
      const startLine = this.line;
      const fields: string[] = [];
      let n = 0;
      let quotedAny = false;
      let c: number;
      let terminator: number;
      for (;;) {
        if (pos >= len) {
          // The input ends right after a comma (or the record is empty).
          if (!final) return start;
          fields[n++] = '';
          c = -1;
          terminator = pos;
          break;
        }
        c = s.charCodeAt(pos);
        let value: string;
        if (c === 34 /* " */) {
          quotedAny = true;
          let close = s.indexOf('"', pos + 1);
          if (close < 0 || (close + 1 >= len && !final)) {
            // The closing quote (or what follows it) is not in this chunk yet.
            if (!final && len - start <= this.maxRecordChars) return start;
            pos = this.broken(s, start, startLine, close < 0 && final ? UNCLOSED : this.tooLong(), final);
            if (pos < 0) return len;
            continue records;
          }
          c = s.charCodeAt(close + 1);
          if (c !== 34) {
            value = s.slice(pos + 1, close);
            pos = close + 1;
          } else {
            // Doubled quotes inside the field.
            let from = pos + 1;
            value = '';
            for (;;) {
              if (c === 34) {
                value += s.slice(from, close + 1);
                from = close + 2;
                close = s.indexOf('"', from);
                if (close < 0 || (close + 1 >= len && !final)) {
                  if (!final && len - start <= this.maxRecordChars) return start;
                  pos = this.broken(s, start, startLine, close < 0 && final ? UNCLOSED : this.tooLong(), final);
                  if (pos < 0) return len;
                  continue records;
                }
                c = s.charCodeAt(close + 1);
                continue;
              }
              value += s.slice(from, close);
              pos = close + 1;
              break;
            }
          }
          if (pos >= len) c = -1;
        } else {
          let end = pos;
          while (end < len) {
            const d = s.charCodeAt(end);
            if (d === 44 || d === 10 || d === 13) break;
            end++;
          }
          if (end >= len && !final) {
            if (len - start <= this.maxRecordChars) return start;
            pos = this.broken(s, start, startLine, this.tooLong(), final);
            if (pos < 0) return len;
            continue records;
          }
          value = s.slice(pos, end);
          pos = end;
          c = pos < len ? s.charCodeAt(pos) : -1;
        }
        fields[n++] = value;
        if (c === 44 /* , */) {
          pos++;
          continue;
        }
        terminator = pos;
        if (c === 10 /* \n */) {
          pos++;
          break;
        }
        if (c === 13 /* \r */) {
          if (pos + 1 >= len && !final) return start; // is it CRLF? The next chunk tells.
          pos += s.charCodeAt(pos + 1) === 10 ? 2 : 1;
          break;
        }
        if (c === -1) break; // the end of the input (only reached when final)
        pos = this.broken(
          s,
          start,
          startLine,
          'text after the closing quote of a field (a quote inside a quoted field must be doubled: "")',
          final,
        );
        if (pos < 0) return len;
        continue records;
      }
      // Lines: the record's line end, and the \n inside its quoted fields if any.
      if (c !== -1) this.line++;
      if (nextLF < start) {
        nextLF = s.indexOf('\n', start);
        if (nextLF < 0) nextLF = len;
      }
      if (nextLF < terminator) {
        this.line += countLineFeeds(s, nextLF, terminator);
        nextLF = -1;
      }
      // A blank line is no record.
      if (n === 1 && !quotedAny && fields[0].length === 0) continue;
      this.onRecord(fields, startLine);
    }
    return len;
  }

  private tooLong(): string {
    return `the record is longer than ${this.maxRecordChars.toLocaleString('en-GB')} characters (a quoted field left open?)`;
  }

  /**
   * Reports the record starting at `start` and answers where parsing resumes: just after the line
   * break that ends the record's first line, or -1 when that break is not in `s` yet (the text up
   * to it is then dropped as it comes).
   */
  private broken(s: string, start: number, startLine: number, reason: string, final: boolean): number {
    this.onProblem(startLine, reason);
    const nl = nextLineBreak(s, start);
    if (nl < 0) {
      if (!final) this.skipping = true;
      return -1;
    }
    this.line = startLine + 1;
    return nl;
  }
}

/** The position just after the next line break (CRLF, LF or CR) from `from`, or -1. */
function nextLineBreak(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13) return s.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return -1;
}

/** Line feeds in s[from, to): the physical lines a record spans beyond its first. */
function countLineFeeds(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Parses a whole string: for tests and small inputs. */
export function parseCsv(text: string): { records: { fields: string[]; line: number }[]; problems: { line: number; reason: string }[] } {
  const records: { fields: string[]; line: number }[] = [];
  const problems: { line: number; reason: string }[] = [];
  const parser = new CsvParser(
    (fields, line) => records.push({ fields, line }),
    (line, reason) => problems.push({ line, reason }),
  );
  parser.push(text);
  parser.end();
  return { records, problems };
}

/** A chunk of a file as text, with the bytes read so far (for progress and ETA by bytes). */
export interface TextChunk {
  text: string;
  bytesRead: number;
}

/**
 * Reads a file as UTF-8 text in chunks of about 1 MB; a character split across chunks is kept
 * whole. ASCII chunks (most of the Companies House files) take the fast Latin-1 path.
 */
export async function* readTextChunks(path: string, chunkBytes = 1 << 20): AsyncGenerator<TextChunk> {
  let bytesRead = 0;
  let carry: Buffer | null = null;
  for await (const raw of createReadStream(path, { highWaterMark: chunkBytes })) {
    bytesRead += (raw as Buffer).length;
    let buffer: Buffer = carry ? Buffer.concat([carry, raw as Buffer]) : (raw as Buffer);
    carry = null;
    const end = completeUtf8(buffer);
    if (end < buffer.length) {
      carry = Buffer.from(buffer.subarray(end));
      buffer = buffer.subarray(0, end);
    }
    yield { text: isAscii(buffer) ? buffer.toString('latin1') : buffer.toString('utf8'), bytesRead };
  }
  if (carry) yield { text: carry.toString('utf8'), bytesRead };
}

/** A chunk of a file as bytes, with the bytes read so far. */
export interface ByteChunk {
  data: Buffer;
  bytesRead: number;
}

/** Reads a file's bytes in chunks of about 1 MB. */
export async function* readByteChunks(path: string, chunkBytes = 1 << 20): AsyncGenerator<ByteChunk> {
  let bytesRead = 0;
  for await (const raw of createReadStream(path, { highWaterMark: chunkBytes })) {
    bytesRead += (raw as Buffer).length;
    yield { data: raw as Buffer, bytesRead };
  }
}

/** The length of the buffer without a UTF-8 character cut off at its end. */
function completeUtf8(buffer: Buffer): number {
  for (let i = buffer.length - 1; i >= 0 && i >= buffer.length - 4; i--) {
    const byte = buffer[i];
    if (byte < 0x80) return buffer.length;
    if (byte >= 0xc0) {
      const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return i + size <= buffer.length ? buffer.length : i;
    }
  }
  return buffer.length;
}

/** The first line of a file (up to `maxBytes`), without reading the rest: for checking headers up front. */
export async function readFirstLine(path: string, maxBytes = 64 * 1024): Promise<string> {
  let text = '';
  for await (const chunk of readTextChunks(path, 16 * 1024)) {
    text += chunk.text;
    const nl = text.search(/[\r\n]/);
    if (nl >= 0) return stripBom(text.slice(0, nl));
    if (text.length >= maxBytes) break;
  }
  return stripBom(text);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function fileSize(path: string): number {
  return statSync(path).size;
}
