import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  itemsHoldingQuote,
  quoteParts,
  rectsFromBoxes,
  rectsFromItems,
  type PageTextItem,
} from '../../src/features/explorer/pdf-highlight.ts';

const item = (str: string, x = 0, y = 700): PageTextItem => ({ str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10 });

describe('cited quote on a PDF page', () => {
  it('finds the items holding the quote, across items and whatever the spacing and case', () => {
    const items = [item('Balance sheet'), item('Turnover'), item('  12,345,678 '), item('Cost of sales'), item('(4,000)')];
    assert.deepEqual(itemsHoldingQuote(items, 'turnover 12,345,678'), [1, 2]);
    assert.deepEqual(itemsHoldingQuote(items, 'Turnover12,345,678'), [1, 2]);
    assert.deepEqual(itemsHoldingQuote(items, 'Net assets 1'), [], 'a quote not on the page marks nothing');
  });

  it('marks each part of a joined quote ("a … b")', () => {
    const items = [item('Turnover 100'), item('Other'), item('Cash 20')];
    assert.deepEqual(quoteParts('Turnover 100 … Cash 20'), ['turnover 100', 'cash 20']);
    assert.deepEqual(itemsHoldingQuote(items, 'Turnover 100 … Cash 20'), [0, 2]);
  });

  it('turns boxes of the cited page (points from the top-left) into fractions of the page', () => {
    const rects = rectsFromBoxes(
      [
        { page: 3, x0: 100, top: 200, x1: 300, bottom: 220 },
        { page: 4, x0: 0, top: 0, x1: 10, bottom: 10 },
      ],
      3,
      { width: 600, height: 800 },
    );
    assert.deepEqual(rects, [{ left: 100 / 600, top: 0.25, width: 200 / 600, height: 20 / 800 }]);
  });

  it('places an item by its viewport transform, its top a font height above the baseline', () => {
    const items = [item('Turnover')];
    const [rect] = rectsFromItems(items, [0], { width: 1000, height: 2000, scale: 2 }, () => [20, 0, 0, 20, 100, 500]);
    assert.equal(rect.left, 0.1);
    assert.equal(rect.top, 480 / 2000);
    assert.equal(rect.width, 80 / 1000);
  });
});
