/**
 * The rules of watchlists and alerts that the API, the web and the terminal share: how a company
 * number is read from a list or a CSV, what `--since 1d` means, where an alert's source is on the
 * register, and how an alert reads as one line.
 */
import { ALERT_KIND_LABELS, type Alert } from '../contracts/watchlists.js';
import { COMPANIES_HOUSE_URL } from './uk/presentation/profile.js';
import { visibleControls } from './inert-text/terminal-text.js';

/** A company number as Companies House writes it (8 characters; short numbers padded), or null. */
export function watchedCompanyNumber(value: string): string | null {
  let text = value.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,7}$/.test(text)) text = text.padStart(8, '0');
  return /^([A-Z]{2}\d{6}|\d{8})$/.test(text) ? text : null;
}

/**
 * The company numbers of a CSV: the column headed company_number (or companynumber, number) if
 * there is one, else the first column; blank lines and a header are skipped. `bad` holds the
 * cells (as given, at most 20) that are not company numbers.
 */
export function companyNumbersFromCsv(csv: string): { numbers: string[]; bad: string[] } {
  const rows = csv
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')))
    .filter((cells) => cells.some((c) => c !== ''));
  if (rows.length === 0) return { numbers: [], bad: [] };
  const header = rows[0].map((c) => c.toLowerCase().replace(/[\s_]/g, ''));
  const named = header.findIndex((c) => c === 'companynumber' || c === 'number' || c === 'companyno');
  const column = named >= 0 ? named : 0;
  const body = named >= 0 || watchedCompanyNumber(rows[0][0] ?? '') === null ? rows.slice(1) : rows;
  const numbers: string[] = [];
  const bad: string[] = [];
  for (const cells of body) {
    const n = watchedCompanyNumber(cells[column] ?? '');
    if (n) numbers.push(n);
    else if (bad.length < 20) bad.push((cells[column] ?? '').slice(0, 40));
  }
  return { numbers: [...new Set(numbers)], bad };
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: a span back from now (30m, 12h, 1d, 2w) or an ISO date/time; null when it is neither. */
export function parseSince(text: string, now: number = Date.now()): Date | null {
  const value = text.trim();
  const span = /^(\d{1,5})\s*([mhdw])$/i.exec(value);
  if (span) return new Date(now - Number(span[1]) * UNITS[span[2].toLowerCase()]);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

export const SINCE_HELP = 'a span back from now (30m, 12h, 1d, 2w) or a date (2026-11-01)';

/**
 * Where an alert's change is on the register: the filing, the charge, the officers or PSC list,
 * the insolvency page, or the company's page (for a profile change or a date passing).
 */
export function alertSourceUrl(companyNumber: string, resourceUri: string | null): string {
  const company = `${COMPANIES_HOUSE_URL}/company/${encodeURIComponent(companyNumber)}`;
  if (!resourceUri) return company;
  const parts = resourceUri.split('/').filter(Boolean);
  const [, , section, id] = parts;
  if (section === 'charges' && id) return `${company}/charges/${encodeURIComponent(id)}`;
  if (section === 'filing-history' && id) return `${company}/filing-history/${encodeURIComponent(id)}/document?format=pdf`;
  if (section === 'appointments') return `${company}/officers`;
  if (section === 'persons-with-significant-control') return `${company}/persons-with-significant-control`;
  if (section === 'insolvency') return `${company}/insolvency`;
  return company;
}

/**
 * How an alert reads wherever it is shown (the web's notifications panel, `credence alerts`, the
 * full-screen terminal UI): the one place that decides its wording. Register text is made inert.
 */
export interface AlertView {
  id: number;
  /** The kind in words: "New charge", "Officer resigned". */
  kind: string;
  /** "00445790 TESCO PLC" (or the number alone when the name is not held). */
  company: string;
  company_number: string;
  /** What changed. */
  change: string;
  /** "published 2026-11-28 09:01" (UTC) or "time not published". */
  published: string;
  source_url: string;
  source_label: string;
  watchlist: string | null;
  /** Why it reached you when the company is not on your list itself: "via lender Barclays Bank PLC"; null when it is. */
  via: string | null;
  unread: boolean;
}

/** An API time (ISO, UTC) to the minute as the watchlists' views show it: "2026-11-28 09:01". */
export function utcMinuteText(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}

export function alertView(alert: Alert): AlertView {
  return {
    id: alert.id,
    kind: ALERT_KIND_LABELS[alert.kind] ?? alert.kind,
    company: alert.company_name ? `${alert.company_number} ${visibleControls(alert.company_name)}` : alert.company_number,
    company_number: alert.company_number,
    change: visibleControls(alert.summary),
    published: alert.published_at ? `published ${utcMinuteText(alert.published_at)}` : 'time not published',
    source_url: alert.source_url,
    source_label: 'Source on Companies House',
    watchlist: alert.watchlist === null ? null : visibleControls(alert.watchlist),
    via: alert.via ? `via ${visibleControls(alert.via)}` : null,
    unread: !alert.read,
  };
}

/** The unread count as a badge and as words: "9+" over 9; "3 unread alerts". */
export function unreadBadge(unread: number): { badge: string; label: string } {
  const badge = unread <= 0 ? '' : unread > 9 ? '9+' : String(unread);
  const label = unread === 1 ? '1 unread alert' : `${unread > 0 ? unread : 'No'} unread alerts`;
  return { badge, label };
}

/** An alert as the cells of a table row (kind, company, what changed, published, source), inert. */
export function alertCells(alert: Alert): string[] {
  const view = alertView(alert);
  return [view.kind, view.company, view.change, view.published.replace(/^published /, ''), view.source_url];
}
