/**
 * Filing history: the descriptions (Companies House's own description keys, with the values their
 * templates take), transaction ids and barcodes in the register's formats, and the yearly filings
 * (confirmation statements on time, late, early and missing, with annotations and second filings)
 * and the event filings of the company's life (incorporation, office moves, names, strike-off,
 * insolvency).
 */
import { addMonths, isoDay, ukDate, type Day } from './dates.js';
import { oneLine } from './places.js';
import type { Rng } from '../../../core/random.js';
import type { CompanyPlan, FilingEvent } from './types.js';
import type { FilingRow } from '../../../platform/register/rows.js';

/** Real transaction ids are base64 of "<10 digits>adiqzkcx"; ours end differently, so they never collide with imported ones. */
const TRANSACTION_SUFFIX = 'smplcred';
/** Filings per company the id space allows. */
export const MAX_FILINGS_PER_COMPANY = 256;

export function transactionId(companyIndex: number, k: number): string {
  return Buffer.from(`${3_000_000_000 + companyIndex * MAX_FILINGS_PER_COMPANY + k}${TRANSACTION_SUFFIX}`).toString('base64url');
}

/** The document id of a sample filing that has no rendered accounts: its transaction id, marked, so never an imported one's. */
export function sampleDocumentId(transactionId: string): string {
  return `${transactionId}-form`;
}

/** Electronic filings' barcodes start with X; paper ones with a letter of the receiving office. */
export function barcode(rng: Rng, paper: boolean): string {
  return (paper ? rng.pick(['A', 'L', 'S', 'R']) : 'X') + rng.alnum(7);
}

/** A filing received `min`-`max` days after its event (mostly within two weeks), never after `limit`. */
export function lag(rng: Rng, on: Day, limit: Day, late = 0.06): Day {
  const days = rng.chance(late) ? rng.between(15, 70) : rng.chance(0.55) ? rng.between(0, 3) : rng.between(4, 14);
  return Math.min(on + days, limit);
}

