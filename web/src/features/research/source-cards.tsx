/** Source cards (spec 3 sections 2 and 9): the first 3, the rest behind "+N more". */
import { useState } from 'react';
import { visibleSources, type ResearchSource } from '@credence/shared';

function SourceCard({ source }: { source: ResearchSource }) {
  const body = (
    <>
      <span className="source-card__type">{source.document_type}</span>
      <span className="source-card__title">{source.title}</span>
      {source.document_date && <span className="source-card__date">{source.document_date}</span>}
    </>
  );
  if (source.url?.startsWith('http'))
    return (
      <a className="source-card" href={source.url} target="_blank" rel="noreferrer">
        {body}
      </a>
    );
  if (source.url)
    return (
      <a className="source-card" href={source.url}>
        {body}
      </a>
    );
  return <div className="source-card">{body}</div>;
}

export function SourceCards({ sources }: { sources: readonly ResearchSource[] }) {
  const [expanded, setExpanded] = useState(false);
  if (sources.length === 0) return null;
  const view = visibleSources(sources, expanded);
  return (
    <section className="source-cards" aria-label="Sources">
      <ul className="source-cards__list">
        {view.shown.map((s, i) => (
          <li key={`${i}-${s.title}`}>
            <SourceCard source={s} />
          </li>
        ))}
        {(view.moreLabel || expanded) && (
          <li>
            <button type="button" className="source-card source-card--more" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
              {expanded ? 'Show fewer' : view.moreLabel}
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
