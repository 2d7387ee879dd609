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
import { explorerSearch, type ExplorerCategory, type PdfTarget } from '../explorer/explorer-url.ts';
import './citations.css';

/** The quote and its boxes, when the citation has them (the viewer highlights them). */
const quoteOf = (citation: ResearchCitation) => ({
  ...(citation.quote ? { quote: citation.quote } : {}),
  ...(citation.boxes?.length ? { boxes: citation.boxes } : {}),
});

/**
 * The PDF viewer's target for a document page, or null when the citation is not one: a filing's
 * page (by company and document), or an uploaded PDF's (by the chat key it was uploaded with).
 */
export function citationPdfTarget(citation: ResearchCitation): PdfTarget | null {
  if (!citation.page || citation.page < 1) return null;
  if (citation.kind === 'upload') {
    if (!citation.chat_key || !citation.pdf_name) return null;
    return {
      companyNumber: '',
      documentId: citation.document_id,
      page: citation.page,
      title: citation.pdf_name,
      upload: { chatKey: citation.chat_key, fileName: citation.pdf_name },
      ...quoteOf(citation),
    };
  }
  if (citation.kind !== 'filing' || !citation.company_number) return null;
  const documentId = citation.pdf_name ? citation.pdf_name.replace(/\.pdf$/i, '') : citation.document_id;
  return { companyNumber: citation.company_number, documentId, page: citation.page, title: citation.title, ...quoteOf(citation) };
}

/** The explorer's view of a register record (the web's own addresses: /uk/?companyNumber=...&category=...). */
const RECORD_CATEGORY: Record<string, ExplorerCategory> = {
  charges: 'charges',
  filings: 'filings',
  capital: 'filings',
  'confirmation-statement': 'filings',
};

/** Where a register citation opens in the app, or null when it names no company. */
export function registerHref(citation: ResearchCitation): string | null {
  if (citation.kind !== 'register' || !citation.company_number) return null;
  const category = RECORD_CATEGORY[citation.record ?? ''] ?? 'overview';
  return `/uk/?${explorerSearch({ companyNumber: citation.company_number, category }).toString()}`;
}

/** The citation's address when it is a page of the app (a SEC tag's /backlinker), else null. */
export function inAppHref(citation: ResearchCitation): string | null {
  return citation.url && /^\/(?!\/)/.test(citation.url) ? citation.url : null;
}

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
