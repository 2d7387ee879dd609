/**
 * SEC reporting periods read from their start and end dates (never from a fact's `fy`/`fp`, which
 * describe the filing that carried it): instants, quarters, half years, nine months and years,
 * with the day ranges edgartools uses, so 52/53-week years and fiscal years ending in any month
 * fall in the right bucket.
 */

export type PeriodKind = 'instant' | 'quarter' | 'half' | 'nine-months' | 'year' | 'other';

const DAY = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Read dates by their text. A company's KPIs read the same few hundred dates thousands of times
 * (each fact's period, against each fiscal year): parsing them was half of a KPI table's time.
 */
const dayNumbers = new Map<string, number>();
const MAX_REMEMBERED_DATES = 50_000;

/** Days since 1970-01-01 of an ISO date; NaN when it is not one. */
export function isoDayNumber(iso: string): number {
  let day = dayNumbers.get(iso);
  if (day === undefined) {
    day = parseIsoDay(iso);
    if (dayNumbers.size >= MAX_REMEMBERED_DATES) dayNumbers.clear();
    dayNumbers.set(iso, day);
  }
  return day;
}

function parseIsoDay(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) return Number.NaN;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return Number.NaN;
  return t / DAY;
}

export function isoFromDayNumber(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export function addIsoDays(iso: string, days: number): string {
  return isoFromDayNumber(isoDayNumber(iso) + days);
}

/** Days from start to end (a calendar quarter is 89-91, a year 364-365, a 53-week year 371). */
export function durationDays(start: string, end: string): number {
  return isoDayNumber(end) - isoDayNumber(start);
}

/** Duration buckets by days (edgartools): quarter 70-120, 6 months 140-229, 9 months 230-329, year 330-420. */
export function classifyPeriod(start: string | null | undefined, end: string): PeriodKind {
  if (!start) return 'instant';
  const days = durationDays(start, end);
  if (days >= 70 && days <= 120) return 'quarter';
  if (days >= 140 && days <= 229) return 'half';
  if (days >= 230 && days <= 329) return 'nine-months';
  if (days >= 330 && days <= 420) return 'year';
  return 'other';
}

/** How many fiscal quarters a year-to-date period covers (quarter 1, half 2, nine months 3, year 4). */
export function quartersCovered(kind: PeriodKind): number {
  return kind === 'quarter' ? 1 : kind === 'half' ? 2 : kind === 'nine-months' ? 3 : kind === 'year' ? 4 : 0;
}

/**
 * The fiscal year a fiscal year starting on `start` is named by: the calendar year in which it
 * ends, where a 52/53-week year ending in the first days of January belongs to the year before
 * (a year starting 2021-01-04 and ending 2022-01-02 is fiscal 2021; one starting 2023-02-01 and
 * ending 2024-01-31 is fiscal 2024, as the retailers name it).
 */
export function fiscalYearOfStart(start: string): number {
  return Number(isoFromDayNumber(isoDayNumber(start) + 357).slice(0, 4));
}

/** Parse the submissions file's `fiscalYearEnd` (MMDD); null when absent or malformed. */
export function parseFiscalYearEnd(mmdd: string | null | undefined): { month: number; day: number } | null {
  if (!mmdd || !/^\d{4}$/.test(mmdd)) return null;
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { month, day };
}

/**
 * The start of the fiscal year holding `date` for a company whose years end on `fiscalYearEnd`
 * (MMDD, December 31 when unknown): the day after the last year end before `date`.
 */
export function fiscalYearStartFor(date: string, fiscalYearEnd?: string | null): string {
  const fye = parseFiscalYearEnd(fiscalYearEnd) ?? { month: 12, day: 31 };
  const year = Number(date.slice(0, 4));
  for (const y of [year, year - 1, year - 2]) {
    const lastDay = new Date(Date.UTC(y, fye.month, 0)).getUTCDate();
    const end = isoFromDayNumber(Date.UTC(y, fye.month - 1, Math.min(fye.day, lastDay)) / DAY);
    if (end < date) return addIsoDays(end, 1);
  }
  return `${year - 2}-01-01`;
}
