/**
 * Dates as day numbers (days since 1970-01-01, UTC): the generator adds and compares integers,
 * converts with integer civil-calendar arithmetic (no Date objects) and formats each day once
 * ('YYYY-MM-DD' strings are cached).
 */
export type Day = number;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function dayFromParts(year: number, month: number, day: number): Day {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month, day] of a day number (civil_from_days). */
export function partsOf(day: Day): [number, number, number] {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const CACHE_START = dayFromParts(1800, 1, 1);
const CACHE_END = dayFromParts(2200, 1, 1);
const cache: (string | undefined)[] = new Array(CACHE_END - CACHE_START);

export function isoDay(day: Day): string {
  const slot = day - CACHE_START;
  let text = slot >= 0 && slot < cache.length ? cache[slot] : undefined;
  if (text === undefined) {
    const [y, m, d] = partsOf(day);
    text = `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
    if (slot >= 0 && slot < cache.length) cache[slot] = text;
  }
  return text;
}

/**
 * year * 512 + month * 32 + day of every day in the cached range, filled on first use: the
 * generator takes a date apart millions of times (addMonths was a tenth of its time when each call
 * computed the parts and allocated an array for them).
 */
let packedParts: Int32Array | null = null;

function packedPartsOf(day: Day): number {
  const slot = day - CACHE_START;
  if (slot < 0 || slot >= CACHE_END - CACHE_START) {
    const [y, m, d] = partsOf(day);
    return y * 512 + m * 32 + d;
  }
  packedParts ??= fillPackedParts();
  return packedParts[slot];
}

function fillPackedParts(): Int32Array {
  const table = new Int32Array(CACHE_END - CACHE_START);
  let [y, m, d] = partsOf(CACHE_START);
  for (let slot = 0; slot < table.length; slot++) {
    table[slot] = y * 512 + m * 32 + d;
    if (d < daysInMonth(y, m)) d++;
    else if (m < 12) [m, d] = [m + 1, 1];
    else [y, m, d] = [y + 1, 1, 1];
  }
  return table;
}

export function dayOf(iso: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not a date: ${iso}`);
  return dayFromParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function todayDay(): Day {
  return Math.floor(Date.now() / 86_400_000);
}

export function yearOf(day: Day): number {
  return Math.floor(packedPartsOf(day) / 512);
}

export function monthOf(day: Day): number {
  return (packedPartsOf(day) >> 5) & 15;
}

const MONTH_DAYS = [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : MONTH_DAYS[month - 1];
}

/** The last day of the given month. */
export function monthEnd(year: number, month: number): Day {
  return dayFromParts(year, month, daysInMonth(year, month));
}

/** The same day `months` later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: Day, months: number): Day {
  const parts = packedPartsOf(day);
  const y = Math.floor(parts / 512);
  const m = (parts >> 5) & 15;
  const d = parts & 31;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return dayFromParts(year, month, Math.min(d, daysInMonth(year, month)));
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "31 March 2025", as UK accounts print dates. */
export function longDate(day: Day): string {
  const [y, m, d] = partsOf(day);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "31/03/2025" (en-GB), as the register prints dates. */
export function ukDate(day: Day): string {
  const [y, m, d] = partsOf(day);
  return `${d < 10 ? '0' : ''}${d}/${m < 10 ? '0' : ''}${m}/${y}`;
}
