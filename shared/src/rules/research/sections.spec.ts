import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchCitation } from '../../contracts/research.js';
import { sectionsFromMarkdown } from './sections.js';

const filing: ResearchCitation = {
  id: 'c1',
  kind: 'filing',
  document_id: 'doc1',
  title: 'Full accounts made up to 31/12/2024',
  company_number: '00123456',
  pdf_name: 'doc1.pdf',
  page: 7,
  quote: 'Turnover 12,345,678 11,000,000',
  verified: true,
};
const register: ResearchCitation = {
  id: 'c2',
  kind: 'register',
  document_id: '00123456:profile',
  title: 'Company profile (register)',
  company_number: '00123456',
  record: 'profile',
  url: '/uk/company/00123456',
  verified: true,
};

describe('sectionsFromMarkdown', () => {
  it('makes a section of each ## heading and a subsection of each ### heading, with the citations their markers name', () => {
    const markdown = [
      '## Key Findings',
      '',
      'From the record of **ACME**[^c2].',
      '',
      '## Summary Sheet',
      '',
      '### Key figures',
      '',
      'Turnover was £12,345,678[^c1].',
      '### Company',
      '- Status: active[^c2]',
    ].join('\n');
    const sections = sectionsFromMarkdown(markdown, [filing, register]);
    expect(sections.map((s) => s.section)).toEqual(['Key Findings', 'Summary Sheet']);
    expect(sections[0].content).toBe('From the record of **ACME**[^c2].');
    expect(sections[0].citations).toEqual([
      { type: 'web', id: 'c2', urls: [{ uri: '/uk/company/00123456', title: 'Company profile (register)' }] },
    ]);
    expect(sections[1].content).toBe('');
    expect(sections[1].subsections.map((s) => s.title)).toEqual(['Key figures', 'Company']);
    expect(sections[1].subsections[0].citations).toEqual([
      {
        type: 'filing',
        id: 'c1',
        source: { page_number: 7, pdf_name: 'doc1.pdf', company_number: '00123456', quote: 'Turnover 12,345,678 11,000,000' },
      },
    ]);
  });

  it('keeps text before any heading as an untitled section and ignores markers with no citation', () => {
    const sections = sectionsFromMarkdown('Plain answer[^c9].\n\n## Next\nMore.');
    expect(sections).toEqual([
      { section: 'Untitled Section', content: 'Plain answer[^c9].', citations: [], subsections: [] },
      { section: 'Next', content: 'More.', citations: [], subsections: [] },
    ]);
  });

  it('answers no sections for empty text', () => {
    expect(sectionsFromMarkdown('')).toEqual([]);
  });
});
