/**
 * Confirmation statement (CS01) compliance of spec 2 (sections 2.9, 4 and 9): review periods,
 * timeliness, status, compliance health, filing integrity, cadence and the event timeline.
 * Days are whole UTC calendar days; "months" in the 11.5 and 13 month rules are average
 * months of 365.25 / 12 days.
 */
import { addDays, addMonths, DAY_MS, startOfUtcDay, toIsoDate, usableFilingDate } from './dates.js';

export const CS_RULES = {
  reviewPeriodMonths: 12,
  /** A made-up date more than this many days before the expected review end starts a new period. */
  earlyResetDays: 60,
  /** A made-up date more than this many months after the previous one starts a new period. */
  gapResetMonths: 13,
  /** Due this many days after the review end; filed by then is on time. */
  filingWindowDays: 14,
  dueSoonDays: 30,
  good: { onTimeRatio: 0.9, maxAverageDelayDays: 7 },
  fair: { onTimeRatio: 0.75, onTimeStatusRatio: 0.7 },
  integrity: { highIssues: 5, mediumIssues: 2, highUpdateRatio: 0.8, mediumUpdateRatio: 0.6 },
  cadence: { lateAfterDays: 10, minFilings: 3, lateShare: 0.4 },
  /** A statement made up under this many months after the previous one is an early filing. */
  earlyFilingMonths: 11.5,
} as const;

const AVERAGE_MONTH_MS = (365.25 / 12) * DAY_MS;

export interface ConfirmationStatementFiling {
  type?: string | null;
  category?: string | null;
  /** Date the statement was filed. */
  date?: string | null;
  /** e.g. "confirmation-statement-with-updates" or "confirmation-statement-with-no-updates". */
  description?: string | null;
  transaction_id?: string | null;
  description_values?: { made_up_date?: string | null; description?: string | null } | null;
  annotations?: ReadonlyArray<unknown> | null;
}

export type CsStatus = 'overdue' | 'due_soon' | 'on_time' | 'unknown';
export type ComplianceHealth = 'good' | 'fair' | 'poor' | 'n/a';
/** Level of correction activity: high means many corrections or annotations (a risk sign). */
export type FilingIntegrity = 'high' | 'medium' | 'low' | 'n/a';
export type CsUpdates = 'with_updates' | 'no_updates' | 'unknown';
export type CsPeriodReset = 'first' | 'early' | 'gap' | null;

export interface ConfirmationEvent {
  transactionId: string | null;
  type: string;
  filedDate: string;
  filedMs: number;
  madeUpDate: string | null;
  updates: CsUpdates;
  label: string;
  /** A second filing: an RP04/second-filing type or a repeat of an earlier made-up date. */
  correction: boolean;
  annotations: number;
  /** Review timing of a first filing; null on corrections. */
  reviewEnd: string | null;
  expectedDue: string | null;
  /** Days from review end to filing (negative when filed before the review end). */
  delayDays: number | null;
  onTime: boolean | null;
  /** Why the review end is the made-up date rather than 12 months after the previous one. */
  periodReset: CsPeriodReset;
  /** Made up under 11.5 months after the previous statement. */
  earlyFiling: boolean;
}

export interface ConfirmationMetrics {
  /** CS filings with a usable filing date, corrections included. */
  totalFilings: number;
  /** First filings (corrections excluded); the ratios below are over these. */
  statements: number;
  withUpdates: number;
  noUpdates: number;
  updateRatio: number | null;
  corrections: number;
  annotations: number;
  onTime: number;
  late: number;
  onTimeRatio: number | null;
  /** Mean days filed after the review end, early filings counting 0. */
  averageDelayDays: number | null;
  /** True when some calendar year has two or more filings with updates. */
  multipleUpdatesInYear: boolean;
  lastMadeUpDate: string | null;
  lastFiledDate: string | null;
  /** Last made-up date + 12 months + 14 days. */
  nextDueDate: string | null;
  /** Days from today to the next due date (negative when overdue). */
  daysUntilDue: number | null;
}

