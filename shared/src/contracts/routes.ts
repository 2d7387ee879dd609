/**
 * The API's routes, defined once (issue 25 §2): each route's request (its query for GET, its JSON
 * body for POST) and its JSON response, keyed "METHOD path" (path relative to /api). The API's
 * handlers declare their route with `@Route(key)` (api/src/core/contracts/route.ts), which fails
 * the API's build unless the handler's request DTO has exactly these fields and its answer is this
 * response; the shared client sends and reads through the same entries (`route()` in
 * client/api-client.ts). A change one side does not follow therefore fails `npm run build`.
 * docs/decisions.md ("One definition per route") says why this and not generated code.
 *
 * A POST keyed with a trailing `?` (`'POST start_intern_instance?'`) takes its request in the query
 * string, as GETs do (its handler reads it with `@Query()`).
 *
 * A `:name` segment of the path is a field of the request (the client puts it in the path, the
 * handler reads it with a params DTO); a route whose request is `void` takes nothing from the
 * caller but its session.
 */
import type {
  AccessTokenResponse,
  AuthProvidersResponse,
  CurrentUserResponse,
  GoogleLoginRequest,
  HelpRequestPayload,
  LoginRequest,
  MessageResponse,
  ResetPasswordRequest,
  SignupRequest,
  UserByTokenResponse,
} from './accounts.js';
import type { SalesRequestPayload } from './sales.js';
import type {
  AggregatedFinancials,
  CompanyDate,
  CompanyOverview,
  CompanySearchResult,
  FilingsByCategory,
  KpiTableName,
  KpiTableResponse,
  OfficersResponse,
} from './uk-companies.js';
import type {
  AlertsResponse,
  CreateWatchlistRequest,
  NewWebhook,
  UnwatchNamesResult,
  UpdateWatchlistRequest,
  WatchAddResult,
  WatchCompaniesRequest,
  WatchLendersRequest,
  WatchlistDetail,
  WatchlistSummary,
  WatchNamesResult,
  WatchPeopleRequest,
  Webhook,
  WebhookDelivery,
  WebhookTestResult,
} from './watchlists.js';
import type {
  EquityAnalysisResponse,
  EquityThoughtProcessResponse,
  UsCompany,
  UsCompanyRequestCount,
  UsHighlightedSource,
  UsKpiItem,
  UsKpiTable,
  UsKpiValue,
} from './us-equity.js';
import type { UploadedPageText, UploadedPdf } from './documents.js';
import type {
  ChatHistoryItem,
  CheckQueryResponse,
  CreateChatHistoryRequest,
  CreateChatHistoryResponse,
  DeleteChatResponse,
  FilingPageText,
  JobStartedResponse,
  ModelAccessInfo,
  RunQueryRequest,
  SavedChat,
  ThoughtProcessRequest,
} from './research.js';
import type { RestructuringPlanResponse, StartQueryRequest, StartQueryResponse, WorkflowCategory } from './restructuring.js';
import type {
  ConvertQueryResponse,
  LenderDetailResponse,
  ScreenerCompanyNumbersQuery,
  ScreenerListParams,
  ScreenerListResponses,
  ScreenerCompanyNumbersResponse,
  UniqueValuesResponse,
} from './screeners.js';
import type {
  InstanceActionResponse,
  InstancesResponse,
  InstanceStatusResponse,
  LogsResponse,
  OpsActionsResponse,
  ScreenContentResponse,
  ScreensResponse,
  SearchResponse,
  TailResponse,
} from './ops.js';

/** One route: what the client sends and what the API answers. */
export interface RouteContract<Request, Response> {
  request: Request;
  response: Response;
}

/**
 * A form's route: `request` is what the client sends. The API's DTO has the same fields at every
 * depth but may accept each as optional and as any value of its kind (`type?: string` for a union),
 * because the shared form rule answers every field's message at once; what the client sends must
 * still be something the DTO accepts.
 */
export interface FormRouteContract<Request, Response> extends RouteContract<Request, Response> {
  accepts: 'the sent fields, each possibly optional or wider';
}

