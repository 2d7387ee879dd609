/**
 * What a document is, read from the cover pages of real filings (the development set of issue 26,
 * recorded in api/test/fixtures/filing-pages by `node api/scripts/record-filing-pages.js`): a 10-K
 * whose name sits under its file number, a 10-K whose date is set under its words, an 8-K, a
 * 10-Q and an earnings release; and the questions that ask it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { PageLine } from '../../../platform/ai/evidence/page-lines.js';
import { coverOf } from './cover.js';
import { questionTerms } from './question-terms.js';
import { pageSection } from './sections.js';

function cover(doc: string) {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'test', 'fixtures', 'filing-pages', `${doc}-p1.json`);
    if (existsSync(file)) return coverOf([{ page: 1, lines: JSON.parse(readFileSync(file, 'utf8')) as PageLine[] }]);
  }
  throw new Error(`test fixture not found: ${doc}-p1.json`);
}

const values = (c: ReturnType<typeof coverOf>) => ({ form: c.form?.value, filer: c.filer?.value, period: c.period?.value });

describe('the cover of a real filing', () => {
  it('reads form, filer and period from 10-K, 10-Q and 8-K covers, each with the line it is printed on', () => {
    const mmm = cover('3M_2018_10K');
    expect(values(mmm)).toEqual({ form: '10-K', filer: '3M COMPANY', period: 'December 31, 2018' });
    expect(mmm.period?.line).toBe('For the fiscal year ended December 31, 2018');
    expect(values(cover('GENERALMILLS_2019_10K'))).toEqual({ form: '10-K', filer: 'GENERAL MILLS, INC.', period: 'May 26, 2019' });
    expect(values(cover('Pfizer_2023Q2_10Q'))).toEqual({ form: '10-Q', filer: 'PFIZER INC.', period: 'July 2, 2023' });
    expect(values(cover('JOHNSON_JOHNSON_2023_8K_dated-2023-08-30'))).toEqual({
      form: '8-K',
      filer: 'Johnson & Johnson',
      period: 'August 30, 2023',
    });
  });

  it('reads an earnings release by its dateline: the company and the results it announces', () => {
    const release = cover('JOHNSON_JOHNSON_2022Q4_EARNINGS');
    expect(release.form?.value).toBe('earnings release');
    expect(release.filer?.value).toBe('Johnson & Johnson');
    expect(release.period?.value).toMatch(/^fourth- ?quarter and full year 2022$/);
  });

  it('tells a question about the document from a question about what it reports', () => {
    for (const asked of ['What is this document?', 'What kind of filing is this?', 'Summarise this document', 'Who filed this report?'])
      expect({ asked, about: questionTerms(asked).aboutDocument }).toEqual({ asked, about: true });
    expect(questionTerms('Summarise this document').summary).toBe(true);
    for (const asked of [
      "What is the document's total revenue?",
      'What does this report say about litigation?',
      'What is the reported revenue?',
    ])
      expect({ asked, about: questionTerms(asked).aboutDocument }).toEqual({ asked, about: false });
  });

  it('knows a section by its heading, not a table of contents line', () => {
    expect(pageSection(['Table of Contents', "Item 7. Management's Discussion and Analysis of Financial Condition"])?.name).toBe('mdna');
    expect(pageSection(['ITEM 1A. RISK FACTORS'])?.name).toBe('risk');
    expect(pageSection(['Item 1A. Risk Factors 12'])).toBeNull();
  });
});
