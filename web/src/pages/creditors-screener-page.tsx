/** /creditors-screener (spec 2 2.12): three tabs of charge statistics; in Creditor Overview one lender expands to its detail. */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  activityBarPercent,
  createCreditorsScreenerViewModel,
  creditorsTab,
  creditorsTotalText,
  CREDITORS_TABS,
  formatDate,
  hasActiveFilters,
  readCreditorsScreenerAddress,
  tableAddressState,
  writeCreditorsScreenerAddress,
  type ColumnSpec,
  type CreditorsScreenerState,
  type CreditorsTab,
  type LenderDetailState,
  type LenderStatsRow,
  type TableState,
} from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../app/services.tsx';
import { companyHref } from '../features/explorer/explorer-url.ts';
import { ExportButton } from '../features/screener/export-button.tsx';
import { ScreenerLayout } from '../features/screener/screener-layout.tsx';
import { ScreenerTable } from '../features/screener/screener-table.tsx';
import { openingAddress, useScreenerAddress } from '../features/screener/use-screener-address.ts';
import { Tabs } from './uk/tabs.tsx';
import { ErrorNotice } from '../ui/error-notice.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import '../ui/data.css';
import '../features/screener/screener.css';

export default function CreditorsScreenerPage() {
  useDocumentTitle('UK Creditors Screener');
  const { client } = useServices();
  const [{ model, defaults }] = useState(() => {
    const created = createCreditorsScreenerViewModel({ client });
    const { tabs } = created.getState();
    const defaults = {
      lenders: tableAddressState(tabs.lenders),
      charges: tableAddressState(tabs.charges),
      chargeCompanies: tableAddressState(tabs.chargeCompanies),
    };
    created.restoreAddress(readCreditorsScreenerAddress(openingAddress(), defaults, created.pageSizes));
    return { model: created, defaults };
  });
  const state = useStartedViewModel(model);
  useScreenerAddress(model, {
    write: (s: CreditorsScreenerState) =>
      writeCreditorsScreenerAddress({ tab: s.activeTab, table: tableAddressState(s.tabs[s.activeTab]) }, defaults),
    restore: (params) => model.restoreAddress(readCreditorsScreenerAddress(params, defaults, model.pageSizes)),
    busy: (s) => ['loading', 'idle'].includes(s.tabs[s.activeTab].status),
  });
  const tab = creditorsTab(state.activeTab);
  const table = state.tabs[state.activeTab] as TableState<unknown>;
  const actions = model.tables[state.activeTab];

  const companyLink = (column: ColumnSpec, row: { company_number?: string; company_name?: string }) =>
    column.id === 'company_name' && row.company_number ? (
      <Link to={companyHref(row.company_number)} className="data-table__link">
        {row.company_name}
      </Link>
    ) : null;

  return (
    <ScreenerLayout>
      <header className="screener-header">
        <div>
          <h1 className="screener-header__title">{tab.title}</h1>
          <p className="screener-header__total">
            <strong>{table.status === 'idle' ? '…' : creditorsTotalText(state.activeTab, table.totalCount, table.totalIsEstimate)}</strong>
          </p>
        </div>
        <ExportButton table={state.activeTab} state={table} />
      </header>
      <Tabs
        label="Creditors"
        tabs={CREDITORS_TABS.map((t) => ({ id: t.id, label: t.label }))}
        active={state.activeTab}
        onChange={(id: CreditorsTab) => model.setTab(id)}
      >
        <div className="screener-tools">
          <label className="inline-field search-box">
            <span className="visually-hidden">Search {tab.suffix.toLowerCase()}</span>
            <input
              type="search"
              placeholder={`Search ${tab.suffix.toLowerCase()}`}
              aria-label={`Search ${tab.suffix.toLowerCase()}`}
              value={table.search}
              onChange={(e) => actions.setSearch(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && actions.submitSearch()}
            />
          </label>
          {hasActiveFilters(table) && (
            <button type="button" className="button button--ghost" onClick={() => actions.clearFilters()}>
              Clear Filters
            </button>
          )}
        </div>
        {state.activeTab === 'lenders' ? (
          <ScreenerTable<LenderStatsRow>
            caption={tab.title}
            columns={tab.columns}
            state={state.tabs.lenders}
            actions={actions}
            pageSizes={model.pageSizes}
            rowKey={(r) => r.lender_name}
            renderLead={(r) => (
              <button
                type="button"
                className="expander"
                aria-expanded={state.expandedLender === r.lender_name}
                aria-label={`${state.expandedLender === r.lender_name ? 'Collapse' : 'Expand'} ${r.lender_name}`}
                onClick={() => model.toggleLender(r.lender_name)}
              >
                <span aria-hidden="true">{state.expandedLender === r.lender_name ? '▾' : '▸'}</span>
              </button>
            )}
            renderExpansion={(r) =>
              state.expandedLender === r.lender_name ? (
                <LenderDetailView
                  name={r.lender_name}
                  detail={state.lenderDetails[r.lender_name]}
                  onRetry={() => model.retryLenderDetail(r.lender_name)}
                />
              ) : null
            }
          />
        ) : (
          <ScreenerTable<Record<string, unknown>>
            caption={tab.title}
            columns={tab.columns}
            state={table as TableState<Record<string, unknown>>}
            actions={actions}
            pageSizes={model.pageSizes}
            rowKey={(r, i) => String(r.charge_id ?? r.company_number ?? i)}
            renderCell={(c, r) => companyLink(c, r as { company_number?: string; company_name?: string })}
          />
        )}
      </Tabs>
    </ScreenerLayout>
  );
}

function LenderDetailView({ name, detail, onRetry }: { name: string; detail: LenderDetailState | undefined; onRetry(): void }) {
  if (!detail || detail.status === 'loading') return <Spinner label={`Loading ${name}`} />;
  if (detail.status === 'error' || !detail.detail)
    return <ErrorNotice message={detail.error ?? 'No details available.'} onRetry={onRetry} />;
  const d = detail.detail;
  const maxYear = Math.max(1, ...d.charges_by_year.map((y) => y.count));
  return (
    <div className="lender-detail" aria-label={`${name} detail`}>
      <div className="stat-cards">
        <div className="stat-card">
          <span className="stat-card__label">Total charges</span>
          <span className="stat-card__value">{d.total_charges.toLocaleString('en-GB')}</span>
        </div>
        <div className="stat-card">
          <span className="stat-card__label">Companies</span>
          <span className="stat-card__value">{d.unique_companies_count.toLocaleString('en-GB')}</span>
        </div>
        <div className="stat-card">
          <span className="stat-card__label">Outstanding</span>
          <span className="stat-card__value">{d.status_counts.outstanding}</span>
        </div>
        <div className="stat-card">
          <span className="stat-card__label">Fully satisfied</span>
          <span className="stat-card__value">{d.status_counts['fully-satisfied']}</span>
        </div>
      </div>
      <div className="columns">
        <div>
          <h3 className="subheading">Status</h3>
          <ul className="count-list">
            <li>
              <span>Outstanding</span> <strong>{d.status_counts.outstanding}</strong>
            </li>
            <li>
              <span>Part-satisfied</span> <strong>{d.status_counts['part-satisfied']}</strong>
            </li>
            <li>
              <span>Fully satisfied</span> <strong>{d.status_counts['fully-satisfied']}</strong>
            </li>
            <li>
              <span>Unknown</span> <strong>{d.status_counts.unknown}</strong>
            </li>
          </ul>
          <h3 className="subheading">Charge types</h3>
          <ul className="count-list">
            <li>
              <span>Floating</span> <strong>{d.charge_types.floating_charges}</strong>
            </li>
            <li>
              <span>Fixed</span> <strong>{d.charge_types.fixed_charges}</strong>
            </li>
            <li>
              <span>Negative pledge</span> <strong>{d.charge_types.negative_pledges}</strong>
            </li>
          </ul>
        </div>
        <div>
          <h3 className="subheading">Charges by year</h3>
          <ul className="bars">
            {d.charges_by_year.slice(-10).map((y) => (
              <li key={y.year}>
                <span>{y.year}</span>
                <span className="bars__bar" style={{ width: `${(y.count / maxYear) * 100}%` }} />
                <strong>{y.count}</strong>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="subheading">Top companies</h3>
          <ul className="count-list">
            {d.top_companies.slice(0, 8).map((c) => (
              <li key={c.company_number}>
                <Link to={companyHref(c.company_number)}>{c.company_name}</Link> <strong>{c.charge_count}</strong>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <h3 className="subheading">Recent charges</h3>
      <ul className="recent-charges">
        {d.recent_charges.map((c, i) => (
          <li key={c.charge_id}>
            <span className="recent-charges__date">{formatDate(c.delivered_on)}</span>
            <Link to={companyHref(c.company_number)}>{c.company_name}</Link>
            <span className="muted">{c.status}</span>
            <span className="activity-bar" aria-label={`Activity ${activityBarPercent(d.recent_charges.length - i)}%`}>
              <span style={{ width: `${activityBarPercent(d.recent_charges.length - i)}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