/** Turns events into filing rows, oldest first, with transaction ids (set back on the events). */
export function filingRows(plan: CompanyPlan, events: FilingEvent[], rng: Rng): FilingRow[] {
  events.sort((a, b) => a.filed - b.filed || a.on - b.on || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  if (events.length > MAX_FILINGS_PER_COMPANY) {
    // Keep the newest (and every charge filing, which the charges link to).
    const keep = new Set(events.filter((e) => e.category === 'mortgage'));
    for (let i = events.length - 1; i >= 0 && keep.size < MAX_FILINGS_PER_COMPANY; i--) keep.add(events[i]);
    events.splice(0, events.length, ...events.filter((e) => keep.has(e)));
  }
  return events.map((e, k) => {
    const id = transactionId(plan.index, k);
    e.transactionId = id;
    const paper = e.paperFiled ?? false;
    return {
      transaction_id: id,
      company_number: plan.number,
      category: e.category,
      subcategory: e.subcategory ?? null,
      type: e.type,
      date: isoDay(e.filed),
      action_date: isoDay(e.on),
      description: e.description,
      description_values: e.description_values ?? {},
      annotations: e.annotations ?? [],
      pages: e.pages,
      barcode: barcode(rng, paper),
      paper_filed: paper,
      // Every sample filing opens: accounts with figures render from them, any other from its particulars (filing-pdf.ts).
      document_id: e.document_id ?? sampleDocumentId(id),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Confirmation statements (CS01, LLCS01 for LLPs): made up to the review date (or early, which
// resets the cycle), filed within 14 days, sometimes late, sometimes not yet; some with updates,
// a few annotated or corrected by a second filing (RP04CS01).

export interface ConfirmationHistory {
  events: FilingEvent[];
  lastMadeUp: Day | null;
  nextDue: Day;
}

export function confirmationStatements(plan: CompanyPlan, rng: Rng, updateDays: Set<number>): ConfirmationHistory {
  const events: FilingEvent[] = [];
  const type = plan.form === 'llp' ? 'LLCS01' : 'CS01';
  const stop = stopDay(plan);
  let reviewEnd = addMonths(plan.incorporated, 12);
  let lastMadeUp: Day | null = null;
  const lateRate = plan.suggested ? 0.18 : rng.chance(0.25) ? 0.35 : 0.06;
  const overdue = plan.status === 'Active - Proposal to Strike off' || (plan.status === 'Active' && !plan.suggested && rng.chance(0.03));
  while (reviewEnd < stop) {
    let madeUp = reviewEnd;
    if (rng.chance(0.04)) madeUp = reviewEnd - rng.between(10, 90);
    const late = rng.chance(lateRate);
    const filed = madeUp + (late ? rng.between(15, 120) : rng.chance(0.6) ? rng.between(0, 6) : rng.between(7, 14));
    const due = madeUp + 14;
    const isLast = addMonths(madeUp, 12) >= stop;
    if (filed >= stop || (overdue && isLast && due < plan.ref)) break;
    if (madeUp >= plan.windowStart) {
      const withUpdates = [...updateDays].some((d) => d > (lastMadeUp ?? plan.incorporated) && d <= madeUp) || rng.chance(0.08);
      const event: FilingEvent = {
        on: madeUp,
        filed,
        category: 'confirmation-statement',
        type,
        description: withUpdates ? 'confirmation-statement-with-updates' : 'confirmation-statement-with-no-updates',
        description_values: { made_up_date: isoDay(madeUp) },
        pages: withUpdates ? rng.between(4, 8) : 3,
      };
      const correction = plan.suggested ? events.length === 2 : rng.chance(0.012);
      if (correction && filed + 40 < stop) {
        const second = filed + rng.between(20, 160);
        if (second < plan.ref) {
          const text = `Clarification A second filed ${type} (Statement of capital change and Shareholder information change) was registered on ${ukDate(second)}.`;
          event.annotations = [annotation(text, second)];
          events.push({
            on: madeUp,
            filed: second,
            category: 'confirmation-statement',
            type: `RP04${type}`,
            description: 'second-filing-of-form-with-form-type-made-up-date',
            description_values: { form_type: type, made_up_date: isoDay(madeUp) },
            pages: rng.between(4, 7),
          });
        }
      } else if (plan.suggested ? events.length === 4 : rng.chance(0.015)) {
        event.annotations = [
          annotation(`Clarification This document was second filed with the ${type} registered on ${ukDate(filed + 1)}.`, filed + 1),
        ];
      }
      events.push(event);
    }
    lastMadeUp = madeUp;
    reviewEnd = addMonths(madeUp, 12);
  }
  const nextDue = (lastMadeUp === null ? addMonths(plan.incorporated, 12) : addMonths(lastMadeUp, 12)) + 14;
  return { events, lastMadeUp, nextDue };
}

export function annotation(text: string, on: Day): Record<string, unknown> {
  return {
    annotation: text,
    category: 'annotation',
    date: isoDay(on),
    description: 'annotation',
    description_values: { description: text },
    type: 'ANNOTATION',
  };
}

/** The day after which a company files nothing more: dissolution, insolvency or today. */
export function stopDay(plan: CompanyPlan): Day {
  if (
    plan.status === 'Dissolved' ||
    plan.status === 'Liquidation' ||
    plan.status === 'In Administration' ||
    plan.status === 'Administration Order' ||
    plan.status === 'Receivership Action'
  ) {
    return plan.statusSince ?? plan.ref;
  }
  return plan.ref;
}

// ---------------------------------------------------------------------------------------------
// Life events: incorporation, office moves, change of name, strike-off and insolvency.

export function lifeEvents(plan: CompanyPlan, rng: Rng): FilingEvent[] {
  const events: FilingEvent[] = [];
  const { windowStart } = plan;
  if (plan.incorporated >= windowStart) {
    const llp = plan.form === 'llp';
    events.push({
      on: plan.incorporated,
      filed: plan.incorporated,
      category: 'incorporation',
      type: llp ? 'LLIN01' : plan.form === 'lp' ? 'LP5' : 'NEWINC',
      description: llp
        ? 'incorporation-limited-liability-partnership'
        : plan.form === 'lp'
          ? 'registration-of-a-limited-partnership'
          : 'incorporation-company',
      description_values: {},
      pages: rng.between(10, 32),
    });
  }
  if (plan.previousAddress && plan.previousAddress.movedOn >= windowStart) {
    const moved = plan.previousAddress.movedOn;
    events.push({
      on: moved,
      filed: moved,
      category: 'address',
      type: plan.form === 'llp' ? 'LLAD01' : 'AD01',
      description:
        plan.form === 'llp'
          ? 'change-registered-office-address-limited-liability-partnership-with-date-old-address-new-address'
          : 'change-registered-office-address-company-with-date-old-address-new-address',
      description_values: {
        change_date: isoDay(moved),
        old_address: oneLine(plan.previousAddress.address),
        new_address: oneLine(plan.address),
      },
      pages: 1,
    });
  }
  for (const previous of plan.previousNames) {
    if (previous.ceased_on < windowStart) continue;
    events.push({
      on: previous.ceased_on,
      filed: previous.ceased_on,
      category: 'change-of-name',
      type: 'CERTNM',
      description: 'change-of-name-by-resolution',
      description_values: {},
      pages: 3,
      annotations: [],
    });
  }
  const since = plan.statusSince;
  switch (plan.status) {
    case 'Active - Proposal to Strike off':
      if (plan.voluntaryStrikeOff) {
        events.push(simple(since! - rng.between(5, 20), 'dissolution', 'DS01', 'dissolution-application-strike-off-company', 1));
        events.push(simple(since!, 'gazette', 'GAZ1(A)', 'gazette-notice-voluntary', 1));
      } else {
        events.push(simple(since!, 'gazette', 'GAZ1', 'gazette-notice-compulsory', 1));
      }
      break;
    case 'Dissolved': {
      const end = plan.dissolved!;
      if (plan.voluntaryStrikeOff) {
        events.push(simple(end - rng.between(70, 100), 'dissolution', 'DS01', 'dissolution-application-strike-off-company', 1));
        events.push(simple(end - rng.between(55, 65), 'gazette', 'GAZ1(A)', 'gazette-notice-voluntary', 1));
        events.push(simple(end, 'gazette', 'GAZ2(A)', 'gazette-dissolved-voluntary', 1));
      } else if (rng.chance(0.5)) {
        events.push(simple(end - rng.between(55, 65), 'gazette', 'GAZ1', 'gazette-notice-compulsory', 1));
        events.push(simple(end, 'gazette', 'GAZ2', 'gazette-dissolved-compulsory', 1));
      } else {
        const start = Math.min(since!, end - 200);
        events.push(
          resolution(start, 'liquidation-voluntary-special-resolution-to-wind-up-case-start-date', { case_start_date: isoDay(start) }),
        );
        events.push(simple(start, 'insolvency', '600', 'liquidation-voluntary-appointment-of-liquidator', 2));
        events.push(simple(end - 90, 'insolvency', 'LIQ14', 'liquidation-voluntary-creditors-return-of-final-meeting', 4));
        events.push(simple(end, 'gazette', 'GAZ2', 'gazette-dissolved-liquidation', 1));
      }
      break;
    }
    case 'Liquidation': {
      const start = since!;
      events.push(
        resolution(start, 'liquidation-voluntary-special-resolution-to-wind-up-case-start-date', { case_start_date: isoDay(start) }),
      );
      events.push(simple(start + rng.between(1, 6), 'insolvency', '600', 'liquidation-voluntary-appointment-of-liquidator', 2));
      events.push(
        simple(start + rng.between(3, 14), 'insolvency', 'LIQ02', 'liquidation-voluntary-statement-of-affairs', rng.between(6, 14)),
      );
      for (let year = addMonths(start, 12); year < plan.ref; year = addMonths(year, 12)) {
        events.push({
          ...simple(
            year + rng.between(20, 60),
            'insolvency',
            'LIQ03',
            'liquidation-voluntary-statement-of-receipts-and-payments-with-brought-down-date',
            rng.between(8, 20),
          ),
          on: year,
          description_values: { brought_down_date: isoDay(year) },
        });
      }
      break;
    }
    case 'In Administration':
    case 'Administration Order': {
      const start = since!;
      events.push(simple(start, 'insolvency', 'AM01', 'liquidation-in-administration-appointment-of-administrator', 3, 'administration'));
      events.push(
        simple(
          start + rng.between(20, 60),
          'insolvency',
          'AM03',
          'liquidation-in-administration-proposals',
          rng.between(25, 60),
          'administration',
        ),
      );
      for (let half = addMonths(start, 6); half < plan.ref - 30; half = addMonths(half, 6)) {
        events.push({
          ...simple(
            half + rng.between(15, 30),
            'insolvency',
            'AM10',
            'liquidation-in-administration-progress-report-with-brought-down-date',
            rng.between(12, 30),
            'administration',
          ),
          on: half,
          description_values: { brought_down_date: isoDay(half) },
        });
      }
      break;
    }
    case 'Voluntary Arrangement': {
      const start = since!;
      events.push(
        simple(
          start,
          'insolvency',
          'CVA1',
          'liquidation-voluntary-arrangement-meeting-approving-companies-voluntary-arrangement',
          rng.between(20, 60),
          'voluntary-arrangement',
        ),
      );
      for (let year = addMonths(start, 12); year < plan.ref - 30; year = addMonths(year, 12)) {
        events.push({
          ...simple(
            year + rng.between(20, 50),
            'insolvency',
            'CVA3',
            'liquidation-cva-supervisors-abstract-of-receipts-payments-with-brought-down-date',
            4,
            'voluntary-arrangement',
          ),
          on: year,
          description_values: { brought_down_date: isoDay(year) },
        });
      }
      break;
    }
    case 'Receivership Action':
    case 'Live but Receiver Manager on at least one charge':
      events.push(simple(since!, 'insolvency', 'RM01', 'liquidation-receiver-appointment-of-receiver', 3, 'receiver'));
      break;
  }
  return events.filter((e) => e.filed <= plan.ref);
}

function simple(on: Day, category: string, type: string, description: string, pages: number, subcategory?: string): FilingEvent {
  return { on, filed: on, category, subcategory: subcategory ?? null, type, description, description_values: {}, pages };
}

function resolution(on: Day, description: string, values: Record<string, unknown>): FilingEvent {
  return {
    on,
    filed: on + 2,
    category: 'resolution',
    subcategory: 'resolution',
    type: 'LRESSP',
    description,
    description_values: values,
    pages: 1,
  };
}
