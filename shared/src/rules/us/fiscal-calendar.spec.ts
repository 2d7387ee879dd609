import { describe, it } from 'node:test';
import { expect } from 'expect';
import { fiscalCalendar } from './fiscal-calendar.js';
import { kpiTable, kpiValue } from './kpi-tables.js';
import { companyKpis } from './kpi-values.js';
import { fact } from './testing.js';

/** NVIDIA's 52/53-week years, ending on the last Sunday of January (FY2016: 53 weeks to 2016-01-31). */
const YEARS = [
  { fy: 2015, start: '2014-01-27', end: '2015-01-25', revenue: 4682e6, netIncome: 631e6 },
  { fy: 2016, start: '2015-01-26', end: '2016-01-31', revenue: 5010e6, netIncome: 614e6 },
  { fy: 2017, start: '2016-02-01', end: '2017-01-29', revenue: 6910e6, netIncome: 1666e6 },
];

/** Each year in its own 10-K and again as a comparative in the next two; quarters from the 10-Qs; a second half inside FY2016. */
function januaryFacts() {
  const facts = YEARS.flatMap((y) =>
    [0, 1, 2].flatMap((later) => [
      fact({ concept: 'Revenues', start: y.start, end: y.end, val: y.revenue, form: '10-K', filed: `${y.fy + later}-03-1${later}` }),
      fact({ concept: 'NetIncomeLoss', start: y.start, end: y.end, val: y.netIncome, form: '10-K', filed: `${y.fy + later}-03-1${later}` }),
    ]),
  );
  facts.push(
    fact({ concept: 'Revenues', start: '2015-01-26', end: '2015-04-26', val: 1151e6, filed: '2015-05-20' }),
    fact({ concept: 'Revenues', start: '2015-01-26', end: '2015-07-26', val: 2304e6, filed: '2015-08-20' }),
    fact({ concept: 'Revenues', start: '2015-01-26', end: '2015-10-25', val: 3709e6, filed: '2015-11-19' }),
    // a six-month period that is no fiscal year's first half: it once displaced FY2016 altogether
    fact({ concept: 'NetIncomeLoss', start: '2015-07-27', end: '2016-01-31', val: 439e6, form: '10-K', filed: '2016-03-17' }),
  );
  return facts;
}

describe('fiscal calendar: years ending in January', () => {
  it('keeps every year a 10-K reports, the 53-week one included, whatever else starts inside it', () => {
    const calendar = fiscalCalendar(januaryFacts());
    expect(calendar.filter((y) => y.fiscal_year >= 2015 && y.fiscal_year <= 2017)).toEqual([
      { fiscal_year: 2015, start: '2014-01-27' },
      { fiscal_year: 2016, start: '2015-01-26' },
      { fiscal_year: 2017, start: '2016-02-01' },
    ]);
  });

  it('shows FY2015, FY2016 and FY2017 in the annual table with NVIDIA’s FY2016 revenue and net income', () => {
    const kpis = companyKpis(januaryFacts(), { fiscalYearEnd: '0131' });
    const table = kpiTable(kpis, 'Income Statement', 'annual');
    expect(table.periods.map((p) => [p.key, p.fiscal_date])).toEqual([
      ['FY2015', '2015-01-25'],
      ['FY2016', '2016-01-31'],
      ['FY2017', '2017-01-29'],
    ]);
    expect(kpiValue(kpis, 'revenue@FY2016')).toMatchObject({ value: 5010e6, derived: false });
    expect(kpiValue(kpis, 'net_income@FY2016')).toMatchObject({ value: 614e6 });
    // the 14-week fourth quarter of the 53-week year: FY − 9M
    expect(kpiValue(kpis, 'revenue@2016Q4')).toMatchObject({ value: 5010e6 - 3709e6, derived: true });
  });

  it('with no submissions file (no fiscal year end given) finds the same years', () => {
    const kpis = companyKpis(januaryFacts());
    expect(kpiTable(kpis, 'Income Statement', 'annual').periods.map((p) => p.key)).toEqual(['FY2015', 'FY2016', 'FY2017']);
  });
});
