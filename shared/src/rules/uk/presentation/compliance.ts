/** The compliance tracker's words and figures (spec 2 2.9), the same in the web and the terminal. */
import { longDate } from '../../filing-descriptions.js';
import type { ConfirmationMetrics, ConfirmationStatementAnalysis, CsStatus } from '../confirmation-statements.js';
import { NOT_AVAILABLE } from './texts.js';

export const CS_STATUS_TEXTS: Readonly<Record<CsStatus, string>> = {
  overdue: 'Overdue',
  due_soon: 'Due soon',
  on_time: 'On time',
  unknown: 'Unknown',
};

/** "75%", or "N/A". */
export function percentText(ratio: number | null | undefined): string {
  return typeof ratio === 'number' && Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : NOT_AVAILABLE;
}

const days = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'day' : 'days'}`;

/** "in 12 days", "1 day overdue", or "" without a due date. */
export function dueInText(daysUntilDue: number | null | undefined): string {
  if (typeof daysUntilDue !== 'number') return '';
  return daysUntilDue < 0 ? `${days(-daysUntilDue)} overdue` : `in ${days(daysUntilDue)}`;
}

/** "3 of 4 (75%)": statements filed on time of all statements, as onTimeRatio counts them. */
export function onTimeText(metrics: Pick<ConfirmationMetrics, 'onTime' | 'statements' | 'onTimeRatio'>): string {
  return `${metrics.onTime.toLocaleString('en-GB')} of ${metrics.statements.toLocaleString('en-GB')} (${percentText(metrics.onTimeRatio)})`;
}

/** "4.5 days", or "N/A". */
export function averageDelayText(averageDelayDays: number | null | undefined): string {
  return typeof averageDelayDays === 'number' && Number.isFinite(averageDelayDays) ? `${averageDelayDays.toFixed(1)} days` : NOT_AVAILABLE;
}

/**
 * The compliance rating with the reason that decided it (issue 27): spec 2's rule makes an
 * overdue company poor whatever its history, so the overdue date is the reason then, not the
 * on-time record. Reason: "confirmation statement overdue since 14 March 2025"; "4 of 4 (100%)
 * filed on time, average delay 2.0 days"; "no confirmation statements on file".
 */
export function complianceReason(cs: Pick<ConfirmationStatementAnalysis, 'compliance' | 'status' | 'metrics'>): {
  rating: string;
  reason: string;
} {
  const rating = cs.compliance.toUpperCase();
  const m = cs.metrics;
  if (cs.compliance === 'n/a') return { rating, reason: 'no confirmation statements on file' };
  if (cs.status === 'overdue') {
    const since = m.nextDueDate ? ` since ${longDate(m.nextDueDate)}` : '';
    return { rating, reason: `confirmation statement overdue${since}` };
  }
  return { rating, reason: `${onTimeText(m)} filed on time, average delay ${averageDelayText(m.averageDelayDays)}` };
}

/** "POOR: confirmation statement overdue since 14 March 2025": the web card, the terminal line and the chat. */
export function complianceReasonText(cs: Pick<ConfirmationStatementAnalysis, 'compliance' | 'status' | 'metrics'>): string {
  const { rating, reason } = complianceReason(cs);
  return `${rating}: ${reason}`;
}
