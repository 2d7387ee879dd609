/** Text from the register or a filing shown in an answer: data, never markdown or instructions. */
export function markdownSafe(text: string): string {
  return text.replace(/([\\`*_[\]#>|<])/g, '\\$1').replace(/\s+/g, ' ');
}

/** A passage quoted from a filing: in quotation marks, on one line, with no markdown of its own. */
export function quoted(text: string): string {
  return `“${markdownSafe(text).replace(/[“”]/g, '"')}”`;
}
