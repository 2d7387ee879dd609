/**
 * The stored answer (spec 3 Answer): the events that streamed folded with the shared reducer (so
 * get_chat restores exactly what the clients showed; see ResearchStream), plus the registry-mode
 * sections ("Key Findings") and the source cards, both read from the folded answer.
 */
import {
  RESEARCH_TEXTS,
  type RegistryCitation,
  type RegistrySection,
  type ResearchAnswer,
  type ResearchCitation,
  type ResearchSource,
} from '@credence/shared';

const MARKER = /\[\^(c\d+)\]/g;

function citationsIn(text: string, byId: Map<string, ResearchCitation>): RegistryCitation[] {
  const ids = [...new Set([...text.matchAll(MARKER)].map((m) => m[1]))];
  return ids.flatMap((id): RegistryCitation[] => {
    const c = byId.get(id);
    if (!c) return [];
    if (c.page !== undefined && c.pdf_name) {
      return [
        {
          id,
          type: 'filing',
          source: {
            page_number: c.page,
            pdf_name: c.pdf_name,
            ...(c.company_number ? { company_number: c.company_number } : {}),
            ...(c.quote ? { quote: c.quote } : {}),
          },
        },
      ];
    }
    return [{ id, type: 'web', urls: c.url ? [{ uri: c.url, title: c.title }] : [] }];
  });
}

/** Markdown "## Heading" blocks become sections and "### Heading" blocks their subsections. */
export function registrySections(text: string, citations: ResearchCitation[]): RegistrySection[] {
  const byId = new Map(citations.map((c) => [c.id, c]));
  const sections: { section: string; content: string[]; subsections: { title: string; content: string[] }[] }[] = [];
  for (const line of text.split('\n')) {
    const h2 = /^##\s+(.*)$/.exec(line);
    const h3 = /^###\s+(.*)$/.exec(line);
    if (h2) sections.push({ section: h2[1].trim() || RESEARCH_TEXTS.untitledSection, content: [], subsections: [] });
    else if (h3 && sections.length)
      sections.at(-1)!.subsections.push({ title: h3[1].trim() || RESEARCH_TEXTS.untitledSubsection, content: [] });
    else {
      if (!sections.length) {
        if (!line.trim() || /^#\s/.test(line)) continue;
        sections.push({ section: RESEARCH_TEXTS.untitledSection, content: [], subsections: [] });
      }
      const current = sections.at(-1)!;
      (current.subsections.at(-1)?.content ?? current.content).push(line);
    }
  }
  return sections.map((s) => {
    const content = s.content.join('\n').trim();
    return {
      section: s.section,
      content,
      citations: citationsIn(content, byId),
      subsections: s.subsections.map((sub) => {
        const subContent = sub.content.join('\n').trim();
        return { title: sub.title, content: subContent, citations: citationsIn(subContent, byId) };
      }),
    };
  });
}

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
    sections: folded.sections.length ? folded.sections : registrySections(folded.text, folded.citations),
    sources: folded.sources.length ? folded.sources : answerSources(folded.citations),
  };
}

/** An error for the log (its stack when it has one); never sent to the client. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
