/**
 * The API's routes, defined once (issue 25 §2): each route's request (its query for GET, its JSON
 * body for POST) and its JSON response, keyed "METHOD path" (path relative to /api). The API's
 * handlers declare their route with `@Route(key)` (api/src/core/contracts/route.ts), which fails
 * the API's build unless the handler's request DTO has exactly these fields and its answer is this
 * response; the shared client sends and reads through the same entries (`route()` in
 * client/api-client.ts). A change one side does not follow therefore fails `npm run build`.
 * docs/decisions.md ("One definition per route") says why this and not generated code.
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
  LoginRequest,
  MessageResponse,
  ResetPasswordRequest,
  SignupRequest,
  UserByTokenResponse,
} from './accounts.js';
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
  UnwatchNamesResult,
  WatchLendersRequest,
  WatchlistDetail,
  WatchlistSummary,
  WatchNamesResult,
  WatchPeopleRequest,
} from './watchlists.js';
import type { UsCompany, UsHighlightedSource, UsKpiItem, UsKpiTable, UsKpiValue } from './us-equity.js';

/** One route: what the client sends and what the API answers. */
export interface RouteContract<Request, Response> {
  request: Request;
  response: Response;
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

  // Watchlists (issue 29 section 3): a list's companies, lenders and people; another user's list is a 404.
  'GET watchlists': RouteContract<{ company?: string }, { status: 'success'; data: { watchlists: WatchlistSummary[] } }>;
  'GET watchlists/:id': RouteContract<{ id: string }, { status: 'success'; data: { watchlist: WatchlistDetail } }>;
  'POST watchlists/:id/lenders/add': RouteContract<WatchLendersRequest, { status: 'success'; data: WatchNamesResult }>;
  'POST watchlists/:id/lenders/remove': RouteContract<WatchLendersRequest, { status: 'success'; data: UnwatchNamesResult }>;
  'POST watchlists/:id/people/add': RouteContract<WatchPeopleRequest, { status: 'success'; data: WatchNamesResult }>;
  'POST watchlists/:id/people/remove': RouteContract<WatchPeopleRequest, { status: 'success'; data: UnwatchNamesResult }>;
}

export type ApiRoute = keyof ApiRoutes;
export type RouteRequest<R extends ApiRoute> = ApiRoutes[R]['request'];
export type RouteResponse<R extends ApiRoute> = ApiRoutes[R]['response'];

/** "GET companies_house/get_overview" -> ['GET', 'companies_house/get_overview']. */
export function splitRoute(route: ApiRoute): ['GET' | 'POST', string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space) as 'GET' | 'POST', route.slice(space + 1)];
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
