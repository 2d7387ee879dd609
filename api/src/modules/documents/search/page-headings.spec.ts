import { describe, it } from 'node:test';
import { expect } from 'expect';
import { concepts, conceptInHeadings, filerConcept, headingsOf } from './page-search.js';
import { questionTerms } from './question-terms.js';

const page = (...lines: string[]) => lines.map((text) => ({ text }));

// Real page text of the development filings (American Express FY2022 10-K p.155, J&J FY2022 10-K p.28 and p.34).
const geographic = page(
  'Table of Contents',
  'GEOGRAPHIC OPERATIONS',
  'The following table presents our total revenues net of interest expense and pretax income (loss) from continuing operations in different geographic regions',
  '(Millions) United States EMEA APAC LACC Other Unallocated Consolidated',
  'Total revenues net of interest expense $ 41,396 $ 4,871 $ 3,835 $ 2,917 $ (157) $ 52,862',
);
const sales = page(
  'Results of Operations',
  'Analysis of Consolidated Sales',
  'For discussion on results of operations and financial condition pertaining to the fiscal years 2021 and 2020 see the Company’s Annual Report',
  'In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021.',
);
const costs = page(
  'Analysis of Consolidated Earnings Before Provision for Taxes on Income',
  'Consolidated earnings before provision for taxes on income was $21.7 billion and $22.8 billion for the years 2022 and 2021, respectively.',
  'As a percent to sales, consolidated earnings before provision for taxes on income was 22.9% and 24.3%, in 2022 and 2021, respectively.',
  '(Dollars in billions. Percentages in chart are as a percent to total sales)',
  'Cost of Products Sold and Selling, Marketing and Administrative Expenses:',
  'Cost of products sold increased as a percent to sales driven by:',
);

describe('document search: what a page says it is about (its headings)', () => {
  it('reads the first lines after the running contents link, and titles in capitals or ending in a colon', () => {
    expect(headingsOf(geographic)).toContain('geographic operations');
    expect(headingsOf(costs)).toContain('cost of products sold and selling, marketing and administrative expenses:');
    // Pfizer's FY2021 10-K p.70: a note's title deep in the page
    expect(
      headingsOf(
        page(
          'Notes to Consolidated Financial Statements',
          'Pfizer Inc. and Subsidiary Companies',
          'the statute of limitations expires;',
          'x',
          'Note 2. Acquisitions, Divestitures, Equity-Method Investments, Licensing Arrangements and Collaborative Arrangements',
        ),
      ),
    ).toContain('note 2. acquisitions');
    // a sentence deep in the page is no heading
    expect(headingsOf(costs)).not.toContain('driven by');
  });

  it("matches a question's concept to a heading by each word of one of its alternatives", () => {
    const [geo] = concepts(questionTerms('What are the geographies that the company primarily operates in as of 2022?'));
    expect(conceptInHeadings(geo, headingsOf(geographic))).toBe(true);
    expect(conceptInHeadings(geo, headingsOf(sales))).toBe(false);
    const growth = concepts(questionTerms("Are the company's FY2022 financials that of a high growth company?"));
    expect(growth.some((c) => conceptInHeadings(c, headingsOf(sales)))).toBe(true);
    const margin = concepts(questionTerms('What drove gross margin change as of FY2022?'));
    expect(margin.some((c) => conceptInHeadings(c, headingsOf(costs)))).toBe(true);
  });
});

describe('document questions: conditions and intent are not search words', () => {
  it('keeps "if the metric is not useful, say so" and the words of why out of the search', () => {
    const q = questionTerms(
      'What drove operating margin change as of FY2022? If operating margin is not a useful metric for a company like this, then please state that and explain why.',
    );
    expect(q.words).not.toContain('useful');
    expect(q.words).not.toContain('drove');
    expect(q.explanatory).toBe(true);
    expect(q.sections).toContain('mdna');
  });

  it('searches what an analyst names by the words filings print: segments, M&A, growth, capital intensity', () => {
    const words = (question: string) => questionTerms(question).words.join(' ');
    expect(words('Are there any product categories / service categories that represent more than 20% of revenue?')).toContain('segment');
    expect(words('If we exclude the impact of M&A, which segment has dragged down overall growth in 2022?')).toContain('organic');
    expect(words('Is the company a capital-intensive business based on FY2022 data?')).toContain('capital expenditures');
    // a judgement read from the statement rows it rests on
    expect(questionTerms('Is 3M a capital-intensive business based on FY2022 data?').terms.map((t) => t.key)).toEqual([
      'capex',
      'revenue',
      'ppe',
      'totalAssets',
    ]);
  });
});

describe("document search: the filer's name and the year's events", () => {
  it("tells the filer's name from the file names, which then chooses no page", () => {
    expect(filerConcept('american', ['AMERICANEXPRESS_2022_10K.pdf'])).toBe(true);
    expect(filerConcept('"card member"', ['AMERICANEXPRESS_2022_10K.pdf'])).toBe(false);
    expect(filerConcept('pfizer', ['PFIZER_2021_10K.pdf', 'notes.pdf'])).toBe(true);
  });

  it('points a question of what happened in a year, with no line item, to MD&A', () => {
    expect(questionTerms('Was the company able to retain card members during 2022?').sections).toContain('mdna');
    expect(questionTerms('What was revenue in 2022?').sections).toEqual([]);
  });
});
