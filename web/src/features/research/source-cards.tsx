/**
 * Source cards (spec 3 sections 2, 4 and 9): the first 3, the rest behind "+N more"; a streamed
 * answer's sources appear one a second (all at once with prefers-reduced-motion or when restored).
 */
import { useEffect, useState } from 'react';
import { RESEARCH_CONSTANTS, visibleSources, type ResearchSource } from '@credence/shared';
import { usePrefersReducedMotion } from './typing.ts';

/** How many of `total` items show: one more every `everyMs`, or all at once when not animated. */
function useRevealed(total: number, everyMs: number, animate: boolean): number {
  const reduced = usePrefersReducedMotion();
  const instant = !animate || reduced;
  const [shown, setShown] = useState(instant ? total : 0);
  useEffect(() => {
    if (instant || shown >= total) return;
    const timer = setTimeout(() => setShown((n) => n + 1), shown === 0 ? 0 : everyMs);
    return () => clearTimeout(timer);
  }, [instant, shown, total, everyMs]);
  return instant ? total : Math.min(shown, total);
}

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

export function SourceCards({ sources, animate }: { sources: readonly ResearchSource[]; animate: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const revealed = useRevealed(sources.length, RESEARCH_CONSTANTS.sourceRevealMs, animate);
  if (sources.length === 0 || revealed === 0) return null;
  const view = visibleSources(sources.slice(0, revealed), expanded);
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
