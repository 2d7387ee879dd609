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

/** A failed call as both clients hold it (the client's ApiError): its status (0: no answer) and the server's words. */
export interface UploadFailure {
  status: number;
  error: string;
}

/**
 * What a file that was not uploaded says, in the web dialog and the terminal alike: the file
 * named, the reason and what to do. The server's refusals already say all three (the file is
 * named first); a lost connection, a server error or a proxy's bare refusal get words that do.
 */
export function uploadFailureText(fileName: string, failure: UploadFailure): string {
  const said = failure.error.trim();
  if (failure.status === 0)
    return `${fileName} was not uploaded: the server could not be reached. Check the connection (or that the server runs) and upload it again.`;
  if (said.includes(fileName)) return said;
  if (failure.status >= 500)
    return (
      `${fileName} was not uploaded: the server failed while reading it (${failure.status}). ` +
      'Try again; if it keeps failing, save it again as a PDF (print or export it to PDF) and upload that copy, or tell support which file it was.'
    );
  if (failure.status === 413)
    return `${fileName} was not uploaded: it is too large for the server (413). Split it into smaller PDFs and upload those.`;
  if (failure.status === 429) return `${fileName} was not uploaded: ${said || 'too many uploads'}. Wait a minute and upload it again.`;
  return `${fileName} was not uploaded: ${said || `the server refused it (${failure.status})`}`;
}
