import { describe, it } from 'node:test';
import { expect } from 'expect';
import { capitalSummary } from '../../rules/uk/capital.js';
import { capitalChart } from './capital-chart.js';

const now = new Date('2024-03-15T00:00:00Z');
const sh01 = (date: string, capital: { figure: string; currency?: string }[], id = date) => ({
  type: 'SH01',
  date,
  transaction_id: id,
  description: 'statement-of-capital',
  description_values: { capital },
});

describe('capitalChart (spec 2 2.8)', () => {
  it('draws issued capital per statement, oldest first, in the latest statement’s main currency', () => {
    const summary = capitalSummary(
      [
        sh01('2023-06-01', [
          { figure: '1,500', currency: 'GBP' },
          { figure: '10', currency: 'USD' },
        ]),
        sh01('2021-02-10', [{ figure: '1,000' }]),
        { type: 'SH03', date: '2022-05-01', transaction_id: 'b', description_values: {} },
        sh01('2022-09-30', [{ figure: '50', currency: 'USD' }]),
      ],
      now,
    );
    expect(capitalChart(summary)).toEqual({
      currency: 'GBP',
      points: [
        { label: '10/02/2021 SH01', tick: '02/21', value: 1000, date: '2021-02-10' },
        { label: '30/09/2022 SH01', tick: '09/22', value: null, date: '2022-09-30' },
        { label: '01/06/2023 SH01', tick: '06/23', value: 1500, date: '2023-06-01' },
      ],
    });
  });

  it('keeps one bar per date and the newest statements when there are more than fit', () => {
    const filings = Array.from({ length: 12 }, (_, i) => sh01(`20${10 + i}-01-01`, [{ figure: String(100 * (i + 1)) }]));
    filings.push(sh01('2021-01-01', [{ figure: '5' }], 'same-day'));
    const chart = capitalChart(capitalSummary(filings, now), 4)!;
    expect(chart.points.map((p) => p.date)).toEqual(['2018-01-01', '2019-01-01', '2020-01-01', '2021-01-01']);
    expect(new Set(chart.points.map((p) => p.label)).size).toBe(4);
  });

  it('is null without a statement of capital', () => {
    expect(capitalChart(null)).toBeNull();
    expect(capitalChart(capitalSummary([{ type: 'SH03', date: '2022-05-01', description_values: {} }], now))).toBeNull();
  });
});
