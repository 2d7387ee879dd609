/** The /uk/ search landing (spec 2 2.2): title, search, area links and the suggested companies. */
import { useState } from 'react';
import { Link } from 'react-router';
import { createSearchViewModel, EXPLORER_HEADER_DEBOUNCE_MS, type CompanySearchResult } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { companyHref } from '../../features/explorer/explorer-url.ts';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CompanySearch, listedTicker } from './company-search.tsx';

export const SUGGESTED_COUNT = 4;

export function Landing({ onSelect }: { onSelect(result: CompanySearchResult): void }) {
  const { client } = useServices();
  const [suggested] = useState(() => createSearchViewModel({ client, emptyQuery: 'default-list', limit: SUGGESTED_COUNT }));
  const list = useStartedViewModel(suggested);
  return (
    <div className="uk-landing">
      <h1 className="uk-landing__title">UK Companies Explorer</h1>
      <p className="uk-landing__lead">Profiles, filings, financials, officers and charges of 100,000+ UK enterprises.</p>
      <CompanySearch
        className="uk-landing__search"
        debounceMs={EXPLORER_HEADER_DEBOUNCE_MS}
        onSelect={onSelect}
        label="Search UK companies"
        autoFocus
      />
      <p className="uk-landing__hint">Type a company name, a company number (e.g. 00123456) or a registered postcode.</p>
      <nav className="uk-landing__links" aria-label="UK area">
        <Link to="/analysis">Financial Analysis</Link>
        <Link to="/companies-screener">UK Company Screener</Link>
        <Link to="/creditors-screener">UK Creditors Screener</Link>
        <a href="/us">Switch to US Companies</a>
      </nav>
      <section className="panel uk-suggested" aria-labelledby="suggested-title">
        <div className="uk-suggested__header">
          <h2 id="suggested-title" className="panel__title">
            Suggested Companies
          </h2>
          <Link to="/companies-screener">View all</Link>
        </div>
        {list.status === 'loading' && <Spinner label="Loading companies" />}
        {list.status === 'error' && <ErrorNotice message={list.error ?? ''} onRetry={() => suggested.retry()} />}
        <ul className="uk-suggested__list">
          {list.results.slice(0, SUGGESTED_COUNT).map((c) => (
            <li key={c.CompanyNumber}>
              <Link to={companyHref(c.CompanyNumber)} className="uk-suggested__item">
                <span className="uk-suggested__name">{c.CompanyName}</span>
                <span className="uk-suggested__meta">
                  {c.CompanyNumber}
                  {listedTicker(c) ? ` · ${listedTicker(c)}` : ''}
                  {c.SICCode_SicText_1 ? ` · ${c.SICCode_SicText_1}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
