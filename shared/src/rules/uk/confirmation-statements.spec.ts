import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  complianceHealth,
  type ConfirmationStatementFiling,
  confirmationStatementAnalysis,
  csStatus,
  csUpdates,
  filingIntegrity,
  filterConfirmationEvents,
  sortConfirmationEvents,
} from './confirmation-statements.js';

const now = new Date('2024-03-15T12:00:00Z');
let nextId = 0;

/** A CS01 made up on `madeUp` and filed on `filed`. */
function cs(madeUp: string | null, filed: string, extra: Partial<ConfirmationStatementFiling> = {}): ConfirmationStatementFiling {
  return {
    type: 'CS01',
    category: 'confirmation-statement',
    date: filed,
    description: 'confirmation-statement-with-no-updates',
    description_values: madeUp ? { made_up_date: madeUp } : {},
    transaction_id: `t${++nextId}`,
    ...extra,
  };
}

/** Review timing of the statement made up on `madeUp` after one made up on 2022-01-10. */
function second(madeUp: string, filed: string) {
  const { events } = confirmationStatementAnalysis([cs('2022-01-10', '2022-01-12'), cs(madeUp, filed)], now);
  return events[0];
}

describe('review end (spec 2 section 9)', () => {
  it('is the made-up date for the first statement', () => {
    const { events } = confirmationStatementAnalysis([cs('2022-01-10', '2022-01-20')], now);
    expect(events[0]).toMatchObject({
      reviewEnd: '2022-01-10',
      expectedDue: '2022-01-24',
      delayDays: 10,
      onTime: true,
      periodReset: 'first',
    });
  });

  it('is 12 months after the previous made-up date, so a late made-up date is late', () => {
    expect(second('2023-01-10', '2023-01-15')).toMatchObject({ reviewEnd: '2023-01-10', periodReset: null, onTime: true });
    expect(second('2023-01-30', '2023-02-05')).toMatchObject({ reviewEnd: '2023-01-10', delayDays: 26, onTime: false, periodReset: null });
  });

  it('restarts at the made-up date when made up more than 60 days before the expected end', () => {
    expect(second('2022-11-11', '2022-11-30')).toMatchObject({ reviewEnd: '2023-01-10', periodReset: null, onTime: true }); // 60 days early
    expect(second('2022-11-10', '2022-11-30')).toMatchObject({
      reviewEnd: '2022-11-10',
      periodReset: 'early',
      delayDays: 20,
      onTime: false,
    });
  });

  it('restarts at the made-up date after a gap of more than about 13 months', () => {
    expect(second('2023-02-09', '2023-02-10')).toMatchObject({ reviewEnd: '2023-01-10', periodReset: null, onTime: false }); // 395 days
    expect(second('2023-02-10', '2023-02-11')).toMatchObject({ reviewEnd: '2023-02-10', periodReset: 'gap', onTime: true }); // 396 days
  });

  it('is on time when filed within 14 days of the review end', () => {
    expect(second('2023-01-10', '2023-01-24')).toMatchObject({ expectedDue: '2023-01-24', delayDays: 14, onTime: true });
    expect(second('2023-01-10', '2023-01-25')).toMatchObject({ delayDays: 15, onTime: false });
  });

  it('uses the filing date when the made-up date is missing', () => {
    expect(second('bad', '2023-01-12')).toMatchObject({ madeUpDate: null, reviewEnd: '2023-01-10', delayDays: 2 });
  });

  it('flags an early filing under 11.5 months after the previous statement', () => {
    expect(second('2022-12-26', '2022-12-27')).toMatchObject({ earlyFiling: true, periodReset: null }); // 350 days
    expect(second('2022-12-27', '2022-12-28')).toMatchObject({ earlyFiling: false }); // 351 days
  });
});

describe('csUpdates', () => {
  it('reads with or without updates from the description', () => {
    expect(csUpdates({ description: 'confirmation-statement-with-updates' })).toBe('with_updates');
    expect(csUpdates({ description: 'confirmation-statement-with-no-updates' })).toBe('no_updates');
    expect(csUpdates({ description: 'Confirmation statement made on 1 March 2023 with no updates' })).toBe('no_updates');
    expect(csUpdates({ description: 'confirmation-statement', description_values: { description: 'With updates' } })).toBe('with_updates');
    expect(csUpdates({ description: 'confirmation-statement' })).toBe('unknown');
  });
});

