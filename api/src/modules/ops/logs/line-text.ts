/** A log line's bytes as text (kept free of imports: the search worker loads it). */
const decoder = new TextDecoder('utf-8', { fatal: false });

/** One line's bytes as text: invalid UTF-8 becomes U+FFFD, a CR before the newline goes, past maxBytes it is cut. */
export function lineText(bytes: Uint8Array, maxBytes: number): { text: string; truncated: boolean } {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0d) end--;
  const truncated = end > maxBytes;
  return { text: decoder.decode(bytes.subarray(0, Math.min(end, maxBytes))), truncated };
}