export interface ConfirmationCadence {
  /** Statements filed more than 10 days after their review end. */
  lateFilings: number;
  lateShare: number | null;
  earlyFilings: number;
  /** Mean months between successive made-up dates; null with fewer than two statements. */
  averageIntervalMonths: number | null;
  warning: boolean;
}

export interface ConfirmationStatementAnalysis {
  metrics: ConfirmationMetrics;
  status: CsStatus;
  compliance: ComplianceHealth;
  integrity: FilingIntegrity;
  cadence: ConfirmationCadence;
  /** Newest first. */
  events: ConfirmationEvent[];
}

export const CS_UPDATE_LABELS: Readonly<Record<CsUpdates, string>> = {
  with_updates: 'With updates',
  no_updates: 'No updates',
  unknown: 'Confirmation statement',
};

/** "with updates" or "no updates" as the description says; unknown otherwise. */
export function csUpdates(filing: ConfirmationStatementFiling): CsUpdates {
  const text = `${filing.description ?? ''} ${filing.description_values?.description ?? ''}`.toLowerCase().replace(/[-_]+/g, ' ');
  if (/\bno updates\b/.test(text)) return 'no_updates';
  return /\bwith updates\b/.test(text) ? 'with_updates' : 'unknown';
}

export function isConfirmationStatement(filing: ConfirmationStatementFiling): boolean {
  return filing.category === 'confirmation-statement' || (filing.type ?? '').toUpperCase().includes('CS01');
}

function isSecondFilingType(filing: ConfirmationStatementFiling): boolean {
  return (
    /^(RP04|SECOND)/i.test((filing.type ?? '').trim()) || /second filing/.test((filing.description ?? '').toLowerCase().replace(/-/g, ' '))
  );
}

const monthsBetween = (fromMs: number, toMs: number) => (toMs - fromMs) / AVERAGE_MONTH_MS;
const iso = (ms: number) => toIsoDate(new Date(ms));

/**
 * Builds the events in made-up order and fills the review timing of each first filing: the review
 * end is 12 months after the previous made-up date (the statutory review period), except that
 * the first statement, one made up more than 60 days early, or one after a gap of over 13
 * months use their own made-up date (or filing date when missing).
 */
