/** The terminal's rendering of research answers: markdown, tables, footnotes, plan ticks, block-wise printing. */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { emptyResearchAnswer, type ResearchCitation, type ResearchStreamEvent } from '@credence/shared';
import { PLAIN, styleFor } from '../src/output/text.js';
import { inlineText, markdownLines } from '../src/commands/research-markdown.js';
import { answerLines, planLines } from '../src/commands/research-view.js';
import { createAnswerPrinter, createStepProgress } from '../src/commands/ask-progress.js';

const citation: ResearchCitation = {
  id: 'c1',
  kind: 'filing',
  document_id: 'd',
  title: 'Full accounts made up to 31/12/2024',
  page: 7,
  quote: 'Turnover 12,345',
  verified: true,
};

describe('terminal markdown', () => {
  it('renders headings, wrapped paragraphs, lists and pipe tables within the width', () => {
    const md = [
      '# Summary',
      '',
      'A fairly long paragraph that has to wrap because the terminal is narrow and the words keep coming.',
      '',
      '- first point with **bold** words',
      '1. numbered',
      '',
      '| Metric | 2024 | 2023 |',
      '|---|---:|---:|',
      '| Turnover | 12.3 | 11.0 |',
      '| Operating profit before taxation | 1.2 | (0.4) |',
    ].join('\n');
    const lines = markdownLines(md, 40, PLAIN);
    expect(lines[0]).toMatch(/^── Summary ─+$/);
    expect(lines.every((l) => [...l].length <= 40)).toBe(true);
    expect(lines).toContain('• first point with bold words');
    expect(lines).toContain('1. numbered');
    const table = lines.slice(lines.findIndex((l) => l.includes('Metric')));
    expect(table[0]).toMatch(/^ {2}Metric\s+2024\s+2023$/);
    expect(table[1]).toMatch(/^ {2}Turnover\s+12\.3\s+11\.0$/);
    expect(table[2]).toMatch(/…\s+1\.2\s+\(0\.4\)$/);
  });

  it('prints a table far too wide for the terminal as records', () => {
    const headers = ['Lender', 'Charge', 'Created', 'Fixed', 'Floating', 'All assets', 'Negative pledge'];
    const md = [
      `| ${headers.join(' | ')} |`,
      `|${headers.map(() => '---').join('|')}|`,
      '| Barclays Bank PLC | 001234560006 | 18/05/2024 | Yes | Yes | Yes | Yes |',
    ].join('\n');
    const lines = markdownLines(md, 60, PLAIN);
    expect(lines).toEqual([
      '  Barclays Bank PLC',
      '    Charge: 001234560006 · Created: 18/05/2024 ·',
      '    Fixed: Yes · Floating: Yes · All assets: Yes ·',
      '    Negative pledge: Yes',
    ]);
  });

  it('keeps bold as bold in colour, and links as their words', () => {
    expect(inlineText('**£12.3m** see [the filing](http://x) and `code`', styleFor(true))).toBe(
      '\u001b[1m£12.3m\u001b[22m see the filing and code',
    );
  });
});

describe('answer and plan lines', () => {
  it('numbers citations as footnotes and lists them under Sources', () => {
    const answer = { ...emptyResearchAnswer(), text: 'Turnover £12.3m[^c1].', citations: [citation], relatedQuestions: ['Who lends?'] };
    const lines = answerLines(answer, 60, PLAIN);
    expect(lines[0]).toBe('Turnover £12.3m[1].');
    expect(lines).toContain('[1] Full accounts made up to 31/12/2024, page 7');
    expect(lines).toContain('  • Who lends?');
  });

  it('marks each step, and shows the generic plan with its error for a bad plan', () => {
    expect(planLines({ thoughtProcess: ['a', 'b', 'c'], stepStatus: ['done', 'failed', 'pending'] }, PLAIN)).toEqual(['✓ a', '✗ b', '· c']);
    expect(planLines({ thoughtProcess: ['error: none'], stepStatus: ['done'] }, PLAIN)).toEqual([
      "✓ I'll analyze your query and provide relevant information.",
      'Could not generate specific thought process',
    ]);
  });
});

describe('ask progress', () => {
  it('ticks each step once as it ends, and the rest at the end with their final state', () => {
    let err = '';
    const progress = createStepProgress({ write: (t: string) => (err += t) }, PLAIN, false);
    const ev = (e: Omit<ResearchStreamEvent, 'id'>) => progress.event({ ...e, id: '' } as ResearchStreamEvent);
    ev({ type: 'plan', data: { steps: ['a', 'b', 'c'] } });
    ev({ type: 'step', data: { index: 0, status: 'running' } });
    expect(err).toBe('');
    ev({ type: 'step', data: { index: 0, status: 'done' } });
    ev({ type: 'step', data: { index: 0, status: 'done' } });
    expect(err).toBe('✓ a\n');
    progress.finish({ thoughtProcess: ['a', 'b', 'c'], stepStatus: ['done', 'done', 'failed'] });
    expect(err).toBe('✓ a\n✓ b\n✗ c\n');
  });

  it('prints the answer block by block as blank lines close them, each line once', () => {
    const printed: string[][] = [];
    const printer = createAnswerPrinter((lines) => printed.push(lines), 80, PLAIN);
    const answer = { ...emptyResearchAnswer(), citations: [citation] };
    printer.update({ ...answer, text: 'First para £1m[^c1]' });
    expect(printed).toEqual([]);
    printer.update({ ...answer, text: 'First para £1m[^c1]\n\nSecond' });
    expect(printed).toEqual([['First para £1m[1]']]);
    printer.finish({ ...answer, text: 'First para £1m[^c1]\n\nSecond para.' });
    expect(printed).toEqual([['First para £1m[1]'], ['', 'Second para.']]);
  });
});
