import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchCitation } from '../../contracts/research.js';
import { citationFootnotes, citationLabel, footnoteLine, resolveCitationMarkers, tableFootnotes } from './citations.js';

const filing = (id: string, page: number, part: Partial<ResearchCitation> = {}): ResearchCitation => ({
  id,
  kind: 'filing',
  document_id: `doc-${id}`,
  title: 'Full accounts made up to 31/12/2024',
  page,
  quote: 'Turnover 12,345',
  verified: true,
  ...part,
});
const register: ResearchCitation = {
  id: 'c9',
  kind: 'register',
  document_id: '01234567:charges',
  title: 'Register of charges',
  record: 'charges',
  verified: true,
};

describe('citation footnotes', () => {
  it('numbers citations in order of first use in the text, then those only tables use', () => {
    const answer = {
      text: 'Turnover £12.3m[^c2], profit £1.1m[^c1] and again £12.3m[^c2].',
      citations: [filing('c1', 3), filing('c2', 7), filing('c3', 9), register],
      tables: [{ id: 't1', title: 'Charges', headers: [], rows: [], citations: ['c9'] }],
    };
    const footnotes = citationFootnotes(answer);
    expect(footnotes.map((f) => [f.number, f.id])).toEqual([
      [1, 'c2'],
      [2, 'c1'],
      [3, 'c9'],
      [4, 'c3'],
    ]);
    expect(footnoteLine(footnotes[0])).toBe('[1] Full accounts made up to 31/12/2024, page 7');
    expect(footnoteLine(footnotes[2])).toBe('[3] Register of charges');
    expect(tableFootnotes(['c9'], footnotes).map((f) => f.number)).toEqual([3]);
  });

  it('says when a citation could not be verified', () => {
    expect(citationLabel(filing('c1', 4, { verified: false }))).toBe('Full accounts made up to 31/12/2024, page 4 (unverified)');
  });

  it("names an uploaded PDF's page once, as its title already does", () => {
    const upload = filing('c1', 1, { kind: 'upload', title: 'northwind.pdf, page 1', pdf_name: 'northwind.pdf' });
    expect(citationLabel(upload)).toBe('northwind.pdf, page 1');
    expect(citationLabel({ ...upload, title: 'northwind.pdf' })).toBe('northwind.pdf, page 1');
  });

  it('turns markers into footnote numbers, drops markers whose citation has not come, and hides a half-streamed marker', () => {
    const footnotes = citationFootnotes({ text: 'a[^c1]', citations: [filing('c1', 7)], tables: [] });
    expect(resolveCitationMarkers('Turnover £12.3m[^c1][^c5] rose. Profit £1m[^c', footnotes)).toBe('Turnover £12.3m[1] rose. Profit £1m');
    expect(resolveCitationMarkers('A [link] and [^c1]', footnotes, (f) => `<sup>${f.number}</sup>`)).toBe('A [link] and <sup>1</sup>');
  });
});
