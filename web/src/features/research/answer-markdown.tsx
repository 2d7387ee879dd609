/**
 * An answer's markdown (react-markdown + remark-gfm; raw HTML is never rendered): citation
 * markers become footnote buttons (numbers from the shared rule), and in registry mode the
 * "Key Findings" sections show with their own citations. An answer's text links nowhere: the
 * engines write no links of their own, so any other link in it (a model repeating a document,
 * text planted in a PDF that escaped escaping) shows inert, its words and its address as text.
 * The only links out are the citations' own (web sources, pages of filings).
 */
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {
  RESEARCH_TEXTS,
  resolveCitationMarkers,
  type CitationFootnote,
  type RegistryCitation,
  type RegistrySection,
  type ResearchCitation,
} from '@credence/shared';
import { CitationAction, CitationMarker } from './citations.tsx';

const CITE_HREF = '#cite-';

function components(footnotes: readonly CitationFootnote[]): Components {
  const byId = new Map(footnotes.map((f) => [f.id, f]));
  return {
    a({ href, children }) {
      if (href?.startsWith(CITE_HREF)) {
        const footnote = byId.get(href.slice(CITE_HREF.length));
        return footnote ? <CitationMarker footnote={footnote} /> : null;
      }
      return <InertLink href={href}>{children}</InertLink>;
    },
    table({ children }) {
      return (
        <div className="answer__table-wrap">
          <table className="answer__table">{children}</table>
        </div>
      );
    },
    img() {
      return null;
    },
  };
}

/** A link in an answer's text, shown as text: its words, then its address when that differs from them. */
function InertLink({ href, children }: { href?: string; children?: ReactNode }) {
  const words =
    typeof children === 'string'
      ? children
      : Array.isArray(children) && children.every((c) => typeof c === 'string')
        ? children.join('')
        : null;
  const address = href && href !== words ? ` (${href})` : '';
  return (
    <span className="answer__inert-link" title="Links in an answer's text are shown as text">
      {children}
      {address}
    </span>
  );
}

export function AnswerMarkdown({ text, footnotes }: { text: string; footnotes: readonly CitationFootnote[] }) {
  const markdown = resolveCitationMarkers(text, footnotes, (f) => `[${f.number}](${CITE_HREF}${f.id})`);
  return (
    <div className="answer__markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components(footnotes)} skipHtml>
        {markdown}
      </ReactMarkdown>
    </div>
  );
}

/** A registry citation as the reader follows it: the stream's citation when it names one. */
function SectionCitations({ citations, all }: { citations: readonly RegistryCitation[]; all: readonly ResearchCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <ul className="section-citations">
      {citations.flatMap((c, i) => {
        const known = c.id ? all.find((a) => a.id === c.id) : undefined;
        if (known)
          return [
            <li key={`${i}-${known.id}`}>
              <CitationAction citation={known} />
            </li>,
          ];
        if (c.type === 'web')
          return (c.urls ?? []).map((u) => (
            <li key={`${i}-${u.uri}`}>
              {/^https?:\/\//i.test(u.uri) ? (
                <a className="page-button" href={u.uri} target="_blank" rel="noreferrer">
                  {u.title || u.uri}
                </a>
              ) : (
                <span>{u.title || u.uri}</span>
              )}
            </li>
          ));
        if (c.source)
          return [
            <li key={`${i}-page`}>
              <CitationAction
                citation={{
                  id: `section-${i}`,
                  kind: 'filing',
                  document_id: c.source.pdf_name.replace(/\.pdf$/i, ''),
                  pdf_name: c.source.pdf_name,
                  title: c.source.pdf_name,
                  company_number: c.source.company_number,
                  page: c.source.page_number,
                  quote: c.source.quote,
                  verified: true,
                }}
              />
            </li>,
          ];
        return [];
      })}
    </ul>
  );
}

/** Registry mode: the "Key Findings" sections, each with its subsections and citations. */
export function KeyFindings({
  sections,
  footnotes,
  citations,
}: {
  sections: readonly RegistrySection[];
  footnotes: readonly CitationFootnote[];
  citations: readonly ResearchCitation[];
}) {
  if (sections.length === 0) return <p className="muted">{RESEARCH_TEXTS.noSections}</p>;
  return (
    <div className="key-findings">
      {sections.map((section, i) => (
        <section key={i} className="key-findings__section">
          <h3>{section.section || RESEARCH_TEXTS.untitledSection}</h3>
          {section.content ? (
            <AnswerMarkdown text={section.content} footnotes={footnotes} />
          ) : section.subsections.length === 0 ? (
            <p className="muted">{RESEARCH_TEXTS.noContent}</p>
          ) : null}
          <SectionCitations citations={section.citations} all={citations} />
          {section.subsections.map((sub, j) => (
            <section key={j} className="key-findings__subsection">
              <h4>{sub.title || RESEARCH_TEXTS.untitledSubsection}</h4>
              {sub.content ? (
                <AnswerMarkdown text={sub.content} footnotes={footnotes} />
              ) : (
                <p className="muted">{RESEARCH_TEXTS.noContent}</p>
              )}
              <SectionCitations citations={sub.citations} all={citations} />
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
