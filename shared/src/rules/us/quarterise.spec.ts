import { describe, it } from 'node:test';
import { expect } from 'expect';
import { fiscalCalendar } from './fiscal-calendar.js';
import { durationSeries, instantSeries } from './quarterise.js';
import { calendarYear, fact } from './testing.js';

const series = (facts: ReturnType<typeof fact>[], subtract = true, fye?: string) =>
  durationSeries('revenue', fiscalCalendar(facts, fye), facts, subtract);

describe('durationSeries: discrete quarters from year-to-date figures', () => {
  it('derives Q2 = 6M − Q1, Q3 = 9M − 6M, Q4 = FY − 9M and marks them with their operands', () => {
    const s = series(calendarYear('Revenues', 2023, 100, 210, 330, 460));
    expect(s.annual.map((p) => [p.key, p.value, p.derived])).toEqual([['FY2023', 460, false]]);
    expect(s.quarterly.map((p) => [p.key, p.value, p.derived, p.formula ?? null])).toEqual([
      ['2023Q1', 100, false, null],
      ['2023Q2', 110, true, '6M − Q1'],
      ['2023Q3', 120, true, '9M − 6M'],
      ['2023Q4', 130, true, 'FY − 9M'],
    ]);
    const q4 = s.quarterly[3]!;
    expect(q4.start).toBe('2023-10-01');
    expect(q4.end).toBe('2023-12-31');
    expect(q4.operands.map((o) => [o.label, o.role, o.value, o.source?.form])).toEqual([
      ['FY FY2023', '+', 460, '10-K'],
      ['9M FY2023', '-', 330, '10-Q'],
    ]);
  });

  it('uses a reported discrete quarter rather than deriving it', () => {
    const facts = [
      ...calendarYear('Revenues', 2023, 100, 210, 330, 460),
      fact({ concept: 'Revenues', start: '2023-04-01', end: '2023-06-30', val: 111, filed: '2023-08-01' }),
    ];
    const q2 = series(facts).quarterly.find((p) => p.key === '2023Q2')!;
    expect(q2).toMatchObject({ value: 111, derived: false });
    expect(q2.fact?.start).toBe('2023-04-01');
  });

  it('falls back to FY − (Q1 + Q2 + Q3) when the 9-month figure is missing', () => {
    const facts = [
      fact({ concept: 'Revenues', start: '2023-01-01', end: '2023-03-31', val: 100, filed: '2023-05-01' }),
      fact({ concept: 'Revenues', start: '2023-04-01', end: '2023-06-30', val: 110, filed: '2023-08-01' }),
      fact({ concept: 'Revenues', start: '2023-07-01', end: '2023-09-30', val: 120, filed: '2023-11-01' }),
      fact({ concept: 'Revenues', start: '2023-01-01', end: '2023-12-31', val: 460, filed: '2024-02-15', form: '10-K' }),
    ];
    const q4 = series(facts).quarterly.find((p) => p.key === '2023Q4')!;
    expect(q4).toMatchObject({ value: 130, derived: true, formula: 'FY − (Q1 + Q2 + Q3)' });
    expect(q4.operands.map((o) => [o.role, o.value, o.kpi_value_id ?? null])).toEqual([
      ['+', 460, null],
      ['-', 100, 'revenue@2023Q1'],
      ['-', 110, 'revenue@2023Q2'],
      ['-', 120, 'revenue@2023Q3'],
    ]);
  });

  it('derives nothing without the figures: a year with only Q1 and FY has no Q2-Q4', () => {
    const facts = [
      fact({ concept: 'Revenues', start: '2023-01-01', end: '2023-03-31', val: 100, filed: '2023-05-01' }),
      fact({ concept: 'Revenues', start: '2023-01-01', end: '2023-12-31', val: 460, filed: '2024-02-15', form: '10-K' }),
    ];
    expect(series(facts).quarterly.map((p) => p.key)).toEqual(['2023Q1']);
  });

  it('never subtracts share counts or per-share values: only reported quarters', () => {
    const eps = calendarYear('EarningsPerShareDiluted', 2023, 1.1, 2.3, 3.6, 5.0, 'USD/shares');
    const s = series(eps, false);
    expect(s.annual.map((p) => p.value)).toEqual([5.0]);
    expect(s.quarterly.map((p) => [p.key, p.value, p.derived])).toEqual([['2023Q1', 1.1, false]]);
  });

  it('labels a 53-week year ending in February by the year it ends in, with its quarters', () => {
    const c = 'Revenues';
    const facts = [
      fact({ concept: c, start: '2023-01-29', end: '2023-04-29', val: 10, filed: '2023-06-01' }),
      fact({ concept: c, start: '2023-01-29', end: '2023-07-29', val: 21, filed: '2023-09-01' }),
      fact({ concept: c, start: '2023-01-29', end: '2023-10-28', val: 33, filed: '2023-12-01' }),
      fact({ concept: c, start: '2023-01-29', end: '2024-02-03', val: 50, filed: '2024-03-20', form: '10-K' }),
      fact({ concept: c, start: '2024-02-04', end: '2024-05-04', val: 12, filed: '2024-06-01' }),
    ];
    const s = series(facts, true, '0131');
    expect(s.annual.map((p) => [p.key, p.end])).toEqual([['FY2024', '2024-02-03']]);
    expect(s.quarterly.map((p) => [p.key, p.value])).toEqual([
      ['2024Q1', 10],
      ['2024Q2', 11],
      ['2024Q3', 12],
      ['2024Q4', 17],
      ['2025Q1', 12],
    ]);
  });

  it('labels a Walmart-style year (Feb 1 to Jan 31) by the January it ends in', () => {
    const facts = [fact({ concept: 'Revenues', start: '2023-02-01', end: '2024-01-31', val: 648, filed: '2024-03-15', form: '10-K' })];
    expect(series(facts).annual.map((p) => p.key)).toEqual(['FY2024']);
  });
});

describe('instantSeries: balance sheets are read, never derived', () => {
  it('takes the instant at each period end and leaves a missing one empty', () => {
    const slots = [
      { key: '2023Q3', ending_type: 'Q3' as const, fiscal_year: 2023, start: '2023-07-01', end: '2023-09-30' },
      { key: '2023Q4', ending_type: 'Q4' as const, fiscal_year: 2023, start: '2023-10-01', end: '2023-12-31' },
    ];
    const cash = [fact({ concept: 'Cash', end: '2023-12-31', val: 500, filed: '2024-02-15', form: '10-K' })];
    const points = instantSeries(slots, cash);
    expect(points.map((p) => [p.key, p.value, p.derived])).toEqual([['2023Q4', 500, false]]);
  });
});
