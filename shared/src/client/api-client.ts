/**
 * The typed API client: the only way the web app and the terminal client reach the API
 * (docs/architecture.md 1). Runs wherever a WHATWG `fetch` exists (browsers, Node >= 20): no Node or
 * DOM imports. Every failure is an ApiError (status 0 when the server could not be reached).
 */
import {
  HELP_REQUEST_TIMEOUT_MS,
  type AccessTokenResponse,
  type AuthProvidersResponse,
  type CurrentUserResponse,
  type GoogleLoginRequest,
  type HelpRequestPayload,
  type LoginRequest,
  type MessageResponse,
  type ResetPasswordRequest,
  type SignupRequest,
  type UserByTokenResponse,
} from '../contracts/accounts.js';
import type { SalesRequestPayload } from '../contracts/sales.js';
import {
  SCREENER_ROUTES,
  type ConvertQueryResponse,
  type ExportFormat,
  type LenderDetailResponse,
  type ScreenerCompanyNumbersQuery,
  type ScreenerCompanyNumbersResponse,
  type ScreenerFilterShapes,
  type ScreenerListParams,
  type ScreenerListResponses,
  type ScreenerQuery,
  type ScreenerTable,
  type UniqueValuesResponse,
} from '../contracts/screeners.js';
import type { ColumnFilter, OperatorFilter } from '../filters/types.js';
import type {
  AggregatedFinancials,
  CompanyDate,
  CompanyOverview,
  CompanySearchResult,
  FilingsByCategory,
  KpiTableName,
  KpiTableResponse,
  OfficersResponse,
} from '../contracts/uk-companies.js';
import { fillRoutePath, requestInQuery, splitRoute, type ApiRoute, type RouteRequest, type RouteResponse } from '../contracts/routes.js';
import { ApiError, apiErrorFromBody } from './errors.js';
import { createResearchApi, type ResearchApi } from './research-client.js';
import { createUsEquityApi, type UsEquityApi } from './us-equity-client.js';
import { createDocumentsApi, type DocumentsApi } from './documents-client.js';
import { createRestructuringApi, type RestructuringApi } from './restructuring-client.js';
import { createWatchlistsApi, type WatchlistsApi } from './watchlists-client.js';
import { createOpsApi, type OpsApi } from './ops-client.js';

/** A filing's document: a binary answer, so not in the JSON route table (contracts/routes.ts). */
const FILING_PDF_ROUTE = 'companies_house/get_filing_pdf';

export type { ScreenerTable } from '../contracts/screeners.js';

export type { ScreenerFilterShapes, ScreenerListResponses } from '../contracts/screeners.js';

type UniqueValuesRoute = {
  [R in ApiRoute]: RouteRequest<R> extends { column_name: string } ? R : never;
}[ApiRoute];

/**
 * Per table: its list and unique-values routes (of the route table) and its export path (a file,
 * not in the table).
 */
