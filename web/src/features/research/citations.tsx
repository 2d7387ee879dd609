/**
 * Citations in an answer: the footnote marker in the text (a numbered button) and the footnote
 * list under it. A document page (a filing's or an uploaded PDF's) opens the PDF viewer at that
 * page with the quote highlighted; a register record opens its page in the app; a SEC filing tag
 * opens its source in /backlinker (an address in the app); a web source opens in a new tab. A
 * citation the checker could not confirm is marked unverified wherever it shows.
 */
import { Link } from 'react-router';
import type { CitationFootnote, ResearchCitation } from '@credence/shared';
import { usePdfViewer } from '../explorer/pdf-viewer.tsx';
import { citationPdfTarget, inAppHref, registerHref } from './citation-targets.ts';
import './citations.css';

const UNVERIFIED = 'unverified: not confirmed against its source';

/** The numbered marker in the answer's text. */
export function CitationMarker({ footnote }: { footnote: CitationFootnote }) {
  const viewer = usePdfViewer();
  const { citation } = footnote;
  const target = citationPdfTarget(citation);
  const unverified = citation.verified === false;
  const className = `citation-marker${unverified ? ' citation-marker--unverified' : ''}`;
  const label = `Source ${footnote.number}: ${footnote.label}`;
  const text = (
    <>
      {footnote.number}
      {unverified ? <span aria-hidden="true">?</span> : null}
    </>
  );
  if (target)
    return (
      <button type="button" className={className} onClick={() => viewer.open(target)} aria-label={label} title={label}>
        {text}
      </button>
    );
  const inApp = inAppHref(citation);
  if (inApp)
    return (
      <Link className={className} to={inApp} aria-label={label} title={label}>
        {text}
      </Link>
    );
  if (citation.url)
    return (
      <a className={className} href={`#footnote-${footnote.id}`} aria-label={label} title={label}>
        {text}
      </a>
    );
  return (
    <sup className={className} title={label}>
      {text}
    </sup>
  );
}

/** Where a citation leads: "Page N" for a document page, the record's page, or the web page. */
export function CitationAction({ citation }: { citation: ResearchCitation }) {
  const viewer = usePdfViewer();
  const target = citationPdfTarget(citation);
  if (target)
    return (
      <button type="button" className="page-button" onClick={() => viewer.open(target)}>
        Page {target.page}
        <span className="visually-hidden"> of {citation.title}</span>
      </button>
    );
  if (citation.page) return <span className="page-button page-button--static">Page {citation.page}</span>;
  const record = registerHref(citation);
  const inApp = record ?? inAppHref(citation);
  if (inApp)
    return (
      <Link className="page-button" to={inApp}>
        {record ? 'View record' : 'View filing'}
        {record ? null : <span className="visually-hidden"> of {citation.title}</span>}
      </Link>
    );
  if (citation.url)
    return (
      <a className="page-button" href={citation.url} target="_blank" rel="noreferrer">
        Open source<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  return null;
}

export function Footnotes({ footnotes }: { footnotes: readonly CitationFootnote[] }) {
  if (footnotes.length === 0) return null;
  return (
    <section className="footnotes" aria-label="Citations">
      <h4 className="footnotes__title">Citations</h4>
      <ol className="footnotes__list">
        {footnotes.map((f) => (
          <li key={f.id} id={`footnote-${f.id}`} className="footnotes__item" value={f.number}>
            <span className="footnotes__title-text">{f.citation.title || f.label}</span>
            {f.citation.verified === false && (
              <span className="badge badge--warning" title={UNVERIFIED}>
                Unverified
              </span>
            )}
            <CitationAction citation={f.citation} />
          </li>
        ))}
      </ol>
    </section>
  );
}
