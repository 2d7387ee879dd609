/** Postgres COPY's text format, with no database code, so that reader threads can write it. */

/** NULL in COPY's text format. */
export const COPY_NULL = '\\N';

const COPY_SPECIALS = /[\\\t\n\r]/;

/** A value in COPY's text format: backslash, tab, line feed and carriage return escaped. */
export function escapeCopy(text: string): string {
  if (!COPY_SPECIALS.test(text)) return text;
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

type Row = (string | null)[];

const UNESCAPE: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

/** COPY text lines back to rows of strings and nulls (the inverse of escapeCopy). */
export function decodeCopyLines(text: string): Row[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) =>
    line.split('\t').map((v) => (v === COPY_NULL ? null : v.includes('\\') ? v.replace(/\\[\\tnr]/g, (e) => UNESCAPE[e]) : v)),
  );
}