describe('csStatus and the next due date', () => {
  it('is overdue after the due date, due soon within 30 days, else on time', () => {
    expect(csStatus(-1)).toBe('overdue');
    expect(csStatus(0)).toBe('due_soon');
    expect(csStatus(30)).toBe('due_soon');
    expect(csStatus(31)).toBe('on_time');
    expect(csStatus(null)).toBe('unknown');
  });

  it('is due 12 months and 14 days after the last made-up date', () => {
    const status = (madeUp: string) => confirmationStatementAnalysis([cs(madeUp, madeUp)], now);
    expect(status('2023-03-01')).toMatchObject({ status: 'due_soon', metrics: { nextDueDate: '2024-03-15', daysUntilDue: 0 } });
    expect(status('2023-02-28')).toMatchObject({ status: 'overdue', metrics: { nextDueDate: '2024-03-13', daysUntilDue: -2 } });
    expect(status('2023-03-31')).toMatchObject({ status: 'due_soon', metrics: { daysUntilDue: 30 } });
    expect(status('2023-04-01')).toMatchObject({ status: 'on_time', metrics: { daysUntilDue: 31 } });
  });
});

describe('complianceHealth', () => {
  it('is good at an on-time ratio of 0.9 or more and an average delay of at most 7 days', () => {
    expect(complianceHealth(0.9, 7, 'on_time')).toBe('good');
    expect(complianceHealth(0.9, 7.01, 'on_time')).toBe('fair');
    expect(complianceHealth(0.8999, 0, 'due_soon')).toBe('fair');
  });

  it('is fair at a ratio of 0.75, or 0.7 with an on-time status', () => {
    expect(complianceHealth(0.75, 30, 'due_soon')).toBe('fair');
    expect(complianceHealth(0.7499, 0, 'due_soon')).toBe('poor');
    expect(complianceHealth(0.7, 0, 'on_time')).toBe('fair');
    expect(complianceHealth(0.6999, 0, 'on_time')).toBe('poor');
  });

  it('is poor when overdue and n/a without statements', () => {
    expect(complianceHealth(1, 0, 'overdue')).toBe('poor');
    expect(complianceHealth(null, null, 'unknown')).toBe('n/a');
  });
});

describe('filingIntegrity', () => {
  const base = { statements: 5, corrections: 0, annotations: 0, updateRatio: 0, multipleUpdatesInYear: false };

  it('is high at 5 corrections plus annotations, or 2 with an update ratio over 0.8', () => {
    expect(filingIntegrity({ ...base, corrections: 3, annotations: 2 })).toBe('high');
    expect(filingIntegrity({ ...base, corrections: 2, annotations: 2 })).toBe('medium');
    expect(filingIntegrity({ ...base, corrections: 2, updateRatio: 0.81 })).toBe('high');
    expect(filingIntegrity({ ...base, corrections: 2, updateRatio: 0.8 })).toBe('medium');
  });

  it('is medium at 2 issues, an update ratio over 0.6 or several update filings in a year', () => {
    expect(filingIntegrity({ ...base, annotations: 2 })).toBe('medium');
    expect(filingIntegrity({ ...base, annotations: 1 })).toBe('low');
    expect(filingIntegrity({ ...base, corrections: 1, updateRatio: 0.61 })).toBe('medium');
    expect(filingIntegrity({ ...base, corrections: 1, updateRatio: 0.6 })).toBe('low');
    expect(filingIntegrity({ ...base, multipleUpdatesInYear: true })).toBe('medium');
    expect(filingIntegrity({ ...base, statements: 0 })).toBe('n/a');
  });
});

