import { OPS_CONSTANTS, type TailResponse } from '@credence/shared';
import { lineText } from './line-text.js';
import type { OpenedLog } from './log-roots.js';

const NEWLINE = 0x0a;
const CHUNK = 64 * 1024;
/** One line's bytes as text: invalid UTF-8 becomes U+FFFD, a CR before the newline goes, past maxLineBytes it is cut. */
export function decodeLine(bytes: Buffer): { text: string; truncated: boolean } {
  return lineText(bytes, OPS_CONSTANTS.maxLineBytes);
}

/**
 * The last `count` lines of an opened file (LogRoots.open: `inode` and `size` as it was opened),
 * read backwards from its end in chunks: the cost depends on the lines asked for, never on the
 * file's size. The cursor is the watch id to continue from.
 */
export async function tailLines({ handle, inode, size }: Omit<OpenedLog, 'path'>, count: number): Promise<TailResponse> {
  // A line longer than maxLineBytes is cut anyway: never read more than that per line.
  const maxBytes = (count + 1) * (OPS_CONSTANTS.maxLineBytes + 2);
  const chunks: Buffer[] = [];
  let position = size;
  let newlines = 0;
  let read = 0;
  // The file's own last newline ends the last line; it does not start an empty one.
  let skipLast = size > 0;
  while (position > 0 && newlines <= count && read < maxBytes) {
    const length = Math.min(CHUNK, position, maxBytes - read);
    position -= length;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    const chunk = buffer.subarray(0, bytesRead);
    for (let i = chunk.length - 1; i >= 0; i--) {
      if (chunk[i] !== NEWLINE) continue;
      if (skipLast && position + i === size - 1) continue;
      newlines++;
    }
    skipLast = false;
    chunks.unshift(chunk);
    read += bytesRead;
  }
  let text = Buffer.concat(chunks);
  if (text.length > 0 && text[text.length - 1] === NEWLINE) text = text.subarray(0, text.length - 1);
  const parts = text.length === 0 && size === 0 ? [] : splitLines(text);
  // The first part may be the end of a line that started before what was read: dropped when more lines were read.
  const lines = (position > 0 && parts.length > count ? parts.slice(1) : parts).slice(-count);
  return { lines: lines.map((line) => decodeLine(line).text), size, cursor: `${inode}:${size}` };
}

function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, start)) {
    lines.push(bytes.subarray(start, at));
    start = at + 1;
  }
  lines.push(bytes.subarray(start));
  return lines;
}