function buildEvents(filings: readonly ConfirmationStatementFiling[], now: Date): ConfirmationEvent[] {
  const rows = filings.flatMap((filing) => {
    const filed = usableFilingDate(filing.date, now);
    if (!isConfirmationStatement(filing) || !filed) return [];
    const madeUp = usableFilingDate(filing.description_values?.made_up_date, now);
    return [{ filing, filedMs: filed.getTime(), madeUpMs: madeUp?.getTime() ?? null, anchorMs: (madeUp ?? filed).getTime() }];
  });
  rows.sort((a, b) => a.anchorMs - b.anchorMs || a.filedMs - b.filedMs);

  const seenMadeUp = new Set<number>();
  let previousMadeUpMs: number | null = null;
  return rows.map(({ filing, filedMs, madeUpMs, anchorMs }) => {
    const updates = csUpdates(filing);
    const correction = isSecondFilingType(filing) || (madeUpMs !== null && seenMadeUp.has(madeUpMs));
    if (madeUpMs !== null) seenMadeUp.add(madeUpMs);
    const event: ConfirmationEvent = {
      transactionId: filing.transaction_id ?? null,
      type: (filing.type ?? '').trim().toUpperCase(),
      filedDate: iso(filedMs),
      filedMs,
      madeUpDate: madeUpMs === null ? null : iso(madeUpMs),
      updates,
      label: CS_UPDATE_LABELS[updates],
      correction,
      annotations: filing.annotations?.length ?? 0,
      reviewEnd: null,
      expectedDue: null,
      delayDays: null,
      onTime: null,
      periodReset: null,
      earlyFiling: false,
    };
    if (correction) return event;

    let reviewEndMs = anchorMs;
    if (previousMadeUpMs === null) event.periodReset = 'first';
    else {
      const expectedMs = addMonths(new Date(previousMadeUpMs), CS_RULES.reviewPeriodMonths).getTime();
      if (anchorMs < expectedMs - CS_RULES.earlyResetDays * DAY_MS) event.periodReset = 'early';
      else if (monthsBetween(previousMadeUpMs, anchorMs) > CS_RULES.gapResetMonths) event.periodReset = 'gap';
      else reviewEndMs = expectedMs;
      event.earlyFiling = monthsBetween(previousMadeUpMs, anchorMs) < CS_RULES.earlyFilingMonths;
    }
    event.reviewEnd = iso(reviewEndMs);
    event.expectedDue = iso(addDays(new Date(reviewEndMs), CS_RULES.filingWindowDays).getTime());
    event.delayDays = Math.round((filedMs - reviewEndMs) / DAY_MS);
    event.onTime = event.delayDays <= CS_RULES.filingWindowDays;
    previousMadeUpMs = anchorMs;
    return event;
  });
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Full analysis of a company's confirmation statements (other filings are ignored). */
export function confirmationStatementAnalysis(
  filings: readonly ConfirmationStatementFiling[],
  now: Date = new Date(),
): ConfirmationStatementAnalysis {
  const events = buildEvents(filings, now);
  const statements = events.filter((event) => !event.correction);
  const count = (test: (event: ConfirmationEvent) => boolean) => statements.filter(test).length;

  const updatesPerYear = new Map<string, number>();
  for (const event of events.filter((e) => e.updates === 'with_updates')) {
    const year = event.filedDate.slice(0, 4);
    updatesPerYear.set(year, (updatesPerYear.get(year) ?? 0) + 1);
  }
  const anchors = statements.map((event) => Date.parse(event.madeUpDate ?? event.filedDate));
  // Statements are in made-up order, so the last anchor is the last made-up date (or filing date without one).
  const lastMadeUpMs = anchors.length ? anchors[anchors.length - 1] : null;
  const nextDueMs =
    lastMadeUpMs === null
      ? null
      : addDays(addMonths(new Date(lastMadeUpMs), CS_RULES.reviewPeriodMonths), CS_RULES.filingWindowDays).getTime();
  const daysUntilDue = nextDueMs === null ? null : Math.round((nextDueMs - startOfUtcDay(now).getTime()) / DAY_MS);

  const onTime = count((e) => e.onTime === true);
  const withUpdates = count((e) => e.updates === 'with_updates');
  const metrics: ConfirmationMetrics = {
    totalFilings: events.length,
    statements: statements.length,
    withUpdates,
    noUpdates: count((e) => e.updates === 'no_updates'),
    updateRatio: ratio(withUpdates, statements.length),
    corrections: events.length - statements.length,
    annotations: events.reduce((sum, e) => sum + e.annotations, 0),
    onTime,
    late: statements.length - onTime,
    onTimeRatio: ratio(onTime, statements.length),
    averageDelayDays: ratio(
      statements.reduce((sum, e) => sum + Math.max(0, e.delayDays ?? 0), 0),
      statements.length,
    ),
    multipleUpdatesInYear: [...updatesPerYear.values()].some((n) => n >= 2),
    lastMadeUpDate: lastMadeUpMs === null ? null : iso(lastMadeUpMs),
    lastFiledDate: events.length ? iso(Math.max(...events.map((e) => e.filedMs))) : null,
    nextDueDate: nextDueMs === null ? null : iso(nextDueMs),
    daysUntilDue,
  };

  const status = csStatus(daysUntilDue);
  const lateFilings = count((e) => (e.delayDays ?? 0) > CS_RULES.cadence.lateAfterDays);
  const cadence: ConfirmationCadence = {
    lateFilings,
    lateShare: ratio(lateFilings, statements.length),
    earlyFilings: count((e) => e.earlyFiling),
    averageIntervalMonths: anchors.length > 1 ? monthsBetween(anchors[0], anchors[anchors.length - 1]) / (anchors.length - 1) : null,
    warning: statements.length >= CS_RULES.cadence.minFilings && lateFilings / statements.length > CS_RULES.cadence.lateShare,
  };
  return {
    metrics,
    status,
    compliance: complianceHealth(metrics.onTimeRatio, metrics.averageDelayDays, status),
    integrity: filingIntegrity(metrics),
    cadence,
    events: [...events].sort((a, b) => b.filedMs - a.filedMs),
  };
}

/** Overdue once the due date has passed, due soon within 30 days, else on time; unknown without filings. */
export function csStatus(daysUntilDue: number | null): CsStatus {
  if (daysUntilDue === null) return 'unknown';
  if (daysUntilDue < 0) return 'overdue';
  return daysUntilDue <= CS_RULES.dueSoonDays ? 'due_soon' : 'on_time';
}

export function complianceHealth(onTimeRatio: number | null, averageDelayDays: number | null, status: CsStatus): ComplianceHealth {
  if (onTimeRatio === null || averageDelayDays === null) return 'n/a';
  if (status === 'overdue') return 'poor';
  const { good, fair } = CS_RULES;
  if (onTimeRatio >= good.onTimeRatio && averageDelayDays <= good.maxAverageDelayDays) return 'good';
  if (onTimeRatio >= fair.onTimeRatio || (status === 'on_time' && onTimeRatio >= fair.onTimeStatusRatio)) return 'fair';
  return 'poor';
}

export function filingIntegrity(
  metrics: Pick<ConfirmationMetrics, 'statements' | 'corrections' | 'annotations' | 'updateRatio' | 'multipleUpdatesInYear'>,
): FilingIntegrity {
  if (metrics.statements === 0) return 'n/a';
  const issues = metrics.corrections + metrics.annotations;
  const updateRatio = metrics.updateRatio ?? 0;
  const rules = CS_RULES.integrity;
  if (issues >= rules.highIssues || (issues >= rules.mediumIssues && updateRatio > rules.highUpdateRatio)) return 'high';
  if (issues >= rules.mediumIssues || updateRatio > rules.mediumUpdateRatio || metrics.multipleUpdatesInYear) return 'medium';
  return 'low';
}

export type CsEventFilter = 'all' | 'with_updates' | 'no_updates' | 'corrections' | 'with_annotations';

export const CS_EVENT_FILTERS: ReadonlyArray<{ id: CsEventFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'with_updates', label: 'With Updates' },
  { id: 'no_updates', label: 'No Updates' },
  { id: 'corrections', label: 'Corrections' },
  { id: 'with_annotations', label: 'With Annotations' },
];

export function filterConfirmationEvents(events: readonly ConfirmationEvent[], filter: CsEventFilter): ConfirmationEvent[] {
  switch (filter) {
    case 'with_updates':
    case 'no_updates':
      return events.filter((event) => event.updates === filter);
    case 'corrections':
      return events.filter((event) => event.correction);
    case 'with_annotations':
      return events.filter((event) => event.annotations > 0);
    default:
      return [...events];
  }
}

/** Sort by filing date, or by type label (then newest first); "desc" by default. */
export function sortConfirmationEvents(
  events: readonly ConfirmationEvent[],
  by: 'date' | 'type' = 'date',
  direction: 'asc' | 'desc' = 'desc',
): ConfirmationEvent[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...events].sort((a, b) =>
    by === 'type' ? sign * a.label.localeCompare(b.label) || b.filedMs - a.filedMs : sign * (a.filedMs - b.filedMs),
  );
}
