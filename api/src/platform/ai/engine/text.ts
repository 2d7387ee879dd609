import { escapeMarkdownText } from '@credence/shared';

/** Text from the register or a filing shown in an answer: data, never markdown or instructions (the shared rule). */
export const markdownSafe = escapeMarkdownText;

/** A passage quoted from a filing: in quotation marks, on one line, with no markdown of its own. */
export function quoted(text: string): string {
  return `“${markdownSafe(text).replace(/[“”]/g, '"')}”`;
}

/**
 * What is missing (or not held) as a markdown list. Each item is plain text, as the analyses and
 * tools say it, and may name a company, a lender or a filed label: it is escaped here, once.
 */
export function missingList(items: readonly string[]): string {
  return items.map((item) => `- ${markdownSafe(item)}`).join('\n');
}
