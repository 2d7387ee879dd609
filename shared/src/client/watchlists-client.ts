/** The watchlist and alert calls of the typed client (issue 29 sections 3 to 5). */
import {
  WATCHLIST_ROUTES,
  type AlertsResponse,
  type CreateWatchlistRequest,
  type WatchAddResult,
  type WatchCompaniesRequest,
  type WatchlistDetail,
  type WatchlistSummary,
} from '../contracts/watchlists.js';
import type { ResearchTransport } from './research-client.js';
import { followEventStream, type WatchOptions } from './ops-client.js';
import type { Alert } from '../contracts/watchlists.js';

/** The live alert stream's events: the unread count first, then each alert as it is raised. */
export type AlertStreamEvent =
  { type: 'unread'; id?: string; data: { unread: number } } | { type: 'alert'; id?: string; data: { alert: Alert; unread: number } };

interface CallOptions {
  signal?: AbortSignal;
}

export interface WatchlistsApi {
  watchlists(options?: CallOptions): Promise<{ status: 'success'; data: { watchlists: WatchlistSummary[] } }>;
  /** Your watchlists, each saying whether it holds `companyNumber` (`watching`). */
  watchlistsOf(companyNumber: string, options?: CallOptions): Promise<{ status: 'success'; data: { watchlists: WatchlistSummary[] } }>;
  createWatchlist(
    request: CreateWatchlistRequest,
    options?: CallOptions,
  ): Promise<{ status: 'success'; data: { watchlist: WatchlistSummary } }>;
  watchlist(id: string, options?: CallOptions): Promise<{ status: 'success'; data: { watchlist: WatchlistDetail } }>;
  updateWatchlist(
    id: string,
    request: Partial<CreateWatchlistRequest>,
    options?: CallOptions,
  ): Promise<{ status: 'success'; data: { watchlist: WatchlistSummary } }>;
  deleteWatchlist(id: string, options?: CallOptions): Promise<{ status: 'success' }>;
  watchCompanies(id: string, request: WatchCompaniesRequest, options?: CallOptions): Promise<{ status: 'success'; data: WatchAddResult }>;
  unwatchCompanies(
    id: string,
    companyNumbers: string[],
    options?: CallOptions,
  ): Promise<{ status: 'success'; data: { removed: string[]; companies: number } }>;
  /** `since`: an ISO time or a span (1d, 12h); newest first, at most `limit` (default 100, at most 500). */
  alerts(query?: { since?: string; limit?: number; unread?: boolean }, options?: CallOptions): Promise<AlertsResponse>;
  markAlertsRead(ids?: number[], options?: CallOptions): Promise<{ status: 'success'; data: { unread: number } }>;
  /** Follows the signed-in user's alerts live until the signal aborts, reconnecting after a dropped connection. */
  followAlerts(options: WatchOptions<AlertStreamEvent>): Promise<void>;
}

export function createWatchlistsApi(transport: ResearchTransport): WatchlistsApi {
  const { json } = transport;
  return {
    watchlists: (call) => json('GET', WATCHLIST_ROUTES.watchlists, undefined, undefined, call),
    watchlistsOf: (companyNumber, call) => json('GET', WATCHLIST_ROUTES.watchlists, { company: companyNumber }, undefined, call),
    createWatchlist: (request, call) => json('POST', WATCHLIST_ROUTES.watchlists, undefined, request, call),
    watchlist: (id, call) => json('GET', WATCHLIST_ROUTES.watchlist(id), undefined, undefined, call),
    updateWatchlist: (id, request, call) => json('POST', WATCHLIST_ROUTES.update(id), undefined, request, call),
    deleteWatchlist: (id, call) => json('POST', WATCHLIST_ROUTES.delete(id), undefined, {}, call),
    watchCompanies: (id, request, call) => json('POST', WATCHLIST_ROUTES.add(id), undefined, request, call),
    unwatchCompanies: (id, companyNumbers, call) =>
      json('POST', WATCHLIST_ROUTES.remove(id), undefined, { company_numbers: companyNumbers }, call),
    alerts: (query = {}, call) =>
      json(
        'GET',
        WATCHLIST_ROUTES.alerts,
        {
          ...(query.since ? { since: query.since } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
          ...(query.unread ? { unread: 'true' } : {}),
        },
        undefined,
        call,
      ),
    markAlertsRead: (ids, call) => json('POST', WATCHLIST_ROUTES.alertsRead, undefined, ids ? { ids } : {}, call),
    followAlerts: (options) => followEventStream(transport, WATCHLIST_ROUTES.alertsStream, {}, options, () => false),
  };
}
