/**
 * A file's name as a user gives it (an upload, a PDF named in a question): shown in answers,
 * exports and the terminal, so it must read as what it is. Refused: no name, a path, a name over
 * 255 characters, and any character that is invisible or changes how the rest reads: controls
 * (C0, DEL, C1), bidirectional marks, embeddings, overrides and isolates (`report\u202egpj.exe.pdf`
 * reads as "reportfdp.exe.jpg"), zero-width and other format characters, line and paragraph
 * separators, and unpaired surrogates.
 */

export const FILE_NAME_MAX = 255;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `name` cannot be a file name (the message names `field`), or null when it can. */
export function fileNameProblem(field: string, name: string): string | null {
  if (name.trim() === '') return `${field} needs a file name`;
  if (name.length > FILE_NAME_MAX) return `${field} must be a file name of at most ${FILE_NAME_MAX} characters`;
  if (/[/\\]/.test(name)) return `${field} must be a file name without slashes (not a path)`;
  if (name === '.' || name === '..') return `${field} must be a file name, not "${name}"`;
  const bad = name.match(INVISIBLE);
  if (bad)
    return (
      `${field} must be a file name without control, invisible or text-direction characters: ` +
      `"${name.replace(INVISIBLE, (c) => `<${codePoint(c)}>`)}" holds ${[...new Set(bad.map(codePoint))].join(', ')}; rename the file and try again`
    );
  return null;
}

export function isFileName(name: string): boolean {
  return fileNameProblem('name', name) === null;
}
