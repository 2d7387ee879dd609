import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { citationFootnotes, emptyResearchAnswer, type ResearchAnswer, type ResearchCitation } from '@credence/shared';
import { answerAsText } from '../../src/features/research/answer-actions.tsx';
import { csvField, exportFileName, tablesToCsv } from '../../src/features/research/answer-export.ts';
import { artifactTabs, splitTabs } from '../../src/features/research/artifact-tabs.ts';
import { citationPdfTarget, registerHref } from '../../src/features/research/citation-targets.ts';
import { artifactsPercentAt, artifactsPercentByKey, clampArtifactsPercent, resizedColumn } from '../../src/features/research/layout.ts';
import { questionAbove } from '../../src/features/research/message-list.tsx';
import { sourceTarget } from '../../src/features/research/source-cards.tsx';

const filing: ResearchCitation = {
  id: 'c1',
  kind: 'filing',
  document_id: 'DOC123',
  title: 'Full accounts made up to 31/12/2024',
  company_number: '00123456',
  pdf_name: 'DOC123.pdf',
  page: 7,
  quote: 'Turnover 12,345,678',
  verified: true,
};

const table = (id: string, title = `Table ${id}`) => ({
  id,
  title,
  headers: ['Year', 'Turnover'],
  rows: [['2024', 12.3]] as (string | number | null)[][],
});

describe('research chat: layout', () => {
  it('keeps the chat between 30 and 70 percent, the artifacts at 60 by default', () => {
    assert.equal(clampArtifactsPercent(60), 60);
    assert.equal(clampArtifactsPercent(90), 70);
    assert.equal(clampArtifactsPercent(10), 30);
    assert.equal(clampArtifactsPercent(Number.NaN), 60);
    assert.equal(artifactsPercentAt(500, { left: 0, width: 1000 }), 50);
    assert.equal(artifactsPercentAt(100, { left: 0, width: 1000 }), 70, 'dragged far left: the chat keeps 30%');
    assert.equal(artifactsPercentAt(950, { left: 0, width: 1000 }), 30, 'dragged far right: the chat stops at 70%');
    assert.equal(artifactsPercentByKey(60, 'ArrowLeft'), 65);
    assert.equal(artifactsPercentByKey(60, 'ArrowRight'), 55);
    assert.equal(artifactsPercentByKey(60, 'a'), null);
  });

  it('resizes a column by the drag, never under 50 px', () => {
    assert.equal(resizedColumn(200, 35), 235);
    assert.equal(resizedColumn(200, -400), 50);
  });

  it('shows the bar for the last question scrolled above the list', () => {
    assert.equal(questionAbove([120, 900], 100), -1);
    assert.equal(questionAbove([40, 900], 100), 0);
    assert.equal(questionAbove([-500, 40], 100), 1);
  });
});

describe('research chat: artifacts', () => {
  it('makes a tab per table, five inline and the rest in More', () => {
    const answer = { tabSet: [], tables: [1, 2, 3, 4, 5, 6, 7].map((n) => table(`t${n}`)) };
    const tabs = artifactTabs(answer);
    assert.deepEqual(
      tabs.map((t) => t.title),
      ['Table t1', 'Table t2', 'Table t3', 'Table t4', 'Table t5', 'Table t6', 'Table t7'],
    );
    const { inline, more } = splitTabs(tabs);
    assert.equal(inline.length, 5);
    assert.deepEqual(
      more.map((t) => t.id),
      ['t6', 't7'],
    );
  });

  it('prefers the answer tab set, a chart tab shown as its figures', () => {
    const tabs = artifactTabs({
      tables: [table('t1')],
      tabSet: [{ id: 'perf', title: '', type: 'chart', chartData: [{ year: 2024, revenue: 10, netIncomeMargin: 0.1, ebitdaMargin: 0.2 }] }],
    });
    assert.equal(tabs.length, 1);
    assert.equal(tabs[0].title, 'Financial Performance');
    assert.deepEqual(tabs[0].table.rows, [[2024, 10, 0.1, 0.2]]);
  });
});

