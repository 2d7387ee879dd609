/**
 * The citation of a SEC fact: it leads to the source viewer (/backlinker, which reads
 * api/get_highlighted_source with the same cik, doc_cg and kv_id). In the platform because the
 * answer writer cites every fact kind it knows (engine/types.ts `FactSource`).
 */
import type { ResearchCitation } from '@credence/shared';
import type { FactSource } from './types.js';

type SecSource = Extract<FactSource, { kind: 'sec' }>;

export function backlinkerUrl(cik: number, docCg: string, kvId: string): string {
  return `/backlinker?${new URLSearchParams({ cik: String(cik), doc_cg: docCg, kv_id: kvId }).toString()}`;
}

export function secCitation(id: string, source: SecSource): ResearchCitation {
  return {
    id,
    kind: 'sec',
    document_id: source.accession,
    title: source.title,
    url: backlinkerUrl(source.cik, source.doc_cg, source.kpi_value_id),
    verified: false,
  };
}
