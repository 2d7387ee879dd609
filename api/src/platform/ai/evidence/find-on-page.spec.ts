import { describe, it } from 'node:test';
import { expect } from 'expect';
import { figurePattern, findFigure, findPassage } from './find-on-page.js';
import { htmlPages } from './html-pages.js';
import type { PageText } from './page-lines.js';

const item = (text: string, x0: number) => ({ text, x0, top: 100, x1: x0 + 40, bottom: 110 });
const page: PageText = {
  page: 7,
  lines: [
    { text: 'Turnover 12,345,678 11,000,000', items: [item('Turnover', 56), item('12,345,678', 350), item('11,000,000', 445)] },
    { text: 'Other income 112,345,678', items: [item('Other income', 56), item('112,345,678', 350)] },
    { text: 'Operating profit (1,234) 2,000', items: [item('Operating profit', 56), item('(1,234)', 350), item('2,000', 445)] },
    { text: 'The directors consider the following to be the principal', items: [] },
    { text: 'risks facing the company.', items: [] },
  ],
};

describe('finding a figure on a page', () => {
  it('matches a figure as a whole number only', () => {
    expect(figurePattern('12,345').test('was 12,345.')).toBe(true);
    expect(figurePattern('12,345').test('112,345')).toBe(false);
    expect(figurePattern('12,345').test('12,3456')).toBe(false);
    expect(figurePattern('12,345').test('12,345.6')).toBe(false);
    expect(figurePattern('(1,234)').test('loss (1,234) 2,000')).toBe(true);
  });

  it("quotes the figure's line, boxing the label and the figure", () => {
    const found = findFigure(page, '12,345,678', 'Turnover')!;
    expect(found).toMatchObject({ quote: 'Turnover 12,345,678 11,000,000', withLabel: true });
    expect(found.boxes.map((b) => b.x0)).toEqual([56, 350]);
    expect(found.boxes.every((b) => b.page === 7)).toBe(true);
    expect(findFigure(page, '(1,234)', 'Operating loss')?.quote).toBe('Operating profit (1,234) 2,000');
    expect(findFigure(page, '999', 'Turnover')).toBeNull();
  });

  it('finds a passage wherever it wraps', () => {
    const found = findPassage(page, 'the principal risks facing the company.')!;
    expect(found.quote).toBe('The directors consider the following to be the principal risks facing the company.');
    expect(findPassage(page, 'risks the company does not state')).toBeNull();
  });
});

describe('pages of a stored iXBRL document', () => {
  it('splits pages at page breaks once a page has text, leaving out hidden and header text', () => {
    const html = `<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>T</title></head><body>
      <div style="display:none"><ix:header>hidden 1</ix:header></div>
      <div style="page-break-after: always"><p>Cover</p></div>
      <div class="page"><table><tr><td>Turnover</td><td><ix:nonFraction name="x">1,482,350</ix:nonFraction></td></tr></table></div>
      <div style="page-break-before: always"><p>Notes</p></div></body></html>`;
    const pages = htmlPages(html);
    expect(pages.map((p) => p.lines.map((l) => l.text))).toEqual([['Cover'], ['Turnover 1,482,350'], ['Notes']]);
  });
});
