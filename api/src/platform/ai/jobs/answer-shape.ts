/**
 * The stored answer (spec 3 Answer): the events that streamed folded with the shared reducer (so
 * get_chat restores exactly what the clients showed; see ResearchStream), plus the registry-mode
 * sections ("Key Findings", shared sectionsFromMarkdown) and the source cards, both read from it.
 */
import { sectionsFromMarkdown, type ResearchAnswer, type ResearchCitation, type ResearchSource } from '@credence/shared';

/** One source card per document (a filing's pages share one card), then one per register record. */
export function answerSources(citations: ResearchCitation[]): ResearchSource[] {
  const seen = new Set<string>();
  const sources: ResearchSource[] = [];
  for (const c of citations) {
    const key = `${c.kind}:${c.document_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const url =
      c.kind === 'filing' && c.company_number && c.pdf_name
        ? `/api/companies_house/get_filing_pdf?company_number=${encodeURIComponent(c.company_number)}&file_name=${encodeURIComponent(c.pdf_name)}`
        : (c.url ?? null);
    const date = /(\d{2}\/\d{2}\/\d{4}|\d{4}-\d{2}-\d{2})/.exec(c.title)?.[1] ?? null;
    sources.push({ document_type: c.kind === 'register' ? (c.record ?? 'register') : c.kind, document_date: date, title: c.title, url });
  }
  return sources;
}

/** The answer as stored and sent in `done`: the fold of every event, with its sections and sources. */
export function finishAnswer(folded: ResearchAnswer): ResearchAnswer {
  return {
    ...folded,
    sections: folded.sections.length ? folded.sections : sectionsFromMarkdown(folded.text, folded.citations),
    sources: folded.sources.length ? folded.sources : answerSources(folded.citations),
  };
}

/** An error for the log (its stack when it has one); never sent to the client. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
