import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  addMonths,
  bucketIndex,
  countPerBucket,
  DAY_MS,
  effectiveFilingDate,
  formatDate,
  isUsableFilingDate,
  monthlyBuckets,
  parseDate,
  parseUkDate,
  toIsoDate,
  ukDateToIso,
  withinLastMonths,
} from './dates.js';

const now = new Date('2024-03-15T10:30:00Z');
const iso = (value: Date | null) => (value ? toIsoDate(value) : null);

describe('parseDate', () => {
  it('reads ISO and DD/MM/YYYY as the same UTC calendar day', () => {
    expect(parseDate('2024-02-29')?.getTime()).toBe(Date.UTC(2024, 1, 29));
    expect(parseDate('29/02/2024')?.getTime()).toBe(Date.UTC(2024, 1, 29));
    expect(parseDate(' 2024-02-29 ')?.getTime()).toBe(Date.UTC(2024, 1, 29));
  });

  it('keeps the time of an ISO date-time and accepts Date and epoch ms', () => {
    expect(parseDate('2024-03-01T12:00:00Z')?.getTime()).toBe(Date.UTC(2024, 2, 1, 12));
    expect(parseDate(new Date(5))?.getTime()).toBe(5);
    expect(parseDate(7)?.getTime()).toBe(7);
  });

  it('rejects days that do not exist and other formats', () => {
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('31/04/2024')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(parseDate('2024-02-30T00:00:00Z')).toBeNull();
    expect(parseDate('1/3/2024')).toBeNull();
    expect(parseDate('March 2024')).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(parseDate(Number.NaN)).toBeNull();
    expect(parseDate(new Date('nope'))).toBeNull();
  });
});

describe('DD/MM/YYYY filter dates', () => {
  it('accepts only two-digit day and month and converts to year-month-day', () => {
    expect(iso(parseUkDate('05/11/2023'))).toBe('2023-11-05');
    expect(ukDateToIso('05/11/2023')).toBe('2023-11-05');
    expect(ukDateToIso('5/11/2023')).toBeNull();
    expect(ukDateToIso('2023-11-05')).toBeNull();
    expect(ukDateToIso('31/11/2023')).toBeNull();
    expect(ukDateToIso(undefined)).toBeNull();
  });
});

describe('formatDate (spec 2 section 5)', () => {
  it('shows en-GB day/month/year', () => {
    expect(formatDate('2024-03-05', now)).toBe('05/03/2024');
    expect(formatDate('05/03/2024', now)).toBe('05/03/2024');
  });

  it('shows N/A when missing and - for year 0000', () => {
    expect(formatDate(null, now)).toBe('N/A');
    expect(formatDate(undefined, now)).toBe('N/A');
    expect(formatDate('', now)).toBe('N/A');
    expect(formatDate('0000-00-00', now)).toBe('-');
    expect(formatDate('00/00/0000', now)).toBe('-');
  });

  it('shows Invalid Date when unparsable, before 1900 or more than 10 years ahead', () => {
    expect(formatDate('not a date', now)).toBe('Invalid Date');
    expect(formatDate('1899-12-31', now)).toBe('Invalid Date');
    expect(formatDate('1900-01-01', now)).toBe('01/01/1900');
    expect(formatDate('2034-12-31', now)).toBe('31/12/2034');
    expect(formatDate('2035-01-01', now)).toBe('Invalid Date');
  });
});

describe('isUsableFilingDate', () => {
  it('needs a valid date in a year after 1900 and before the current year + 10', () => {
    expect(isUsableFilingDate('1900-12-31', now)).toBe(false);
    expect(isUsableFilingDate('1901-01-01', now)).toBe(true);
    expect(isUsableFilingDate('2033-12-31', now)).toBe(true);
    expect(isUsableFilingDate('2034-01-01', now)).toBe(false);
    expect(isUsableFilingDate('2024-02-30', now)).toBe(false);
    expect(isUsableFilingDate(undefined, now)).toBe(false);
  });
});

