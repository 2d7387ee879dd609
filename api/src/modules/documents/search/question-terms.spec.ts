import { describe, it } from 'node:test';
import { expect } from 'expect';
import { concepts } from './page-search.js';
import { questionTerms } from './question-terms.js';
import { findRow, parseFigure } from './statement-row.js';

const line = (text: string) => ({ text, items: [] });

describe('document questions: finance terms', () => {
  it('knows a line item by any of its printed names', () => {
    expect(questionTerms('What was turnover in 2019?').terms.map((t) => t.key)).toEqual(['revenue']);
    expect(questionTerms('total net sales in 2017').terms.map((t) => t.key)).toEqual(['revenue']);
    expect(questionTerms('Purchases of property and equipment last year').terms.map((t) => t.key)).toEqual(['capex']);
    expect(questionTerms('How much D&A was there?').terms.map((t) => t.key)).toEqual(['da']);
    expect(questionTerms('cost of sales in FY2018').terms.map((t) => t.key)).toEqual(['costOfSales']);
  });

  it('reads the years, a change, and a metric the question defines with the line items it needs', () => {
    const ebitda = questionTerms('What was EBITDA in FY2019?');
    expect(ebitda.metric?.key).toBe('ebitda');
    expect(ebitda.terms.map((t) => t.key)).toEqual(['operatingIncome', 'da']);
    expect(ebitda.years).toEqual(['2019']);
    const margin = questionTerms('operating margin in 2018');
    expect(margin.terms.map((t) => t.key)).toEqual(['operatingIncome', 'revenue']);
    expect(questionTerms('How did revenue grow from 2018 to 2019?')).toMatchObject({ wantsChange: true, years: ['2018', '2019'] });
    expect(questionTerms('What was gross margin in 2019?').metric).toBeNull();
  });

  it('searches a line item by all its names, and other words as they are', () => {
    const parts = concepts(questionTerms('What was revenue from Greater China?'));
    expect(parts[0]).toContain('"net sales"');
    expect(parts[0]).toContain('turnover');
    expect(parts).toContain('greater');
    expect(parts).toContain('china');
  });
});

describe('document questions: statement rows', () => {
  const lines = [
    line('CONSOLIDATED STATEMENTS OF CASH FLOWS'),
    line('Years ended September 2019 2018 2017'),
    line('Net income 55,256 59,531 48,351'),
    line('Purchases of property and equipment 7 (10,495) (13,313) (12,451)'),
  ];

  it('reads the period asked from the header years, right-aligned past a note reference', () => {
    const row = findRow(lines, ['purchases of property and equipment'], '2018');
    expect(row).toMatchObject({ year: '2018', printed: '(13,313)', value: -13313 });
    expect(findRow(lines, ['net income'])).toMatchObject({ year: '2019', printed: '55,256', value: 55256 });
    expect(findRow(lines, ['net income'], '2016')).toBeNull();
    expect(findRow(lines, ['revenue'])).toBeNull();
  });

  it('parses figures as printed', () => {
    expect(parseFigure('(1,234.5)')).toBe(-1234.5);
    expect(parseFigure('$ 2,000')).toBe(2000);
  });
});
