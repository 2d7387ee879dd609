/** Zero-width space: invisible, and a break that mail clients' link detection does not join across. */
const BREAK = '\u200B';

/** Longest piece of user text one mail shows. */
export const MAX_INERT_LENGTH = 200;

/**
 * User text (a name, a company, a job role) as it may appear in a mail we send: one line, inert.
 * - Line breaks, tabs, control and invisible format characters (bidi overrides, zero-width
 *   characters) collapse to single spaces, so a name cannot add lines of its own ("...\n\nClick
 *   here to verify your account:") nor reorder what is shown.
 * - What mail clients turn into links is defused: a zero-width space after every `.`, `:`, `/`
 *   and `@`, so "evil.example", "https://..." and "x@y.z" stay text.
 * - At most MAX_INERT_LENGTH characters.
 * Subjects use oneLine (clients do not link them). Our mails are plain text only; an HTML part, if one is added, must also escape `<`, `>` and `&`.
 */
export function inertLine(text: string | null | undefined, max = MAX_INERT_LENGTH): string {
  return oneLine(text, max).replace(/[.:/@]/g, (mark) => mark + BREAK);
}

/**
 * User text as one line without control or invisible characters, at most `max` characters: for
 * a mail's subject, which clients do not turn into links (and which stays plain ASCII for ASCII names).
 */
export function oneLine(text: string | null | undefined, max = MAX_INERT_LENGTH): string {
  const line = (text ?? '').replace(/[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3).trimEnd()}...` : line;
}