describe('confirmationStatementAnalysis', () => {
  it('summarises a punctual company', () => {
    const filings = ['2020-03-01', '2021-03-01', '2022-03-01', '2023-03-01'].map((d) => cs(d, d.replace(/01$/, '06')));
    const analysis = confirmationStatementAnalysis(filings, now);
    expect(analysis.metrics).toMatchObject({
      statements: 4,
      onTime: 4,
      late: 0,
      onTimeRatio: 1,
      averageDelayDays: 5,
      lastMadeUpDate: '2023-03-01',
    });
    expect(analysis).toMatchObject({
      status: 'due_soon',
      compliance: 'good',
      integrity: 'low',
      cadence: { warning: false, earlyFilings: 0 },
    });
    expect(analysis.cadence.averageIntervalMonths).toBeCloseTo(12, 1);
  });

  it('counts second filings of a made-up date and RP04 filings as corrections, and annotations', () => {
    const filings = [
      cs('2023-03-01', '2023-03-05', { annotations: [{ description: 'clarification' }] }),
      cs('2023-03-01', '2023-06-01', { description: 'confirmation-statement-with-updates' }),
      cs('2023-03-01', '2023-07-01', { type: 'RP04CS01' }),
      cs('2022-03-01', '2022-03-03', { type: 'SH01', category: 'capital' }),
      cs('2021-03-01', 'not a date'),
    ];
    const analysis = confirmationStatementAnalysis(filings, now);
    expect(analysis.metrics).toMatchObject({ totalFilings: 3, statements: 1, corrections: 2, annotations: 1, withUpdates: 0 });
    expect(analysis.events.map((event) => event.correction)).toEqual([true, true, false]);
    expect(analysis.events[2]).toMatchObject({ onTime: true });
    expect(analysis.events[0]).toMatchObject({ onTime: null, reviewEnd: null });
  });

  it('detects several filings with updates in one calendar year', () => {
    const filings = [
      cs('2022-01-10', '2022-01-12', { description: 'confirmation-statement-with-updates' }),
      cs('2022-11-01', '2022-11-02', { description: 'confirmation-statement-with-updates' }),
    ];
    expect(confirmationStatementAnalysis(filings, now)).toMatchObject({
      metrics: { multipleUpdatesInYear: true, updateRatio: 1 },
      integrity: 'medium',
    });
  });

  it('warns about cadence when over 40% of at least 3 statements came more than 10 days late', () => {
    const delays = (days: number[]) =>
      days.map((delay, i) => cs(`${2018 + i}-01-10`, new Date(Date.UTC(2018 + i, 0, 10 + delay)).toISOString().slice(0, 10)));
    expect(confirmationStatementAnalysis(delays([11, 11, 0]), now).cadence).toMatchObject({ lateFilings: 2, warning: true });
    expect(confirmationStatementAnalysis(delays([11, 11, 0, 0, 0]), now).cadence).toMatchObject({ lateShare: 0.4, warning: false });
    expect(confirmationStatementAnalysis(delays([11, 11]), now).cadence.warning).toBe(false);
    expect(confirmationStatementAnalysis(delays([10, 10, 10]), now).cadence).toMatchObject({ lateFilings: 0, warning: false });
  });

  it('is unknown and n/a without statements', () => {
    expect(confirmationStatementAnalysis([], now)).toMatchObject({
      status: 'unknown',
      compliance: 'n/a',
      integrity: 'n/a',
      events: [],
      metrics: { onTimeRatio: null, nextDueDate: null },
    });
  });

  it('is poor when overdue even with a perfect record', () => {
    const analysis = confirmationStatementAnalysis([cs('2022-01-10', '2022-01-10')], now);
    expect(analysis).toMatchObject({ status: 'overdue', compliance: 'poor', metrics: { onTimeRatio: 1 } });
  });
});

describe('confirmation statement timeline', () => {
  const { events } = confirmationStatementAnalysis(
    [
      cs('2021-03-01', '2021-03-02', { description: 'confirmation-statement-with-updates' }),
      cs('2022-03-01', '2022-03-02', { annotations: [{}] }),
      cs('2022-03-01', '2022-04-02'),
      cs('2023-03-01', '2023-03-02', { description: 'confirmation-statement' }),
    ],
    now,
  );
  const dates = (list: typeof events) => list.map((event) => event.filedDate);

  it('filters All, With Updates, No Updates, Corrections and With Annotations', () => {
    expect(dates(filterConfirmationEvents(events, 'all'))).toEqual(['2023-03-02', '2022-04-02', '2022-03-02', '2021-03-02']);
    expect(dates(filterConfirmationEvents(events, 'with_updates'))).toEqual(['2021-03-02']);
    expect(dates(filterConfirmationEvents(events, 'no_updates'))).toEqual(['2022-04-02', '2022-03-02']);
    expect(dates(filterConfirmationEvents(events, 'corrections'))).toEqual(['2022-04-02']);
    expect(dates(filterConfirmationEvents(events, 'with_annotations'))).toEqual(['2022-03-02']);
  });

  it('sorts by date or by type', () => {
    expect(dates(sortConfirmationEvents(events, 'date', 'asc'))).toEqual(['2021-03-02', '2022-03-02', '2022-04-02', '2023-03-02']);
    expect(dates(sortConfirmationEvents(events))).toEqual(['2023-03-02', '2022-04-02', '2022-03-02', '2021-03-02']);
    expect(sortConfirmationEvents(events, 'type', 'asc').map((event) => event.label)).toEqual([
      'Confirmation statement',
      'No updates',
      'No updates',
      'With updates',
    ]);
  });
});
