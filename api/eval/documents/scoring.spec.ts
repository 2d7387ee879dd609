import { describe, it } from 'node:test';
import { expect } from 'expect';
import { parseQuestions, type DatasetQuestion } from './dataset.js';
import { citedPages, figureRight, isDecline, isNumeric, scoreQuestion, type AskedAnswer } from './scoring.js';
import { median, totalsByType } from './totals.js';

const question = (over: Partial<DatasetQuestion> = {}): DatasetQuestion => ({
  id: 'q1',
  company: 'Acme',
  doc: 'ACME_2019_10K',
  type: 'metrics-generated',
  question: 'What is the FY2019 capital expenditure amount (in USD millions) for Acme?',
  answer: '$1577.00',
  evidencePages: [60],
  evidenceText: {},
  ...over,
});

const answered = (text: string, pages: number[], over: Partial<AskedAnswer> = {}): AskedAnswer => ({
  text,
  declinedMark: false,
  citations: pages.map((page) => ({ document_id: 'd1', page })),
  status: null,
  error: null,
  ms: 120,
  ...over,
});

describe('documents evaluation: the dataset', () => {
  it("numbers evidence pages as the API does: the dataset's 0-based page plus one", () => {
    const line = JSON.stringify({
      financebench_id: 'x',
      company: 'Acme',
      doc_name: 'ACME',
      question_type: 'metrics-generated',
      question: 'Q?',
      answer: '1',
      evidence: [
        { evidence_page_num: 59, evidence_text_full_page: 'Cash flows' },
        { evidence_page_num: 0, evidence_text_full_page: 'Cover' },
      ],
    });
    const [q] = parseQuestions(`${line}\n`);
    expect(q.evidencePages).toEqual([60, 1]);
    expect(q.evidenceText).toEqual({ 60: 'Cash flows', 1: 'Cover' });
  });

  it('names the line and the field of a question it cannot read', () => {
    expect(() => parseQuestions('{"financebench_id":"x"}')).toThrow(/line 1: "evidence" must be a non-empty list/);
    expect(() => parseQuestions('\nnot json')).toThrow(/line 2: not JSON/);
  });
});

describe('documents evaluation: scoring one answer', () => {
  it('counts numeric the metrics questions and the questions that ask for a quantity, not narrative ones', () => {
    expect(isNumeric(question())).toBe(true);
    expect(
      isNumeric(question({ type: 'novel-generated', question: 'How much does Acme expect to pay for the spin-off?', answer: '77.78' })),
    ).toBe(true);
    expect(
      isNumeric(question({ type: 'domain-relevant', question: 'Is Acme capital-intensive?', answer: 'No, capex/revenue is 5.1%' })),
    ).toBe(false);
    expect(isNumeric(question({ type: 'novel-generated', question: 'How much did it grow?', answer: 'Strongly' }))).toBe(false);
  });

  it('takes the first five distinct pages the answer cites, in order, in the evaluated document', () => {
    const citations = [46, 60, 46, 49, 83, 140, 12].map((page) => ({ document_id: 'd1', page }));
    expect(citedPages([{ document_id: 'other', page: 1 }, ...citations], 'd1')).toEqual([46, 60, 49, 83, 140]);
  });

  it('scores a right figure on the evidence page', () => {
    const score = scoreQuestion(question(), 'd1', answered('**Capital expenditure**, 2019: **(1,577)**[^c1]', [46, 60]));
    expect(score).toMatchObject({
      pageHit: true,
      numeric: true,
      figureRight: true,
      stated: '(1,577)',
      wrongWithCitation: false,
      declined: false,
    });
  });

  it('scores a wrong figure stated with a citation, and a page outside the first five as a miss', () => {
    const score = scoreQuestion(question(), 'd1', answered('**Capital expenditure**: **(61)**[^c1]', [1, 2, 3, 4, 5, 60]));
    expect(score).toMatchObject({ pageHit: false, figureRight: false, wrongWithCitation: true, stated: '(61)' });
  });

  it('scores a decline as neither right nor wrong with a citation', () => {
    const text = 'The uploaded documents (ACME.pdf) do not answer this question, so I state no figure.\n\n- No statement row for capex.';
    const marked = scoreQuestion(question(), 'd1', answered(text, [], { declinedMark: true }));
    expect(marked).toMatchObject({ declined: true, figureRight: false, wrongWithCitation: false, stated: null });
    expect(isDecline({ text, declinedMark: false })).toBe(true);
    expect(isDecline({ text: '**Revenue**: **5,409**', declinedMark: false })).toBe(false);
  });

  it('needs every gold figure when the gold answer states several', () => {
    const q = question({
      type: 'domain-relevant',
      question: 'How much has the effective tax rate changed?',
      answer: 'from 24.6% in FY 2021 to 21.6% in FY 2022',
    });
    expect(figureRight(q, 'The rate fell from **24.6%** (2021) to **21.6%** (2022).')).toBe(true);
    expect(figureRight(q, 'The rate was **21.6%** in 2022.')).toBe(false);
  });

  it('scores a question whose document was refused or whose request failed as missed, with the status', () => {
    expect(scoreQuestion(question(), null, null)).toMatchObject({
      pageHit: false,
      figureRight: false,
      error: 'the document was not uploaded',
      ms: null,
    });
    const failed = scoreQuestion(question(), 'd1', answered('', [], { status: 500, error: 'Something went wrong' }));
    expect(failed).toMatchObject({ status: 500, pageHit: false, figureRight: false, wrongWithCitation: false });
  });
});

describe('documents evaluation: totals', () => {
  it('gives recall, accuracy, wrong figures with a citation, declines, errors and the median time by type and over all', () => {
    const scores = [
      scoreQuestion(question({ id: 'a' }), 'd1', answered('**(1,577)**', [60], { ms: 100 })),
      scoreQuestion(question({ id: 'b' }), 'd1', answered('**(61)**', [12], { ms: 300 })),
      scoreQuestion(
        question({ id: 'c', type: 'novel-generated', question: 'Who?', answer: 'Acme' }),
        'd1',
        answered('Acme', [60], { ms: 200 }),
      ),
      scoreQuestion(question({ id: 'd' }), 'd1', answered('', [], { status: 500, error: 'x' })),
    ];
    const totals = totalsByType(scores);
    expect(Object.keys(totals)).toEqual(['metrics-generated', 'novel-generated', 'all']);
    expect(totals.all).toMatchObject({
      questions: 4,
      pageRecall: { count: 2, of: 4 },
      metricAccuracy: { count: 1, of: 3 },
      figuresRight: { count: 1, of: 3 },
      wrongWithCitation: { count: 1, of: 3 },
      declines: { count: 0, of: 4 },
      errors: 1,
      medianMs: 200,
    });
    expect(totals['novel-generated'].metricAccuracy).toEqual({ count: 0, of: 0 });
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
