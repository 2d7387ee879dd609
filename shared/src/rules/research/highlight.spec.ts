import { describe, it } from 'node:test';
import { expect } from 'expect';
import { citedFigures, figuresOfCitation, highlightQuote, parseFigure } from './highlight.js';

const highlighted = (quote: string, figures: string[]) =>
  highlightQuote(quote, figures)
    .filter((s) => s.highlight)
    .map((s) => s.text);

describe('figure highlight', () => {
  it('finds the figures a citation backs in the answer text', () => {
    const text = 'Turnover was £12.3m[^c1] and the margin 14.2%[^c1][^c2]; debt £4.0m (unverified)[^c3].';
    expect(citedFigures(text, 'c1')).toEqual(['£12.3m', '14.2%']);
    expect(citedFigures(text, 'c3')).toEqual(['£4.0m']);
    expect(
      figuresOfCitation({ text, tables: [{ id: 't', title: '', headers: [], rows: [['Cash', 1200, 'n/a']], citations: ['c3'] }] }, 'c3'),
    ).toEqual(['£4.0m', '1200']);
  });

  it('reads suffixes, brackets and decimals', () => {
    expect(parseFigure('£12.3m')).toEqual({ value: 12_300_000, tolerance: 50_000 });
    expect(parseFigure('(1,234)')?.value).toBe(-1234);
    expect(parseFigure('no number')).toBeNull();
  });

  it('highlights the page number that matches to the rounding, in pounds or in thousands', () => {
    expect(highlighted('Turnover 12,345,678 11,002,000', ['£12.3m'])).toEqual(['12,345,678']);
    expect(highlighted('Turnover 2024 12,346 2023 11,002', ['£12.3m'])).toEqual(['12,346']);
    expect(highlighted('Loss for the year (1,234)', ['-£1.2m'])).toEqual(['1,234']);
  });

  it('leaves the quote plain when nothing matches, and keeps every character', () => {
    const quote = 'Turnover 9,999 for 2024';
    expect(highlightQuote(quote, ['£12.3m'])).toEqual([{ text: quote, highlight: false }]);
    expect(
      highlightQuote('A 12,345 B', ['£12.3m'])
        .map((s) => s.text)
        .join(''),
    ).toBe('A 12,345 B');
  });
});
