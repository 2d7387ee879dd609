/**
 * The text of the page a filing citation cites, fetched when the citation is opened
 * (GET /api/research/page_text). A citation that is not a filing page (a register record, an
 * upload) has none to fetch.
 */
import { useEffect, useState } from 'react';
import type { ApiClient, FilingPageText, ResearchCitation } from '@credence/shared';

export type PageTextState =
  { status: 'none' } | { status: 'loading' } | { status: 'loaded'; page: FilingPageText } | { status: 'failed'; error: string };

export interface PageTextRequest {
  companyNumber: string;
  documentId: string;
  page: number;
}

/** What to fetch for a citation: a filing's page, of its company (else the chat's company). */
export function pageTextRequest(citation: ResearchCitation | undefined, chatCompany: string | null | undefined): PageTextRequest | null {
  const companyNumber = citation?.company_number ?? chatCompany;
  if (citation?.kind !== 'filing' || citation.page === undefined || !companyNumber) return null;
  return { companyNumber, documentId: citation.document_id, page: citation.page };
}

export function usePageText(client: Pick<ApiClient, 'pageText'>, request: PageTextRequest | null): PageTextState {
  const { companyNumber, documentId, page } = request ?? {};
  const key = request ? `${companyNumber}/${documentId}/${page}` : null;
  const [loaded, setLoaded] = useState<{ key: string; state: PageTextState } | null>(null);
  useEffect(() => {
    if (key === null || !companyNumber || !documentId || page === undefined) return;
    const controller = new AbortController();
    client.pageText(companyNumber, documentId, page, { signal: controller.signal }).then(
      (text) => setLoaded({ key, state: { status: 'loaded', page: text } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, state: { status: 'failed', error: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => controller.abort();
  }, [client, key, companyNumber, documentId, page]);
  if (key === null) return { status: 'none' };
  return loaded?.key === key ? loaded.state : { status: 'loading' };
}