export const SCREENER_TABLE_ROUTES = {
  companies: {
    list: 'GET companies_house/get-screener-info',
    export: SCREENER_ROUTES.companiesExport,
    uniqueValues: 'GET companies_house/get-unique-column-values',
  },
  charges: {
    list: 'GET companies_house/charges-screener-info',
    export: SCREENER_ROUTES.chargesExport,
    uniqueValues: 'GET companies_house/charges-unique-column-values',
  },
  lenders: {
    list: 'GET companies_house/charges/stats/by-lender',
    export: SCREENER_ROUTES.lendersExport,
    uniqueValues: 'GET companies_house/charges/lender-stats-unique-column-values',
  },
  chargeCompanies: {
    list: 'GET companies_house/charges/stats/by-company',
    export: SCREENER_ROUTES.chargeCompaniesExport,
    uniqueValues: 'GET companies_house/charges/company-stats-unique-column-values',
  },
} as const satisfies Record<ScreenerTable, { list: ApiRoute; export: string; uniqueValues: UniqueValuesRoute }>;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Where the API runs, e.g. "http://localhost:3000" (the client adds "/api/..."). */
  baseUrl: string;
  token?: string | null;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Called when an answer carries a fresh access_token (the session was refreshed). */
  onAccessToken?: (token: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiClient extends ResearchApi, UsEquityApi, DocumentsApi, RestructuringApi, OpsApi, WatchlistsApi {
  readonly baseUrl: string;
  token(): string | null;
  setToken(token: string | null): void;
  login(credentials: LoginRequest, options?: CallOptions): Promise<AccessTokenResponse>;
  logout(options?: CallOptions): Promise<MessageResponse>;
  me(options?: CallOptions): Promise<CurrentUserResponse>;
  signup(request: SignupRequest, options?: CallOptions): Promise<MessageResponse>;
  /** The link of the verification mail (its token may hold any character: it is sent as one path segment). */
  verify(token: string, options?: CallOptions): Promise<MessageResponse>;
  /** The applicant behind an approval link (admins). */
  userByToken(token: string, options?: CallOptions): Promise<UserByTokenResponse>;
  approve(token: string, options?: CallOptions): Promise<MessageResponse>;
  requestReset(email: string, options?: CallOptions): Promise<MessageResponse>;
  resetPassword(request: ResetPasswordRequest, options?: CallOptions): Promise<MessageResponse>;
  /** The free-trial form (contact sales; public). */
  contactSales(request: SalesRequestPayload, options?: CallOptions): Promise<MessageResponse>;
  /** The get-pricing form of /pricing (public). */
  pricingRequest(request: SalesRequestPayload, options?: CallOptions): Promise<MessageResponse>;
  /** Gives up after 10 s unless a signal is given (spec 1 section 9). */
  helpRequest(request: HelpRequestPayload, options?: CallOptions): Promise<MessageResponse>;
  /** The sign-in providers the server is configured for (no token needed). */
  authProviders(options?: CallOptions): Promise<AuthProvidersResponse>;
  /** Sign-in with a Google access token; the server asks Google whose it is. */
  googleLogin(request: GoogleLoginRequest, options?: CallOptions): Promise<AccessTokenResponse>;
  /** Sign-in with the code of the Microsoft redirect. */
  microsoftLogin(code: string, options?: CallOptions): Promise<AccessTokenResponse>;
  /** One page of a screener table. */
  list<T extends ScreenerTable>(
    table: T,
    query?: ScreenerQuery<ScreenerFilterShapes[T]>,
    options?: CallOptions,
  ): Promise<ScreenerListResponses[T]>;
  /** Every matching row of a table as a file (csv, xlsx or JSON Lines): the raw Response, to stream its body. */
  export<T extends ScreenerTable>(
    table: T,
    query: ScreenerQuery<ScreenerFilterShapes[T]>,
    format: ExportFormat,
    options?: CallOptions,
  ): Promise<Response>;
  /** The company numbers the companies screener's filters and search select ("watch all N results"); over the bound a 400 says so. */
  screenerCompanyNumbers(query: ScreenerQuery<ColumnFilter>, options?: CallOptions): Promise<ScreenerCompanyNumbersResponse>;
  uniqueValues(table: ScreenerTable, columnName: string, options?: CallOptions): Promise<UniqueValuesResponse>;
  lenderDetail(lenderName: string, options?: CallOptions): Promise<LenderDetailResponse>;
  convertQueryToFilters(query: string, options?: CallOptions): Promise<ConvertQueryResponse>;
  /** UK company search by name, number or postcode (spec 2 3.1). */
  searchCompanies(query: string, options?: CallOptions & { limit?: number }): Promise<CompanySearchResult[]>;
  /** The default list for search: suggested companies, then the largest active ones. */
  companyList(options?: CallOptions & { limit?: number }): Promise<{ companies: CompanySearchResult[]; total_count: number }>;
  overview(companyNumber: string, options?: CallOptions): Promise<CompanyOverview>;
  filings(companyNumber: string, options?: CallOptions): Promise<FilingsByCategory>;
  officers(companyNumber: string, options?: CallOptions): Promise<OfficersResponse>;
  aggregatedFinancials(companyNumber: string, options?: CallOptions & { fileName?: string }): Promise<AggregatedFinancials>;
  /** A filing's document (file_name: its document id plus ".pdf"): the raw Response, to stream its body. */
  filingDocument(companyNumber: string, fileName: string, options?: CallOptions): Promise<Response>;
  /** The periods the company has accounts for, newest first (spec 2 3.18). */
  companyDates(companyNumber: string, options?: CallOptions): Promise<CompanyDate[]>;
  /** One statement as a table (spec 2 3.16); document category AA unless given. */
  kpiTable(
    companyNumber: string,
    tableName: KpiTableName,
    options?: CallOptions & { documentCategory?: string },
  ): Promise<KpiTableResponse>;
}

type QueryValue = string | number | undefined | null;

/** A screener query as query-string parameters: filters JSON-encoded, empty parts left out. */
export function screenerQueryParams(query: ScreenerQuery<ColumnFilter | OperatorFilter> = {}): ScreenerListParams {
  return {
    page: query.page,
    page_size: query.page_size,
    sort_by: query.sort_by,
    sort_order: query.sort_order,
    filters: query.filters && query.filters.length > 0 ? JSON.stringify(query.filters) : undefined,
    global_filter: query.global_filter && query.global_filter.trim() !== '' ? query.global_filter : undefined,
    cursor: query.cursor,
  };
}

/** A screener query without its paging (exports and the company numbers take every matching row). */
function unpaged(query: ScreenerQuery<ColumnFilter | OperatorFilter>): ScreenerCompanyNumbersQuery {
  return screenerQueryParams({ ...query, page: undefined, page_size: undefined, cursor: undefined });
}

function joinUrl(baseUrl: string, path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}/api/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

function describeNetworkFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if ((error as { name?: string })?.name === 'AbortError') return 'The request was cancelled';
  if ((error as { name?: string })?.name === 'TimeoutError') return 'no answer in time';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  if (typeof options.baseUrl !== 'string' || !/^https?:\/\/[^\s/]+/i.test(options.baseUrl)) {
    throw new TypeError(`The API address must start with http:// or https://, not "${String(options.baseUrl)}"`);
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token = options.token ?? null;

  /** Sends one call; answers the Response when it is 2xx, else throws its ApiError. */
  async function send(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, QueryValue> | undefined,
    body: unknown,
    call: CallOptions = {},
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    // A form (an upload) is sent as multipart/form-data: fetch writes its content type and boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const label = `${method} /api/${path}`;
    let response: Response;
    try {
      response = await doFetch(joinUrl(baseUrl, path, params), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: call.signal,
      });
    } catch (error) {
      throw new ApiError({
        status: 0,
        error: `Could not reach the API at ${baseUrl} (${describeNetworkFailure(error)})`,
        call: label,
        cause: error,
      });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw apiErrorFromBody(response.status, response.statusText, text, label);
    }
    return response;
  }

  async function json<T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, QueryValue>,
    body?: unknown,
    call?: CallOptions,
  ): Promise<T> {
    const response = await send(method, path, params, body, call);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch (error) {
      throw new ApiError({
        status: response.status,
        error: `The API answered something that is not JSON for ${method} /api/${path}`,
        call: `${method} /api/${path}`,
        body: text,
        cause: error,
      });
    }
    const fresh = (parsed as { access_token?: unknown } | null)?.access_token;
    if (typeof fresh === 'string' && fresh !== '') {
      token = fresh;
      options.onAccessToken?.(fresh);
    }
    return parsed as T;
  }

  /** One route of the shared route table (contracts/routes.ts): its request as the query (GET) or the JSON body (POST). */
  function route<R extends ApiRoute>(key: R, request: RouteRequest<R>, call?: CallOptions): Promise<RouteResponse<R>> {
    const [method, template] = splitRoute(key);
    const { path, rest } = fillRoutePath(template, request ?? undefined);
    return requestInQuery(key)
      ? json(method, path, rest as Record<string, QueryValue> | undefined, undefined, call)
      : json(method, path, undefined, rest, call);
  }

  const transport = { send, json, route };
  return {
    ...createResearchApi(transport),
    ...createUsEquityApi(transport),
    ...createDocumentsApi(transport),
    ...createRestructuringApi(transport),
    ...createOpsApi(transport),
    ...createWatchlistsApi(transport),
    baseUrl,
    token: () => token,
    setToken(next) {
      token = next;
    },
    login: (credentials, call) => route('POST login', { email: credentials.email, password: credentials.password }, call),
    logout: (call) => route('POST logout', undefined, call),
    me: (call) => route('GET me', undefined, call),
    signup: (request, call) => route('POST signup', request, call),
    verify: (t, call) => route('POST verify/:token', { token: t }, call),
    userByToken: (t, call) => route('GET user_by_token/:token', { token: t }, call),
    approve: (t, call) => route('POST approve/:token', { token: t }, call),
    requestReset: (email, call) => route('POST request-reset', { email }, call),
    resetPassword: (request, call) => route('POST reset-password', request, call),
    contactSales: (request, call) => route('POST contact_sales', request, call),
    pricingRequest: (request, call) => route('POST pricing_requests', request, call),
    helpRequest: (request, call) =>
      route('POST help_requests', request, { ...call, signal: call?.signal ?? AbortSignal.timeout(HELP_REQUEST_TIMEOUT_MS) }),
    authProviders: (call) => route('GET auth/providers', undefined, call),
    googleLogin: (request, call) => route('POST auth/google', request, call),
    microsoftLogin: (code, call) => route('POST auth/microsoft', { code }, call),
    list: async <T extends ScreenerTable>(table: T, query?: ScreenerQuery<ScreenerFilterShapes[T]>, call?: CallOptions) =>
      (await route(SCREENER_TABLE_ROUTES[table].list, screenerQueryParams(query), call)) as ScreenerListResponses[T],
    export: (table, query, format, call) =>
      send('GET', SCREENER_TABLE_ROUTES[table].export, { ...unpaged(query), format }, undefined, call),
    screenerCompanyNumbers: (query, call) => route('GET companies_house/screener-company-numbers', unpaged(query), call),
    uniqueValues: (table, columnName, call) => route(SCREENER_TABLE_ROUTES[table].uniqueValues, { column_name: columnName }, call),
    lenderDetail: (lenderName, call) => route('GET companies_house/charges/lender-detail', { lender_name: lenderName }, call),
    convertQueryToFilters: (query, call) => route('POST companies_house/convert-query-to-filters', { query }, call),
    searchCompanies: (query, call) => route('GET companies_house/search_companies', { query, limit: call?.limit }, call),
    companyList: (call) => route('GET companies_house/get_company_list', { limit: call?.limit }, call),
    overview: (companyNumber, call) => route('GET companies_house/get_overview', { company_number: companyNumber }, call),
    filings: (companyNumber, call) => route('GET companies_house/get_filings_list', { company_number: companyNumber }, call),
    officers: (companyNumber, call) => route('GET companies_house/officers', { company_number: companyNumber }, call),
    aggregatedFinancials: (companyNumber, call) =>
      route('GET companies_house/get_aggregated_financials_data', { company_number: companyNumber, file_name: call?.fileName }, call),
    filingDocument: (companyNumber, fileName, call) =>
      send('GET', FILING_PDF_ROUTE, { company_number: companyNumber, file_name: fileName }, undefined, call),
    companyDates: (companyNumber, call) => route('GET companies_house/get_company_dates', { company_id: companyNumber }, call),
    kpiTable: (companyNumber, tableName, call) =>
      route(
        'GET get_kpi_values_by_table_name',
        { company_id: companyNumber, document_category: call?.documentCategory, table_name: tableName },
        call,
      ),
  };
}
