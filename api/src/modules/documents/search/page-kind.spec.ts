import { describe, it } from 'node:test';
import { expect } from 'expect';
import { pageKind } from './page-kind.js';

const page = (...lines: string[]) => lines.map((text) => ({ text }));

describe('what a page of a filing is, from its title lines', () => {
  it('knows the primary statements by their titles, letter-spaced ones too', () => {
    expect(pageKind(page('Table of Contents', '3M Company and Subsidiaries', 'Consolidated Balance Shee t', 'At December 31'))).toBe(
      'balance',
    );
    expect(pageKind(page('Consolidated Statement of Cash Flow s', 'Years ended December 31'))).toBe('cash');
    expect(pageKind(page('Walmart Inc.', 'Consolidated Statements of Income', 'Fiscal Years Ended January 31,'))).toBe('income');
    expect(pageKind(page('CONSOLIDATED STATEMENTS OF SHAREHOLDERS’ EQUITY'))).toBe('equity');
    expect(pageKind(page('Item 6. Selected Financial Data'))).toBe('summary');
    // Activision Blizzard's FY2019 10-K, p.37 (MD&A): the statement's figures beside their percent of revenue
    expect(pageKind(page('Table of Contents', 'Consolidated Statements of Operations Data', 'The following table sets forth'))).toBe(
      'summary',
    );
  });

  it('tells exhibits that are no part of the account from a press release filed as an exhibit', () => {
    expect(pageKind(page('CERTIFICATION PURSUANT TO 18 U.S.C. SECTION 1350'))).toBe('exhibit');
    expect(pageKind(page('Exhibit 99.1', 'Johnson & Johnson Reports 2023 Second-Quarter Results'))).toBe('other');
    // a statement named in a sentence is no title
    expect(pageKind(page('See the notes to the consolidated balance sheets for the fair value of each instrument held at year end.'))).toBe(
      'other',
    );
  });
});
