/**
 * The company view (spec 2 2.4, 2.5): the explorer bar (search, screener link, sidebar toggle),
 * the collapsible sidebar (overview sections, filings with their 30-character labels) and the
 * content. On the overview, the section at the top of the viewport is written to the address
 * (subCategory) as you scroll, except for a moment after a sidebar click.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  createCompanyTablesViewModel,
  EXPLORER_HEADER_DEBOUNCE_MS,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  type CompanySearchResult,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { availableAnchors, SCROLL_SUPPRESS_MS, type ExplorerParams } from '../../features/explorer/explorer-url.ts';
import { openHelpCenter } from '../../features/help/open-help.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useMeasuredHeight } from '../../ui/use-measured-height.ts';
import { CategoryContent, CategoryNav, type FilingFocus } from './categories.tsx';
import { CompanySearch } from './company-search.tsx';
import { CompanyHeader } from './company-header.tsx';
import { WatchButton } from '../../features/watchlists/watch-button.tsx';
import { OverviewSections } from './overview-sections.tsx';

const SIDEBAR_KEY = 'sidebar-expanded';

/** The height the app header and the explorer bar take at the top of the viewport (the sections scroll under them). */
function stickyTop(): number {
  const bar = document.querySelector('.explorer__bar')?.getBoundingClientRect();
  return bar ? Math.max(0, Math.round(bar.bottom)) : 0;
}

export function useSidebarExpanded(): [boolean, (next: boolean) => void] {
  const [expanded, setExpanded] = useState(() => localStorage.getItem(SIDEBAR_KEY) !== 'false');
  return [
    expanded,
    (next) => {
      localStorage.setItem(SIDEBAR_KEY, String(next));
      setExpanded(next);
    },
  ];
}

interface Props {
  model: CompanyOverviewViewModel;
  state: CompanyOverviewState;
  params: ExplorerParams;
  update(next: Partial<ExplorerParams>): void;
  onSelect(result: CompanySearchResult): void;
  onReturn(): void;
}

