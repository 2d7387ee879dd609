/**
 * The document retrieval evaluation (issue 15): filing-like PDFs (10-K, 10-Q, earnings release,
 * 8-K; several layouts) each uploaded to its own chat and asked analysts' questions in varied
 * wording, with no model. The page that answers must be among the first five pages the answer
 * cites for at least 85% of questions, and every figure asked must be stated.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchAnswer } from '@credence/shared';
import { uploadPdfs } from '../support/documents-client.js';
import { EVAL_FILINGS } from '../support/filing-questions.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface Outcome {
  query: string;
  page: number;
  cited: number[];
  hit: boolean;
  figure?: string;
  figureStated?: boolean;
}

/** The first five distinct pages the answer cites, in the order it cites them. */
function citedPages(answer: ResearchAnswer): number[] {
  const pages: number[] = [];
  for (const c of answer.citations) if (c.kind === 'upload' && c.page && !pages.includes(c.page)) pages.push(c.page);
  return pages.slice(0, 5);
}

describe('documents: retrieval over filing-like PDFs (evidence page in the first five cited pages)', () => {
  let t: TestApi;
  let token: string;
  const outcomes: Outcome[] = [];

  before(async () => {
    t = await startTestApi({ RESEARCH_CREDITS_PER_MONTH: '1000' });
    token = await t.activeUser('retrieval@credence.test');
  });
  after(() => t.close());

  it('answers every question of the evaluation, citing the evidence page and stating the figures', async () => {
    for (const [i, filing] of EVAL_FILINGS.entries()) {
      const chatKey = `eval-${i}`;
      const uploaded = await uploadPdfs(t, token, chatKey, [{ name: filing.name, bytes: await filing.pdf() }]);
      if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
      for (const q of filing.questions) {
        const reply = await t.request('POST', '/api/read_file_and_query', { token, body: { chatKey: `${chatKey}`, query: q.query } });
        if (reply.status !== 200) throw new Error(`${q.query}: ${reply.status} ${JSON.stringify(reply.body)}`);
        const answer = reply.body.answer as ResearchAnswer;
        const cited = citedPages(answer);
        if (process.env.RETRIEVAL_DEBUG && (!cited.includes(q.page) || (q.figure && !answer.text.includes(q.figure))))
          console.log(`--- ${q.query}\n${answer.text}\n`);
        outcomes.push({
          query: q.query,
          page: q.page,
          cited,
          hit: cited.includes(q.page),
          ...(q.figure ? { figure: q.figure, figureStated: answer.text.includes(q.figure) } : {}),
        });
      }
    }
    const hits = outcomes.filter((o) => o.hit).length;
    const figures = outcomes.filter((o) => o.figure);
    const stated = figures.filter((o) => o.figureStated).length;
    const report = [
      `evidence page in the first 5 cited pages: ${hits}/${outcomes.length} (${((hits / outcomes.length) * 100).toFixed(1)}%)`,
      `figures stated: ${stated}/${figures.length}`,
      ...outcomes
        .filter((o) => !o.hit || o.figureStated === false)
        .map((o) => `  miss: ${o.query} (page ${o.page}${o.figure ? `, ${o.figure}` : ''}) cited ${JSON.stringify(o.cited)}`),
    ].join('\n');
    console.log(report);
    expect(hits / outcomes.length).toBeGreaterThanOrEqual(0.85);
    expect(stated / figures.length).toBeGreaterThanOrEqual(0.85);
  });
});
