/** The watchlist and alert calls of the typed client (issue 29 sections 3 to 5). */
import {
  WATCHLIST_ROUTES,
  type AlertsResponse,
  type CreateWatchlistRequest,
  type UnwatchNamesResult,
  type WatchAddResult,
  type WatchCompaniesRequest,
  type WatchlistDetail,
  type WatchlistSummary,
  type WatchNamesResult,
  type NewWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookTestResult,
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
  /** Watches every company whose charges name these lenders (names as filed; matched by lender key). */
  watchLenders(id: string, lenders: string[], options?: CallOptions): Promise<{ status: 'success'; data: WatchNamesResult }>;
  unwatchLenders(id: string, lenders: string[], options?: CallOptions): Promise<{ status: 'success'; data: UnwatchNamesResult }>;
  /** Watches these people's appointments and PSC entries (officer ids or /officers/{id}/appointments links). */
  watchPeople(id: string, officerIds: string[], options?: CallOptions): Promise<{ status: 'success'; data: WatchNamesResult }>;
  unwatchPeople(id: string, officerIds: string[], options?: CallOptions): Promise<{ status: 'success'; data: UnwatchNamesResult }>;
  /** `since`: an ISO time or a span (1d, 12h); newest first, at most `limit` (default 100, at most 500). */
  alerts(query?: { since?: string; limit?: number; unread?: boolean }, options?: CallOptions): Promise<AlertsResponse>;
  markAlertsRead(ids?: number[], options?: CallOptions): Promise<{ status: 'success'; data: { unread: number } }>;
  /** Follows the signed-in user's alerts live until the signal aborts, reconnecting after a dropped connection. */
  followAlerts(options: WatchOptions<AlertStreamEvent>): Promise<void>;
  webhooks(options?: CallOptions): Promise<{ status: 'success'; data: { webhooks: Webhook[] } }>;
  /** Adds a webhook; its signing secret is in this answer only. */
  addWebhook(url: string, options?: CallOptions): Promise<{ status: 'success'; data: { webhook: NewWebhook } }>;
  /** Posts a signed test event to the webhook now: the receiver's status, or why there was none. */
  testWebhook(id: string, options?: CallOptions): Promise<{ status: 'success'; data: WebhookTestResult }>;
  webhookDeliveries(id: string, options?: CallOptions): Promise<{ status: 'success'; data: { deliveries: WebhookDelivery[] } }>;
  deleteWebhook(id: string, options?: CallOptions): Promise<{ status: 'success' }>;
}

export function createWatchlistsApi(transport: ResearchTransport): WatchlistsApi {
  const { route } = transport;
  return {
    watchlists: (call) => route('GET watchlists', {}, call),
    watchlistsOf: (companyNumber, call) => route('GET watchlists', { company: companyNumber }, call),
    createWatchlist: (request, call) => route('POST watchlists', request, call),
    watchlist: (id, call) => route('GET watchlists/:id', { id }, call),
    updateWatchlist: (id, request, call) => route('POST watchlists/:id/update', { ...request, id }, call),
    deleteWatchlist: (id, call) => route('POST watchlists/:id/delete', { id }, call),
    watchCompanies: (id, request, call) => route('POST watchlists/:id/add', { ...request, id }, call),
    unwatchCompanies: (id, companyNumbers, call) => route('POST watchlists/:id/remove', { id, company_numbers: companyNumbers }, call),
    watchLenders: (id, lenders, call) => route('POST watchlists/:id/lenders/add', { id, lenders }, call),
    unwatchLenders: (id, lenders, call) => route('POST watchlists/:id/lenders/remove', { id, lenders }, call),
    watchPeople: (id, officerIds, call) => route('POST watchlists/:id/people/add', { id, officer_ids: officerIds }, call),
    unwatchPeople: (id, officerIds, call) => route('POST watchlists/:id/people/remove', { id, officer_ids: officerIds }, call),
    alerts: (query = {}, call) =>
      route(
        'GET alerts',
        {
          ...(query.since ? { since: query.since } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
          ...(query.unread ? { unread: 'true' as const } : {}),
        },
        call,
      ),
    markAlertsRead: (ids, call) => route('POST alerts/read', ids ? { ids } : {}, call),
    followAlerts: (options) => followEventStream(transport, WATCHLIST_ROUTES.alertsStream, {}, options, () => false),
    webhooks: (call) => route('GET webhooks', undefined, call),
    addWebhook: (url, call) => route('POST webhooks', { url }, call),
    testWebhook: (id, call) => route('POST webhooks/:id/test', { id }, call),
    webhookDeliveries: (id, call) => route('GET webhooks/:id/deliveries', { id }, call),
    deleteWebhook: (id, call) => route('POST webhooks/:id/delete', { id }, call),
  };
}
