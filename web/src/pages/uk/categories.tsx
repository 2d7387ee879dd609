/**
 * The /uk/ categories besides the overview (spec 2 2.10): financials, kpis, accounts, filings,
 * charges and search, each a content area over what the API already answers (spec 2 section 7).
 * Filing documents open as an address in a new tab; figures open their source page in the viewer.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  accountsRows,
  COMPANY_TABLE_TEXTS,
  createSearchViewModel,
  formatDate,
  formatStatementFigure,
  KPI_TABLE_CHOICES,
  kpiGrid,
  SEARCH_DEBOUNCE_MS,
  statementUnit,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  type CompanySearchResult,
  type CompanyTablesViewModel,
  type FilingEntry,
  type KpiTableName,
} from '@credence/shared';
import { useStartedViewModel, useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { pdfTarget, type ExplorerCategory, type ExplorerParams } from '../../features/explorer/explorer-url.ts';
import { openDocumentInNewTab } from '../../features/explorer/open-document.ts';
import { usePdfViewer } from '../../features/explorer/pdf-viewer.tsx';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TOAST_ERROR_MS, useToaster } from '../../ui/toasts.tsx';
import { listedTicker } from './company-search.tsx';
import { ChargesPanel } from './charges-panel.tsx';
import { StatementTable } from './statement-table.tsx';
import { Tabs } from './tabs.tsx';

/** The views of a company, in the order the view bar lists them. */
export const CATEGORY_VIEWS: readonly { id: ExplorerCategory; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'financials', label: 'Financials' },
  { id: 'kpis', label: 'KPIs' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'filings', label: 'Filings' },
  { id: 'charges', label: 'Charges' },
  { id: 'search', label: 'Search' },
];

export function CategoryNav({ active, onChange }: { active: ExplorerCategory; onChange(category: ExplorerCategory): void }) {
  return (
    <nav className="category-nav" aria-label="Company views">
      {CATEGORY_VIEWS.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`category-nav__item${active === c.id ? ' category-nav__item--active' : ''}`}
          aria-current={active === c.id ? 'page' : undefined}
          onClick={() => onChange(c.id)}
        >
          {c.label}
        </button>
      ))}
    </nav>
  );
}

interface Props {
  model: CompanyOverviewViewModel;
  tables: CompanyTablesViewModel;
  state: CompanyOverviewState;
  params: ExplorerParams;
  update(next: Partial<ExplorerParams>): void;
  onSelect(result: CompanySearchResult): void;
  /** A filing chosen elsewhere (the sidebar, the address): its row is scrolled to and focused once. */
  focusFiling?: FilingFocus | null;
  onFilingFocused?(): void;
}

export interface FilingFocus {
  transactionId: string;
  /** A new number for each choice, so choosing the same filing again scrolls to it again. */
  seq: number;
}

export function filingRowId(transactionId: string): string {
  return `filing-${transactionId}`;
}

export function CategoryContent(props: Props) {
  const { params, state } = props;
  switch (params.category) {
    case 'financials':
      return <FinancialsContent {...props} />;
    case 'kpis':
      return <KpisContent {...props} />;
    case 'accounts':
      return <AccountsContent {...props} />;
    case 'filings':
      return <FilingsContent {...props} />;
    case 'charges':
      return (
        <Panel id="charges-view" title="Charges">
          <ChargesPanel overview={state.overview!} initialTab="all" />
        </Panel>
      );
    case 'search':
      return <SearchContent onSelect={props.onSelect} companyNumber={params.companyNumber} />;
    default:
      return null;
  }
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel category-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Opens a filing's document in a new tab; a failure is a toast (spec 2 section 8). */
function useOpenDocument() {
  const { client } = useServices();
  const toaster = useToaster();
  return (companyNumber: string, documentId: string, page?: number) =>
    openDocumentInNewTab(client, companyNumber, documentId, page).catch((error: Error) =>
      toaster.show('error', error.message, TOAST_ERROR_MS),
    );
}

function DocumentButtons({ companyNumber, entry, onSelect }: { companyNumber: string; entry: FilingEntry; onSelect(): void }) {
  const viewer = usePdfViewer();
  const openDocument = useOpenDocument();
  const documentId = entry.filing.document_id;
  if (!documentId) return <>-</>;
  return (
    <span className="document-buttons">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          onSelect();
          void openDocument(companyNumber, documentId);
        }}
      >
        Open<span className="visually-hidden"> {entry.description} (opens in a new tab)</span>
      </button>
      <button
        type="button"
        className="button button--ghost"
        aria-haspopup="dialog"
        onClick={() => {
          onSelect();
          const target = pdfTarget(companyNumber, documentId, 1, entry.description);
          if (target) viewer.open(target);
        }}
      >
        Preview<span className="visually-hidden"> {entry.description}</span>
      </button>
    </span>
  );
}

