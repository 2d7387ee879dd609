/**
 * The research chat screen (issue 14 "Terminal"): reached from home and from a company, the plan
 * streaming in step by step, the answer with footnote numbers, its sources listed, Enter on a
 * source showing the page text with the figure highlighted, related questions into the input,
 * and 80x24.
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import {
  emptyResearchAnswer,
  reduceResearchAnswer,
  type AskOptions,
  type AskOutcome,
  type FilingPageText,
  type ModelAccessInfo,
  type ResearchAskRequest,
  type ResearchCitation,
  type ResearchEvent,
} from '@credence/shared';
import { ACME, ACME_FILINGS, ACME_FINANCIALS, ACME_OFFICERS, ACME_OVERVIEW } from '../support/explorer-fixtures.js';
import { fakeClient, fits, KEY, ME, renderApp } from './harness.js';

afterEach(() => cleanup());

const CITATION: ResearchCitation = {
  id: 'c1',
  kind: 'filing',
  document_id: 'AcmeAccounts2024Doc',
  title: 'Full accounts made up to 31/12/2024',
  page: 7,
  quote: 'Turnover 12,345 11,002 Cost of sales (8,100) (7,300)',
  verified: true,
};

/** Page 7 of the cited accounts: notes above, the quoted lines lower down, the same figure again in a note below. */
const PAGE_7: FilingPageText = {
  company_number: ACME,
  document_id: 'AcmeAccounts2024Doc',
  page: 7,
  pages: 12,
  title: 'Full accounts made up to 31/12/2024',
  lines: [
    'ACME WIDGETS LIMITED',
    'PROFIT AND LOSS ACCOUNT FOR THE YEAR ENDED 31 DECEMBER 2024',
    ...Array.from({ length: 24 }, (_, i) => `Accounting note ${i + 1}`),
    'Turnover 12,345 11,002',
    'Cost of sales (8,100) (7,300)',
    ...Array.from({ length: 14 }, (_, i) => `Later note ${i + 1}`),
    'Segment turnover 12,345 (see note 3)',
    'END OF PAGE SEVEN',
  ].map((text, i) => ({ text, boxes: [{ page: 7, x0: 40, top: 40 + i * 14, x1: 40 + text.length * 5, bottom: 50 + i * 14 }] })),
};

