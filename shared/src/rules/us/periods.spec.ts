import { describe, it } from 'node:test';
import { expect } from 'expect';
import { classifyPeriod, durationDays, fiscalYearOfStart, fiscalYearStartFor, parseFiscalYearEnd } from './periods.js';
import { fiscalCalendar, placePeriod } from './fiscal-calendar.js';

describe('classifyPeriod: by start and end dates', () => {
  it('buckets quarters, halves, nine months and years, whatever month the year ends in', () => {
    expect(classifyPeriod(null, '2023-12-31')).toBe('instant');
    expect(classifyPeriod('2023-01-01', '2023-03-31')).toBe('quarter');
    expect(classifyPeriod('2023-02-01', '2023-04-29')).toBe('quarter');
    expect(classifyPeriod('2023-01-01', '2023-06-30')).toBe('half');
    expect(classifyPeriod('2022-10-01', '2023-07-01')).toBe('nine-months');
    expect(classifyPeriod('2023-02-01', '2024-01-31')).toBe('year');
  });

  it('keeps 52- and 53-week years and 16-week quarters in their buckets', () => {
    expect(durationDays('2021-01-04', '2022-01-02')).toBe(363);
    expect(classifyPeriod('2021-01-04', '2022-01-02')).toBe('year');
    expect(classifyPeriod('2022-09-25', '2023-09-30')).toBe('year'); // 53 weeks: 370 days
    expect(classifyPeriod('2023-01-01', '2023-04-22')).toBe('quarter'); // 16 weeks
  });

  it('leaves odd lengths out (a month, two years) and rejects impossible dates', () => {
    expect(classifyPeriod('2023-01-01', '2023-01-31')).toBe('other');
    expect(classifyPeriod('2021-01-01', '2022-12-31')).toBe('other');
    expect(classifyPeriod('2023-02-30', '2023-12-31')).toBe('other');
  });
});

describe('fiscal year names', () => {
  it('names a year by the calendar year it ends in, a 52/53-week year ending in early January by the year before', () => {
    expect(fiscalYearOfStart('2023-01-01')).toBe(2023);
    expect(fiscalYearOfStart('2021-01-04')).toBe(2021);
    expect(fiscalYearOfStart('2023-02-01')).toBe(2024);
    expect(fiscalYearOfStart('2022-09-25')).toBe(2023);
  });

  it('finds the start of the fiscal year holding a date from the MMDD year end', () => {
    expect(fiscalYearStartFor('2024-03-15', '0131')).toBe('2024-02-01');
    expect(fiscalYearStartFor('2024-01-15', '0131')).toBe('2023-02-01');
    expect(fiscalYearStartFor('2024-05-01', null)).toBe('2024-01-01');
    expect(fiscalYearStartFor('2024-05-01', '0930')).toBe('2023-10-01');
    expect(parseFiscalYearEnd('1301')).toBeNull();
    expect(parseFiscalYearEnd('0228')).toEqual({ month: 2, day: 28 });
  });
});

describe('fiscalCalendar and placePeriod', () => {
  it('reads fiscal years from annual and year-to-date periods and numbers quarters by their end', () => {
    const cal = fiscalCalendar([
      { start: '2022-02-01', end: '2023-01-31' },
      { start: '2023-02-01', end: '2023-07-29' },
      { start: '2023-07-30', end: '2023-10-28' },
    ]);
    expect(cal.map((y) => [y.fiscal_year, y.start])).toEqual([
      [2023, '2022-02-01'],
      [2024, '2023-02-01'],
    ]);
    expect(placePeriod(cal, '2023-07-30', '2023-10-28')).toMatchObject({ kind: 'quarter', quarter: 3, fromYearStart: false });
    expect(placePeriod(cal, '2023-02-01', '2023-07-29')).toMatchObject({ kind: 'half', quarter: 2, fromYearStart: true });
    expect(placePeriod(cal, '2022-02-01', '2023-01-31')).toMatchObject({ kind: 'year', quarter: 4 });
  });

  it('places quarters no annual period explains with the fiscal year end, and merges starts days apart', () => {
    const cal = fiscalCalendar([{ start: '2024-10-01', end: '2024-12-31' }], '0930');
    expect(cal).toEqual([{ fiscal_year: 2025, start: '2024-10-01' }]);
    expect(placePeriod(cal, '2024-10-01', '2024-12-31')?.quarter).toBe(1);
    const weeks = fiscalCalendar([
      { start: '2021-01-04', end: '2022-01-02' },
      { start: '2022-01-03', end: '2022-07-03' },
      { start: '2022-01-01', end: '2022-06-30' },
    ]);
    expect(weeks.map((y) => y.fiscal_year)).toEqual([2021, 2022]);
  });
});
