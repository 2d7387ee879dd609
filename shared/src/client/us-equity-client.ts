/**
 * The US equity calls of the typed client (spec 3 section 7): companies, KPI list, tables, one
 * value, company requests, the KPI workbook and the highlighted source. Built over the client's
 * own transport, so tokens, errors and the base address work as for every other call.
 */
import {
  US_EQUITY_ROUTES,
  type UsCompany,
  type UsDocumentCategory,
  type UsHighlightedSource,
  type UsKpiItem,
  type UsKpiTable,
  type UsKpiValue,
} from '../contracts/us-equity.js';
import type { ResearchTransport } from './research-client.js';

/** The body of the equity research jobs (spec 3 section 7: company_id, query, chat_id). */
export interface UsEquityJobRequest {
  company_id: string;
  query: string;
  chat_id: string;
}

interface CallOptions {
  signal?: AbortSignal;
}

export interface UsEquityApi {
  /** Every US company, or those matching `search` (fuzzy over name, ticker and CIK). */
  usCompanies(query?: { search?: string; limit?: number }, options?: CallOptions): Promise<UsCompany[]>;
  /** One company by CIK or ticker. */
  usCompany(company: string, options?: CallOptions): Promise<UsCompany>;
  usKpisList(cik: string, options?: CallOptions): Promise<UsKpiItem[]>;
  usKpiTable(cik: string, tableName: string, category: UsDocumentCategory, options?: CallOptions): Promise<UsKpiTable>;
  usKpiValue(
    cik: string,
    kvId: string,
    category?: UsDocumentCategory,
    options?: CallOptions,
  ): Promise<UsKpiValue & { company?: UsCompany }>;
  usRequestCompany(cik: string, options?: CallOptions): Promise<{ msg: string }>;
  /** The KPI tables as an xlsx workbook. */
  usDownloadExcel(cik: string, ticker?: string | null, options?: CallOptions): Promise<ArrayBuffer>;
  usHighlightedSource(cik: string, kvId: string, category?: UsDocumentCategory, options?: CallOptions): Promise<UsHighlightedSource>;
  /** Data insights, stage 1: the thought process for a query about the company. */
  usEquityThoughtProcess(companyId: string, query: string, options?: CallOptions): Promise<{ thought_process: string[] }>;
  /** Data insights, stage 2: a job whose result holds relevant_table_names. */
  usEquitySelectTables(request: UsEquityJobRequest, options?: CallOptions): Promise<{ job_id: string }>;
  /** Data insights, stage 3: a job whose result holds observations. */
  usEquityObservations(request: UsEquityJobRequest, options?: CallOptions): Promise<{ job_id: string }>;
}

export function createUsEquityApi({ send, route }: ResearchTransport): UsEquityApi {
  return {
    usCompanies: (query = {}, call) => route('GET us/companies', { search: query.search, limit: query.limit }, call),
    usCompany: (company, call) => route('GET us/company', { company }, call),
    usKpisList: (cik, call) => route('GET get_kpis_list', { company_id: cik }, call),
    usKpiTable: (cik, table_name, document_category, call) =>
      route('GET us/get_kpi_values_by_table_name', { company_id: cik, table_name, document_category }, call),
    usKpiValue: (cik, kv_id, doc_cg, call) => route('GET get_kpi_value_by_id', { cik, kv_id, doc_cg }, call),
    usRequestCompany: (cik, call) => route('POST requests?', { cik_str: cik }, call),
    usDownloadExcel: async (cik, ticker, call) =>
      (await send('GET', US_EQUITY_ROUTES.downloadExcel, { cik, company_ticker: ticker ?? undefined }, undefined, call)).arrayBuffer(),
    usHighlightedSource: (cik, kv_id, doc_cg, call) => route('GET get_highlighted_source', { cik, kv_id, doc_cg }, call),
    usEquityThoughtProcess: (company_id, query, call) => route('GET equity_analysis/generate_thought_process', { company_id, query }, call),
    usEquitySelectTables: (request, call) => route('POST equity_analysis/select_tables', request, call),
    usEquityObservations: (request, call) => route('POST equity_analysis/observations', request, call),
  };
}