const plain = (frame: string) => frame.replace(/\u001b\[[0-9;]*m/g, '');

/** A client whose ask() the test drives: each call waits for the test to emit events and end it. */
function chatClient(
  pageText: (company: string, document: string, page: number) => Promise<FilingPageText> = async () => PAGE_7,
  credits: ModelAccessInfo = { accessed_count: 3, total_credits: 20 },
) {
  const pages: string[] = [];
  const asks: { request: ResearchAskRequest; emit(event: ResearchEvent): void; end(chatId?: string): void }[] = [];
  const client = fakeClient({
    me: async () => ME,
    modelAccessInfo: async () => credits,
    overview: async () => ACME_OVERVIEW,
    officers: async () => ACME_OFFICERS,
    aggregatedFinancials: async () => ACME_FINANCIALS,
    filings: async () => ACME_FILINGS,
    pageText: (company: string, document: string, page: number) => {
      pages.push(`${company}/${document}/${page}`);
      return pageText(company, document, page);
    },
    ask: (request: ResearchAskRequest, options?: AskOptions) =>
      new Promise<AskOutcome>((resolve) => {
        let answer = emptyResearchAnswer();
        let id = 0;
        asks.push({
          request,
          emit(event) {
            answer = reduceResearchAnswer(answer, event);
            options?.onEvent?.({ ...event, id: String(++id) });
          },
          end: (chatId = 'chat-1') => resolve({ chat_id: chatId, answer, error: null, lastEventId: String(id) }),
        });
      }),
  });
  return { client, asks, pages };
}

/** Asks the question about ACME, answers it with CITATION behind a figure, and opens that source. */
async function openCitation(ui: ReturnType<typeof renderApp>, asks: ReturnType<typeof chatClient>['asks']) {
  await ui.waitFor((f) => f.includes('Key Figures'), 'the company');
  await ui.press('a');
  await ui.waitFor((f) => f.includes('Ask about ACME WIDGETS LIMITED'), 'the chat about the company');
  await ui.type('Summary');
  await ui.press(KEY.enter);
  await ui.waitFor(() => asks.length === 1, 'the question sent');
  asks[0].emit({ type: 'citation', data: CITATION });
  asks[0].emit({ type: 'text', data: { delta: 'Turnover was £12.3m[^c1] in 2024.' } });
  asks[0].end();
  await ui.waitFor((f) => plain(f).includes('[1] Full accounts made up to 31/12/2024, page 7'), 'the sources');
  await ui.press(KEY.tab);
  await ui.press(KEY.enter);
}

describe('research chat screen', () => {
  it('opens from home (Deep Insights Engine) with the greeting and sample questions, at 80x24', async () => {
    const { client } = chatClient();
    const ui = renderApp({ client });
    await ui.waitFor((f) => f.includes('Ada Lovelace'), 'home');
    await ui.press('G', 'k');
    expect(ui.frame()).toMatch(/›\s+Deep Insights Engine/);
    await ui.press(KEY.enter);
    const frame = await ui.waitFor((f) => f.includes('How can Credence help you today?'), 'the chat');
    expect(frame).toContain('Credence › Databases › AI Research Chat');
    expect(frame).toContain('• Create a summary sheet');
    expect(frame).toContain('Ask › ');
    expect(fits(frame, 80, 24)).toBe(true);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Choose a database'), 'home again');
  });

  it('from a company: a asks about it; the plan streams step by step; the answer cites its sources; Enter on one shows the page with the figure', async () => {
    const { client, asks, pages } = chatClient();
    const ui = renderApp({ client, initial: [{ name: 'company', companyNumber: ACME }] });
    await ui.waitFor((f) => f.includes('Key Figures'), 'the company');
    await ui.press('a');
    await ui.waitFor((f) => f.includes('Ask about ACME WIDGETS LIMITED'), 'the chat about the company');
    expect(ui.frame()).toContain('ACME WIDGETS LIMITED (01234567) · model pro · 17 of 20 questions left');
    await ui.type('q? Summary');
    await ui.press(KEY.enter);
    await ui.waitFor(() => asks.length === 1, 'the question sent');
    expect(asks[0].request).toMatchObject({ query: 'q? Summary', company_number: ACME, model: 'pro' });

    asks[0].emit({ type: 'plan', data: { steps: ['Read the accounts', 'Compare the years'] } });
    await ui.waitFor((f) => plain(f).includes('· Read the accounts'), 'the plan, pending');
    asks[0].emit({ type: 'step', data: { index: 0, status: 'running' } });
    await ui.waitFor((f) => plain(f).includes('› Read the accounts'), 'step one running');
    asks[0].emit({ type: 'step', data: { index: 0, status: 'done' } });
    asks[0].emit({ type: 'step', data: { index: 1, status: 'failed' } });
    await ui.waitFor((f) => plain(f).includes('✓ Read the accounts') && plain(f).includes('✗ Compare the years'), 'the steps ticked');
    asks[0].emit({ type: 'citation', data: CITATION });
    asks[0].emit({ type: 'text', data: { delta: '## Key Findings\n\nTurnover was £12.3m[^c1] in 2024.' } });
    asks[0].emit({
      type: 'table',
      data: { id: 't1', title: 'Turnover', headers: ['Year', '£000'], rows: [['2024', '12,345']], citations: ['c1'] },
    });
    asks[0].emit({ type: 'related', data: { questions: ['Who lends to it?'] } });
    asks[0].end();
    const answered = plain(await ui.waitFor((f) => plain(f).includes('[1] Full accounts made up to 31/12/2024, page 7'), 'the sources'));
    expect(answered).toContain('Turnover was £12.3m[1] in 2024.');
    expect(answered).toMatch(/Year\s+£000/);
    expect(fits(ui.frame(), 80, 24)).toBe(true);

    await ui.press(KEY.tab);
    await ui.press('k');
    expect(plain(ui.frame())).toContain('› [1] Full accounts made up to 31/12/2024, page 7');
    await ui.press(KEY.enter);
    const page = await ui.waitFor((f) => plain(f).includes('Page 7 of 12'), 'the cited page, read from the API');
    expect(pages).toEqual([`${ACME}/AcmeAccounts2024Doc/7`]);
    // the page's own text around the quote, opened at the quoted lines
    expect(plain(page)).toContain('Accounting note 24');
    expect(plain(page)).toContain('Turnover 12,345 11,002');
    expect(plain(page)).toContain('Cost of sales (8,100) (7,300)');
    expect(plain(page)).toContain('Later note 3');
    expect(plain(page)).not.toContain('Could not read the page');
    // the figure is highlighted (inverse), the rest of the quote is not
    expect(page).toMatch(/\u001b\[7m\u001b\[1m12,345\u001b/);
    expect(page).not.toMatch(/\u001b\[1m11,002/);
    expect(page).toContain('Esc back to the answer');
    expect(fits(page, 80, 24)).toBe(true);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Turnover was'), 'the answer again');

    await ui.press('j', KEY.enter);
    await ui.waitFor((f) => f.includes('Ask › Who lends to it?'), 'the related question in the input');
    await ui.type('!');
    expect(ui.frame()).toContain('Ask › Who lends to it?!');
    await ui.press(KEY.enter);
    await ui.waitFor(() => asks.length === 2, 'the follow-up sent');
    expect(asks[1].request).toMatchObject({ query: 'Who lends to it?!', chat_id: 'chat-1' });
    // the first Esc stops the answer still coming, the next goes back
    await ui.press(KEY.escape);
    await ui.waitFor((f) => plain(f).includes('Stopped:'), 'the follow-up stopped');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Key Figures'), 'back at the company');
  });

  it('typing q in the question does not quit, and m switches the model', async () => {
    const { client } = chatClient();
    const ui = renderApp({ client, initial: [{ name: 'chat' }] });
    await ui.waitFor((f) => f.includes('How can Credence help you today?'), 'the chat');
    await ui.type('quarterly');
    expect(ui.frame()).toContain('Ask › quarterly');
    await ui.press(KEY.tab, 'm');
    expect(ui.frame()).toContain('model flash');
  });

  it('Esc stops an answer still streaming: what came stays, and the chat stays open', async () => {
    const { client, asks } = chatClient();
    const ui = renderApp({ client, initial: [{ name: 'chat', companyNumber: ACME }] });
    await ui.waitFor((f) => f.includes('Ask about') || f.includes('your question'), 'the chat');
    await ui.type('Summary');
    await ui.press(KEY.enter);
    await ui.waitFor(() => asks.length === 1, 'the question sent');
    asks[0].emit({ type: 'citation', data: CITATION });
    asks[0].emit({ type: 'text', data: { delta: 'Turnover was £12.3m[^c1] in 2024.' } });
    await ui.waitFor((f) => plain(f).includes('Esc stop the answer'), 'the stop key offered while it streams');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => plain(f).includes('Stopped: the answer is shown as far as it had come.'), 'stopped');
    const frame = plain(ui.frame());
    expect(frame).toContain('Turnover was £12.3m[1] in 2024.');
    expect(frame).toContain('[1] Full accounts made up to 31/12/2024, page 7');
    asks[0].emit({ type: 'text', data: { delta: ' LATE TEXT' } });
    expect(plain(ui.frame())).not.toContain('LATE TEXT');
    expect(plain(ui.frame())).not.toContain('Esc stop the answer');
  });

  it('with no model configured names the built-in analyst, and m says so instead of switching', async () => {
    const { client } = chatClient(undefined, { accessed_count: 3, total_credits: 20, model_configured: false });
    const ui = renderApp({ client, initial: [{ name: 'chat' }] });
    await ui.waitFor((f) => f.includes('built-in analyst'), 'the built-in analyst named');
    expect(ui.frame()).not.toContain('model pro');
    await ui.press(KEY.tab, 'm');
    await ui.waitFor((f) => plain(f).includes('No language model is configured'), 'why there is no choice');
    expect(ui.frame()).not.toContain('model flash');
  });

  it('the greeting lists recent chats; Enter opens one as it was stored', async () => {
    const stored = {
      ...emptyResearchAnswer(),
      text: 'Stored answer £12.3m[^c1].',
      citations: [CITATION],
      thoughtProcess: ['Read'],
      stepStatus: ['done' as const],
    };
    const client = fakeClient({
      me: async () => ME,
      modelAccessInfo: async () => ({ accessed_count: 1, total_credits: 20 }),
      getChatHistory: async () => [
        {
          id: '1',
          chat_id: 'chat-7',
          user_id: 'u',
          query_str: 'Covenant summary',
          chat_category: 'companies-house',
          chat_metadata: { company_id: ACME, company_name: 'ACME WIDGETS LIMITED' },
          created_at: '2026-11-01T00:00:00Z',
          updated_at: '2026-11-01T00:00:00Z',
        },
      ],
      getChat: async (id: string) => ({
        id: '1',
        chat_id: id,
        user_id: 'u',
        chat_category: 'companies-house',
        chat_metadata: { company_id: ACME, company_name: 'ACME WIDGETS LIMITED' },
        details: [
          { id: 'run-1', query_str: 'Covenant summary', thought_process: ['Read'], observations: stored, table_data: [], created_at: '' },
        ],
        table_data: [],
        created_at: '',
        updated_at: '',
      }),
    });
    const ui = renderApp({ client, initial: [{ name: 'chat' }] });
    await ui.waitFor((f) => f.includes('Covenant summary · ACME WIDGETS LIMITED (01234567)'), 'the recent chat');
    await ui.press(KEY.tab);
    await ui.press('G');
    await ui.press('j');
    expect(plain(ui.frame())).toContain('› Covenant summary');
    await ui.press(KEY.enter);
    const frame = plain(await ui.waitFor((f) => f.includes('Stored answer'), 'the stored chat'));
    expect(frame).toContain('› Covenant summary');
    expect(frame).toContain('Stored answer £12.3m[1].');
    expect(frame).toContain('[1] Full accounts made up to 31/12/2024, page 7');
    expect(frame).toContain('ACME WIDGETS LIMITED (01234567) · model pro');
  });

  it("a cited page scrolls whole with PgUp/PgDn, g and G, only the quoted line's figure highlighted", async () => {
    const { client, asks } = chatClient();
    const ui = renderApp({ client, initial: [{ name: 'company', companyNumber: ACME }] });
    await openCitation(ui, asks);
    await ui.waitFor((f) => plain(f).includes('Page 7 of 12'), 'the cited page');
    expect(plain(ui.frame())).not.toContain('PROFIT AND LOSS ACCOUNT');
    await ui.press('g');
    const top = plain(await ui.waitFor((f) => plain(f).includes('PROFIT AND LOSS ACCOUNT'), 'the top of the page'));
    expect(top).toContain('ACME WIDGETS LIMITED');
    expect(top).toMatch(/lines 1-\d+ of 44/);
    await ui.press(KEY.pageDown);
    await ui.waitFor((f) => !plain(f).includes('PROFIT AND LOSS ACCOUNT') && plain(f).includes('Accounting note 20'), 'a screen down');
    await ui.press('G');
    const end = await ui.waitFor((f) => plain(f).includes('END OF PAGE SEVEN'), 'the end of the page');
    // the same figure in a line the citation does not quote stays plain
    expect(plain(end)).toContain('Segment turnover 12,345 (see note 3)');
    expect(end).not.toMatch(/\u001b\[7m[^\n]*see note 3/);
    expect(end).not.toMatch(/Segment turnover \u001b\[7m/);
    expect(fits(end, 80, 24)).toBe(true);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes('Turnover was'), 'the answer again');
  });

  it('when the page cannot be read, says so in one line and shows the quote with its figure', async () => {
    const { client, asks } = chatClient(async () => {
      throw new Error('Document AcmeAccounts2024Doc has 3 pages: there is no page 7.');
    });
    const ui = renderApp({ client, initial: [{ name: 'company', companyNumber: ACME }] });
    await openCitation(ui, asks);
    const page = await ui.waitFor((f) => plain(f).includes('Could not read the page'), 'the notice');
    expect(plain(page)).toContain('Turnover 12,345 11,002 Cost of sales (8,100) (7,300)');
    expect(page).toMatch(/\u001b\[7m\u001b\[1m12,345\u001b/);
    expect(plain(page)).not.toContain('Accounting note');
    expect(fits(page, 80, 24)).toBe(true);
  });
});
