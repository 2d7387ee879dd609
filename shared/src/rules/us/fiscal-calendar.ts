/**
 * A company's fiscal years, read from the periods it reported: every annual and year-to-date
 * period starts on a fiscal year's first day, and the day after an annual period ends starts the
 * next one. Quarters are numbered by where they end inside their fiscal year, so 52/53-week years,
 * 4-4-5 calendars and a 16-week first quarter land right.
 */
import {
  addIsoDays,
  classifyPeriod,
  isoDayNumber,
  durationDays,
  fiscalYearOfStart,
  fiscalYearStartFor,
  type PeriodKind,
} from './periods.js';

export interface FiscalYear {
  fiscal_year: number;
  start: string;
}

export interface PeriodRef {
  start: string | null;
  end: string;
  /** The form of the filing it came from: a 10-K's (20-F's, 40-F's) year fixes a fiscal year. */
  form?: string;
}

/** Where a duration sits in the calendar. */
export interface Placement {
  year: FiscalYear;
  kind: PeriodKind;
  /** Year-to-date periods start on the fiscal year's first day. */
  fromYearStart: boolean;
  /** The fiscal quarter it ends in (1-4). */
  quarter: number;
}

const START_TOLERANCE_DAYS = 3;
const ANNUAL_FORM = /^(10-K|10-KT|20-F|40-F)(\/A)?$/;

/** The years annual reports state, by start: each one a fiscal year whatever else was reported inside it. */
function reportedYears(periods: readonly PeriodRef[]): { start: string; end: string }[] {
  return periods
    .filter(
      (p): p is PeriodRef & { start: string } =>
        p.start !== null && classifyPeriod(p.start, p.end) === 'year' && ANNUAL_FORM.test(p.form ?? ''),
    )
    .map((p) => ({ start: p.start, end: p.end }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The fiscal years behind these periods; `fiscalYearEnd` (MMDD) places quarters no annual or
 * year-to-date period explains. A year an annual report states (NVIDIA's 53 weeks to 2016-01-31)
 * is always one: a start read from another period (a second half, a trailing nine months) that
 * falls inside such a year is not a fiscal year's start and is ignored.
 */
export function fiscalCalendar(input: Iterable<PeriodRef>, fiscalYearEnd?: string | null): FiscalYear[] {
  const periods = [...input];
  const reported = reportedYears(periods);
  const anchored = new Set(reported.map((y) => y.start));
  const insideReported = (start: string) =>
    reported.some((y) => durationDays(y.start, start) > START_TOLERANCE_DAYS && durationDays(start, y.end) >= 0);
  const starts = new Set<string>(anchored);
  const add = (start: string) => {
    if (!anchored.has(start) && !insideReported(start)) starts.add(start);
  };
  const quarters: string[] = [];
  let fye = fiscalYearEnd ?? null;
  for (const p of periods) {
    if (!p.start) continue;
    const kind = classifyPeriod(p.start, p.end);
    if (kind === 'year' || kind === 'half' || kind === 'nine-months') add(p.start);
    if (kind === 'year') {
      add(addIsoDays(p.end, 1));
      fye ??= p.end.slice(5, 7) + p.end.slice(8, 10);
    }
    if (kind === 'quarter') quarters.push(p.start);
  }
  const sorted = () => [...starts].sort();
  for (const q of quarters) {
    const latest = isoDayNumber(q) + START_TOLERANCE_DAYS;
    let known = false;
    for (const s of starts) {
      if (isoDayNumber(s) <= latest && durationDays(s, q) < 360) {
        known = true;
        break;
      }
    }
    if (!known) add(fiscalYearStartFor(addIsoDays(q, 1), fye));
  }
  const years: (FiscalYear & { reported: boolean })[] = [];
  for (const start of sorted()) {
    const fiscal_year = fiscalYearOfStart(start);
    const reportedYear = anchored.has(start);
    const prev = years[years.length - 1];
    // Starts a few days apart (a 52/53-week year's comparatives) are one fiscal year.
    if (prev && durationDays(prev.start, start) <= START_TOLERANCE_DAYS) {
      if (reportedYear && !prev.reported) years[years.length - 1] = { fiscal_year, start, reported: true };
      continue;
    }
    // A transition period: the later start names the year, unless only the earlier one is a reported year.
    if (prev && prev.fiscal_year === fiscal_year) {
      if (prev.reported && !reportedYear) continue;
      years[years.length - 1] = { fiscal_year, start, reported: reportedYear };
      continue;
    }
    years.push({ fiscal_year, start, reported: reportedYear });
  }
  return years.map(({ fiscal_year, start }) => ({ fiscal_year, start }));
}

/** Place a duration period in the calendar; null when it fits no fiscal year or is not a quarter, half, nine months or year. */
export function placePeriod(calendar: readonly FiscalYear[], start: string, end: string): Placement | null {
  const kind = classifyPeriod(start, end);
  if (kind === 'instant' || kind === 'other') return null;
  let year: FiscalYear | undefined;
  const latest = isoDayNumber(start) + START_TOLERANCE_DAYS;
  for (const y of calendar) if (isoDayNumber(y.start) <= latest) year = y;
  if (!year) return null;
  const fromStart = durationDays(year.start, end);
  if (fromStart > 420) return null;
  const fromYearStart = Math.abs(durationDays(year.start, start)) <= START_TOLERANCE_DAYS;
  const quarter = Math.min(4, Math.max(1, Math.round(fromStart / 91.3)));
  return { year, kind, fromYearStart, quarter };
}
