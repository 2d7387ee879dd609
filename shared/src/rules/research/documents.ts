/** How uploaded documents are shown (spec 3 section 9: file sizes in B, KB, MB, GB; the ops monitor has its own, spec 1). */
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function formatDocumentSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown} ${UNITS[unit]}`;
}

/** A new chat key for documents uploaded outside an existing chat (the key the chat is then saved under). */
export function newChatKey(): string {
  return globalThis.crypto.randomUUID();
}
