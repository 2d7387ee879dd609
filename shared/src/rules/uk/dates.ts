/**
 * Date rules of spec 2 (sections 5 and 9): parsing registry dates, the en-GB display, which
 * filing dates are usable, and the 12-month insight window. Registry dates are calendar days,
 * so they are read as UTC midnight; every rule that depends on today takes `now` (default: the
 * clock) so that results are deterministic in tests.
 */

export const DAY_MS = 86_400_000;
/** Displayed dates before this year read "Invalid Date". */
export const MIN_DISPLAY_YEAR = 1900;
/** Displayed dates more than this many years after the current year read "Invalid Date". */
export const MAX_YEARS_AHEAD = 10;
/** Leadership insights count filings of the last 12 months, shown as 12 monthly buckets. */
export const INSIGHT_WINDOW_MONTHS = 12;

export const DATE_TEXT = { missing: 'N/A', invalid: 'Invalid Date', zeroYear: '-' } as const;

/** A date as it comes from the API or a form: ISO text, DD/MM/YYYY text, a Date or epoch ms. */
export type DateInput = string | number | Date | null | undefined;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]/;
const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ZERO_YEAR = /^0000-|\/0000$/;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day at UTC midnight, or null when the day does not exist (31/02, month 13). */
function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** Strict DD/MM/YYYY (the column-filter format); null when malformed or not a real day. */
export function parseUkDate(text: string | null | undefined): Date | null {
  const match = UK_DATE.exec((text ?? '').trim());
  return match ? calendarDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** DD/MM/YYYY converted to the year-month-day text the API expects; null when invalid. */
export function ukDateToIso(text: string | null | undefined): string | null {
  const date = parseUkDate(text);
  return date ? toIsoDate(date) : null;
}

/**
 * Reads YYYY-MM-DD (an ISO date-time keeps its time), DD/MM/YYYY, a Date or epoch ms.
 * Returns null for anything else, including days that do not exist.
 */
export function parseDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const isoTime = ISO_DATE_TIME.exec(text);
  if (isoTime) {
    if (!calendarDay(Number(isoTime[1]), Number(isoTime[2]), Number(isoTime[3]))) return null;
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return parseUkDate(text);
}

/** YYYY-MM-DD of the UTC calendar day. */
export function toIsoDate(date: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** The UTC midnight starting the day of `date`. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Calendar months; the day is clamped to the end of a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * en-GB display (DD/MM/YYYY). "N/A" when missing, "-" for year 0000, "Invalid Date" when
 * unparsable, before 1900 or in a year more than 10 years after the current one.
 */
export function formatDate(value: DateInput, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return DATE_TEXT.missing;
  if (typeof value === 'string' && ZERO_YEAR.test(value.trim())) return DATE_TEXT.zeroYear;
  const date = parseDate(value);
  if (!date) return DATE_TEXT.invalid;
  const year = date.getUTCFullYear();
  if (year < MIN_DISPLAY_YEAR || year > now.getUTCFullYear() + MAX_YEARS_AHEAD) return DATE_TEXT.invalid;
  const [y, m, d] = toIsoDate(date).split('-');
  return `${d}/${m}/${y}`;
}

/** A filing date counts only when valid, in a year after 1900 and before the current year + 10. */
export function isUsableFilingDate(value: DateInput, now: Date = new Date()): boolean {
  return usableFilingDate(value, now) !== null;
}

/** The parsed date when usable (see isUsableFilingDate), else null. */
export function usableFilingDate(value: DateInput, now: Date = new Date()): Date | null {
  const date = parseDate(value);
  if (!date) return null;
  const year = date.getUTCFullYear();
  return year > MIN_DISPLAY_YEAR && year < now.getUTCFullYear() + MAX_YEARS_AHEAD ? date : null;
}

/** The date fields of a filing that can carry the date the event took effect. */
export interface DatedFiling {
  date?: string | null;
  action_date?: string | null;
  description_values?: {
    appointment_date?: string | null;
    resignation_date?: string | null;
    termination_date?: string | null;
    cessation_date?: string | null;
    change_date?: string | null;
    notification_date?: string | null;
    date?: string | null;
    made_up_date?: string | null;
  } | null;
}

/**
 * When a filing took effect: the first usable of its event dates (appointment, resignation,
 * termination, cessation, change, notification, date in description_values), then action_date,
 * then the filing date. Null when none is usable: such filings are left out.
 */
export function effectiveFilingDate(filing: DatedFiling, now: Date = new Date()): Date | null {
  const values = filing.description_values ?? {};
  const candidates = [
    values.appointment_date,
    values.resignation_date,
    values.termination_date,
    values.cessation_date,
    values.change_date,
    values.notification_date,
    values.date,
    filing.action_date,
    filing.date,
  ];
  for (const candidate of candidates) {
    const date = usableFilingDate(candidate, now);
    if (date) return date;
  }
  return null;
}

/**
 * True when `value` falls in the last `months` months: from the same day `months` months ago
 * (inclusive) to the end of today. Unparsable and future dates are outside.
 */
export function withinLastMonths(value: DateInput, months: number = INSIGHT_WINDOW_MONTHS, now: Date = new Date()): boolean {
  const date = parseDate(value);
  if (!date) return false;
  const start = startOfUtcDay(addMonths(now, -months)).getTime();
  const end = startOfUtcDay(now).getTime() + DAY_MS;
  return date.getTime() >= start && date.getTime() < end;
}

/** One month of the insight window; `startMs` inclusive, `endMs` exclusive. */
export interface MonthBucket {
  /** YYYY-MM of the month the bucket ends in. */
  key: string;
  /** Short en-GB label of that month, e.g. "Mar 2024". */
  label: string;
  startMs: number;
  endMs: number;
}

/**
 * The window of withinLastMonths cut into `months` rolling one-month buckets, oldest first, so
 * that every date in the window falls in exactly one bucket. Each bucket is named by the month
 * it ends in; the last one ends with today.
 */
export function monthlyBuckets(now: Date = new Date(), months: number = INSIGHT_WINDOW_MONTHS): MonthBucket[] {
  const buckets: MonthBucket[] = [];
  for (let back = months; back > 0; back--) {
    const endRef = addMonths(now, -(back - 1));
    const startMs = startOfUtcDay(addMonths(now, -back)).getTime();
    const endMs = back === 1 ? startOfUtcDay(now).getTime() + DAY_MS : startOfUtcDay(endRef).getTime();
    buckets.push({
      key: toIsoDate(endRef).slice(0, 7),
      label: `${MONTH_NAMES[endRef.getUTCMonth()]} ${endRef.getUTCFullYear()}`,
      startMs,
      endMs,
    });
  }
  return buckets;
}

/** Index of the bucket holding `ms`, or -1 when outside the window. */
export function bucketIndex(buckets: readonly MonthBucket[], ms: number): number {
  return buckets.findIndex((bucket) => ms >= bucket.startMs && ms < bucket.endMs);
}

/** How many of the given instants fall in each bucket (same order as the buckets). */
export function countPerBucket(buckets: readonly MonthBucket[], instantsMs: readonly number[]): number[] {
  const counts = buckets.map(() => 0);
  for (const ms of instantsMs) {
    const index = bucketIndex(buckets, ms);
    if (index >= 0) counts[index]++;
  }
  return counts;
}