export interface ApiRoutes {
  // Accounts and sessions (spec 1 sections 3, 7 and 9).
  'POST signup': RouteContract<SignupRequest, MessageResponse>;
  'POST verify/:token': RouteContract<{ token: string }, MessageResponse>;
  'GET user_by_token/:token': RouteContract<{ token: string }, UserByTokenResponse>;
  'POST approve/:token': RouteContract<{ token: string }, MessageResponse>;
  'POST login': RouteContract<LoginRequest, AccessTokenResponse>;
  'POST logout': RouteContract<void, MessageResponse>;
  'GET me': RouteContract<void, CurrentUserResponse>;
  'POST request-reset': RouteContract<{ email: string }, MessageResponse>;
  'POST reset-password': RouteContract<ResetPasswordRequest, MessageResponse>;
  'GET auth/providers': RouteContract<void, AuthProvidersResponse>;
  'POST auth/google': RouteContract<GoogleLoginRequest, AccessTokenResponse>;
  'POST auth/microsoft': RouteContract<{ code: string }, AccessTokenResponse>;

  // The public sales forms and the help widget (spec 1 sections 3 and 9).
  'POST contact_sales': FormRouteContract<SalesRequestPayload, MessageResponse>;
  'POST pricing_requests': FormRouteContract<SalesRequestPayload, MessageResponse>;
  'POST help_requests': FormRouteContract<HelpRequestPayload, MessageResponse>;

  'GET companies_house/search_companies': RouteContract<{ query: string; limit?: number }, CompanySearchResult[]>;
  'GET companies_house/get_company_list': RouteContract<{ limit?: number }, { companies: CompanySearchResult[]; total_count: number }>;
  'GET companies_house/get_filings_list': RouteContract<{ company_number: string }, FilingsByCategory>;
  'GET companies_house/get_overview': RouteContract<{ company_number: string }, CompanyOverview>;
  'GET companies_house/get_aggregated_financials_data': RouteContract<
    { company_number: string; document_category?: string; file_name?: string },
    AggregatedFinancials
  >;
  'GET companies_house/officers': RouteContract<{ company_number: string }, OfficersResponse>;
  'GET companies_house/get_company_dates': RouteContract<{ company_id: string }, CompanyDate[]>;
  'GET get_kpi_values_by_table_name': RouteContract<
    { company_id: string; document_category?: string; table_name: KpiTableName },
    KpiTableResponse
  >;
  'POST companies_house/index-to-opensearch': RouteContract<{ company_id: string }, { status: 'success'; message: string }>;

  // US equity (spec 3): the company list and one company (paths the spec leaves unnamed); the
  // statements table is spec 3's get_kpi_values_by_table_name, mounted under us/ (spec 2's UK one
  // answers the bare path).
  'GET us/companies': RouteContract<{ search?: string; limit?: number }, UsCompany[]>;
  'GET us/company': RouteContract<{ company: string }, UsCompany>;
  'GET get_kpis_list': RouteContract<{ company_id: string }, UsKpiItem[]>;
  'GET us/get_kpi_values_by_table_name': RouteContract<{ company_id: string; document_category?: string; table_name: string }, UsKpiTable>;
  'GET get_kpi_value_by_id': RouteContract<{ cik: string; doc_cg?: string; kv_id: string }, UsKpiValue & { company?: UsCompany }>;
  'GET get_highlighted_source': RouteContract<{ cik: string; doc_cg?: string; kv_id: string }, UsHighlightedSource>;
  'GET backlinker': RouteContract<{ cik: string; doc_cg?: string; kv_id: string }, { url: string; kpi_value_id: string; derived: boolean }>;
  'POST requests?': RouteContract<{ cik_str: string }, { msg: string }>;
  'GET requests': RouteContract<void, UsCompanyRequestCount[]>;

  // Screeners (spec 2 section 7): a list's query as the query string carries it (filters as JSON).
  'GET companies_house/get-screener-info': RouteContract<ScreenerListParams, ScreenerListResponses['companies']>;
  'GET companies_house/charges-screener-info': RouteContract<ScreenerListParams, ScreenerListResponses['charges']>;
  'GET companies_house/charges/stats/by-lender': RouteContract<ScreenerListParams, ScreenerListResponses['lenders']>;
  'GET companies_house/charges/stats/by-company': RouteContract<ScreenerListParams, ScreenerListResponses['chargeCompanies']>;
  'GET companies_house/screener-company-numbers': RouteContract<ScreenerCompanyNumbersQuery, ScreenerCompanyNumbersResponse>;
  'GET companies_house/get-unique-column-values': RouteContract<{ column_name: string }, UniqueValuesResponse>;
  'GET companies_house/charges-unique-column-values': RouteContract<{ column_name: string }, UniqueValuesResponse>;
  'GET companies_house/charges/lender-stats-unique-column-values': RouteContract<{ column_name: string }, UniqueValuesResponse>;
  'GET companies_house/charges/company-stats-unique-column-values': RouteContract<{ column_name: string }, UniqueValuesResponse>;
  'GET companies_house/charges/lender-detail': RouteContract<{ lender_name: string }, LenderDetailResponse>;
  'POST companies_house/convert-query-to-filters': RouteContract<{ query: string }, ConvertQueryResponse>;

