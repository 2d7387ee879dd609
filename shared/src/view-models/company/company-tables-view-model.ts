/**
 * The explorer's accounts and KPI views (spec 2 2.10, section 7): the periods a company has
 * accounts for (get_company_dates) beside its accounts filings, and one statement at a time as a
 * table (get_kpi_values_by_table_name). Dates fail silently as an empty list (spec 2 section 8);
 * a table that fails shows "Failed to fetch financial data".
 */
import type { ApiClient } from '../../client/api-client.js';
import { FINANCIAL_SUMMARY_LABELS, type CompaniesHouseTable, type CompanyDate, type KpiTableName } from '../../contracts/uk-companies.js';
import { isAbort } from '../errors.js';
import { EMPTY_TEXTS } from '../../rules/uk/presentation/texts.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import type { FilingEntry } from './filings-view-model.js';

export const COMPANY_TABLE_TEXTS = {
  loading: 'Loading financial data...',
  failed: 'Failed to fetch financial data',
  empty: EMPTY_TEXTS.financials,
  noAccounts: 'No accounts filings found for this company.',
} as const;

/** The tables of the KPIs view, in the order its picker lists them. */
export const KPI_TABLE_CHOICES: readonly { id: KpiTableName; label: string }[] = [
  { id: 'key_financials', label: 'Key Financials' },
  { id: 'balance_sheet', label: 'Balance Sheet' },
  { id: 'income_statement', label: 'Income Statement' },
  { id: 'cash_flow', label: 'Cash Flow' },
  { id: 'financial_summary', label: 'Financial Summary' },
];

export interface CompanyTablesState {
  companyNumber: string | null;
  dates: { status: 'idle' | 'loading' | 'ready'; data: readonly CompanyDate[] };
  kpi: { table: KpiTableName; status: 'idle' | 'loading' | 'ready' | 'error'; data: CompaniesHouseTable | null; error: string | null };
}

export interface CompanyTablesViewModel extends ReadableStore<CompanyTablesState> {
  /** Follows the open company: a new one forgets what was loaded. */
  setCompany(companyNumber: string | null): void;
  /** Loads the dates once per company. */
  loadDates(): void;
  /** Shows a table (loads it; again when it failed). */
  showKpiTable(table: KpiTableName): void;
  dispose(): void;
}

const initial = (companyNumber: string | null, table: KpiTableName = 'key_financials'): CompanyTablesState => ({
  companyNumber,
  dates: { status: 'idle', data: [] },
  kpi: { table, status: 'idle', data: null, error: null },
});

export function createCompanyTablesViewModel(options: { client: Pick<ApiClient, 'companyDates' | 'kpiTable'> }): CompanyTablesViewModel {
  const { client } = options;
  const store = createStore<CompanyTablesState>(initial(null));
  const datesRequest = createLatestRequest();
  const kpiRequest = createLatestRequest();

  function showKpiTable(table: KpiTableName) {
    const { companyNumber, kpi } = store.getState();
    if (!companyNumber) return;
    if (kpi.table === table && (kpi.status === 'ready' || (kpi.status === 'loading' && kpiRequest.active()))) return;
    const ticket = kpiRequest.next();
    store.setState({ kpi: { table, status: 'loading', data: null, error: null } });
    client.kpiTable(companyNumber, table, { signal: ticket.signal }).then(
      (answer) => {
        if (ticket.isCurrent()) store.setState({ kpi: { table, status: 'ready', data: answer?.table_data ?? null, error: null } });
      },
      (error) => {
        if (ticket.isCurrent() && !isAbort(error))
          store.setState({ kpi: { table, status: 'error', data: null, error: COMPANY_TABLE_TEXTS.failed } });
      },
    );
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setCompany(companyNumber) {
      if (companyNumber === store.getState().companyNumber) return;
      datesRequest.cancel();
      kpiRequest.cancel();
      store.setState(initial(companyNumber, store.getState().kpi.table));
    },
    loadDates() {
      const { companyNumber, dates } = store.getState();
      if (!companyNumber || dates.status === 'ready' || (dates.status === 'loading' && datesRequest.active())) return;
      const ticket = datesRequest.next();
      store.setState({ dates: { status: 'loading', data: [] } });
      const done = (data: readonly CompanyDate[]) => ticket.isCurrent() && store.setState({ dates: { status: 'ready', data } });
      client.companyDates(companyNumber, { signal: ticket.signal }).then(
        (data) => done(Array.isArray(data) ? data : []),
        (error) => !isAbort(error) && done([]),
      );
    },
    showKpiTable,
    dispose() {
      datesRequest.cancel();
      kpiRequest.cancel();
      const { dates, kpi } = store.getState();
      if (dates.status === 'loading' || kpi.status === 'loading') {
        store.setState({
          dates: dates.status === 'loading' ? { status: 'idle', data: [] } : dates,
          kpi: kpi.status === 'loading' ? { ...kpi, status: 'idle' } : kpi,
        });
      }
    },
  };
}

