/**
 * The US company header (spec 3 section 2): logo, title, ticker, industry, sector, verified badge,
 * Request (no data yet) or Excel download, the Analyze link to /us/analysis, and the sub-navigation.
 */
import { Link } from 'react-router';
import { US_SAMPLE_NOTICE, type UsCompany } from '@credence/shared';

export function CompanyLogo({ company }: { company: Pick<UsCompany, 'title' | 'logo_url'> | null }) {
  if (company?.logo_url) return <img className="us-logo" src={company.logo_url} alt="" width={48} height={48} />;
  const initials = (company?.title ?? '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <span className="us-logo us-logo--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

export function UsCompanyHeader({
  company,
  busy,
  onRequest,
  onDownload,
}: {
  company: UsCompany;
  busy: 'request' | 'download' | null;
  onRequest(): void;
  onDownload(): void;
}) {
  return (
    <header className="us-header">
      <CompanyLogo company={company} />
      <div className="us-header__main">
        <h1 className="us-header__title">
          {company.title}
          {company.ticker && <span className="us-header__ticker">{company.ticker}</span>}
          {company.verified ? (
            <span className="badge us-header__badge us-header__badge--verified">Verified</span>
          ) : company.sample ? (
            <span className="badge us-header__badge" title={US_SAMPLE_NOTICE}>
              Sample data
            </span>
          ) : null}
        </h1>
        <p className="us-header__meta">
          CIK {company.cik_str}
          {company.industry ? ` · ${company.industry}` : ''}
          {company.sector ? ` · ${company.sector}` : ''}
          {company.exchange ? ` · ${company.exchange}` : ''}
        </p>
      </div>
      <div className="us-header__actions">
        {company.available ? (
          <button type="button" className="button button--secondary" onClick={onDownload} disabled={busy !== null}>
            {busy === 'download' ? 'Downloading…' : 'Excel download'}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={onRequest} disabled={busy !== null}>
            {busy === 'request' ? 'Requesting…' : 'Request'}
          </button>
        )}
        <Link className="button button--primary" to={`/us/analysis?companyNumber=${encodeURIComponent(company.cik_str)}`}>
          Analyze
        </Link>
      </div>
      <nav className="us-subnav" aria-label="US equity analysis">
        <span className="us-subnav__item us-subnav__item--current" aria-current="page">
          Strategic Indicators
        </span>
        <Link className="us-subnav__item" to={`/us/equity_analysis/data_insights?cik=${encodeURIComponent(company.cik_str)}`}>
          Analysis
        </Link>
        <span className="us-subnav__item us-subnav__item--inactive" aria-disabled="true" title="Coming Soon">
          Comp Analysis <span className="badge">Coming Soon</span>
        </span>
      </nav>
    </header>
  );
}
