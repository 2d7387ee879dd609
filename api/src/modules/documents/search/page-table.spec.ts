/**
 * Tables rebuilt from the layout of real filings' pages (the development set of issue 26,
 * FinanceBench's open sample): period headers over each column (years, dates set over two lines,
 * "Three Months Ended"), percent columns told apart from amounts, units, parentheses as negatives,
 * and a row read from the column of the period asked. The pages' lines as the parser reads them
 * are recorded in api/test/fixtures/filing-pages (`node api/scripts/record-filing-pages.js` writes
 * them again from the development set), so the suite runs wherever the repository does.
 */
import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import { recordedPage } from '../../../../test/support/filing-pages.js';
import type { PageLine } from '../../../platform/ai/evidence/page-lines.js';
import { lineItem } from '@credence/shared';
import { pageTables, type PageTable } from '../../../platform/ai/evidence/page-table.js';
import { cellFits, findRow, parseFigure, unitNote } from './statement-row.js';

const page = recordedPage;

const rowOf = (table: PageTable, label: string) => {
  const row = table.rows.find((r) => r.label === label);
  if (!row) throw new Error(`no row ${label}: ${table.rows.map((r) => r.label).join(' | ')}`);
  return table.columns.map((c, i) => ({ year: c.year, kind: c.kind, printed: row.cells[i] })).filter((c) => c.printed);
};

describe('tables rebuilt from the layout of real filings', () => {
  let earnings: PageLine[];
  let balance: PageLine[];
  let segments: PageLine[];

  before(() => {
    earnings = page('JOHNSON_JOHNSON_2022Q4_EARNINGS', 10);
    balance = page('3M_2018_10K', 58);
    segments = page('Pfizer_2023Q2_10Q', 38);
  });

  it('an earnings release: each year over an amount and a percent-to-sales column, the change column a percent, the unit from the title', () => {
    const [table] = pageTables(earnings);
    expect(table.unit).toMatch(/in millions/i);
    expect(rowOf(table, 'Sales to customers')).toEqual([
      { year: '2022', kind: 'amount', printed: '23,706' },
      { year: '2022', kind: 'percent', printed: '100.0' },
      { year: '2021', kind: 'amount', printed: '24,804' },
      { year: '2021', kind: 'percent', printed: '100.0' },
      { year: null, kind: 'percent', printed: '(4.4)' },
    ]);
    // the percent-to-sales and change columns are never read as the year's amount
    expect(findRow(earnings, lineItem('netIncome').phrases, '2021')).toMatchObject({ printed: '4,736', value: 4736 });
    expect(findRow(earnings, ['interest (income) expense, net'], '2022')).toMatchObject({ printed: '(77)', value: -77 });
  });

  it('a balance sheet whose dates are set over two lines ("December 31," above "2018"): each column its year', () => {
    const [table] = pageTables(balance);
    expect(table.columns.map((c) => c.year)).toEqual(['2018', '2017']);
    expect(table.unit).toMatch(/millions/);
    expect(findRow(balance, lineItem('ppe').phrases, '2017')).toMatchObject({
      label: 'Property, plant and equipment — net',
      printed: '8,866',
    });
    expect(findRow(balance, lineItem('inventories').phrases, '2018')).toMatchObject({ printed: '4,366' });
    expect(findRow(balance, lineItem('totalCurrentAssets').phrases, '2018')).toMatchObject({ value: 13709 });
  });

  it('a quarterly segment table: "Three Months Ended" and "Six Months Ended" columns by date, "% Change" a percent', () => {
    const table = pageTables(segments).find((t) => t.rows.some((r) => r.label === 'United States'))!;
    expect(table.columns.map((c) => `${c.year} ${c.kind}`)).toEqual([
      '2023 amount',
      '2022 amount',
      '2022 percent',
      '2023 amount',
      '2022 amount',
      '2022 percent',
    ]);
    expect(table.columns[0].header).toMatch(/Three Months Ended July 2, 2023/);
    expect(findRow(segments, ['united states'], '2023')).toMatchObject({ printed: '6,185' });
    expect(findRow(segments, ['united states'], '2023', true)).toMatchObject({ printed: '14,692' });
    expect(unitNote('(MILLIONS) 2023 2022')).toBe('MILLIONS');
  });

  it('a statement of operations with a percent-of-revenue column beside each year: the amounts are read, never the percents', () => {
    const activision = page('ACTIVISIONBLIZZARD_2019_10K', 37);
    const [table] = pageTables(activision);
    // the sentence above the table says "as a percentage of total net revenues": it is no column's heading
    expect(table.columns.map((c) => `${c.year} ${c.kind}`)).toEqual(['2019 amount', '2019 percent', '2018 amount', '2018 percent']);
    expect(rowOf(table, 'Total net revenues').map((c) => c.printed)).toEqual(['6,489', '100', '7,500', '100']);
    expect(findRow(activision, lineItem('operatingIncome').phrases, '2019')).toMatchObject({ printed: '1,607', value: 1607 });
    expect(findRow(activision, lineItem('operatingIncome').phrases, '2018')).toMatchObject({ printed: '1,988' });
    expect(findRow(activision, lineItem('netIncome').phrases, '2019')?.periods.map((p) => p.printed)).toEqual(['1,503', '1,848']);
    expect(findRow(activision, lineItem('incomeTax').phrases, '2018')).toMatchObject({ printed: '29' });
  });

  it("a summary whose rows of rates share the amounts' columns: a rate row is never read as an amount", () => {
    const walmart = page('WALMART_2020_10K', 36);
    expect(findRow(walmart, lineItem('revenue').phrases, '2020')).toMatchObject({ label: 'Net sales', printed: '519,926' });
    expect(findRow(walmart, lineItem('operatingIncome').phrases, '2019')).toMatchObject({ printed: '21,957' });
    expect(findRow(walmart, ['percentage change from comparable period'], '2020')).toBeNull();
    expect(findRow(walmart, ['percentage change from comparable period'], '2020', false, 'percent')).toMatchObject({ printed: '1.9%' });
  });

  it("a cell fits a line item by its column's kind and its own printing", () => {
    expect(cellFits('amount', '1,607')).toBe(true);
    expect(cellFits('percent', '25')).toBe(false);
    expect(cellFits('amount', '25%')).toBe(false);
    expect(cellFits('per-share', '1.95')).toBe(false);
    expect(cellFits('per-share', '1.95', 'per-share')).toBe(true);
    expect(cellFits('count', '11,501')).toBe(false);
    expect(cellFits('amount', '21.0%', 'percent')).toBe(true);
    expect(cellFits('percent', '(4.4)', 'percent')).toBe(false);
  });

  it('figures as printed: parentheses and dashes', () => {
    expect(parseFigure('(16,135)')).toBe(-16135);
    expect(parseFigure('—')).toBe(0);
  });
});