export type StatementValueKind = 'amount' | 'count' | 'ratio';

/**
 * How a statement line's figures read: employees are a count; ratios, margins, percentages and
 * per-share figures a plain number (2 decimals, spec 2 section 9); the rest amounts of the currency.
 */
export function statementValueKind(keyOrLabel: string): StatementValueKind {
  if (/employee/i.test(keyOrLabel)) return 'count';
  if (/ratio|margin|%|per[ _-]?share|pence|percent/i.test(keyOrLabel)) return 'ratio';
  return 'amount';
}

export interface KpiGridRow {
  label: string;
  /** One per column; null where the year has no value. */
  values: readonly (number | null)[];
  kind: StatementValueKind;
}

export interface KpiGrid {
  currency: string;
  columns: readonly string[];
  rows: readonly KpiGridRow[];
  /** The page of the latest accounts the table cites, when both are known. */
  source: { documentId: string; page: number } | null;
}

/** A statement table as a grid: columns oldest first as the API answers them, rows labelled for people. */
export function kpiGrid(table: CompaniesHouseTable | null | undefined): KpiGrid | null {
  if (!table || !table.dataRows?.length) return null;
  const columns = table.dataRows[0].columns.map((c) => c.columnLabel);
  const rows = table.dataRows.map((row) => ({
    label: (FINANCIAL_SUMMARY_LABELS as Readonly<Record<string, string>>)[row.rowLabel] ?? row.rowLabel,
    values: columns.map((label) => row.columns.find((c) => c.columnLabel === label)?.value ?? null),
    kind: statementValueKind(row.rowLabel),
  }));
  const { pdfName, pageNumber } = table.tableMetadata;
  const documentId = pdfName ? pdfName.replace(/\.pdf$/i, '') : null;
  return {
    currency: table.tableMetadata.currency,
    columns,
    rows,
    source: documentId && pageNumber ? { documentId, page: pageNumber } : null,
  };
}

export interface AccountsRow {
  entry: FilingEntry;
  /** "FY2024" and the period end of the accounts, when the dates list has the filing's document. */
  fiscal: string | null;
  periodEnd: string | null;
}

/**
 * The accounts filings (category "accounts", newest first as grouped) beside the periods of
 * get_company_dates: a filing and a period match by document id, else by the made-up date.
 */
export function accountsRows(entries: readonly FilingEntry[], dates: readonly CompanyDate[]): AccountsRow[] {
  return entries
    .filter((e) => e.filing.category === 'accounts')
    .map((entry) => {
      const madeUp = entry.filing.description_values?.made_up_date;
      const period =
        dates.find((d) => d.document_id !== null && d.document_id === entry.filing.document_id) ??
        (typeof madeUp === 'string' ? dates.find((d) => d.date === madeUp.slice(0, 10)) : undefined) ??
        null;
      return {
        entry,
        fiscal: period?.fiscal_date ?? null,
        periodEnd: period?.date ?? (typeof madeUp === 'string' ? madeUp.slice(0, 10) : null),
      };
    });
}