describe('research chat: export and copy', () => {
  it('writes each table under its title, quoting what needs it and disarming formulas', () => {
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvField('-12.5'), '-12.5');
    // a register name a spreadsheet would run, and one a semicolon-separated locale would split
    assert.equal(csvField('@SUM(1+1)*cmd|calc'), "'@SUM(1+1)*cmd|calc");
    assert.equal(csvField('-2+3 Holdings'), "'-2+3 Holdings");
    assert.equal(csvField('Smith; Jones LLP'), '"Smith; Jones LLP"');
    assert.equal(csvField(null), '');
    const csv = tablesToCsv([{ ...table('t1', 'Turnover'), unit: '£m' }, table('t2', 'Margins')]);
    assert.equal(csv, 'Turnover (£m)\r\nYear,Turnover\r\n2024,12.3\r\n\r\nMargins\r\nYear,Turnover\r\n2024,12.3\r\n');
    assert.equal(exportFileName('Create a summary sheet!'), 'create-a-summary-sheet.csv');
    assert.equal(exportFileName('???'), 'research_data.csv');
  });

  it('copies the answer with numbered footnotes', () => {
    const answer: ResearchAnswer = { ...emptyResearchAnswer(), text: 'Turnover was £12.3m[^c1].', citations: [filing] };
    const text = answerAsText('Create a summary sheet', answer, citationFootnotes(answer));
    assert.equal(text, '# Create a summary sheet\n\nTurnover was £12.3m[1].\n\n[1] Full accounts made up to 31/12/2024, page 7\n');
  });
});

describe('research chat: citations', () => {
  it('opens a filing page in the PDF viewer with its quote and boxes', () => {
    const boxes = [{ page: 7, x0: 1, top: 2, x1: 3, bottom: 4 }];
    assert.deepEqual(citationPdfTarget({ ...filing, boxes }), {
      companyNumber: '00123456',
      documentId: 'DOC123',
      page: 7,
      title: 'Full accounts made up to 31/12/2024',
      quote: 'Turnover 12,345,678',
      boxes,
    });
  });

  it("opens an uploaded PDF's page through the chat key it was uploaded with, its quote highlighted", () => {
    const boxes = [{ page: 2, x0: 50, top: 90, x1: 300, bottom: 102 }];
    const upload: ResearchCitation = {
      id: 'c2',
      kind: 'upload',
      document_id: 'doc-9',
      title: 'northwind-10k.pdf, page 2',
      pdf_name: 'northwind-10k.pdf',
      chat_key: 'chat-key-1',
      page: 2,
      quote: 'Net sales 260,174 265,595 229,234',
      boxes,
      verified: true,
    };
    assert.deepEqual(citationPdfTarget(upload), {
      companyNumber: '',
      documentId: 'doc-9',
      page: 2,
      title: 'northwind-10k.pdf',
      upload: { chatKey: 'chat-key-1', fileName: 'northwind-10k.pdf' },
      quote: 'Net sales 260,174 265,595 229,234',
      boxes,
    });
    // without the chat key (or the file) the viewer could not fetch it: no page button
    assert.equal(citationPdfTarget({ ...upload, chat_key: undefined }), null);
    assert.equal(citationPdfTarget({ ...upload, pdf_name: undefined }), null);
  });

  it('has no page to open for a register record or a filing without a page', () => {
    assert.equal(citationPdfTarget({ ...filing, kind: 'register', page: undefined, url: '/uk/' }), null);
    assert.equal(citationPdfTarget({ ...filing, page: undefined }), null);
  });

  it('opens a register record in the explorer at its section', () => {
    const record = (name: string): ResearchCitation => ({
      ...filing,
      kind: 'register',
      page: undefined,
      record: name,
      url: '/uk/company/00123456',
    });
    assert.equal(registerHref(record('charges')), '/uk/?companyNumber=00123456&category=charges');
    assert.equal(registerHref(record('officers')), '/uk/?companyNumber=00123456&category=overview');
    assert.equal(registerHref(filing), null);
  });

  it('leads a source card to its filing, its company in the explorer, or its web page', () => {
    assert.deepEqual(sourceTarget('/api/companies_house/get_filing_pdf?company_number=00123456&file_name=DOC123.pdf'), {
      kind: 'document',
      companyNumber: '00123456',
      documentId: 'DOC123',
    });
    assert.deepEqual(sourceTarget('/uk/company/00123456'), { kind: 'company', href: '/uk/?companyNumber=00123456&category=overview' });
    assert.deepEqual(sourceTarget('/uk/?companyNumber=00123456&category=charges'), {
      kind: 'company',
      href: '/uk/?companyNumber=00123456&category=charges',
    });
    assert.deepEqual(sourceTarget('https://example.com/a'), { kind: 'web', href: 'https://example.com/a' });
    assert.equal(sourceTarget(null), null);
    assert.equal(sourceTarget('/somewhere/else'), null);
  });
});
