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
    expect(ebitda.metric?.metric.key).toBe('ebitda');
    expect(ebitda.terms.map((t) => t.key)).toEqual(['operatingIncome', 'da']);
    expect(ebitda.years).toEqual(['2019']);
    const margin = questionTerms('operating margin in 2018');
    expect(margin.terms.map((t) => t.key)).toEqual(['operatingIncome', 'revenue']);
    expect(questionTerms('How did revenue grow from 2018 to 2019?')).toMatchObject({ wantsChange: true, years: ['2018', '2019'] });
    expect(questionTerms('What was gross margin in 2019?').metric?.metric.key).toBe('grossMargin');
  });

  it('keeps the instructions out of the search words, and reads the statement, unit and rounding they ask', () => {
    const q = questionTerms(
      'Assume that you are a public equities analyst. Answer the following question by primarily using information that is shown in the balance sheet: what is the year end FY2018 net PPNE for 3M? Answer in USD billions.',
    );
    expect(q.terms.map((t) => t.key)).toEqual(['ppe']);
    expect(q.statements).toEqual(['balance']);
    expect(q.scale).toBe(1e9);
    expect(q.words).not.toContain('assume');
    expect(q.words).not.toContain('equities');
    const rounded = questionTerms('What is the working capital ratio? Round your answer to two decimal places.');
    expect(rounded).toMatchObject({ decimals: 2, computed: true });
  });

  it('knows catalogue metrics by name, with the line items and periods they need', () => {
    const dpo = questionTerms(
      'What is FY2018 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts payable between FY2017 and FY2018) / (FY2018 COGS + change in inventory between FY2017 and FY2018).',
    );
    expect(dpo.metric?.metric.key).toBe('dpoPurchases');
    expect(dpo.terms.map((t) => t.key)).toEqual(expect.arrayContaining(['accountsPayable', 'costOfSales', 'inventories']));
    expect(questionTerms('What is the FY2021 net working capital?').metric?.metric.key).toBe('netWorkingCapital');
    expect(
      questionTerms('Define working capital ratio as total current assets divided by total current liabilities.').metric?.metric.key,
    ).toBe('currentRatio');
    const average = questionTerms('What is the FY2017 - FY2019 3 year average of capex as a % of revenue?');
    expect(average.metric).toMatchObject({ metric: { key: 'capexToRevenue' }, averagedOverYears: true });
    expect(questionTerms('What is the 2 year total revenue CAGR from FY2020 to FY2022?')).toMatchObject({ cagr: true, computed: true });
    // a ratio the catalogue does not hold is still known as computed: answered with it or declined
    expect(questionTerms('What is the price to book multiple in 2020?').computed).toBe(true);
  });

  it('searches a narrative topic by the words filings use for it', () => {
    const q = questionTerms('Has the company reported any materially important ongoing legal battles from FY2022?');
    expect(q.words).toContain('litigation|lawsuits|lawsuit|proceedings|legal');
    expect(q.words).not.toContain('battles');
    expect(concepts(q)).toContain('litigation OR lawsuits OR lawsuit OR proceedings OR legal');
    expect(questionTerms('As of Q2 2023, is it spinning off any large business segments?').words[0]).toContain('separation');
  });

  it('searches primary customers by how filings write a revenue concentration, not by "primary"', () => {
    const q = questionTerms('Who are the primary customers of Boeing as of FY2022?');
    expect(q.words).toContain('customers|customer|clients');
    expect(q.words.some((w) => w.split('|').includes('portion of our revenues'))).toBe(true);
    expect(q.words).not.toContain('primary');
  });

  it('searches regions named in capitals ("US") as printed, with the geographic breakdown, and not "compare"', () => {
    const q = questionTerms("How did JnJ's US sales growth compare to international sales growth in FY2022?");
    expect(q.words).toContain('u.s.|united states');
    expect(q.words).toContain('geographic|regional|regions|region');
    expect(q.words).toContain('international');
    expect(q.words).not.toContain('compare');
    // the pronoun and a currency stay as written
    expect(questionTerms('Tell us the revenue in US$ millions').words.join(' ')).not.toContain('u.s.');
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

  it('reads no other line item under a name its label only starts with, and no percent column as an amount', () => {
    const page = [
      line('Years ended December 31 2019 2018 2017'),
      line('Sales and marketing 10 15 15'),
      line('Property, plant and equipment - net 8,738 8,866 8,513'),
      line('Operating income margin 19.1 % 20.8 % (1.7)%'),
      line('Operating income 6,539 7,207 (9.3)% 7,820'),
    ];
    expect(findRow(page, ['sales'])).toBeNull();
    expect(findRow(page, ['property, plant and equipment - net', 'property, plant and equipment'], '2018')).toMatchObject({
      printed: '8,866',
    });
    expect(findRow(page, ['operating income'], '2018')).toMatchObject({ printed: '7,207' });
  });

  it('parses figures as printed', () => {
    expect(parseFigure('(1,234.5)')).toBe(-1234.5);
    expect(parseFigure('$ 2,000')).toBe(2000);
  });
});
