/**
 * The company search box (spec 2 2.2, 2.4): a combobox over the shared search view model. Up and
 * Down move through the results, Enter opens the highlighted one, Escape closes the list.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { createSearchViewModel, SEARCH_TEXTS, type CompanySearchResult } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCloseOnPointerOutside } from '../../ui/use-close-on-pointer-outside.ts';
import { StatusBadge } from './company-header.tsx';
import '../../ui/company-search.css';

export function listedTicker(result: CompanySearchResult): string | null {
  const t = (result['Exchange:Ticker'] ?? '').trim();
  return t === '' || t === '-' ? null : t;
}

export function CompanySearch({
  debounceMs,
  onSelect,
  label,
  placeholder,
  className,
  autoFocus,
}: {
  debounceMs: number;
  onSelect(result: CompanySearchResult): void;
  label: string;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
}) {
  const { client } = useServices();
  const [model] = useState(() => createSearchViewModel({ client, debounceMs, emptyQuery: 'nothing', limit: 10 }));
  const state = useStartedViewModel(model);
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeList = useCallback(() => setOpen(false), []);

  useCloseOnPointerOutside(root, open, closeList);

  function choose(result: CompanySearchResult | null) {
    if (!result) return;
    setOpen(false);
    model.clear();
    onSelect(result);
  }

  const showList = open && state.query.trim() !== '';
  const active = state.selectedIndex >= 0 ? `${id}-option-${state.selectedIndex}` : undefined;
  return (
    <div className={`company-search ${className ?? ''}`} ref={root}>
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
        aria-activedescendant={showList ? active : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder ?? 'Search by company name, number or address'}
        value={state.query}
        onChange={(event) => {
          model.setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            model.moveSelection(event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            if (state.pending) model.submit();
            else choose(model.selected());
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {(state.pending || state.status === 'loading') && state.query.trim() !== '' && (
        <span className="company-search__spinner">
          <Spinner label="Searching" />
        </span>
      )}
      {showList && (
        <div className="company-search__popup">
          {state.message && state.status !== 'loading' && !state.pending ? (
            <p className={`company-search__message${state.status === 'error' ? ' company-search__message--error' : ''}`} role="status">
              {state.message}
            </p>
          ) : null}
          <ul id={`${id}-list`} role="listbox" aria-label="Companies" className="company-search__list">
            {state.results.map((result, index) => (
              <li
                key={result.CompanyNumber}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === state.selectedIndex}
                className={`company-search__option${index === state.selectedIndex ? ' company-search__option--active' : ''}`}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(result)}
                onMouseMove={() => index !== state.selectedIndex && model.select(index)}
              >
                <span className="company-search__name">
                  {result.CompanyName}
                  <span className="company-search__status">
                    <StatusBadge status={result.company_status} />
                  </span>
                </span>
                <span className="company-search__meta">
                  {result.CompanyNumber}
                  {listedTicker(result) ? ` · ${listedTicker(result)}` : ''}
                  {result.address ? ` · ${result.address}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export { SEARCH_TEXTS };
