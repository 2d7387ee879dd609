// Reading order on PDFs made with pdfkit and read by pdfjs as an upload is: two columns of prose
// read column by column, a statement's rows stay whole.
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { pdfPages } from '../../platform/ai/evidence/pdf-text.js';
import { heading, page, renderPdf, statement, twoColumns } from '../../../test/support/filing-corpus.js';
import { readingOrder } from './reading-order.js';

const LEFT = [
  'Increases in the cost of steel, aluminum and copper, the principal raw materials we buy, could reduce our margins if we cannot raise prices to offset them.',
  'We depend on a limited number of suppliers for castings and electronic controls.',
];
const RIGHT = [
  'A cybersecurity incident could disrupt our manufacturing systems and expose confidential information of our customers.',
  'Our largest customer accounted for approximately 11% of net sales in 2023.',
];

async function pages() {
  const pdf = await renderPdf((doc) => {
    page(doc, 'Halvorsen Industrial Corp.', '2023 Form 10-K', 1);
    heading(doc, 'Item 1A. Risk Factors');
    twoColumns(doc, LEFT, RIGHT);
    page(doc, 'Halvorsen Industrial Corp.', '2023 Form 10-K', 2);
    statement(doc, {
      title: 'CONSOLIDATED STATEMENTS OF OPERATIONS',
      periods: ['2023', '2022', '2021'],
      rows: [
        ['Net sales', '6,482', '6,035', '5,611'],
        ['Operating income', '912', '742', '611'],
      ],
    });
  });
  return (await pdfPages(pdf)).map((p) => readingOrder(p.lines, 612));
}

const squeeze = (t: string) => t.replace(/\s+/g, ' ');

describe('reading order of uploaded pages', () => {
  it('reads a two-column page column by column: each paragraph whole, the left column before the right', async () => {
    const [columns] = await pages();
    const text = squeeze(columns.map((l) => l.text).join(' '));
    for (const paragraph of [...LEFT, ...RIGHT]) expect(text).toContain(paragraph);
    expect(text.indexOf(LEFT[1])).toBeLessThan(text.indexOf(RIGHT[0]));
    expect(text.indexOf('Item 1A. Risk Factors')).toBeLessThan(text.indexOf(LEFT[0]));
    // every line keeps the boxes of its own words
    for (const line of columns) expect(line.items.length).toBeGreaterThan(0);
  });

  it("keeps a statement's row on one line (its figures are not a second column)", async () => {
    const [, table] = await pages();
    expect(table.map((l) => l.text)).toEqual(expect.arrayContaining(['Net sales 6,482 6,035 5,611', 'Operating income 912 742 611']));
  });
});
