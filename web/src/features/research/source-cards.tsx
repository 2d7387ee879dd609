/**
 * Source cards (spec 3 sections 2, 4 and 9): the first 3, the rest behind "+N more"; a streamed
 * answer's sources appear one a second (all at once with prefers-reduced-motion or when restored).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RESEARCH_CONSTANTS, visibleSources, type ResearchSource } from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { companyHref } from '../explorer/explorer-url.ts';
import { openDocumentInNewTab } from '../explorer/open-document.ts';
import { pagesAnalyzedDelayMs, pagesAnalyzedText, useShownAfter } from './streaming-ui.tsx';
import { usePrefersReducedMotion } from './typing.ts';

export type SourceTarget =
  | { kind: 'document'; companyNumber: string; documentId: string }
  | { kind: 'company'; href: string }
  | { kind: 'web'; href: string }
  | null;

/**
 * Where a source card leads: a filing's PDF (the API's get_filing_pdf address needs the bearer,
 * so it opens through the client), the company in the explorer (the API links its /uk/ page;
 * older answers stored /uk/company/<number>), the creditors screener, or a web page.
 */
export function sourceTarget(url: string | null): SourceTarget {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return { kind: 'web', href: url };
  const [path, query = ''] = url.split('?');
  if (path.endsWith('/companies_house/get_filing_pdf')) {
    const params = new URLSearchParams(query);
    const companyNumber = params.get('company_number');
    const file = params.get('file_name');
    return companyNumber && file ? { kind: 'document', companyNumber, documentId: file.replace(/\.pdf$/i, '') } : null;
  }
  if (path === '/uk/' && new URLSearchParams(query).get('companyNumber')) return { kind: 'company', href: url };
  if (path === '/creditors-screener') return { kind: 'company', href: url };
  const company = /^\/uk\/company\/([^/?#]+)/.exec(url);
  if (company) return { kind: 'company', href: companyHref(decodeURIComponent(company[1])) };
  return null;
}

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
  const { client } = useServices();
  const [failed, setFailed] = useState<string | null>(null);
  const body = (
    <>
      <span className="source-card__type">{source.document_type}</span>
      <span className="source-card__title">{source.title}</span>
      {source.document_date && <span className="source-card__date">{source.document_date}</span>}
      {failed && <span className="source-card__error">{failed}</span>}
    </>
  );
  const target = sourceTarget(source.url);
  if (target?.kind === 'web')
    return (
      <a className="source-card" href={target.href} target="_blank" rel="noreferrer" title={source.title}>
        {body}
      </a>
    );
  if (target?.kind === 'company')
    return (
      <Link className="source-card" to={target.href} title={source.title}>
        {body}
      </Link>
    );
  if (target?.kind === 'document')
    return (
      <button
        type="button"
        className="source-card"
        title={source.title}
        onClick={() =>
          openDocumentInNewTab(client, target.companyNumber, target.documentId).catch((error: unknown) =>
            setFailed(error instanceof Error ? error.message : String(error)),
          )
        }
      >
        {body}
      </button>
    );
  return (
    <div className="source-card" title={source.title}>
      {body}
    </div>
  );
}

export function SourceCards({
  sources,
  pages,
  animate,
  random = Math.random,
}: {
  sources: readonly ResearchSource[];
  /** How many filing pages the answer cites, told once the cards are in. */
  pages: number;
  animate: boolean;
  random?: () => number;
}) {
  const [expanded, setExpanded] = useState(false);
  const revealed = useRevealed(sources.length, RESEARCH_CONSTANTS.sourceRevealMs, animate);
  // one draw per answer; the sources arrive with the finished answer, after the card mounts
  const [draw] = useState(random);
  const pagesDelay = pagesAnalyzedDelayMs(sources.length, () => draw);
  const pagesShown = useShownAfter(revealed > 0, pagesDelay, animate) && revealed === sources.length;
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
      {pages > 0 && pagesShown && <p className="source-cards__pages">{pagesAnalyzedText(pages)}</p>}
    </section>
  );
}
