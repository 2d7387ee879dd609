/** /companies-screener (spec 2 2.11): AI query bar, Filters panel, and the paged, filterable companies table. */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  companiesTotalText,
  COMPANY_METRIC_COLUMNS,
  COMPANY_SCREENER_COLUMNS,
  createCompaniesScreenerViewModel,
  readCompaniesScreenerAddress,
  tableAddressState,
  writeCompaniesScreenerAddress,
  type CompaniesScreenerState,
  type ColumnSpec,
  type ScreenerCompanyRow,
} from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../app/services.tsx';
import { companyHref, pdfTarget } from '../features/explorer/explorer-url.ts';
import { PdfViewerProvider, SourceValue } from '../features/explorer/pdf-viewer.tsx';
import { FilterPopup } from '../features/screener/filter-popup.tsx';
import { ExportButton } from '../features/screener/export-button.tsx';
import { WatchAllButton } from '../features/watchlists/watch-all-button.tsx';
import { cellText, ScreenerTable } from '../features/screener/screener-table.tsx';
import { ScreenerLayout } from '../features/screener/screener-layout.tsx';
import { openingAddress, useScreenerAddress } from '../features/screener/use-screener-address.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import '../ui/data.css';
import '../features/screener/screener.css';
import '../features/watchlists/watchlists.css';

const METRICS = new Set<string>(COMPANY_METRIC_COLUMNS);
const PANEL_FIELDS = ['company_name', 'company_number', 'ticker', 'industry_group', 'industry_sector', 'sic_code', 'filing_year'];

export default function CompaniesScreenerPage() {
  useDocumentTitle('UK Company Screener');
  const { client } = useServices();
  const [{ model, defaults }] = useState(() => {
    const created = createCompaniesScreenerViewModel({ client });
    const defaults = tableAddressState(created.getState());
    created.restoreAddress(readCompaniesScreenerAddress(openingAddress(), COMPANY_SCREENER_COLUMNS, defaults, created.pageSizes));
    return { model: created, defaults };
  });
  const state = useStartedViewModel(model);
  useScreenerAddress(model, {
    write: (s: CompaniesScreenerState) =>
      writeCompaniesScreenerAddress({ ...tableAddressState(s), naturalQuery: s.naturalQuery.text }, defaults),
    restore: (params) => model.restoreAddress(readCompaniesScreenerAddress(params, COMPANY_SCREENER_COLUMNS, defaults, model.pageSizes)),
    busy: (s) => s.status === 'loading' || s.status === 'idle',
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const nq = state.naturalQuery;

  function renderCell(column: ColumnSpec, row: ScreenerCompanyRow) {
    if (column.id === 'company_name')
      return (
        <Link to={companyHref(row.company_number)} className="data-table__link">
          {row.company_name}
        </Link>
      );
    if (METRICS.has(column.id)) {
      const target = pdfTarget(
        row.company_number,
        row.document_id,
        row.details?.page_numbers?.[column.id],
        `${row.company_name}: ${column.label}`,
      );
      if (target)
        return <SourceValue target={target}>{cellText(column, (row as unknown as Record<string, unknown>)[column.id])}</SourceValue>;
    }
    return null;
  }

  return (
    <PdfViewerProvider>
      <ScreenerLayout>
        <header className="screener-header">
          <div>
            <h1 className="screener-header__title">UK Company Screener</h1>
            <p className="screener-header__total">
              <strong>{state.status === 'idle' ? '…' : companiesTotalText(state)}</strong> companies
            </p>
          </div>
          <div className="screener-header__actions">
            <WatchAllButton state={state} />
            <ExportButton table="companies" state={state} />
          </div>
        </header>
        <form
          className="query-bar"
          onSubmit={(e) => {
            e.preventDefault();
            model.submitNaturalQuery();
          }}
        >
          <label htmlFor="nq" className="visually-hidden">
            Describe the companies you want
          </label>
          <input
            id="nq"
            className="query-bar__input"
            placeholder="e.g. software companies in London with turnover over 10m"
            value={nq.text}
            disabled={nq.converting}
            onChange={(e) => model.setNaturalQuery(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={nq.converting}>
            {nq.converting ? 'Converting…' : 'Ask AI'}
          </button>
        </form>
        {nq.error && (
          <p className="notice notice--error" role="alert">
            {nq.error}
          </p>
        )}
        {nq.explanation && !nq.error && <p className="muted query-bar__explanation">{nq.explanation}</p>}
        <div className="screener-tools">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={filtersOpen}
            aria-controls="filters-panel"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters{state.filters.length ? ` (${state.filters.length})` : ''}
          </button>
          <label className="inline-field">
            <span className="visually-hidden">Search companies</span>
            <input
              type="search"
              placeholder="Search all columns"
              value={state.search}
              onChange={(e) => model.setSearch(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && model.submitSearch()}
              aria-label="Search companies"
            />
          </label>
          {(state.filters.length > 0 || state.search) && (
            <button type="button" className="button button--ghost" onClick={() => model.clearFilters()}>
              Clear Filters
            </button>
          )}
        </div>
        {filtersOpen && (
          <div id="filters-panel" className="filters-panel">
            {PANEL_FIELDS.map((id) => {
              const column = COMPANY_SCREENER_COLUMNS.find((c) => c.id === id)!;
              const current = state.filters.find((f) => f.id === id);
              return (
                <button key={id} type="button" className={`chip${current ? ' chip--on' : ''}`} onClick={() => model.openPopup(id)}>
                  {column.label}
                  {current ? `: ${current.values?.join(', ') ?? current.value ?? ''}` : ''}
                </button>
              );
            })}
            {state.popup && !COMPANY_SCREENER_COLUMNS.find((c) => c.id === state.popup!.columnId)?.visible && (
              <div className="filters-panel__popup">
                <FilterPopup
                  column={COMPANY_SCREENER_COLUMNS.find((c) => c.id === state.popup!.columnId)!}
                  popup={state.popup}
                  options={state.options[state.popup.columnId]}
                  actions={model}
                />
              </div>
            )}
          </div>
        )}
        <ScreenerTable
          caption="Companies"
          columns={COMPANY_SCREENER_COLUMNS}
          state={state}
          actions={model}
          rowKey={(r) => r.company_number}
          renderCell={renderCell}
          pageSizes={model.pageSizes}
        />
      </ScreenerLayout>
    </PdfViewerProvider>
  );
}
