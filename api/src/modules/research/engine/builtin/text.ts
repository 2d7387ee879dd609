import { escapeMarkdownText } from '@credence/shared';

/** Text from the register or a filing shown in an answer: data, never markdown or instructions (the shared rule). */
export const markdownSafe = escapeMarkdownText;

/** A passage quoted from a filing: in quotation marks, on one line, with no markdown of its own. */
export function quoted(text: string): string {
  return `“${markdownSafe(text).replace(/[“”]/g, '"')}”`;
}