  // AI research (spec 3 section 7): jobs, chats, credits.
  'POST companies_house/generate_thought_process': RouteContract<ThoughtProcessRequest, JobStartedResponse>;
  'POST companies_house/run_query': RouteContract<RunQueryRequest, JobStartedResponse>;
  'GET check_query': RouteContract<{ job_id: string }, CheckQueryResponse>;
  'POST create_chat_history': RouteContract<CreateChatHistoryRequest, CreateChatHistoryResponse>;
  'GET get_chat': RouteContract<{ chat_id: string; before?: string }, SavedChat>;
  'GET get_chat_history': RouteContract<void, ChatHistoryItem[]>;
  'GET delete_chat': RouteContract<{ chat_id: string }, DeleteChatResponse>;
  'GET model_access_info': RouteContract<void, ModelAccessInfo>;
  'POST admin/users/credits': RouteContract<{ email: string; total_credits: number }, ModelAccessInfo>;
  'GET research/page_text': RouteContract<{ company_number: string; document_id: string; page: number }, FilingPageText>;
  'GET equity_analysis/generate_thought_process': RouteContract<{ company_id: string; query: string }, EquityThoughtProcessResponse>;
  'POST equity_analysis/select_tables': RouteContract<{ company_id: string; query: string; chat_id?: string }, JobStartedResponse>;
  'POST equity_analysis/observations': RouteContract<{ company_id: string; query: string; chat_id?: string }, JobStartedResponse>;
  'GET run_equity_analysis_query': RouteContract<{ company_id: string; query: string }, EquityAnalysisResponse>;

  // Documents (spec 3 section 7): the JSON routes (uploads and the PDF chat are multipart forms).
  'GET fetch_pdf_list': RouteContract<{ chatKey?: string }, UploadedPdf[]>;
  'GET fetch_pdf_list_gemini': RouteContract<{ chatKey?: string }, UploadedPdf[]>;
  'GET delete_pdf': RouteContract<{ chatKey: string; file_name: string }, { message: string }>;
  'GET pdf_page_text': RouteContract<{ document_id: string; page: number }, UploadedPageText>;
  'POST start_pdf_processing': RouteContract<{ chat_key: string; workflow_category?: string }, JobStartedResponse>;

  // The restructuring workspace (spec 3).
  'GET generate_thought_process': RouteContract<
    { query: string; chat_id: string; workflow_category: WorkflowCategory },
    RestructuringPlanResponse
  >;
  'POST start_query': RouteContract<StartQueryRequest, StartQueryResponse>;

  // Ops (spec 1 section 7); start and stop take their target in the query string.
  'GET status_intern_instance': RouteContract<OpsTarget, InstanceStatusResponse>;
  'POST start_intern_instance?': RouteContract<OpsTarget, InstanceActionResponse>;
  'POST stop_intern_instance?': RouteContract<OpsTarget, InstanceActionResponse>;
  'GET list_ec2_instances': RouteContract<{ region?: string }, InstancesResponse>;
  'GET list_ec2_logs': RouteContract<OpsInstanceTarget, LogsResponse>;
  'GET tail_ec2_instance': RouteContract<
    OpsInstanceTarget & { path: string; lines?: number; grep?: string; exclude?: string },
    TailResponse
  >;
  'GET search_logs_ec2': RouteContract<OpsInstanceTarget & { path: string; pattern: string }, SearchResponse>;
  'GET list_screen_sessions': RouteContract<OpsInstanceTarget, ScreensResponse>;
  'GET get_screen_content': RouteContract<OpsInstanceTarget & { screen_pid: string }, ScreenContentResponse>;
  'GET ops/actions': RouteContract<void, OpsActionsResponse>;

