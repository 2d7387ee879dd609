/**
 * Text from outside (a PDF passage, a filing's words, a register name, a file name) written into
 * an answer's markdown: it reads as it was written and is never markup. Only the engines' own
 * words are markdown; every piece of outside text goes through escapeMarkdownText on its way in.
 */

/** Characters that begin inline markup anywhere: emphasis, code, links and images, HTML and autolinks, tables, strikethrough, escapes; `&` only where it starts an entity ("M&S" stays as it reads). */
const INLINE = /[\\`*_[\]<>|~!#]|&(?=#?\w+;)/g;
/** Control characters and the bidirectional overrides (they would reorder what the reader sees). */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text as literal markdown text, on one line: markup characters backslash-escaped (CommonMark
 * shows `\[` as `[`), a leading list or quote marker escaped, bare web addresses and e-mail
 * addresses kept from becoming links (GFM autolinks), control and bidi-override characters dropped,
 * and line breaks folded to spaces (a line of its own could start a heading, a list or a table).
 */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .replace(INLINE, '\\$&')
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2')
    .replace(/:\/\//g, '\\://')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\\.`)
    .replace(/@/g, '\\@');
}

/** ASCII punctuation: what a CommonMark backslash escape may stand before. */
export const MARKDOWN_ESCAPABLE = /[!-/:-@[-`{-~]/;
