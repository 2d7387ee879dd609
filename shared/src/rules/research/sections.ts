/**
 * Registry mode's "Key Findings" (spec 3 Registry section) from an answer's markdown: each `## `
 * heading is a section, each `### ` heading under it a subsection; a section's or subsection's
 * content is its text up to the next heading, and its citations are those its `[^cN]` markers
 * name, as spec 3 shapes them (a filing page as `source`, a register record or web page as
 * `urls`). Text before the first heading is a section of its own, titled as untitled.
 */
import { RESEARCH_TEXTS, type RegistryCitation, type RegistrySection, type ResearchCitation } from '../../contracts/research.js';

const MARKER = /\[\^(c\d+)\]/g;

function registryCitation(citation: ResearchCitation): RegistryCitation {
  if (citation.page !== undefined && citation.pdf_name)
    return {
      type: 'filing',
      id: citation.id,
      source: {
        page_number: citation.page,
        pdf_name: citation.pdf_name,
        ...(citation.company_number ? { company_number: citation.company_number } : {}),
        ...(citation.quote ? { quote: citation.quote } : {}),
      },
    };
  return { type: 'web', id: citation.id, urls: citation.url ? [{ uri: citation.url, title: citation.title }] : [] };
}

function citationsIn(content: string, byId: Map<string, ResearchCitation>): RegistryCitation[] {
  const ids = [...new Set([...content.matchAll(MARKER)].map((m) => m[1]))];
  return ids.filter((id) => byId.has(id)).map((id) => registryCitation(byId.get(id)!));
}

export function sectionsFromMarkdown(markdown: string, citations: readonly ResearchCitation[] = []): RegistrySection[] {
  const byId = new Map(citations.map((c) => [c.id, c]));
  const sections: { title: string; body: string[]; subsections: { title: string; body: string[] }[] }[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^(#{1,3})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading && heading[1].length <= 2) {
      sections.push({ title: heading[2] || RESEARCH_TEXTS.untitledSection, body: [], subsections: [] });
      continue;
    }
    if (!sections.length) sections.push({ title: RESEARCH_TEXTS.untitledSection, body: [], subsections: [] });
    const section = sections[sections.length - 1];
    if (heading) {
      section.subsections.push({ title: heading[2] || RESEARCH_TEXTS.untitledSubsection, body: [] });
      continue;
    }
    const target = section.subsections.length ? section.subsections[section.subsections.length - 1].body : section.body;
    target.push(line);
  }
  return sections
    .map((s) => {
      const content = s.body.join('\n').trim();
      return {
        section: s.title,
        content,
        citations: citationsIn(content, byId),
        subsections: s.subsections.map((sub) => {
          const text = sub.body.join('\n').trim();
          return { title: sub.title, content: text, citations: citationsIn(text, byId) };
        }),
      };
    })
    .filter((s) => s.content || s.subsections.length || s.section !== RESEARCH_TEXTS.untitledSection);
}
