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

const plain = (frame: string) => frame.replace(/\u001b\[[0-9;]*m/g, '');

/** A client whose ask() the test drives: each call waits for the test to emit events and end it. */
function chatClient() {
  const asks: { request: ResearchAskRequest; emit(event: ResearchEvent): void; end(chatId?: string): void }[] = [];
  const client = fakeClient({
    me: async () => ME,
    modelAccessInfo: async () => ({ accessed_count: 3, total_credits: 20 }),
    overview: async () => ACME_OVERVIEW,
    officers: async () => ACME_OFFICERS,
    aggregatedFinancials: async () => ACME_FINANCIALS,
    filings: async () => ACME_FILINGS,
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
  return { client, asks };
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
    const { client, asks } = chatClient();
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
    const page = await ui.waitFor((f) => f.includes('Esc back to the answer'), 'the cited page');
    expect(plain(page)).toContain('Page 7');
    expect(plain(page)).toContain('Turnover 12,345 11,002');
    // the figure is highlighted (inverse), the rest of the quote is not
    expect(page).toMatch(/\u001b\[7m\u001b\[1m12,345\u001b/);
    expect(page).not.toMatch(/\u001b\[1m11,002/);
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
        details: [{ query_str: 'Covenant summary', thought_process: ['Read'], observations: stored, table_data: [], created_at: '' }],
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
});
