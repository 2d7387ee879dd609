/** A link of the app to an area later issues build (/analysis, /us): what is coming, and a way back. */
import { Link, useLocation, useNavigate } from 'react-router';
import { companyHref } from '../features/explorer/explorer-url.ts';
import { upcomingArea } from '../features/upcoming/upcoming-areas.ts';
import { useDocumentTitle } from '../ui/document-title.ts';

export default function ComingSoonPage() {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const area = upcomingArea(pathname);
  const companyNumber = new URLSearchParams(search).get('companyNumber');
  const title = area?.title ?? 'Coming soon';
  useDocumentTitle(title);
  return (
    <div className="page page--narrow coming-soon">
      <p className="badge">Coming soon</p>
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{area?.promise ?? 'This part of Credence is being built.'}</p>
      {area && (
        <ul className="coming-soon__list">
          {area.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <div className="coming-soon__actions">
        {companyNumber ? (
          <Link className="button button--primary" to={companyHref(companyNumber)}>
            Back to the company
          </Link>
        ) : key !== 'default' ? (
          <button type="button" className="button button--primary" onClick={() => navigate(-1)}>
            Go back
          </button>
        ) : null}
        <Link className="button button--secondary" to="/uk/">
          UK Companies Explorer
        </Link>
      </div>
    </div>
  );
}
