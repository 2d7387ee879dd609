/**
 * Watchlists and alerts (issue 29 sections 3 to 5): each user's named lists of companies, the
 * alerts the register's changes raise on them, and the routes that serve both. Private to their
 * owner: another user's list is answered as not found.
 */

/**
 * The live alert stream, relative to /api (the JSON routes of watchlists, alerts and webhooks are
 * on the route table, shared/src/contracts/routes.ts).
 */
export const WATCHLIST_ROUTES = {
  /** GET: Server-Sent Events `alert` {alert, unread} as they are raised, `unread` {unread} at the start. */
  alertsStream: 'alerts/stream',
} as const;

/** What an alert says changed. */
export const ALERT_KINDS = [
  'charge-created',
  'charge-satisfied',
  'status-changed',
  'insolvency-case',
  'officer-appointed',
  'officer-resigned',
  'psc-change',
  'accounts-filed',
  'accounts-overdue',
  'confirmation-statement-overdue',
  'identity-verification-due',
  'identity-verification-overdue',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'charge-created': 'New charge',
  'charge-satisfied': 'Charge satisfied',
  'status-changed': 'Status changed',
  'insolvency-case': 'Insolvency case',
  'officer-appointed': 'Officer appointed',
  'officer-resigned': 'Officer resigned',
  'psc-change': 'PSC change',
  'accounts-filed': 'Accounts filed',
  'accounts-overdue': 'Accounts overdue',
  'confirmation-statement-overdue': 'Confirmation statement overdue',
  'identity-verification-due': 'Identity verification due',
  'identity-verification-overdue': 'Identity verification overdue',
};

export const EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** A list's e-mail setting in words (the web's select, the terminal's `watch ls`). */
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = { off: 'No e-mail', immediate: 'E-mail at once', digest: 'Daily digest' };

/** Bounds: lists per user, companies per list, company numbers per request ("watch all N results"), lenders and people per list and per request. */
export const WATCHLIST_LIMITS = {
  lists: 50,
  companies: 10_000,
  perRequest: 1_000,
  nameLength: 80,
  alertsPage: 500,
  lenders: 200,
  people: 1_000,
  namesPerRequest: 100,
} as const;

/** The list `credence watch add` uses when none is named. */
export const DEFAULT_WATCHLIST_NAME = 'Watchlist';

export interface WatchlistSummary {
  id: string;
  name: string;
  rules: AlertKind[];
  email: EmailMode;
  companies: number;
  /** Lenders watched: every company that charges to one is watched for its charges. */
  lenders: number;
  /** People watched: their appointments and PSC entries. */
  people: number;
  created_at: string;
  /** Only when the list was asked for with `company=<number>`: whether this list holds that company. */
  watching?: boolean;
}

export interface WatchedCompany {
  company_number: string;
  /** Null when Credence does not hold the company (yet). */
  company_name: string | null;
  company_status: string | null;
  added_at: string;
}

/** A lender on a list: its name as given, the key its charges count under, and how many companies Credence holds charges of to it. */
export interface WatchedLender {
  lender_key: string;
  lender_name: string;
  companies: number;
  added_at: string;
}

/** A person on a list: the register's officer id, their name, and how many appointments Credence holds of them. */
export interface WatchedPerson {
  officer_id: string;
  name: string;
  appointments: number;
  added_at: string;
}

export interface WatchlistDetail extends WatchlistSummary {
  company_list: WatchedCompany[];
  lender_list: WatchedLender[];
  people_list: WatchedPerson[];
}

export interface WatchLendersRequest {
  id: string;
  /** Lender names as charges file them ("Barclays Bank PLC"); each is matched by its lender key. */
  lenders: string[];
}

export interface WatchPeopleRequest {
  id: string;
  /** Officer ids (or appointments links /officers/{id}/appointments). */
  officer_ids: string[];
}

/** What adding lenders or people did: added, already on the list, and those no charge or appointment Credence holds names (not added). */
export interface WatchNamesResult {
  added: string[];
  already: string[];
  unknown: string[];
  /** How many lenders (or people) the list now holds. */
  total: number;
}

export interface UnwatchNamesResult {
  removed: string[];
  total: number;
}

export interface CreateWatchlistRequest {
  name: string;
  rules?: AlertKind[];
  email?: EmailMode;
}

/** A list's new settings: its id (the path) and whichever of name, rules and e-mail change. */
export interface UpdateWatchlistRequest extends Partial<CreateWatchlistRequest> {
  id: string;
}

export interface WatchCompaniesRequest {
  company_numbers?: string[];
  /** A CSV whose first column (or a column headed company_number) holds company numbers. */
  csv?: string;
}

/** What adding did: numbers added, those already on the list, and those Credence does not hold (not added). */
export interface WatchAddResult {
  added: string[];
  already: string[];
  unknown: string[];
  companies: number;
}

export interface Alert {
  id: number;
  kind: AlertKind;
  company_number: string;
  company_name: string | null;
  watchlist: string | null;
  /** Why the alert reached you when the company is not on your list itself: "lender Barclays Bank PLC", "person REID, Fiona"; null: the company is. */
  via: string | null;
  /** What changed, in words (text from the register: show it as inert text). */
  summary: string;
  /** When Companies House published the change (null: the register gave no time). */
  published_at: string | null;
  /** The register's page of the record or filing the alert came from. */
  source_url: string;
  /** The Companies House API resource (e.g. /company/00000006/charges/abc). */
  resource_uri: string | null;
  created_at: string;
  read: boolean;
}

export interface AlertsResponse {
  status: 'success';
  data: { alerts: Alert[]; unread: number };
}

/** An alert webhook of yours (issue 29 section 5): each alert is posted to `url` as signed JSON. */
export interface Webhook {
  id: string;
  url: string;
  created_at: string;
}

/** A webhook just added: its signing secret is answered this once and never again. */
export interface NewWebhook extends Webhook {
  secret: string;
}

/** One alert's delivery to a webhook: tried `attempts` times, delivered, or given up after 24 hours. */
export interface WebhookDelivery {
  id: string;
  alert_id: string;
  attempts: number;
  first_at: string;
  next_at: string;
  delivered_at: string | null;
  given_up_at: string | null;
  last_status: number | null;
  last_error: string | null;
}

/** What a signed test event met: the receiver's HTTP status, or why there was none. */
export interface WebhookTestResult {
  status: number | null;
  error: string | null;
}
