import { describe, it } from 'node:test';
import { expect } from 'expect';
import { CAPITAL_CLASS_LABELS, capitalFigures, capitalFilingClass, capitalSummary } from './capital.js';

const now = new Date('2024-03-15T00:00:00Z');

describe('capitalFilingClass (spec 2 section 4)', () => {
  it('groups the counted share capital types', () => {
    expect(capitalFilingClass('SH01')).toBe('SH01');
    expect(capitalFilingClass('SH03')).toBe('SH03/SH06');
    expect(capitalFilingClass('sh06')).toBe('SH03/SH06');
    for (const type of ['SH02', 'SH08', 'SH10', 'SH19']) expect(capitalFilingClass(type)).toBe('SH02/SH08/SH10/SH19');
  });

  it('puts anything else under Other', () => {
    expect(capitalFilingClass('SH04')).toBe('Other');
    expect(capitalFilingClass('RES15')).toBe('Other');
    expect(capitalFilingClass(null)).toBe('Other');
    expect(CAPITAL_CLASS_LABELS.Other).toBe('Other capital filings');
  });
});

describe('capitalFigures', () => {
  it('parses comma figures and defaults the currency to GBP', () => {
    const filing = {
      description_values: {
        capital: [{ figure: '1,000.50', currency: 'GBP' }, { figure: '2,500' }, { figure: 10, currency: 'usd' }, { figure: 'n/a' }],
      },
    };
    expect(capitalFigures(filing)).toEqual([
      { currency: 'GBP', figure: 1000.5 },
      { currency: 'GBP', figure: 2500 },
      { currency: 'USD', figure: 10 },
    ]);
    expect(capitalFigures({ description_values: null })).toEqual([]);
  });

  it('tolerates malformed capital lists from the registry JSON', () => {
    const malformed = { description_values: { capital: 'GBP 100' } } as unknown as Parameters<typeof capitalFigures>[0];
    expect(capitalFigures(malformed)).toEqual([]);
    const oddLines = { description_values: { capital: [null, { figure: '7', currency: 840 }] } } as unknown as Parameters<
      typeof capitalFigures
    >[0];
    expect(capitalFigures(oddLines)).toEqual([{ currency: 'GBP', figure: 7 }]);
  });
});

describe('capitalSummary', () => {
  const filings = [
    {
      type: 'SH01',
      date: '2023-05-10',
      transaction_id: 'a',
      description_values: { date: '2023-05-01', capital: [{ figure: '1,000', currency: 'GBP' }] },
    },
    {
      type: 'SH06',
      date: '2023-09-01',
      transaction_id: 'b',
      description_values: { capital: [{ figure: '900' }, { figure: '100', currency: 'EUR' }] },
    },
    { type: 'SH10', date: '2024-01-05', transaction_id: 'c' },
    { type: 'SH01', date: 'garbage', transaction_id: 'd', description_values: { capital: [{ figure: '5' }] } },
    { type: 'RES15', date: '2022-01-01', transaction_id: 'e' },
  ];
  const summary = capitalSummary(filings, now);

  it('counts filings with a usable date per class', () => {
    expect(summary.total).toBe(4);
    expect(summary.counts).toEqual({ SH01: 1, 'SH03/SH06': 1, 'SH02/SH08/SH10/SH19': 1, Other: 1 });
  });

  it('orders the timeline newest first by effective date', () => {
    expect(summary.timeline.map((event) => event.transactionId)).toEqual(['c', 'b', 'a', 'e']);
    expect(summary.timeline[2]).toMatchObject({ date: '2023-05-01', filingClass: 'SH01', label: 'Allotment of shares' });
  });

  it('takes the latest statement of capital from the newest filing with figures', () => {
    expect(summary.latestStatement).toEqual({
      date: '2023-09-01',
      type: 'SH06',
      transactionId: 'b',
      figures: [
        { currency: 'GBP', figure: 900 },
        { currency: 'EUR', figure: 100 },
      ],
      totals: { GBP: 900, EUR: 100 },
    });
    expect(summary.previousStatement?.totals).toEqual({ GBP: 1000 });
  });

  it('is empty without filings', () => {
    expect(capitalSummary([], now)).toMatchObject({ total: 0, latestStatement: null, previousStatement: null, timeline: [] });
  });
});