  // Watchlists (issue 29 section 3): a list's companies, lenders and people; another user's list is a 404.
  'GET watchlists': RouteContract<{ company?: string }, { status: 'success'; data: { watchlists: WatchlistSummary[] } }>;
  'POST watchlists': RouteContract<CreateWatchlistRequest, { status: 'success'; data: { watchlist: WatchlistSummary } }>;
  'GET watchlists/:id': RouteContract<{ id: string }, { status: 'success'; data: { watchlist: WatchlistDetail } }>;
  'POST watchlists/:id/update': RouteContract<UpdateWatchlistRequest, { status: 'success'; data: { watchlist: WatchlistSummary } }>;
  'POST watchlists/:id/delete': RouteContract<{ id: string }, { status: 'success' }>;
  'POST watchlists/:id/add': RouteContract<{ id: string } & WatchCompaniesRequest, { status: 'success'; data: WatchAddResult }>;
  'POST watchlists/:id/remove': RouteContract<
    { id: string; company_numbers: string[] },
    { status: 'success'; data: { removed: string[]; companies: number } }
  >;
  'POST watchlists/:id/lenders/add': RouteContract<WatchLendersRequest, { status: 'success'; data: WatchNamesResult }>;
  'POST watchlists/:id/lenders/remove': RouteContract<WatchLendersRequest, { status: 'success'; data: UnwatchNamesResult }>;
  'POST watchlists/:id/people/add': RouteContract<WatchPeopleRequest, { status: 'success'; data: WatchNamesResult }>;
  'POST watchlists/:id/people/remove': RouteContract<WatchPeopleRequest, { status: 'success'; data: UnwatchNamesResult }>;

  // Alerts (issue 29 section 4): newest first; `since` a span (1d, 12h) or an ISO date; `unread` 'true' for unread only.
  'GET alerts': RouteContract<{ since?: string; limit?: number; unread?: 'true' | 'false' }, AlertsResponse>;
  'POST alerts/read': RouteContract<{ ids?: number[] }, { status: 'success'; data: { unread: number } }>;

  // Alert webhooks (issue 29 section 5): yours only; another user's is a 404.
  'GET webhooks': RouteContract<void, { status: 'success'; data: { webhooks: Webhook[] } }>;
  'POST webhooks': RouteContract<{ url: string }, { status: 'success'; data: { webhook: NewWebhook } }>;
  'POST webhooks/:id/test': RouteContract<{ id: string }, { status: 'success'; data: WebhookTestResult }>;
  'GET webhooks/:id/deliveries': RouteContract<{ id: string }, { status: 'success'; data: { deliveries: WebhookDelivery[] } }>;
  'POST webhooks/:id/delete': RouteContract<{ id: string }, { status: 'success' }>;
}

/** An ops call's instance: the asked one, else the one the server's configuration names. */
type OpsTarget = { region?: string; instance_id?: string };
type OpsInstanceTarget = { instance_id: string; region?: string };

export type ApiRoute = keyof ApiRoutes;
export type RouteRequest<R extends ApiRoute> = ApiRoutes[R]['request'];
export type RouteResponse<R extends ApiRoute> = ApiRoutes[R]['response'];

/**
 * "GET companies_house/get_overview" -> ['GET', 'companies_house/get_overview']; a trailing `?`
 * (a POST whose request travels in the query string) is not part of the path.
 */
export function splitRoute(route: ApiRoute): ['GET' | 'POST', string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space) as 'GET' | 'POST', route.slice(space + 1).replace(/\?$/, '')];
}

/** True when the route's request is its query string: every GET, and a POST keyed with a trailing `?`. */
export function requestInQuery(route: ApiRoute): boolean {
  return route.startsWith('GET ') || route.endsWith('?');
}

/**
 * A request's path (each `:name` segment replaced by its field, URI-encoded) and the fields left
 * for the query or body: "POST verify/:token" with { token: 'a/b' } -> 'verify/a%2Fb' and {}.
 */
export function fillRoutePath(path: string, request: object | undefined): { path: string; rest: Record<string, unknown> | undefined } {
  if (!path.includes(':')) return { path, rest: request as Record<string, unknown> | undefined };
  const rest: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`the route ${path} needs ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest: Object.keys(rest).length > 0 ? rest : undefined };
}