export function CompanyView({ model, state, params, update, onSelect, onReturn }: Props) {
  const { client } = useServices();
  const [tables] = useState(() => createCompanyTablesViewModel({ client }));
  const [expanded, setExpanded] = useSidebarExpanded();
  // the sidebar and the section anchors stick below the bar: its height as --explorer-bar-height
  const bar = useMeasuredHeight<HTMLDivElement>('--explorer-bar-height');
  const [activeAnchor, setActiveAnchor] = useState<string | null>(params.subCategory);
  const suppressUntil = useRef(0);
  const scrolledTo = useRef<string | null>(null);
  const ready = state.status === 'ready' && state.overview !== null;
  const anchors = availableAnchors(ready ? state.overview : null);
  const companyNumber = state.companyNumber ?? params.companyNumber ?? '';
  // an address naming a filing opens with that filing scrolled to and focused
  const [filingFocus, setFilingFocus] = useState<FilingFocus | null>(() =>
    params.category === 'filings' && params.filing ? { transactionId: params.filing, seq: 0 } : null,
  );
  const filingFocused = useCallback(() => setFilingFocus(null), []);
  function chooseFiling(transactionId: string) {
    update({ category: 'filings', subCategory: null, filing: transactionId });
    setFilingFocus((previous) => ({ transactionId, seq: (previous?.seq ?? 0) + 1 }));
  }

  useEffect(() => tables.setCompany(ready ? companyNumber : null), [tables, ready, companyNumber]);
  useEffect(() => () => tables.dispose(), [tables]);

  // Selecting a company loads its filings (spec 2 2.2); officers feed the leadership tabs.
  useEffect(() => {
    if (!ready) return;
    model.loadFilings();
    model.loadOfficers();
  }, [model, ready, companyNumber]);

  // An address with subCategory scrolls there once the overview is on screen.
  useEffect(() => {
    if (!ready || params.category !== 'overview' || !params.subCategory || scrolledTo.current === `${companyNumber}#${params.subCategory}`)
      return;
    scrolledTo.current = `${companyNumber}#${params.subCategory}`;
    suppressUntil.current = Date.now() + SCROLL_SUPPRESS_MS;
    document.getElementById(params.subCategory)?.scrollIntoView({ block: 'start' });
  }, [ready, companyNumber, params.category, params.subCategory]);

  // The scroll observer: the section nearest the top of the viewport is the active one.
  useEffect(() => {
    if (!ready || params.category !== 'overview') return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        if (Date.now() < suppressUntil.current || visible.size === 0) return;
        const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0][0];
        setActiveAnchor(top);
        scrolledTo.current = `${companyNumber}#${top}`; // the address follows the scroll: no jump back
        if (new URLSearchParams(window.location.search).get('subCategory') !== top) update({ subCategory: top, filing: null });
      },
      { rootMargin: `-${stickyTop() + 8}px 0px -55% 0px` },
    );
    for (const anchor of anchors) {
      const el = document.getElementById(anchor.id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, params.category, companyNumber, anchors.length, update]);

  function goToAnchor(id: string) {
    suppressUntil.current = Date.now() + SCROLL_SUPPRESS_MS;
    scrolledTo.current = `${companyNumber}#${id}`;
    setActiveAnchor(id);
    update({ category: 'overview', subCategory: id, filing: null });
    requestAnimationFrame(() => {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const el = document.getElementById(id);
      el?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      el?.focus({ preventScroll: true });
    });
  }

  const profile = state.overview?.company_profile;
  return (
    <div className={`explorer${expanded ? '' : ' explorer--collapsed'}`}>
      <div className="explorer__bar" ref={bar}>
        <button
          type="button"
          className="icon-button"
          aria-expanded={expanded}
          aria-controls="explorer-sidebar"
          onClick={() => setExpanded(!expanded)}
          aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
        >
          <span aria-hidden="true">{expanded ? '⟨' : '☰'}</span>
        </button>
        <CompanySearch
          className="explorer__search"
          debounceMs={EXPLORER_HEADER_DEBOUNCE_MS}
          onSelect={onSelect}
          label="Search UK companies"
          placeholder="Search another company"
        />
        <Link to="/companies-screener" className="button button--secondary" title="Compare this company with others">
          UK Company Screener
        </Link>
      </div>
      <div className="explorer__body">
        <aside id="explorer-sidebar" className="explorer__sidebar" aria-label="Company sections">
          <Sidebar
            model={model}
            params={params}
            anchors={anchors}
            activeAnchor={activeAnchor}
            expanded={expanded}
            companyNumber={companyNumber}
            onAnchor={goToAnchor}
            onFiling={chooseFiling}
            update={update}
          />
        </aside>
        <div className="explorer__content">
          {state.status === 'loading' && (
            <div className="explorer__loading">
              <Spinner size="large" label="Loading company" />
              <p>Loading company…</p>
            </div>
          )}
          {state.status === 'error' && (
            <div className="panel panel--centered" role="alert">
              <p className="panel__lead">{state.error}</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  model.close();
                  onReturn();
                }}
              >
                Return to search
              </button>
            </div>
          )}
          {ready && profile && (
            <>
              <CompanyHeader
                profile={profile}
                notice={state.notice}
                watch={<WatchButton key={profile.company_number} companyNumber={profile.company_number} />}
              />
              <CategoryNav active={params.category} onChange={(category) => update({ category, subCategory: null, filing: null })} />
              {params.category === 'overview' || params.category === 'deep-insights' ? (
                <OverviewSections model={model} state={state} anchors={anchors} />
              ) : (
                <CategoryContent
                  model={model}
                  tables={tables}
                  state={state}
                  params={params}
                  update={update}
                  onSelect={onSelect}
                  focusFiling={filingFocus}
                  onFilingFocused={filingFocused}
                />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function Sidebar({
  model,
  params,
  anchors,
  activeAnchor,
  expanded,
  companyNumber,
  onAnchor,
  onFiling,
  update,
}: {
  model: CompanyOverviewViewModel;
  params: ExplorerParams;
  anchors: { id: string; label: string }[];
  activeAnchor: string | null;
  expanded: boolean;
  companyNumber: string;
  onAnchor(id: string): void;
  onFiling(transactionId: string): void;
  update(next: Partial<ExplorerParams>): void;
}) {
  const filings = useViewModel(model.filings);
  const overviewOpen = params.category === 'overview';
  return (
    <nav className="sidebar-nav">
      <button
        type="button"
        className={`sidebar-nav__item${overviewOpen ? ' sidebar-nav__item--active' : ''}`}
        aria-current={overviewOpen ? 'page' : undefined}
        onClick={() => update({ category: 'overview', subCategory: null, filing: null })}
        title="Overview"
      >
        <span className="sidebar-nav__icon" aria-hidden="true">
          ▦
        </span>
        <span className="sidebar-nav__label">Overview</span>
      </button>
      {expanded && overviewOpen && (
        <ul className="sidebar-nav__sub">
          {anchors.map((a) => (
            <li key={a.id}>
              <a
                href={`#${a.id}`}
                className={`sidebar-nav__subitem${activeAnchor === a.id ? ' sidebar-nav__subitem--active' : ''}`}
                aria-current={activeAnchor === a.id ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onAnchor(a.id);
                }}
              >
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={`sidebar-nav__item${params.category === 'search' ? ' sidebar-nav__item--active' : ''}`}
        aria-current={params.category === 'search' ? 'page' : undefined}
        onClick={() => update({ category: 'search', subCategory: null, filing: null })}
        title="Intelligent AI Search"
      >
        <span className="sidebar-nav__icon" aria-hidden="true">
          ⌕
        </span>
        <span className="sidebar-nav__label">Intelligent AI Search</span>
      </button>
      <Link className="sidebar-nav__item" to={`/analysis?companyNumber=${encodeURIComponent(companyNumber)}`} title="Deep Insights">
        <span className="sidebar-nav__icon" aria-hidden="true">
          ✦
        </span>
        <span className="sidebar-nav__label">Deep Insights</span>
      </Link>
      <button
        type="button"
        className={`sidebar-nav__item${params.category === 'filings' ? ' sidebar-nav__item--active' : ''}`}
        aria-current={params.category === 'filings' ? 'page' : undefined}
        onClick={() => update({ category: 'filings', subCategory: null, filing: null })}
        title="Filings"
      >
        <span className="sidebar-nav__icon" aria-hidden="true">
          ▤
        </span>
        <span className="sidebar-nav__label">Filings</span>
      </button>
      {expanded && (
        <div className="sidebar-filings">
          {filings.status === 'loading' && <Spinner label="Loading filings" />}
          {filings.message && filings.status !== 'loading' && (
            <p className={filings.status === 'error' ? 'sidebar-filings__error' : 'sidebar-filings__empty'}>{filings.message}</p>
          )}
          {filings.groups.map((group) => (
            <div key={group.category} className="sidebar-filings__group">
              <h3 className="sidebar-filings__category">{group.category}</h3>
              <ul>
                {group.entries.map((entry) => (
                  <li key={entry.filing.transaction_id}>
                    <button
                      type="button"
                      className={`sidebar-filings__entry${params.filing === entry.filing.transaction_id ? ' sidebar-filings__entry--active' : ''}`}
                      title={`${group.category}: ${entry.description}`}
                      aria-current={params.filing === entry.filing.transaction_id ? 'true' : undefined}
                      onClick={() => onFiling(entry.filing.transaction_id)}
                    >
                      {entry.datedLabel}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      <button type="button" className="sidebar-nav__item" aria-haspopup="dialog" onClick={openHelpCenter} title="Help & FAQ">
        <span className="sidebar-nav__icon" aria-hidden="true">
          ?
        </span>
        <span className="sidebar-nav__label">Help &amp; FAQ</span>
      </button>
    </nav>
  );
}
