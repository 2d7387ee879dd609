/**
 * Filing documents open as an address in a new tab (spec 2 2.10). The document needs the
 * session's bearer, which a plain link cannot send, so the tab is opened at once (inside the
 * click, where pop-up blockers allow it), the PDF is fetched through the shared client, and the
 * tab is sent to a blob: address of it (at `#page=N` when a page is cited).
 */
import { errorText } from '../api/web-api.ts';
import type { ApiClient } from '@credence/shared';

export const DOCUMENT_FAILED = 'Failed to download document';
/** How long the blob: address lives: long enough for the tab to read it. */
const REVOKE_AFTER_MS = 60_000;

export async function openDocumentInNewTab(
  client: Pick<ApiClient, 'filingDocument'>,
  companyNumber: string,
  documentId: string,
  page?: number,
): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await client.filingDocument(companyNumber, `${documentId}.pdf`);
    const blob = new Blob([await response.arrayBuffer()], { type: response.headers.get('content-type') ?? 'application/pdf' });
    const url = URL.createObjectURL(blob);
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    const address = page ? `${url}#page=${page}` : url;
    if (tab && !tab.closed) tab.location.href = address;
    else window.open(address, '_blank');
  } catch (error) {
    tab?.close();
    throw new Error(errorText(error, DOCUMENT_FAILED), { cause: error });
  }
}
