/**
 * The US company search box (spec 3 sections 2 and 9): the company list loads once (a spinner
 * meanwhile, 'Failed to load company data.' if it fails) and is searched locally and fuzzily over
 * name, ticker and CIK as the user types. Up and Down move, Enter opens, Escape closes.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { createUsCompanySearchViewModel, US_EQUITY_TEXTS, type UsCompany } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCloseOnPointerOutside } from '../../ui/use-close-on-pointer-outside.ts';
import '../../ui/company-search.css';
import './us.css';

export function UsCompanySearch({
  onSelect,
  label,
  placeholder = US_EQUITY_TEXTS.searchPlaceholder,
  className,
  autoFocus,
}: {
  onSelect(company: UsCompany | null): void;
  label: string;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
}) {
  const { client } = useServices();
  const [model] = useState(() => createUsCompanySearchViewModel({ client }));
  const state = useStartedViewModel(model);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeList = useCallback(() => setOpen(false), []);

  useCloseOnPointerOutside(root, open, closeList);

  function choose(company: UsCompany | null) {
    setOpen(false);
    model.setQuery('');
    onSelect(company);
  }

  const results = state.results;
  const showList = open && state.status === 'ready' && state.query.trim() !== '';
  return (
    <div className={`company-search us-search ${className ?? ''}`} ref={root}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="company-search__input"
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList && results.length ? `${id}-option-${active}` : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={state.query}
        disabled={state.status === 'error'}
        onChange={(event) => {
          model.setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => Math.min(Math.max(i + step, 0), Math.max(results.length - 1, 0)));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            // Enter on an empty box: "picking nothing navigates with no cik" (spec 3)
            choose(state.query.trim() === '' ? null : (results[active] ?? null));
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {state.status === 'loading' && (
        <span className="company-search__spinner">
          <Spinner label="Loading companies" />
        </span>
      )}
      {state.status === 'error' && <ErrorNotice message={state.error ?? US_EQUITY_TEXTS.companyDataFailed} onRetry={() => model.retry()} />}
      {showList && (
        <div className="company-search__popup">
          {results.length === 0 && (
            <p className="company-search__message" role="status">
              No US companies match "{state.query.trim()}". Try part of the name, the ticker or the CIK.
            </p>
          )}
          <ul id={`${id}-list`} role="listbox" aria-label="US companies" className="company-search__list">
            {results.map((company, index) => (
              <li
                key={company.cik_str}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className={`company-search__option${index === active ? ' company-search__option--active' : ''}`}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(company)}
                onMouseMove={() => index !== active && setActive(index)}
              >
                <span className="company-search__name">
                  {company.title}
                  {company.ticker && <span className="us-search__ticker">{company.ticker}</span>}
                </span>
                <span className="company-search__meta">
                  CIK {company.cik_str}
                  {company.sector ? ` · ${company.sector}` : ''}
                  {company.available ? (company.sample ? ' · sample data' : '') : ' · no data yet'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