describe('effectiveFilingDate', () => {
  it('prefers the event date of description_values over the filing date', () => {
    const filing = { date: '2024-02-01', description_values: { appointment_date: '2024-01-10' } };
    expect(iso(effectiveFilingDate(filing, now))).toBe('2024-01-10');
    expect(iso(effectiveFilingDate({ date: '2024-02-01', description_values: { cessation_date: '2023-12-01' } }, now))).toBe('2023-12-01');
  });

  it('skips unusable candidates and gives null when none is usable', () => {
    expect(iso(effectiveFilingDate({ date: '2024-02-01', description_values: { appointment_date: '0000-00-00' } }, now))).toBe(
      '2024-02-01',
    );
    expect(iso(effectiveFilingDate({ date: 'bad', action_date: '2024-01-05' }, now))).toBe('2024-01-05');
    expect(effectiveFilingDate({ date: '1899-01-01' }, now)).toBeNull();
    expect(effectiveFilingDate({}, now)).toBeNull();
  });
});

describe('addMonths', () => {
  it('clamps the day to the end of a shorter month', () => {
    expect(iso(addMonths(new Date(Date.UTC(2024, 0, 31)), 1))).toBe('2024-02-29');
    expect(iso(addMonths(new Date(Date.UTC(2024, 1, 29)), -12))).toBe('2023-02-28');
    expect(iso(addMonths(new Date(Date.UTC(2023, 10, 15)), 14))).toBe('2025-01-15');
  });
});

describe('withinLastMonths (12-month insight window)', () => {
  it('includes the same day 12 months ago and today, excludes the day before and the future', () => {
    expect(withinLastMonths('2023-03-15', 12, now)).toBe(true);
    expect(withinLastMonths('2023-03-14', 12, now)).toBe(false);
    expect(withinLastMonths('2024-03-15', 12, now)).toBe(true);
    expect(withinLastMonths('2024-03-15T23:59:59Z', 12, now)).toBe(true);
    expect(withinLastMonths('2024-03-16', 12, now)).toBe(false);
    expect(withinLastMonths('garbage', 12, now)).toBe(false);
  });

  it('honours other window lengths', () => {
    expect(withinLastMonths('2023-09-15', 6, now)).toBe(true);
    expect(withinLastMonths('2023-09-14', 6, now)).toBe(false);
  });
});

describe('monthlyBuckets', () => {
  const buckets = monthlyBuckets(now, 12);

  it('gives 12 contiguous buckets, oldest first, named by the month they end in', () => {
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toMatchObject({ key: '2023-04', label: 'Apr 2023', startMs: Date.UTC(2023, 2, 15), endMs: Date.UTC(2023, 3, 15) });
    expect(buckets[11]).toMatchObject({ key: '2024-03', label: 'Mar 2024', startMs: Date.UTC(2024, 1, 15), endMs: Date.UTC(2024, 2, 16) });
    for (let i = 1; i < buckets.length; i++) expect(buckets[i].startMs).toBe(buckets[i - 1].endMs);
  });

  it('covers exactly the withinLastMonths window', () => {
    for (let ms = Date.UTC(2023, 2, 10); ms <= Date.UTC(2024, 2, 20); ms += DAY_MS) {
      expect(bucketIndex(buckets, ms) >= 0).toBe(withinLastMonths(new Date(ms), 12, now));
    }
  });

  it('counts instants per bucket and ignores those outside', () => {
    const counts = countPerBucket(buckets, [Date.UTC(2023, 2, 15), Date.UTC(2023, 3, 14), Date.UTC(2024, 2, 15), Date.UTC(2022, 0, 1)]);
    expect(counts[0]).toBe(2);
    expect(counts[11]).toBe(1);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('keeps twelve distinct month names at a month end', () => {
    const keys = monthlyBuckets(new Date('2024-03-31T00:00:00Z')).map((bucket) => bucket.key);
    expect(new Set(keys).size).toBe(12);
    expect(keys[10]).toBe('2024-02');
  });
});
