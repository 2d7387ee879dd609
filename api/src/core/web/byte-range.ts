/**
 * One HTTP byte range (RFC 9110 section 14): `bytes=first-last`, `bytes=first-` and `bytes=-suffix`,
 * clamped to the file. A header this does not read (another unit, several ranges, garbage) is
 * ignored and the whole file is sent, as the RFC allows; a range past the end is unsatisfiable
 * (416). Hand-written: the one library for it (range-parser) came only through a static-file
 * server this API does not use (docs/decisions.md).
 */
export interface ByteRange {
  /** First byte, from 0. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** The range asked for; null for the whole file; 'unsatisfiable' when it starts past the end. */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? SINGLE.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
