/**
 * Issue 26 section 8: restructuring on real debt notes. The debt note tables of three development
 * 10-Ks (3M 2018, General Mills 2020, Boeing 2018; pages recorded as the parser reads them) give
 * one row per outstanding instrument, each cell's figures in its own quote, and nothing borrowed
 * from a neighbouring paragraph.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { RESTRUCTURING_TEXTS } from '@credence/shared';
import { recordedPage } from '../../../../test/support/filing-pages.js';
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { extractTable } from './table.js';

const COLUMNS = ['Instrument', 'Amount', 'Margin / Coupon', 'Maturity', 'Ranking', 'Governing law'];

function filing(doc: string, pages: number[]): StoredPage[] {
  return pages.map((n) => {
    const lines = recordedPage(doc, n);
    return { documentId: doc, fileName: `${doc}.pdf`, page: n, text: lines.map((l) => l.text).join('\n'), lines, figures: 0 };
  });
}

const rows = (doc: string, pages: number[]) => extractTable(filing(doc, pages), COLUMNS, 'Debt').table.rows;
const named = (all: ReturnType<typeof rows>, name: string) => {
  const row = all.find((r) => r.Instrument!.text === name);
  if (!row) throw new Error(`no row ${name}: ${all.map((r) => r.Instrument!.text).join(' | ')}`);
  return row;
};

/** Every figure a cell states is in the quote it cites (what the model path's cell check demands). */
function everyFigureQuoted(all: ReturnType<typeof rows>): void {
  for (const row of all)
    for (const [column, cell] of Object.entries(row)) {
      if (cell.text === RESTRUCTURING_TEXTS.notFound) continue;
      const quote = (cell.quote ?? '').replace(/\s+/g, '');
      for (const figure of cell.text.match(/\d+(?:[.,]\d+)*/g) ?? [])
        expect({ column, figure, in: quote.includes(figure) }).toEqual({ column, figure, in: true });
    }
}

describe('restructuring: the instruments of a real 10-K debt note', () => {
  it('General Mills 2020: every instrument of the debt note once, notes with coupon, maturity date and amount from their own rows', () => {
    // Note 9 (pp.71-72): notes payable by lender, the credit facilities by expiry, and the long-term debt table
    const all = rows('GENERALMILLS_2020_10K', [71, 72]);
    const notes = all.map((r) => r.Instrument!.text);
    expect([...notes].sort()).toEqual(
      [
        'U.S. commercial paper',
        'Financial institutions (notes payable)',
        'Credit facility expiring May 2022',
        'Credit facility expiring September 2022',
        'Uncommitted credit facilities',
        '4.2% notes due April 17, 2028',
        '3.15% notes due December 15, 2021',
        '3.7% notes due October 17, 2023',
        'Floating-rate notes due April 16, 2021',
        '4.0% notes due April 17, 2025',
        '3.2% notes due February 10, 2027',
        '2.875% notes due April 15, 2030',
        'Euro-denominated 0.45% notes due January 15, 2026',
        '4.7% notes due April 17, 2048',
        '3.2% notes due April 16, 2021',
        'Euro-denominated 2.1% notes due November 16, 2020',
        'Euro-denominated 1.0% notes due April 27, 2023',
        '4.55% notes due April 17, 2038',
        '2.6% notes due October 12, 2022',
        '5.4% notes due June 15, 2040',
        '4.15% notes due February 15, 2043',
        '3.65% notes due February 15, 2024',
        'Euro-denominated 1.5% notes due April 27, 2027',
        'Floating-rate notes due October 17, 2023',
        'Euro-denominated 2.2% notes due June 24, 2021',
        'Euro-denominated 0.0% notes due November 16, 2020',
        'Medium-term notes, 0.56% to 6.61%, due fiscal 2021 or later',
      ].sort(),
    );
    // "Credit facility expiring: / May 2022 $ 2.7 $ -" (in billions): the facility's size and expiry from its own row
    const facility = named(all, 'Credit facility expiring May 2022');
    expect(facility.Amount!.text).toBe('2.7 billion (facility amount)');
    expect(facility.Maturity!.text).toBe('May 2022');
    // repaid during the year (a dash in the May 31, 2020 column): not an instrument any more
    expect(notes).not.toContain('2.2% notes due October 21, 2019');
    expect(notes.some((n) => /^(?:Total|Less|Other)/.test(n))).toBe(false);
    const note = named(all, '4.2% notes due April 17, 2028');
    expect(note['Margin / Coupon']).toMatchObject({ text: '4.2%', pageNumber: 72 });
    expect(note.Maturity!.text).toBe('April 17, 2028');
    expect(note.Amount!.text).toBe('1,400.0 million (carrying value)');
    expect(named(all, 'Medium-term notes, 0.56% to 6.61%, due fiscal 2021 or later')['Margin / Coupon']!.text).toBe('0.56% to 6.61%');
    // a floating-rate note states no coupon: not another row's
    expect(named(all, 'Floating-rate notes due October 17, 2023')['Margin / Coupon']!.text).toBe(RESTRUCTURING_TEXTS.notFound);
    everyFigureQuoted(all);
  });

  it('3M 2018: the long-term debt table by principal, rate and maturity year; the revolving facility from the text, its amount and maturity the ones it was amended to', () => {
    const all = rows('3M_2018_10K', [88, 89]);
    const note = named(all, 'Medium-term note ($600 million) USD Fixed 3.62% 2028');
    expect(note.Amount!.text).toBe('$600 million');
    expect(note.Maturity!.text).toBe('2028');
    expect(note['Margin / Coupon']!.text).toBe('3.62% (effective interest rate)');
    expect(all.filter((r) => /Medium-term note/.test(r.Instrument!.text))).toHaveLength(25);
    expect(all.some((r) => /repaid/.test(r.Instrument!.text))).toBe(false);
    const revolver = named(all, 'revolving credit facility');
    // "amended ... its existing $2.25 billion facility expiring in August 2019 to a $3.75 billion ... facility expiring in March 2021"
    expect(revolver.Amount!.text).toBe('$3.75 billion');
    expect(revolver.Maturity!.text).toBe('March 2021');
    // the debt table's "Effective Interest Rate" of fixed-rate debt is not the facility's margin
    expect(revolver['Margin / Coupon']!.text).toBe(RESTRUCTURING_TEXTS.notFound);
    // no paragraph about anything else stands in for a column the document does not answer
    for (const row of all) expect(row['Governing law']!.text).toBe(RESTRUCTURING_TEXTS.notFound);
    everyFigureQuoted(all);
  });

  it('Boeing 2018: rows of a rate range and "due through" a year are instruments too', () => {
    const all = rows('BOEING_2018_10K', [93]);
    const names = all.map((r) => r.Instrument!.text);
    // every row of the table at December 31, 2018, as printed (the unsecured securities, commercial paper, the non-recourse notes)
    expect(names).toEqual([
      '0.95% - 4.88% due through 2048',
      '5.80% - 6.88% due through 2043',
      '7.25% - 8.75% due through 2043',
      'Commercial paper',
      '6.98% - 7.38% notes due through 2021',
      'Capital lease obligations due through 2034',
      'Other notes',
    ]);
    expect(names).not.toContain('Total debt');
    const notes = named(all, '6.98% - 7.38% notes due through 2021');
    expect(notes['Margin / Coupon']!.text).toBe('6.98% to 7.38%');
    expect(notes.Maturity!.text).toBe('2021');
    everyFigureQuoted(all);
  });
});
