/**
 * Accounting periods and accounts filings (AA): the first period from incorporation to the first
 * accounting reference date, then yearly; each due 9 months after its end (6 for a PLC; the first
 * 21 or 18 months after incorporation), filed mostly before the deadline, some late, the latest
 * sometimes not yet (overdue). Trading companies' accounts carry a document id: the PDF rendered
 * from the financial statements that cite it.
 */
import { ACCOUNTS_PAGE_COUNT } from '../../../platform/register/documents/accounts-layout.js';
import { addMonths, isoDay, monthEnd, yearOf, type Day } from './dates.js';
import { stopDay } from './filings.js';
import type { Rng } from '../../../core/random.js';
import type { CompanyPlan, FilingEvent } from './types.js';

export interface Period {
  start: Day;
  end: Day;
  due: Day;
  filed: Day;
  documentId: string | null;
  event: FilingEvent;
}

export interface AccountsResult {
  /** Filed periods within the filing window, oldest first. */
  periods: Period[];
  lastMadeUp: Day | null;
  nextDue: Day | null;
}

export function accountsFor(plan: CompanyPlan, rng: Rng): AccountsResult {
  if (!plan.filesAnnually) return { periods: [], lastMadeUp: null, nextDue: null };
  const plc = plan.form === 'plc';
  const stop = stopDay(plan);
  let end = monthEnd(yearOf(plan.incorporated), plan.ardMonth);
  while (end < plan.incorporated + 270) end = monthEnd(yearOf(end) + 1, plan.ardMonth);
  let start = plan.incorporated;
  // The first accounts are due 21 months after incorporation (18 for a PLC), or 3 months after the period ends if later.
  let due = Math.max(addMonths(plan.incorporated, plc ? 18 : 21), addMonths(end, 3));
  const lateRate = plan.suggested ? 0.15 : rng.chance(0.2) ? 0.3 : 0.04;
  const overdue =
    !plan.suggested &&
    ((plan.status === 'Active - Proposal to Strike off' && !plan.voluntaryStrikeOff) || (plan.status === 'Active' && rng.chance(0.035)));
  const periods: Period[] = [];
  let lastMadeUp: Day | null = null;
  while (end < stop) {
    const roll = rng.next();
    const filed = rng.chance(lateRate)
      ? due + rng.between(1, 80)
      : roll < 0.45
        ? due - rng.between(0, 30)
        : roll < 0.78
          ? due - rng.between(31, 120)
          : due - rng.between(121, Math.max(122, due - end - 20));
    if (filed >= stop || filed > plan.ref) break;
    // An overdue company has not filed its latest accounts that fell due.
    if (overdue && due < plan.ref && addMonths(monthEnd(yearOf(end) + 1, plan.ardMonth), plc ? 6 : 9) >= plan.ref) break;
    if (filed >= plan.windowStart) {
      const dormant = plan.accountsType === 'dormant';
      const documentId = plan.trading ? rng.base64url(43) : null;
      const event: FilingEvent = {
        on: end,
        filed,
        category: 'accounts',
        type: 'AA',
        description: `accounts-with-accounts-type-${plan.accountsType}`,
        description_values: { made_up_date: isoDay(end) },
        pages: documentId ? ACCOUNTS_PAGE_COUNT : dormant ? rng.between(2, 4) : rng.between(5, 12),
        document_id: documentId,
      };
      periods.push({ start, end, due, filed, documentId, event });
    }
    lastMadeUp = end;
    start = end + 1;
    end = monthEnd(yearOf(end) + 1, plan.ardMonth);
    due = addMonths(end, plc ? 6 : 9);
  }
  // The loop stops at the first period not filed: its due date is the next one.
  return { periods, lastMadeUp, nextDue: due };
}