/** Every filing by category, newest first; each document opens in a new tab. */
function FilingsContent({ model, params, update, focusFiling, onFilingFocused }: Props) {
  const filings = useViewModel(model.filings);
  const companyNumber = params.companyNumber ?? '';
  return (
    <Panel id="filings" title="Filings">
      {filings.status === 'loading' && <Spinner label="Loading filings" />}
      {filings.message && filings.status !== 'loading' && <p role={filings.status === 'error' ? 'alert' : undefined}>{filings.message}</p>}
      {filings.groups.map((group) => (
        <div key={group.category} className="filings-group">
          <h3 className="filings-group__title">{group.category}</h3>
          <FilingTable
            columns={['Date', 'Type', 'Description', 'Pages']}
            rows={group.entries.map((entry) => ({
              entry,
              cells: [formatDate(entry.filing.date), entry.filing.type, entry.description, entry.filing.pages ?? '-'],
            }))}
            companyNumber={companyNumber}
            selected={params.filing}
            onSelect={(filing) => update({ filing })}
            focus={focusFiling}
            onFocused={onFilingFocused}
          />
        </div>
      ))}
    </Panel>
  );
}

/** Filings as a table: the given columns, then the document's buttons; the selected filing marked. */
function FilingTable({
  columns,
  rows,
  companyNumber,
  selected,
  onSelect,
  focus,
  onFocused,
}: {
  columns: string[];
  rows: { entry: FilingEntry; cells: React.ReactNode[] }[];
  companyNumber: string;
  selected: string | null | undefined;
  onSelect(filing: string): void;
  focus?: FilingFocus | null;
  onFocused?(): void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  // a filing chosen in the sidebar or the address: scroll its row into view and focus it
  useEffect(() => {
    if (!focus) return;
    const row = body.current?.querySelector<HTMLElement>(`[id="${CSS.escape(filingRowId(focus.transactionId))}"]`);
    if (!row) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    row.focus({ preventScroll: true });
    onFocused?.();
  }, [focus, rows.length, onFocused]);
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <thead>
          <tr>
            {[...columns, 'Document'].map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map(({ entry, cells }) => (
            <tr
              key={entry.filing.transaction_id}
              id={filingRowId(entry.filing.transaction_id)}
              tabIndex={-1}
              aria-current={selected === entry.filing.transaction_id ? 'true' : undefined}
              className={selected === entry.filing.transaction_id ? 'is-selected' : undefined}
            >
              {cells.map((cell, i) => (
                <td key={columns[i]}>{cell}</td>
              ))}
              <td>
                <DocumentButtons companyNumber={companyNumber} entry={entry} onSelect={() => onSelect(entry.filing.transaction_id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The annual accounts: each filing with the fiscal year and period it covers (get_company_dates). */
function AccountsContent({ model, tables, params, update }: Props) {
  const filings = useViewModel(model.filings);
  const { dates, companyNumber: open } = useViewModel(tables);
  useEffect(() => tables.loadDates(), [tables, open]);
  const companyNumber = params.companyNumber ?? '';
  const rows = accountsRows(filings.entries, dates.data);
  const loading = filings.status === 'loading' || filings.status === 'idle' || dates.status !== 'ready';
  return (
    <Panel id="accounts" title="Accounts">
      {loading && <Spinner label="Loading accounts" />}
      {filings.status === 'error' && <p role="alert">{filings.message}</p>}
      {!loading && filings.status === 'ready' && rows.length === 0 && <p>{COMPANY_TABLE_TEXTS.noAccounts}</p>}
      {!loading && rows.length > 0 && (
        <FilingTable
          columns={['Fiscal year', 'Period end', 'Filed', 'Type', 'Description']}
          rows={rows.map(({ entry, fiscal, periodEnd }) => ({
            entry,
            cells: [fiscal ?? '-', formatDate(periodEnd), formatDate(entry.filing.date), entry.filing.type, entry.description],
          }))}
          companyNumber={companyNumber}
          selected={params.filing}
          onSelect={(filing) => update({ filing })}
        />
      )}
    </Panel>
  );
}

type StatementTab = 'key' | 'balance' | 'income' | 'cash';

/** Every year of the standardised statements (the overview shows the last five). */
function FinancialsContent({ model, state, params }: Props) {
  const [tab, setTab] = useState<StatementTab>('key');
  const { financials } = state;
  useEffect(() => model.loadFinancials(), [model, params.companyNumber]);
  let body: React.ReactNode;
  if (financials.status === 'loading' || financials.status === 'idle')
    body = (
      <p role="status">
        <Spinner /> {COMPANY_TABLE_TEXTS.loading}
      </p>
    );
  else if (financials.status === 'error') body = <ErrorNotice message={financials.error ?? ''} onRetry={() => model.loadFinancials()} />;
  else {
    const data = financials.data!;
    const years = {
      key: data.key_financials,
      balance: data.standardized_balance_sheet,
      income: data.standardized_income_statement,
      cash: data.standardized_cash_flow_statement,
    }[tab];
    body = <StatementTable years={years} companyNumber={params.companyNumber ?? ''} maxYears={Infinity} />;
  }
  return (
    <Panel id="financials" title="Financials">
      <Tabs
        label="Statements"
        tabs={[
          { id: 'key', label: 'Key Financials' },
          { id: 'balance', label: 'Balance Sheet' },
          { id: 'income', label: 'Income Statement' },
          { id: 'cash', label: 'Cash Flow' },
        ]}
        active={tab}
        onChange={setTab}
      >
        {body}
      </Tabs>
    </Panel>
  );
}

/** One statement at a time as a grid (get_kpi_values_by_table_name): sticky header and first column. */
function KpisContent({ tables, params }: Props) {
  const { kpi, companyNumber: open } = useViewModel(tables);
  const viewer = usePdfViewer();
  useEffect(() => tables.showKpiTable(tables.getState().kpi.table), [tables, open]);
  const grid = kpi.status === 'ready' ? kpiGrid(kpi.data) : null;
  const unit = grid
    ? statementUnit(
        grid.rows.filter((r) => r.kind === 'amount').flatMap((r) => r.values),
        grid.currency,
      )
    : null;
  const companyNumber = params.companyNumber ?? '';
  return (
    <Panel id="kpis" title="KPIs">
      <div className="toolbar">
        <label className="inline-field">
          <span>Statement</span>
          <select value={kpi.table} onChange={(e) => tables.showKpiTable(e.target.value as KpiTableName)}>
            {KPI_TABLE_CHOICES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {grid?.source && (
          <button
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() =>
              viewer.open({ companyNumber, documentId: grid.source!.documentId, page: grid.source!.page, title: 'Annual report' })
            }
          >
            Source: page {grid.source.page}
          </button>
        )}
      </div>
      {(kpi.status === 'loading' || kpi.status === 'idle') && (
        <p role="status">
          <Spinner /> {COMPANY_TABLE_TEXTS.loading}
        </p>
      )}
      {kpi.status === 'error' && <ErrorNotice message={kpi.error ?? ''} onRetry={() => tables.showKpiTable(kpi.table)} />}
      {kpi.status === 'ready' && !grid && <p>{COMPANY_TABLE_TEXTS.empty}</p>}
      {grid && (
        <div
          className="kpi-table"
          tabIndex={0}
          role="region"
          aria-label={`${KPI_TABLE_CHOICES.find((t) => t.id === kpi.table)?.label} table`}
        >
          <table className="simple-table simple-table--numbers">
            <thead>
              <tr>
                <th scope="col">Amounts in {unit!.label}</th>
                {grid.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((v, i) => (
                    <td key={grid.columns[i]}>{formatStatementFigure(v, row.kind, unit!)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Intelligent AI Search: a search over every company, results listed in the page. */
function SearchContent({ onSelect, companyNumber }: { onSelect(result: CompanySearchResult): void; companyNumber: string | null }) {
  const { client } = useServices();
  const [model] = useState(() => createSearchViewModel({ client, debounceMs: SEARCH_DEBOUNCE_MS, emptyQuery: 'default-list', limit: 20 }));
  const state = useStartedViewModel(model);
  return (
    <Panel id="search-view" title="Intelligent AI Search">
      {companyNumber && (
        <p className="category-search__ask">
          <Link className="button button--primary" to={`/analysis?companyNumber=${encodeURIComponent(companyNumber)}`}>
            Ask Credence about this company
          </Link>
        </p>
      )}
      <label className="category-search">
        <span>Company name, number or registered postcode</span>
        <input
          type="search"
          value={state.query}
          onChange={(e) => model.setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && model.submit()}
          autoComplete="off"
        />
      </label>
      {state.status === 'loading' && <Spinner label="Searching" />}
      {state.message && state.status !== 'loading' && <p role={state.status === 'error' ? 'alert' : 'status'}>{state.message}</p>}
      <ul className="search-results">
        {state.results.map((r) => (
          <li key={r.CompanyNumber}>
            <button type="button" className="search-results__item" onClick={() => onSelect(r)}>
              <span className="search-results__name">{r.CompanyName}</span>
              <span className="muted">
                {r.CompanyNumber}
                {listedTicker(r) ? ` · ${listedTicker(r)}` : ''}
                {r.address ? ` · ${r.address}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
