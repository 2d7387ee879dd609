import { alertView, type Alert, type AlertView } from '@credence/shared';

/** At most this many alerts are written out in one mail; the rest are counted ("and 12 more"). */
export const MAIL_ALERTS_SHOWN = 100;

export interface AlertMailLinks {
  /** The page that confirms the unsubscribe (GET) and takes the one-click POST (RFC 8058). */
  unsubscribe: string;
  /** Where the user reads every alert in Credence. */
  app: string;
}

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made inert in HTML: register text (company names, summaries) can never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 alerts: 00445790 TESCO PLC, 31000002 ACME LTD and 2 more companies" (register text already inert via alertView). */
function subjectOf(views: AlertView[], total: number, digest: boolean): string {
  const companies = [...new Set(views.map((v) => v.company))];
  const named = companies.slice(0, 2).join(', ');
  const others = companies.length - 2;
  const more = others > 0 ? ` and ${others} more ${others === 1 ? 'company' : 'companies'}` : '';
  return `${digest ? 'Daily digest: ' : ''}${plural(total, 'alert')}: ${named}${more}`.slice(0, 200);
}

/**
 * One list's alerts as a mail: the subject names the count and the companies; the plain text and
 * HTML bodies give each alert's kind, company, what changed, when it was published and its source,
 * worded by the shared alertView (control codes made visible) and HTML-escaped; an unsubscribe link
 * in the body and the RFC 2369 / RFC 8058 one-click headers.
 */
export function alertMail(alerts: Alert[], list: { name: string; digest: boolean }, links: AlertMailLinks): AlertMail {
  const views = alerts.slice(0, MAIL_ALERTS_SHOWN).map(alertView);
  const rest = alerts.length - views.length;
  const listName = alertView({ ...alerts[0], watchlist: list.name }).watchlist ?? '';
  const intro = `${plural(alerts.length, 'alert')} on your watchlist "${listName}"${list.digest ? ' since the last digest' : ''}.`;
  const textItems = views.map(
    (v) => `${v.kind}: ${v.company}${v.via ? ` (${v.via})` : ''}\n  ${v.change}\n  ${v.published}\n  ${v.source_label}: ${v.source_url}`,
  );
  const more = rest > 0 ? `And ${plural(rest, 'more alert')} in Credence: ${links.app}` : `Read them in Credence: ${links.app}`;
  const stop = `To stop these e-mails for "${listName}": ${links.unsubscribe}`;
  const text = [intro, ...textItems, more, stop].join('\n\n') + '\n';
  const e = escapeHtml;
  const htmlItems = views.map(
    (v) =>
      `<li><p><strong>${e(v.kind)}</strong>: ${e(v.company)}${v.via ? ` (${e(v.via)})` : ''}<br>${e(v.change)}<br><small>${e(v.published)}</small><br>` +
      `<a href="${e(v.source_url)}">${e(v.source_label)}</a></p></li>`,
  );
  const html = [
    '<!doctype html><html><body>',
    `<p>${e(intro)}</p>`,
    `<ul>${htmlItems.join('')}</ul>`,
    `<p>${rest > 0 ? `And ${e(plural(rest, 'more alert'))} in ` : 'Read them in '}<a href="${e(links.app)}">Credence</a>.</p>`,
    `<p><small><a href="${e(links.unsubscribe)}">Stop these e-mails for "${e(listName)}"</a></small></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject: subjectOf(views, alerts.length, list.digest),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
