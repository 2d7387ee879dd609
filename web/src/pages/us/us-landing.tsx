/** The strategic indicators search landing (spec 3 section 2): logo, heading, the US company search, Switch to UK Companies. */
import { Link } from 'react-router';
import { US_EQUITY_TEXTS, type UsCompany } from '@credence/shared';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { UsCompanySearch } from './us-company-search.tsx';

export function UsLanding({ onSelect, unknownCik }: { onSelect(company: UsCompany | null): void; unknownCik: string | null }) {
  useDocumentTitle('US Strategic Indicators');
  return (
    <div className="us-landing">
      <p className="us-landing__logo" aria-hidden="true">
        Credence
      </p>
      <h1 className="us-landing__title">{US_EQUITY_TEXTS.landingHeading}</h1>
      {unknownCik && (
        <p className="notice notice--info" role="status">
          {US_EQUITY_TEXTS.unknownCompany(unknownCik)}
        </p>
      )}
      <UsCompanySearch className="us-landing__search" label="Search US companies" onSelect={onSelect} autoFocus />
      <p className="us-landing__hint">Type a company name, a ticker (e.g. AAPL) or a CIK.</p>
      <nav className="us-landing__links" aria-label="US area">
        <Link to="/us/analysis">Financial Analysis</Link>
        <Link to="/uk">Switch to UK Companies</Link>
      </nav>
    </div>
  );
}
